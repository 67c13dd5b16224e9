/* The facts of a recorded search, in C: webapp/analysis/facts.py's one pass.
 *
 * facts.py is the reference: _Pass.run walks the events once and gathers the
 * rulers, culprits (a smallest conflict set, smallest_hitting), back_to and
 * jump_to of each dead end, the back-ups' nogoods, every node's subtree size,
 * the path, the wrong choices, the jumps and their wasted nodes, thrashing
 * and the heat. This file does the same walk on flat integer arrays, in the
 * same order and with the same tie rules, and webapp/analysis/compiled.py
 * turns its answer into the same Analysis; tests/analysis/test_compiled_facts.py
 * checks that both give the same facts (and the same step log, to the byte).
 * Read facts.py's glossary first: level, placed, ruler, conflict, culprits,
 * jump_to, back_to, nogood, wasted, node, path, wrong and thrashing hold here.
 *
 * Level sets are Python ints there (bit l + 1 for level l, bit 0 a given);
 * here they are bit sets of W 64-bit words, W fixed per analysis by the
 * deepest level the events reach. Nothing here holds a Python object while it
 * walks; the answer is built at the end.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Event kinds, packed as arg * 16 + kind (exact_cover.CHOOSE ... UNPURIFY). */
enum { CHOOSE, TRY, COVER, UNCOVER, SOLUTION, DEAD_END, BACKUP, PURIFY, UNPURIFY, TAKE, UNTAKE, SETTLE, UNSETTLE };
#define KIND_BITS 4
#define KIND_MASK 15

#define GIVEN (-1)
#define UNPLACED ((int64_t)1 << 40)     /* facts.UNPLACED: above every real level */
#define DEAD 1
#define SOLVED 2
#define UNKNOWN (-2)                     /* a back_to the recording ends before */
#define NOT_NAMED (-2)                   /* facts.NOT_NAMED: a settle's option; a bounded dead end's rulers */

typedef uint64_t word;

/* ------------------------------------------------------------ growing arrays */

typedef struct {
    int64_t *a;
    Py_ssize_t n, cap;
} Vec;

static int vec_reserve(Vec *v, Py_ssize_t more)
{
    if (v->n + more <= v->cap)
        return 0;
    Py_ssize_t cap = v->cap ? v->cap : 64;
    while (cap < v->n + more)
        cap *= 2;
    int64_t *a = PyMem_Realloc(v->a, (size_t)cap * sizeof *a);
    if (a == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    v->a = a;
    v->cap = cap;
    return 0;
}

static inline int vec_push(Vec *v, int64_t x)
{
    if (v->n == v->cap && vec_reserve(v, 1) < 0)
        return -1;
    v->a[v->n++] = x;
    return 0;
}

/* Words of bit sets, W at a time. */
typedef struct {
    word *a;
    Py_ssize_t n, cap;      /* in words */
} Bits;

static word *bits_grow(Bits *b, Py_ssize_t words)
{
    static word none;           /* what growing by nothing gives: not NULL, never written */
    if (words == 0)
        return b->a ? b->a + b->n : &none;
    if (b->n + words > b->cap) {
        Py_ssize_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + words)
            cap *= 2;
        word *a = PyMem_Realloc(b->a, (size_t)cap * sizeof *a);
        if (a == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        b->a = a;
        b->cap = cap;
    }
    word *at = b->a + b->n;
    memset(at, 0, (size_t)words * sizeof *at);
    b->n += words;
    return at;
}

/* ------------------------------------------------------------ bit sets of levels */

static int W;   /* words a set; set per analysis (the GIL is held throughout) */

static inline void set_bit(word *s, int64_t bit) { s[bit >> 6] |= (word)1 << (bit & 63); }
static inline void clear_bit(word *s, int64_t bit) { s[bit >> 6] &= ~((word)1 << (bit & 63)); }
static inline int has_bit(const word *s, int64_t bit) { return (int)((s[bit >> 6] >> (bit & 63)) & 1); }

static inline int is_zero(const word *s)
{
    for (int k = 0; k < W; k++)
        if (s[k])
            return 0;
    return 1;
}

static inline int meets(const word *a, const word *b)
{
    for (int k = 0; k < W; k++)
        if (a[k] & b[k])
            return 1;
    return 0;
}

/* Bits set in a word, without the popcnt instruction (not in every x86-64's base set; gcc's
 * fallback is a library call). */
static inline int bits_in(word x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int popcount(const word *s)
{
    int c = 0;
    for (int k = 0; k < W; k++)
        c += bits_in(s[k]);
    return c;
}

/* The highest bit set (Python's bit_length() - 1), -1 for none. */
static inline int64_t highest(const word *s)
{
    for (int k = W - 1; k >= 0; k--)
        if (s[k])
            return (int64_t)k * 64 + 63 - __builtin_clzll(s[k]);
    return -1;
}

static inline int64_t lowest(const word *s)
{
    for (int k = 0; k < W; k++)
        if (s[k])
            return (int64_t)k * 64 + __builtin_ctzll(s[k]);
    return -1;
}

/* Compare as numbers: -1, 0, 1. */
static inline int compare(const word *a, const word *b)
{
    for (int k = W - 1; k >= 0; k--)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* a is a subset of b */
static inline int within(const word *a, const word *b)
{
    for (int k = 0; k < W; k++)
        if (a[k] & ~b[k])
            return 0;
    return 1;
}

/* ------------------------------------------------------------ smallest_hitting */

/* facts.smallest_hitting on bit sets: the smallest set of levels meeting every
 * mask, the least as a number among the smallest. An exact branch and bound, so
 * the answer is the one optimum whatever order the masks come in. */
typedef struct {
    const word *masks;      /* the needed masks, W words each */
    Vec stack;              /* the uncovered lists of the open branches, one after another */
    word *chosen;           /* W words a depth */
    int best_count;
    word *best;
    int *counts;            /* each mask's bits */
} Hitting;

static int hit_search(Hitting *h, Py_ssize_t from, Py_ssize_t count_uncovered, int depth, int count)
{
    word *chosen = h->chosen + (size_t)depth * W;
    const int64_t *uncovered = h->stack.a + from;
    if (count_uncovered <= 1) {
        int c = count;
        word *final = chosen + W;       /* the next depth's room, free */
        memcpy(final, chosen, (size_t)W * sizeof *final);
        if (count_uncovered == 1) {
            set_bit(final, lowest(h->masks + (size_t)uncovered[0] * W));
            c += 1;
        }
        if (c < h->best_count || (c == h->best_count && compare(final, h->best) < 0)) {
            h->best_count = c;
            memcpy(h->best, final, (size_t)W * sizeof *final);
        }
        return 0;
    }
    /* At least one more level for each of a run of pairwise disjoint masks. */
    int lower = 0;
    word *seen = chosen + W;            /* scratch: the next depth's room */
    memset(seen, 0, (size_t)W * sizeof *seen);
    for (Py_ssize_t k = 0; k < count_uncovered; k++) {
        const word *m = h->masks + (size_t)uncovered[k] * W;
        if (!meets(m, seen)) {
            lower++;
            for (int w = 0; w < W; w++)
                seen[w] |= m[w];
        }
    }
    if (count + lower > h->best_count || (count + lower == h->best_count && compare(chosen, h->best) >= 0))
        return 0;
    int64_t branch = uncovered[0];
    for (Py_ssize_t k = 1; k < count_uncovered; k++)
        if (h->counts[uncovered[k]] < h->counts[branch])
            branch = uncovered[k];
    const word *branch_mask = h->masks + (size_t)branch * W;
    for (int w = 0; w < W; w++) {       /* shallowest first */
        for (word rest = branch_mask[w]; rest; rest &= rest - 1) {
            int64_t bit = (int64_t)w * 64 + __builtin_ctzll(rest);
            Py_ssize_t start = h->stack.n;
            if (vec_reserve(&h->stack, count_uncovered) < 0)
                return -1;
            uncovered = h->stack.a + from;   /* the stack may have moved */
            for (Py_ssize_t k = 0; k < count_uncovered; k++)
                if (!has_bit(h->masks + (size_t)uncovered[k] * W, bit))
                    h->stack.a[h->stack.n++] = uncovered[k];
            word *next = chosen + W;
            memcpy(next, chosen, (size_t)W * sizeof *next);
            set_bit(next, bit);
            if (hit_search(h, start, h->stack.n - start, depth + 1, count + 1) < 0)
                return -1;
            h->stack.n = start;
            uncovered = h->stack.a + from;
        }
    }
    return 0;
}

static const word *sort_masks;
static const int *sort_counts;

static int by_count(const void *a, const void *b)
{
    int64_t i = *(const int64_t *)a, j = *(const int64_t *)b;
    if (sort_counts[i] != sort_counts[j])
        return sort_counts[i] < sort_counts[j] ? -1 : 1;
    return compare(sort_masks + (size_t)i * W, sort_masks + (size_t)j * W);
}

/* The same search when every level fits one word (levels up to 62: most searches), on plain
 * integers, each mask with its count of bits worked out once. */
typedef struct {
    word mask;
    int bits;
} Counted;

typedef struct {
    word best;
    int best_count;
} Hitting1;

static void hit_search1(Hitting1 *h, const Counted *uncovered, Py_ssize_t n, word chosen, int count, Counted *room)
{
    if (n <= 1) {
        if (n == 1) {
            chosen |= uncovered[0].mask & -uncovered[0].mask;
            count++;
        }
        if (count < h->best_count || (count == h->best_count && chosen < h->best)) {
            h->best_count = count;
            h->best = chosen;
        }
        return;
    }
    int lower = 0, fewest = uncovered[0].bits;
    word seen = 0, branch = uncovered[0].mask;
    for (Py_ssize_t k = 0; k < n; k++) {
        word m = uncovered[k].mask;
        if (!(m & seen)) {
            lower++;
            seen |= m;
        }
        if (uncovered[k].bits < fewest) {
            fewest = uncovered[k].bits;
            branch = m;
        }
    }
    if (count + lower > h->best_count || (count + lower == h->best_count && chosen >= h->best))
        return;
    for (word rest = branch; rest; rest &= rest - 1) {      /* shallowest first */
        word low = rest & -rest;
        Py_ssize_t left = 0;
        for (Py_ssize_t k = 0; k < n; k++)
            if (!(uncovered[k].mask & low))
                room[left++] = uncovered[k];
        hit_search1(h, room, left, chosen | low, count + 1, room + left);
    }
}

static int smallest_hitting1(const word *masks, Py_ssize_t n, word bound, word *out)
{
    word common = ~(word)0;
    for (Py_ssize_t k = 0; k < n; k++)
        common &= masks[k];
    if (n == 0 || common) {
        *out = n ? common & -common : 0;
        return 0;
    }
    /* room for the masks and, after the needed ones, each open branch's uncovered ones (at most
     * needed a depth): one buffer kept from call to call (the GIL is held), grown when short */
    static Counted *room;
    static Py_ssize_t room_size;
    if (room_size < n + 1) {
        Counted *grown = PyMem_Realloc(room, (size_t)(2 * n + 64) * sizeof *room);
        if (grown == NULL)
            return PyErr_NoMemory(), -1;
        room = grown;
        room_size = 2 * n + 64;
    }
    /* fewest bits first (an insertion sort: the masks are few), dropping a mask that holds a kept one */
    Py_ssize_t needed = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        Counted c = {masks[k], bits_in(masks[k])};
        Py_ssize_t at = needed;
        while (at > 0 && (room[at - 1].bits > c.bits || (room[at - 1].bits == c.bits && room[at - 1].mask > c.mask)))
            at--;
        memmove(room + at + 1, room + at, (size_t)(needed - at) * sizeof *room);
        room[at] = c;
        needed++;
    }
    Py_ssize_t kept = 0;
    for (Py_ssize_t k = 0; k < needed; k++) {
        int spare = 0;
        for (Py_ssize_t q = 0; q < kept && !spare; q++)
            spare = (room[q].mask & ~room[k].mask) == 0;
        if (!spare)
            room[kept++] = room[k];
    }
    if (room_size < (kept + 1) * (kept + 1)) {
        Py_ssize_t size = (kept + 1) * (kept + 1) + 64;
        Counted *grown = PyMem_Realloc(room, (size_t)size * sizeof *room);
        if (grown == NULL)
            return PyErr_NoMemory(), -1;
        room = grown;
        room_size = size;
    }
    Hitting1 h = {bound, bits_in(bound)};
    hit_search1(&h, room, kept, 0, 0, room + kept);
    *out = h.best;
    return 0;
}

/* masks: n distinct sets; bound: a set that meets them all; the answer goes to out. */
static int smallest_hitting(const word *masks, Py_ssize_t n, const word *bound, word *out)
{
    if (W == 1)
        return smallest_hitting1(masks, n, *bound, out);
    memset(out, 0, (size_t)W * sizeof *out);
    if (n == 0)
        return 0;
    word *common = out;
    memcpy(common, masks, (size_t)W * sizeof *common);
    for (Py_ssize_t k = 1; k < n; k++)
        for (int w = 0; w < W; w++)
            common[w] &= masks[(size_t)k * W + w];
    if (!is_zero(common)) {
        int64_t low = lowest(common);
        memset(out, 0, (size_t)W * sizeof *out);
        set_bit(out, low);
        return 0;
    }
    int result = -1;
    Hitting h = {masks, {NULL, 0, 0}, NULL, 0, NULL, NULL};
    int64_t *order = PyMem_Malloc((size_t)n * sizeof *order);
    h.counts = PyMem_Malloc((size_t)n * sizeof *h.counts);
    h.chosen = PyMem_Calloc((size_t)(n + 2) * W, sizeof(word));
    h.best = PyMem_Malloc((size_t)W * sizeof(word));
    if (order == NULL || h.chosen == NULL || h.best == NULL || h.counts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        order[k] = k;
        h.counts[k] = popcount(masks + (size_t)k * W);
    }
    sort_masks = masks;
    sort_counts = h.counts;
    qsort(order, (size_t)n, sizeof *order, by_count);
    /* A mask that holds another is met whenever the other is. */
    if (vec_reserve(&h.stack, n) < 0)
        goto done;
    for (Py_ssize_t k = 0; k < n; k++) {
        const word *m = masks + (size_t)order[k] * W;
        int spare = 0;
        for (Py_ssize_t q = 0; q < h.stack.n && !spare; q++)
            spare = within(masks + (size_t)h.stack.a[q] * W, m);
        if (!spare)
            h.stack.a[h.stack.n++] = order[k];
    }
    h.best_count = popcount(bound);
    memcpy(h.best, bound, (size_t)W * sizeof(word));
    if (hit_search(&h, 0, h.stack.n, 0, 0) < 0)
        goto done;
    memcpy(out, h.best, (size_t)W * sizeof(word));
    result = 0;
done:
    PyMem_Free(order);
    PyMem_Free(h.chosen);
    PyMem_Free(h.best);
    PyMem_Free(h.counts);
    PyMem_Free(h.stack.a);
    return result;
}

static int mask_order(const void *a, const void *b)
{
    return compare(sort_masks + (size_t)(*(const int64_t *)a) * W, sort_masks + (size_t)(*(const int64_t *)b) * W);
}

#include "_facts_pass.h"

/* ------------------------------------------------------------ the module */

/* A buffer of native 64-bit integers (array('q')), read-only; view->buf NULL when obj is None. */
static int int64_view(PyObject *obj, Py_buffer *view, const char *name, int optional)
{
    view->buf = NULL;
    view->obj = NULL;
    if (optional && obj == Py_None)
        return 0;
    if (PyObject_GetBuffer(obj, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->itemsize != 8 || view->format == NULL || (strcmp(view->format, "q") != 0 && strcmp(view->format, "l") != 0)) {
        PyErr_Format(PyExc_TypeError, "%s must be an array('q') of 64-bit integers", name);
        PyBuffer_Release(view);
        view->obj = NULL;
        return -1;
    }
    return 0;
}

static void pass_free(Pass *p)
{
    Vec *vecs[] = {&p->t_step, &p->t_level, &p->t_option, &p->t_parent, &p->t_size, &p->b_step, &p->b_level,
                   &p->b_takes_back, &p->b_back_to, &p->b_jump_to, &p->b_wasted, &p->d_step, &p->d_level,
                   &p->d_item, &p->d_first, &p->d_culprit_first, &p->d_back_to, &p->d_jump_to, &p->d_wasted,
                   &p->d_ruler, &p->d_ruler_level, &p->d_culprits, &p->d_culprit_options, &p->s_start,
                   &p->s_node, &p->s_whose, &p->order};
    for (size_t k = 0; k < sizeof vecs / sizeof vecs[0]; k++)
        PyMem_Free(vecs[k]->a);
    Bits *bits[] = {&p->b_nogood, &p->d_conflict, &p->d_every, &p->masks, &p->uniq};
    for (size_t k = 0; k < sizeof bits / sizeof bits[0]; k++)
        PyMem_Free(bits[k]->a);
    int64_t *arrays[] = {p->of_item_start, p->of_item, p->owner, p->given_of, p->given_items, p->held, p->stamp, p->stamp_colour,
                         p->f_item, p->f_choice, p->f_node, p->f_mark, p->heat, p->f_aside_start, p->aside_level,
                         p->aside_stack.a};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_Free(arrays[k]);
    PyMem_Free(p->f_nogood);
    PyMem_Free(p->f_aside);
    PyMem_Free(p->every_scratch);
    PyMem_Free(p->also);
    PyMem_Free(p->t_solved);
    PyMem_Free(p->t_open);
}

/* Check the problem's arrays and set up the pass: options of each item, givens placed. */
static int pass_init(Pass *p, Py_ssize_t n_items, Py_ssize_t n_nodes, Py_ssize_t max_depth)
{
    Py_ssize_t n_options = p->n_options;
    if (p->start[0] != 0 || p->start[n_options] != n_nodes) {
        PyErr_SetString(PyExc_ValueError, "starts must run from 0 to the number of option entries");
        return -1;
    }
    for (Py_ssize_t k = 0; k < n_options; k++)
        if (p->start[k + 1] < p->start[k]) {
            PyErr_Format(PyExc_ValueError, "option %zd ends before it starts", k);
            return -1;
        }
    for (Py_ssize_t x = 0; x < n_nodes; x++)
        if (p->items[x] < 0 || p->items[x] >= n_items) {
            PyErr_Format(PyExc_ValueError, "entry %zd names item %lld, outside 0..%zd", x, (long long)p->items[x],
                         n_items - 1);
            return -1;
        }
    size_t items = (size_t)(n_items ? n_items : 1), levels = (size_t)(max_depth ? max_depth : 1);
    p->of_item_start = PyMem_Calloc(items + 1, sizeof(int64_t));
    p->of_item = PyMem_Malloc((size_t)(n_nodes ? n_nodes : 1) * sizeof(int64_t));
    p->owner = PyMem_Malloc(items * sizeof(int64_t));
    p->given_of = PyMem_Malloc(items * sizeof(int64_t));
    p->given_items = PyMem_Calloc((size_t)(n_options ? n_options : 1), sizeof(int64_t));
    p->held = PyMem_Calloc(items, sizeof(int64_t));
    p->stamp = PyMem_Calloc(items, sizeof(int64_t));
    p->stamp_colour = PyMem_Calloc(items, sizeof(int64_t));
    p->heat = PyMem_Calloc(items, sizeof(int64_t));
    p->f_item = PyMem_Malloc(levels * sizeof(int64_t));
    p->f_choice = PyMem_Malloc(levels * sizeof(int64_t));
    p->f_node = PyMem_Malloc(levels * sizeof(int64_t));
    p->f_mark = PyMem_Malloc(levels * sizeof(int64_t));
    p->f_nogood = PyMem_Calloc(levels * (size_t)W, sizeof(word));
    p->every_scratch = PyMem_Calloc((size_t)W, sizeof(word));
    if (p->bounded) {
        p->f_aside = PyMem_Calloc(levels, 1);
        p->f_aside_start = PyMem_Calloc(levels, sizeof(int64_t));
        p->aside_level = PyMem_Malloc((size_t)(n_options ? n_options : 1) * sizeof(int64_t));
        if (!p->f_aside || !p->f_aside_start || !p->aside_level) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t k = 0; k < n_options; k++)
            p->aside_level[k] = -1;
        p->chose = -2;
    }
    if (!p->of_item_start || !p->of_item || !p->owner || !p->given_of || !p->given_items || !p->held || !p->stamp || !p->stamp_colour
        || !p->heat || !p->f_item || !p->f_choice || !p->f_node || !p->f_mark || !p->f_nogood || !p->every_scratch) {
        PyErr_NoMemory();
        return -1;
    }
    /* options of each item, in option order (Problem.options_of_item) */
    for (Py_ssize_t x = 0; x < n_nodes; x++)
        p->of_item_start[p->items[x] + 1]++;
    for (Py_ssize_t i = 0; i < n_items; i++)
        p->of_item_start[i + 1] += p->of_item_start[i];
    int64_t *fill = p->owner;       /* scratch until the givens are placed */
    memcpy(fill, p->of_item_start, (size_t)n_items * sizeof(int64_t));
    for (Py_ssize_t k = 0; k < n_options; k++)
        for (int64_t x = p->start[k]; x < p->start[k + 1]; x++) {
            for (int64_t y = p->start[k]; y < x; y++)
                if (p->items[y] == p->items[x]) {
                    PyErr_Format(PyExc_ValueError, "option %zd names item %lld twice", k, (long long)p->items[x]);
                    return -1;
                }
            p->of_item[fill[p->items[x]]++] = k;
        }
    for (Py_ssize_t i = 0; i < n_items; i++) {
        p->owner[i] = UNPLACED;
        p->given_of[i] = -1;
    }
    for (Py_ssize_t g = 0; g < p->n_givens; g++) {
        int64_t o = p->givens[g];
        if (o < 0 || o >= n_options) {
            PyErr_Format(PyExc_ValueError, "given %zd is option %lld, outside 0..%zd", g, (long long)o, n_options - 1);
            return -1;
        }
        for (int64_t x = p->start[o]; x < p->start[o + 1]; x++) {
            p->owner[p->items[x]] = GIVEN;
            p->given_of[p->items[x]] = o;
        }
    }
    for (Py_ssize_t k = 0; k < n_options; k++)
        for (int64_t x = p->start[k]; x < p->start[k + 1]; x++)
            p->given_items[k] += p->given_of[p->items[x]] >= 0;
    p->max_depth = max_depth;
    return 0;
}

static PyObject *answer(Pass *p, Py_ssize_t events)
{
    int finished = p->depth == 0;
    Py_ssize_t total = p->t_step.n;
    if (grow_tries(p) < 0)
        return NULL;
    memset(p->t_open, 0, (size_t)(total ? total : 1));
    for (Py_ssize_t f = 0; f < p->depth; f++) {     /* levels a limit left open */
        int64_t node = p->f_node[f];
        if (node >= 0) {
            p->t_size.a[node] = total - node;
            p->t_open[node] = 1;
        }
    }
    int64_t wasted;
    if (measure_wasted(p, &wasted) < 0)
        return NULL;
    /* jumps: the dead ends and back-ups with wasted nodes and a known back_to, merged by step */
    Vec jumps[5] = {{0}};   /* step, kind, level, back_to, jump_to; wasted below */
    Vec jump_wasted = {0};
    Py_ssize_t a = 0, b = 0, nd = p->d_step.n, nb = p->b_step.n;
    PyObject *result = NULL, *thrash = NULL;
    while (a < nd || b < nb) {
        int dead = b >= nb || (a < nd && p->d_step.a[a] < p->b_step.a[b]);
        Py_ssize_t k = dead ? a++ : b++;
        int64_t lost = dead ? p->d_wasted.a[k] : p->b_wasted.a[k];
        int64_t back = dead ? p->d_back_to.a[k] : p->b_back_to.a[k];
        if (!lost || !back_to_known(back, finished))
            continue;
        if (vec_push(&jumps[0], dead ? p->d_step.a[k] : p->b_step.a[k]) < 0
            || vec_push(&jumps[1], dead ? DEAD_END : BACKUP) < 0
            || vec_push(&jumps[2], dead ? p->d_level.a[k] : p->b_level.a[k]) < 0
            || vec_push(&jumps[3], back_to_value(back)) < 0
            || vec_push(&jumps[4], dead ? p->d_jump_to.a[k] : p->b_jump_to.a[k]) < 0
            || vec_push(&jump_wasted, lost) < 0)
            goto done;
    }
    Vec wrong = {0};
    for (Py_ssize_t t = 0; t < total; t++) {
        int64_t parent = p->t_parent.a[t];
        if (!p->t_solved[t] && !p->t_open[t] && (parent < 0 || p->t_solved[parent] || p->t_open[parent]))
            if (vec_push(&wrong, t) < 0) {
                PyMem_Free(wrong.a);
                goto done;
            }
    }
    thrash = p->bounded ? PyList_New(0) : thrashing(p);       /* none with bounds (facts.py) */
    if (thrash == NULL) {
        PyMem_Free(wrong.a);
        goto done;
    }
    if (vec_push(&p->d_culprit_first, p->d_culprits.n) < 0 || vec_push(&p->d_first, p->d_ruler_level.n) < 0) {
        PyMem_Free(wrong.a);
        goto done;
    }
    result = Py_BuildValue(
        "{s:n,s:L,s:O,s:L,s:i,"
        "s:N,s:N,s:N,s:N,s:N,s:N,s:N,"
        "s:N,s:N,s:N,s:N,s:N,s:N,s:N,"
        "s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,"
        "s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}",
        "events", events, "solutions", (long long)p->solutions, "finished", finished ? Py_True : Py_False,
        "wasted", (long long)wasted, "words", W,
        "try_step", bytes_of(p->t_step.a, total), "try_level", bytes_of(p->t_level.a, total),
        "try_option", bytes_of(p->t_option.a, total), "try_parent", bytes_of(p->t_parent.a, total),
        "try_size", list_of(p->t_size.a, total), "try_solved", PyBytes_FromStringAndSize(p->t_solved, total),
        "try_open", PyBytes_FromStringAndSize(p->t_open, total),
        "backup_step", bytes_of(p->b_step.a, nb), "backup_level", bytes_of(p->b_level.a, nb),
        "backup_takes_back", bytes_of(p->b_takes_back.a, nb), "backup_back_to", back_to_list(p->b_back_to.a, nb, finished),
        "backup_jump_to", bytes_of(p->b_jump_to.a, nb), "backup_wasted", bytes_of(p->b_wasted.a, nb),
        "backup_nogood", bytes_of((int64_t *)p->b_nogood.a, p->b_nogood.n),
        "dead_step", list_of(p->d_step.a, nd), "dead_level", bytes_of(p->d_level.a, nd),
        "dead_item", bytes_of(p->d_item.a, nd), "dead_first", bytes_of(p->d_first.a, nd + 1),
        "dead_culprit_first", bytes_of(p->d_culprit_first.a, nd + 1),
        "dead_back_to", back_to_list(p->d_back_to.a, nd, finished), "dead_jump_to", list_of(p->d_jump_to.a, nd),
        "dead_wasted", bytes_of(p->d_wasted.a, nd), "ruler", bytes_of(p->d_ruler.a, p->d_ruler.n),
        "ruler_level", list_of(p->d_ruler_level.a, p->d_ruler_level.n),
        "culprits", list_of(p->d_culprits.a, p->d_culprits.n),
        "culprit_options", bytes_of(p->d_culprit_options.a, p->d_culprit_options.n),
        "conflict", bytes_of((int64_t *)p->d_conflict.a, p->d_conflict.n),
        "every_ruler", bytes_of((int64_t *)p->d_every.a, p->d_every.n),
        "jump_step", list_of(jumps[0].a, jumps[0].n), "jump_kind", list_of(jumps[1].a, jumps[1].n),
        "jump_level", list_of(jumps[2].a, jumps[2].n), "jump_back_to", list_of(jumps[3].a, jumps[3].n),
        "jump_to", list_of(jumps[4].a, jumps[4].n), "jump_wasted", list_of(jump_wasted.a, jump_wasted.n),
        "wrong", list_of(wrong.a, wrong.n), "heat", list_of(p->heat, p->n_items), "thrashing", thrash,
        "also", PyUnicode_FromStringAndSize(p->also_n ? p->also : "", p->also_n));
    thrash = NULL;      /* Py_BuildValue's N took it, or dropped it */
    PyMem_Free(wrong.a);
done:
    Py_XDECREF(thrash);
    for (int k = 0; k < 5; k++)
        PyMem_Free(jumps[k].a);
    PyMem_Free(jump_wasted.a);
    return result;
}

static PyObject *analyse(PyObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"items", "starts", "entries", "colours", "givens", "events", "details", "bounds", NULL};
    Py_ssize_t n_items;
    int details = 1;
    PyObject *starts_obj, *entries_obj, *colours_obj, *givens_obj, *events_obj, *bounds_obj = Py_None;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "nOOOOO|pO", kwlist, &n_items, &starts_obj, &entries_obj,
                                     &colours_obj, &givens_obj, &events_obj, &details, &bounds_obj))
        return NULL;
    if (n_items < 0) {
        PyErr_SetString(PyExc_ValueError, "items must be at least 0");
        return NULL;
    }
    Py_buffer starts, entries, colours, givens, events, bounds;
    Py_buffer *views[] = {&starts, &entries, &colours, &givens, &events, &bounds};
    for (int k = 0; k < 6; k++)
        views[k]->obj = NULL;
    PyObject *result = NULL;
    Pass pass;
    memset(&pass, 0, sizeof pass);
    if (int64_view(starts_obj, &starts, "starts", 0) < 0 || int64_view(entries_obj, &entries, "entries", 0) < 0
        || int64_view(colours_obj, &colours, "colours", 1) < 0 || int64_view(givens_obj, &givens, "givens", 0) < 0
        || int64_view(events_obj, &events, "events", 0) < 0 || int64_view(bounds_obj, &bounds, "bounds", 1) < 0)
        goto done;
    Py_ssize_t n_starts = starts.len / 8, n_nodes = entries.len / 8, n_events = events.len / 8;
    if (n_starts < 1) {
        PyErr_SetString(PyExc_ValueError, "starts must hold at least one entry");
        goto done;
    }
    if (colours.buf != NULL && colours.len != entries.len) {
        PyErr_SetString(PyExc_ValueError, "colours must be as long as entries");
        goto done;
    }
    /* bounds: (least, most) of each primary item, flat; None without bounds (Knuth's DLX3) */
    if (bounds.obj != NULL) {
        Py_ssize_t pairs = bounds.len / 16;
        const int64_t *b = bounds.buf;
        if (bounds.len % 16 || pairs > n_items) {
            PyErr_SetString(PyExc_ValueError, "bounds must hold a (least, most) pair for each primary item");
            goto done;
        }
        for (Py_ssize_t i = 0; i < pairs; i++)
            if (b[2 * i] < 0 || b[2 * i] > b[2 * i + 1] || b[2 * i + 1] < 1) {
                PyErr_Format(PyExc_ValueError, "item %zd has bounds (%lld, %lld)", i, (long long)b[2 * i],
                             (long long)b[2 * i + 1]);
                goto done;
            }
        pass.bounded = 1;
        pass.bounds = b;
        pass.primary = pairs;
    }
    pass.n_items = n_items;
    pass.details = details;
    pass.n_options = n_starts - 1;
    pass.start = starts.buf;
    pass.items = entries.buf;
    pass.colours = colours.buf;
    pass.givens = givens.buf;
    pass.n_givens = givens.len / 8;
    if (pass.colours)
        for (Py_ssize_t x = 0; x < n_nodes && !pass.coloured; x++)
            pass.coloured = pass.colours[x] != 0;
    /* The deepest level the events open: the bit sets' width. */
    const int64_t *codes = events.buf;
    Py_ssize_t depth = 0, deepest = 0;
    for (Py_ssize_t k = 0; k < n_events; k++) {
        int64_t kind = codes[k] & KIND_MASK;
        if (kind == CHOOSE && ++depth > deepest)
            deepest = depth;
        else if (kind == BACKUP && depth > 0)
            depth--;
    }
    W = (int)(deepest / 64 + 1);
    if (pass_init(&pass, n_items, n_nodes, deepest) < 0)
        goto done;
    if (walk(&pass, codes, n_events) < 0)
        goto done;
    result = answer(&pass, n_events);
done:
    pass_free(&pass);
    for (int k = 0; k < 6; k++)
        if (views[k]->obj != NULL)
            PyBuffer_Release(views[k]);
    return result;
}

/* forced_items(events, sizes) -> bytes: the item of every choose whose sizes entry is 1 (a forced
 * move), in log order, as native 64-bit integers. sizes holds one entry per choose, in order.
 * webapp/log/singles.py names these moves; its Python loop is the reference. */
static PyObject *forced_items(PyObject *self, PyObject *args)
{
    PyObject *events_obj, *sizes_obj, *result = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &events_obj, &sizes_obj))
        return NULL;
    Py_buffer events, sizes;
    sizes.obj = NULL;
    if (int64_view(events_obj, &events, "events", 0) < 0)
        return NULL;
    if (int64_view(sizes_obj, &sizes, "sizes", 0) < 0)
        goto done;
    const int64_t *codes = events.buf, *d = sizes.buf;
    Py_ssize_t n_events = events.len / 8, n_sizes = sizes.len / 8, forced = 0, k = 0;
    for (Py_ssize_t e = 0; e < n_events && k < n_sizes; e++)
        if ((codes[e] & KIND_MASK) == CHOOSE)
            forced += d[k++] == 1;
    result = PyBytes_FromStringAndSize(NULL, forced * (Py_ssize_t)sizeof(int64_t));
    if (result == NULL)
        goto done;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    k = 0;
    for (Py_ssize_t e = 0; e < n_events && k < n_sizes; e++)
        if ((codes[e] & KIND_MASK) == CHOOSE && d[k++] == 1)
            *out++ = codes[e] >> KIND_BITS;
done:
    PyBuffer_Release(&events);
    if (sizes.obj != NULL)
        PyBuffer_Release(&sizes);
    return result;
}

#include "_facts_json.h"     /* json_ints, first_uses: what the web answers write their logs with */

static PyMethodDef methods[] = {
    {"analyse", (PyCFunction)(void (*)(void))analyse, METH_VARARGS | METH_KEYWORDS,
     "analyse(items, starts, entries, colours, givens, events, details=True) -> dict: facts.py's pass over "
     "the events (facts.compiled_pass reads the answer). details=False leaves out each option's ruler and "
     "every ruler of each option (empty), which the step log does not carry."},
    {"forced_items", forced_items, METH_VARARGS,
     "forced_items(events, sizes) -> bytes: the items of the chooses with one option left, in log order "
     "(native 64-bit integers)."},
    {"json_ints", json_ints, METH_O,
     "json_ints(codes) -> bytes: native 64-bit integers as a JSON array, as orjson writes their list."},
    {"first_uses", first_uses, METH_VARARGS,
     "first_uses(values, table) -> (firsts, indexes): each value's table entry numbered by its first use "
     "(firsts: the entries in that order; indexes: native 64-bit integers)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_facts", "The facts of a recorded search, in C (webapp/analysis/facts.py's pass).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__facts(void)
{
    return PyModule_Create(&module);
}

/* The pass itself (facts.py's _Pass), included by _facts.c after its bit sets
 * and smallest_hitting. One struct holds the problem, the placed options and
 * the frames of the open levels; what the pass finds grows in Vecs. */

typedef struct {
    /* the problem: option k holds items[start[k] .. start[k + 1]) (colours beside, or NULL) */
    Py_ssize_t n_items, n_options;
    const int64_t *start, *items, *colours;
    int64_t *of_item_start, *of_item;      /* options of item i: of_item[of_item_start[i] ..] */
    const int64_t *givens;
    Py_ssize_t n_givens;
    int coloured;
    int details;                                 /* keep each option's rulers and every ruler */
    /* placed options */
    int64_t *owner, *given_of, *held;
    int64_t *given_items;                        /* per option: how many of its items a given holds */
    int64_t *stamp, *stamp_colour, stamp_now;    /* compatible(): one option's items */
    /* frames, one per open level */
    int64_t *f_item, *f_choice, *f_node, *f_mark;
    word *f_nogood;
    Py_ssize_t depth, max_depth;
    /* tries */
    Vec t_step, t_level, t_option, t_parent, t_size;
    char *t_solved, *t_open;                     /* grown beside t_step */
    Py_ssize_t t_cap;
    /* back-ups */
    Vec b_step, b_level, b_takes_back, b_back_to, b_jump_to, b_wasted;
    Bits b_nogood;
    /* dead ends: per dead end, then per option of its item (flat), then per culprit (flat) */
    Vec d_step, d_level, d_item, d_first, d_culprit_first, d_back_to, d_jump_to, d_wasted;
    Vec d_ruler, d_ruler_level, d_culprits, d_culprit_options;
    Bits d_conflict, d_every;
    /* wasted stretches: first node after the event, the node at jump_to or -1, who (dead end k or back-up ~k) */
    Vec s_start, s_node, s_whose;
    int64_t *heat;
    int64_t solutions;
    /* the step log's `also` (steplog.also_text): for each option of each dead end's item, the later
     * rulers' levels as differences, "." between them, "," between options */
    char *also;
    Py_ssize_t also_n, also_cap, also_parts;
    word *every_scratch;                         /* W words: an option's every ruler, without details */
    /* scratch for a dead end: its distinct masks */
    Bits masks, uniq;
    Vec order;
    /* with bounds (_facts_bounds.h): (least, most) of each primary item, whether each open level sets
     * its tries aside, the level that set each option aside (-1: none), the options set aside in order
     * (each level's from f_aside_start), the last choose's event index */
    const int64_t *bounds;
    Py_ssize_t primary;
    int bounded;
    char *f_aside;
    int64_t *f_aside_start, *aside_level, chose;
    Vec aside_stack;
} Pass;

static int64_t colour_at(const Pass *p, int64_t option, Py_ssize_t position)
{
    return p->colours ? p->colours[p->start[option] + position] : 0;
}

static void place(Pass *p, int64_t option, int64_t level)
{
    for (int64_t x = p->start[option]; x < p->start[option + 1]; x++) {
        int64_t j = p->items[x];
        if (!p->coloured)
            p->owner[j] = level;
        else if (p->owner[j] == UNPLACED) {
            p->owner[j] = level;
            p->held[j] = p->colours[x];
        }
    }
}

static void unplace(Pass *p, int64_t option, int64_t level)
{
    for (int64_t x = p->start[option]; x < p->start[option + 1]; x++) {
        int64_t j = p->items[x];
        if (!p->coloured || p->owner[j] == level)
            p->owner[j] = UNPLACED;
    }
}

/* Problem.compatible(a, b): every item they share, both give one colour. */
static int compatible(Pass *p, int64_t a, int64_t b)
{
    p->stamp_now++;
    for (int64_t x = p->start[a]; x < p->start[a + 1]; x++) {
        p->stamp[p->items[x]] = p->stamp_now;
        p->stamp_colour[p->items[x]] = p->colours ? p->colours[x] : 0;
    }
    for (int64_t x = p->start[b]; x < p->start[b + 1]; x++) {
        int64_t j = p->items[x];
        if (p->stamp[j] == p->stamp_now) {
            int64_t c = p->stamp_colour[j];
            if (!(c && c == (p->colours ? p->colours[x] : 0)))
                return 0;
        }
    }
    return 1;
}

/* facts._Pass.every_ruler: bits of every placed option that rules option o (of item) out. */
static void every_ruler(Pass *p, int64_t o, int64_t item, int64_t level, word *bits)
{
    memset(bits, 0, (size_t)W * sizeof *bits);
    if (!p->coloured) {
        for (int64_t x = p->start[o]; x < p->start[o + 1]; x++) {
            int64_t j = p->items[x], lv = p->owner[j];
            if (j != item && lv != UNPLACED)
                set_bit(bits, lv + 1);
        }
        return;
    }
    for (Py_ssize_t g = 0; g < p->n_givens; g++)
        if (!compatible(p, o, p->givens[g])) {
            set_bit(bits, 0);
            break;
        }
    for (int64_t lv = 0; lv < level; lv++)
        if (p->f_choice[lv] >= 0 && !compatible(p, o, p->f_choice[lv]))
            set_bit(bits, lv + 1);
}

/* The given that rules option o of item out whatever the choices (facts._Pass.others), or -1. */
static int64_t given_ruling(const Pass *p, int64_t o, int64_t item)
{
    for (int64_t x = p->start[o]; x < p->start[o + 1]; x++) {
        int64_t j = p->items[x];
        if (j != item && p->given_of[j] >= 0)
            return p->given_of[j];
    }
    return -1;
}

/* Drop the repeats of the n words of m, keeping the first of each in order; their count goes to
 * distinct. An open-addressing set kept from call to call (the GIL is held), a generation a call. */
static int distinct_words(word *m, Py_ssize_t n, Py_ssize_t *distinct)
{
    static word *keys;
    static uint32_t *seen, generation;
    static Py_ssize_t size;
    if (size < 2 * n) {
        Py_ssize_t grown = 64;
        while (grown < 2 * n)
            grown *= 2;
        word *k = PyMem_Realloc(keys, (size_t)grown * sizeof *k);
        if (k == NULL)
            return PyErr_NoMemory(), -1;
        keys = k;
        uint32_t *g = PyMem_Realloc(seen, (size_t)grown * sizeof *g);
        if (g == NULL)
            return PyErr_NoMemory(), -1;
        seen = g;
        memset(seen, 0, (size_t)grown * sizeof *seen);
        size = grown;
        generation = 0;
    }
    if (++generation == 0) {            /* wrapped: start the marks afresh */
        memset(seen, 0, (size_t)size * sizeof *seen);
        generation = 1;
    }
    int shift = 64 - __builtin_ctzll((word)size);
    Py_ssize_t kept = 0;
    for (Py_ssize_t q = 0; q < n; q++) {
        word x = m[q];
        Py_ssize_t h = (Py_ssize_t)((x * 0x9E3779B97F4A7C15ULL) >> shift);
        while (seen[h] == generation && keys[h] != x)
            h = (h + 1) & (size - 1);
        if (seen[h] == generation)
            continue;
        seen[h] = generation;
        keys[h] = x;
        m[kept++] = x;
    }
    *distinct = kept;
    return 0;
}

static int also_put(Pass *p, const char *text, Py_ssize_t n)
{
    if (p->also_n + n > p->also_cap) {
        Py_ssize_t cap = p->also_cap ? p->also_cap : 4096;
        while (cap < p->also_n + n)
            cap *= 2;
        char *grown = PyMem_Realloc(p->also, (size_t)cap);
        if (grown == NULL)
            return PyErr_NoMemory(), -1;
        p->also = grown;
        p->also_cap = cap;
    }
    memcpy(p->also + p->also_n, text, (size_t)n);
    p->also_n += n;
    return 0;
}

/* One option's part of `also`: its rulers' levels (bits, ascending) after the earliest, first. */
static int also_option(Pass *p, int64_t step, const word *bits, int64_t first)
{
    if (is_zero(bits) || lowest(bits) - 1 != first) {
        PyErr_Format(PyExc_ValueError, "event %lld: the rulers do not start with the earliest, %lld",
                     (long long)step, (long long)first);
        return -1;
    }
    if (p->also_parts++ && also_put(p, ",", 1) < 0)
        return -1;
    int64_t before = first, written = 0;
    for (int w = 0; w < W; w++)
        for (word rest = bits[w]; rest; rest &= rest - 1) {
            int64_t level = (int64_t)w * 64 + __builtin_ctzll(rest) - 1;
            if (level == first)
                continue;
            /* The digits by hand: snprintf was half of the pentominoes' analysis (perf, 2026-11-27). */
            char digits[24], *end = digits + sizeof digits, *at = end;
            uint64_t gap = (uint64_t)(level - before);     /* at least 1: the levels ascend */
            do
                *--at = (char)('0' + gap % 10);
            while (gap /= 10);
            if (written++)
                *--at = '.';
            if (also_put(p, at, end - at) < 0)
                return -1;
            before = level;
        }
    return 0;
}

/* facts._Pass.dead_end: the rulers and the culprits of a dead end on item at level. */
static int dead_end(Pass *p, int64_t step, int64_t level, int64_t item)
{
    Py_ssize_t k = p->d_step.n;
    if (vec_push(&p->d_step, step) < 0 || vec_push(&p->d_level, level) < 0 || vec_push(&p->d_item, item) < 0
        || vec_push(&p->d_first, p->d_ruler_level.n) < 0 || vec_push(&p->d_culprit_first, p->d_culprits.n) < 0
        || vec_push(&p->d_back_to, UNKNOWN) < 0 || vec_push(&p->d_wasted, 0) < 0)
        return -1;
    p->masks.n = 0;
    word found_earliest[W];
    memset(found_earliest, 0, sizeof found_earliest);
    for (int64_t q = p->of_item_start[item]; q < p->of_item_start[item + 1]; q++) {
        int64_t o = p->of_item[q];
        int64_t given = p->n_givens ? given_ruling(p, o, item) : -1;
        word *every = p->every_scratch;     /* kept as a detail: each option's every ruler */
        if (p->details && (every = bits_grow(&p->d_every, W)) == NULL)
            return -1;
        if (given >= 0) {
            if (vec_push(&p->d_ruler_level, GIVEN) < 0 || (p->details && vec_push(&p->d_ruler, given) < 0))
                return -1;
            every_ruler(p, o, item, level, every);
            if (also_option(p, step, every, GIVEN) < 0)
                return -1;
            continue;
        }
        word *mask = bits_grow(&p->masks, W);
        if (mask == NULL)
            return -1;
        int64_t best = UNPLACED;
        for (int64_t x = p->start[o]; x < p->start[o + 1]; x++) {
            int64_t j = p->items[x], lv = p->owner[j];
            if (j == item || lv == UNPLACED)
                continue;
            if (p->coloured) {
                int64_t c = colour_at(p, o, x - p->start[o]);
                if (!(c == 0 || c != p->held[j]))
                    continue;
            }
            set_bit(mask, lv + 1);
            if (lv < best)
                best = lv;
        }
        if (best == UNPLACED) {
            PyErr_Format(PyExc_ValueError, "event %lld: option %lld of the dead end's item %lld is not ruled out",
                         (long long)step, (long long)o, (long long)item);
            return -1;
        }
        if (best < 0 || best >= p->depth) {
            PyErr_Format(PyExc_ValueError, "event %lld: option %lld is ruled out by level %lld, which is not open",
                         (long long)step, (long long)o, (long long)best);
            return -1;
        }
        if (p->coloured)
            every_ruler(p, o, item, level, mask);
        if (p->details) {
            memcpy(every, mask, (size_t)W * sizeof *every);
            if (vec_push(&p->d_ruler, p->f_choice[best]) < 0)
                return -1;
        }
        if (also_option(p, step, mask, best) < 0)
            return -1;
        if (vec_push(&p->d_ruler_level, best) < 0)
            return -1;
        set_bit(found_earliest, best + 1);
    }
    /* The distinct masks (options ruled out by the same levels count once), into p->uniq. */
    Py_ssize_t n = p->masks.n / W, distinct = 0;
    p->uniq.n = 0;
    if (W == 1 && n > 16) {             /* one word a set, many: repeats dropped by a hash set */
        word *m = p->masks.a;
        if (distinct_words(m, n, &distinct) < 0)
            return -1;
        if (distinct && bits_grow(&p->uniq, distinct) == NULL)
            return -1;
        if (distinct)
            memcpy(p->uniq.a, m, (size_t)distinct * sizeof *m);
    } else if (W == 1) {                /* the usual few: an insertion sort in place */
        word *m = p->masks.a;
        for (Py_ssize_t q = 0; q < n; q++) {
            word x = m[q];
            Py_ssize_t r = distinct;
            while (r > 0 && m[r - 1] > x)
                r--;
            if (r > 0 && m[r - 1] == x)
                continue;
            memmove(m + r + 1, m + r, (size_t)(distinct - r) * sizeof *m);
            m[r] = x;
            distinct++;
        }
        if (distinct && bits_grow(&p->uniq, distinct) == NULL)
            return -1;
        if (distinct)
            memcpy(p->uniq.a, m, (size_t)distinct * sizeof *m);
    } else {
        p->order.n = 0;
        if (vec_reserve(&p->order, n) < 0)
            return -1;
        for (Py_ssize_t q = 0; q < n; q++)
            p->order.a[p->order.n++] = q;
        sort_masks = p->masks.a;
        if (n > 32)
            qsort(p->order.a, (size_t)n, sizeof *p->order.a, mask_order);
        else                                /* the usual few: an insertion sort, no call a comparison */
            for (Py_ssize_t q = 1; q < n; q++) {
                int64_t x = p->order.a[q];
                Py_ssize_t r = q;
                for (; r > 0 && compare(p->masks.a + (size_t)p->order.a[r - 1] * W, p->masks.a + (size_t)x * W) > 0; r--)
                    p->order.a[r] = p->order.a[r - 1];
                p->order.a[r] = x;
            }
        p->uniq.n = 0;
        for (Py_ssize_t q = 0; q < n; q++) {
            const word *m = p->masks.a + (size_t)p->order.a[q] * W;
            if (distinct && compare(m, p->uniq.a + (size_t)(distinct - 1) * W) == 0)
                continue;
            word *into = bits_grow(&p->uniq, W);
            if (into == NULL)
                return -1;
            memcpy(into, m, (size_t)W * sizeof *m);
            distinct++;
        }
    }
    word *conflict = bits_grow(&p->d_conflict, W);
    if (conflict == NULL)
        return -1;
    memcpy(conflict, found_earliest, sizeof found_earliest);
    /* Drop the deepest earliest rulers first while the rest still rule out every option. */
    if (W == 1) {
        word kept = found_earliest[0];
        for (word rest = kept; rest; ) {
            word top = (word)1 << (63 - __builtin_clzll(rest)), fewer = kept & ~top;
            rest &= ~top;
            Py_ssize_t q = 0;
            while (q < distinct && (p->uniq.a[q] & fewer))
                q++;
            if (q == distinct)
                kept = fewer;
        }
        conflict[0] = kept;
    }
    for (int64_t bit = W == 1 ? -1 : highest(found_earliest); bit >= 0; bit--) {
        if (!has_bit(found_earliest, bit))
            continue;
        clear_bit(conflict, bit);
        int all = 1;
        for (Py_ssize_t q = 0; q < distinct && all; q++)
            all = meets(p->uniq.a + (size_t)q * W, conflict);
        if (!all)
            set_bit(conflict, bit);
    }
    int64_t jump = highest(conflict) >= 0 ? highest(conflict) - 1 : -1;
    if (vec_push(&p->d_jump_to, jump) < 0)
        return -1;
    word culprits[W];
    if (smallest_hitting(p->uniq.a, distinct, conflict, culprits) < 0)
        return -1;
    for (int64_t bit = 1; bit < (int64_t)W * 64; bit++)
        if (has_bit(culprits, bit))
            if (vec_push(&p->d_culprits, bit - 1) < 0 || vec_push(&p->d_culprit_options, p->f_choice[bit - 1]) < 0)
                return -1;
    p->heat[item]++;
    memcpy(p->f_nogood + (size_t)level * W, conflict, (size_t)W * sizeof(word));
    p->f_mark[level] = DEAD;
    if (jump < level - 1) {
        if (vec_push(&p->s_start, p->t_step.n) < 0 || vec_push(&p->s_node, jump >= 0 ? p->f_node[jump] : -1) < 0
            || vec_push(&p->s_whose, k) < 0)
            return -1;
    }
    return 0;
}

/* facts._Pass.ruled_at_choice: the earliest ruler levels of the item's options that were ruled out
 * when it was chosen (the placed options are again those of its choice), into bits. */
static void ruled_at_choice(Pass *p, int64_t item, word *bits)
{
    for (int64_t q = p->of_item_start[item]; q < p->of_item_start[item + 1]; q++) {
        int64_t o = p->of_item[q];
        /* no other item, or a given rules it out whatever the choices (given_ruling >= 0: counted once) */
        if (p->start[o + 1] - p->start[o] < 2 || p->given_items[o] - (p->given_of[item] >= 0) > 0)
            continue;
        int64_t low = UNPLACED;
        for (int64_t x = p->start[o]; x < p->start[o + 1]; x++) {
            int64_t j = p->items[x], lv = p->owner[j];
            if (j == item || lv >= low)
                continue;
            if (p->coloured) {
                int64_t c = p->colours[x];
                if (!(c == 0 || c != p->held[j]))
                    continue;
            }
            low = lv;
        }
        if (0 <= low && low < UNPLACED)
            set_bit(bits, low + 1);
    }
}

#include "_facts_bounds.h"

static int grow_tries(Pass *p)
{
    if (p->t_step.n < p->t_cap)
        return 0;
    Py_ssize_t cap = p->t_cap ? p->t_cap * 2 : 1024;
    char *solved = PyMem_Realloc(p->t_solved, (size_t)cap), *open;
    if (solved == NULL)
        return PyErr_NoMemory(), -1;
    p->t_solved = solved;
    open = PyMem_Realloc(p->t_open, (size_t)cap);
    if (open == NULL)
        return PyErr_NoMemory(), -1;
    p->t_open = open;
    p->t_cap = cap;
    return 0;
}

static int bad_event(Py_ssize_t step, const char *why)
{
    PyErr_Format(PyExc_ValueError, "event %zd %s", step, why);
    return -1;
}

/* facts._Pass.run's loop over the events. */
static int walk(Pass *p, const int64_t *events, Py_ssize_t count)
{
    for (Py_ssize_t step = 0; step < count; step++) {
        int64_t code = events[step], kind = code & KIND_MASK, arg = code >> KIND_BITS;
        if (kind == COVER || kind == UNCOVER || kind == PURIFY || kind == UNPURIFY) {
            /* with bounds a level sets aside unless its item is covered at its choose with least == most */
            if (p->bounded && kind == COVER && step == p->chose + 1 && p->depth > 0 && arg < p->primary)
                p->f_aside[p->depth - 1] = p->bounds[2 * arg] != p->bounds[2 * arg + 1];
            continue;
        }
        if (p->bounded && (kind == TAKE || kind == UNTAKE || kind == UNSETTLE))
            continue;
        if (p->bounded && kind == SETTLE) {     /* a node that places no option */
            if (p->depth == 0 || arg != p->f_item[p->depth - 1])
                return bad_event(step, "settles an item that is not its level's");
            kind = TRY;
            arg = NOT_NAMED;
        }
        if (kind == TRY) {
            if (p->depth == 0)
                return bad_event(step, "tries an option with no level open");
            if ((arg < 0 || arg >= p->n_options) && arg != NOT_NAMED)
                return bad_event(step, "tries an option that is not in the problem");
            Py_ssize_t top = p->depth - 1, node = p->t_step.n;
            int64_t previous = p->f_choice[top];
            if (p->bounded && previous >= 0 && p->f_aside[top]) {
                p->aside_level[previous] = top;
                if (vec_push(&p->aside_stack, previous) < 0)
                    return -1;
            }
            if (previous >= 0)
                unplace(p, previous, top);
            if (p->f_node[top] >= 0)
                p->t_size.a[p->f_node[top]] = node - p->f_node[top];
            if (arg >= 0)
                place(p, arg, top);
            p->f_choice[top] = arg;
            p->f_node[top] = node;
            if (grow_tries(p) < 0 || vec_push(&p->t_step, step) < 0 || vec_push(&p->t_level, top) < 0
                || vec_push(&p->t_option, arg) < 0 || vec_push(&p->t_parent, top ? p->f_node[top - 1] : -1) < 0
                || vec_push(&p->t_size, 0) < 0)
                return -1;
            p->t_solved[node] = 0;
            /* The dead end and the back-ups waiting for their back_to: this level. */
            if (p->d_back_to.n && p->d_back_to.a[p->d_back_to.n - 1] == UNKNOWN)
                p->d_back_to.a[p->d_back_to.n - 1] = top;
            for (Py_ssize_t b = p->b_back_to.n - 1; b >= 0 && p->b_back_to.a[b] == UNKNOWN; b--)
                p->b_back_to.a[b] = top;
        } else if (kind == CHOOSE) {
            if (arg < 0 || arg >= p->n_items)
                return bad_event(step, "chooses an item that is not in the problem");
            if (p->depth == p->max_depth)
                return bad_event(step, "opens a level past the deepest counted");
            Py_ssize_t top = p->depth++;
            p->f_item[top] = arg;
            p->f_choice[top] = -1;
            p->f_node[top] = -1;
            p->f_mark[top] = 0;
            memset(p->f_nogood + (size_t)top * W, 0, (size_t)W * sizeof(word));
            if (p->bounded) {
                p->f_aside[top] = 1;
                p->f_aside_start[top] = p->aside_stack.n;
                p->chose = step;
            }
        } else if (kind == BACKUP) {
            if (p->depth == 0)
                return bad_event(step, "backs up with no level open");
            Py_ssize_t top = --p->depth;       /* the level left */
            int64_t item = p->f_item[top], option = p->f_choice[top], node = p->f_node[top], mark = p->f_mark[top];
            if (option >= 0)
                unplace(p, option, top);
            if (node >= 0)
                p->t_size.a[node] = p->t_step.n - node;
            if (p->bounded)
                while (p->aside_stack.n > p->f_aside_start[top])
                    p->aside_level[p->aside_stack.a[--p->aside_stack.n]] = -1;
            word *nogood = bits_grow(&p->b_nogood, W);
            if (nogood == NULL)
                return -1;
            if (mark == SOLVED || p->bounded) {
                for (int64_t bit = 1; bit <= top; bit++)     /* every level above: no jump past a solution */
                    set_bit(nogood, bit);
            } else {
                memcpy(nogood, p->f_nogood + (size_t)top * W, (size_t)W * sizeof(word));
                if (mark != DEAD)
                    ruled_at_choice(p, item, nogood);
            }
            int64_t jump = highest(nogood) >= 0 ? highest(nogood) - 1 : -1;
            if (top) {
                word *above = p->f_nogood + (size_t)(top - 1) * W;
                for (int w = 0; w < W; w++)
                    above[w] |= nogood[w];
                clear_bit(above, top);
            }
            Py_ssize_t k = p->b_step.n;
            if (vec_push(&p->b_step, step) < 0 || vec_push(&p->b_level, arg) < 0
                || vec_push(&p->b_takes_back, top ? p->f_choice[top - 1] : -1) < 0
                || vec_push(&p->b_back_to, UNKNOWN) < 0 || vec_push(&p->b_jump_to, jump) < 0
                || vec_push(&p->b_wasted, 0) < 0)
                return -1;
            if (jump < top - 1) {
                if (vec_push(&p->s_start, p->t_step.n) < 0 || vec_push(&p->s_node, jump >= 0 ? p->f_node[jump] : -1) < 0
                    || vec_push(&p->s_whose, ~(int64_t)k) < 0)
                    return -1;
            }
        } else if (kind == DEAD_END) {
            if (p->depth == 0)
                return bad_event(step, "is a dead end with no level open");
            if (arg < 0 || arg >= p->n_items)
                return bad_event(step, "is a dead end on an item that is not in the problem");
            /* a dead end's back_to is told by the next try; one still waiting is overtaken (Python's waiting) */
            if (p->d_back_to.n && p->d_back_to.a[p->d_back_to.n - 1] == UNKNOWN)
                p->d_back_to.a[p->d_back_to.n - 1] = UNKNOWN - 1;
            if ((p->bounded ? bounded_dead_end(p, step, p->depth - 1, arg) : dead_end(p, step, p->depth - 1, arg)) < 0)
                return -1;
        } else if (kind == SOLUTION) {
            p->solutions++;
            for (Py_ssize_t f = p->depth - 1; f >= 0; f--) {
                int64_t node = p->f_node[f];
                if (node < 0)
                    node += p->t_step.n;        /* Python's index -1 */
                if (node < 0 || node >= p->t_step.n)
                    return bad_event(step, "is a solution below a level with no try");
                if (p->t_solved[node])
                    break;
                p->t_solved[node] = 1;
                p->f_mark[f] = SOLVED;
            }
        } else {
            PyErr_Format(PyExc_ValueError, "event %zd has unknown kind %lld", step, (long long)kind);
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ after the walk */

static int by_span(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return (x[1] > y[1]) - (x[1] < y[1]);
}

/* facts.measure_wasted: each stretch's wasted nodes, and the size of their union. */
static int measure_wasted(Pass *p, int64_t *union_)
{
    Py_ssize_t n = p->s_start.n, spans = 0, total = p->t_step.n;
    int64_t *span = PyMem_Malloc((size_t)(n ? n : 1) * 2 * sizeof *span);
    if (span == NULL)
        return PyErr_NoMemory(), -1;
    for (Py_ssize_t k = 0; k < n; k++) {
        int64_t start = p->s_start.a[k], node = p->s_node.a[k], whose = p->s_whose.a[k];
        int64_t end = node >= 0 ? node + p->t_size.a[node] : total;
        if (whose >= 0)
            p->d_wasted.a[whose] = end - start;
        else
            p->b_wasted.a[~whose] = end - start;
        if (end > start) {
            span[2 * spans] = start;
            span[2 * spans + 1] = end;
            spans++;
        }
    }
    qsort(span, (size_t)spans, 2 * sizeof *span, by_span);
    int64_t sum = 0, reach = 0;
    for (Py_ssize_t k = 0; k < spans; k++) {
        int64_t start = span[2 * k] > reach ? span[2 * k] : reach, end = span[2 * k + 1];
        if (end > start) {
            sum += end - start;
            reach = end;
        }
    }
    PyMem_Free(span);
    *union_ = sum;
    return 0;
}

static PyObject *list_of(const int64_t *a, Py_ssize_t n)
{
    PyObject *list = PyList_New(n);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLongLong(a[k]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, v);
    }
    return list;
}

/* Native 64-bit integers as bytes (the wrapper reads them as array('q')): no object an entry. */
static PyObject *bytes_of(const int64_t *a, Py_ssize_t n)
{
    return PyBytes_FromStringAndSize(n ? (const char *)a : NULL, n * (Py_ssize_t)sizeof(int64_t));
}

/* back_to values: UNKNOWN is -1 when the search ran to its end, else None (as is an overtaken one). */
static PyObject *back_to_list(const int64_t *a, Py_ssize_t n, int finished)
{
    PyObject *list = PyList_New(n);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *v;
        if (a[k] >= -1)
            v = PyLong_FromLongLong(a[k]);
        else if (a[k] == UNKNOWN && finished)
            v = PyLong_FromLong(-1);
        else
            v = Py_NewRef(Py_None);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, v);
    }
    return list;
}

static inline int back_to_known(int64_t value, int finished)
{
    return value >= -1 || (value == UNKNOWN && finished);
}

static inline int64_t back_to_value(int64_t value) { return value >= -1 ? value : -1; }

/* facts.thrashing: groups of two or more dead ends with the same culprits, largest first (as lists of
 * dead-end indexes), by a hash table on the culprit (level, option) pairs. */
typedef struct {
    int64_t count, first;
} Group;

static Pass *group_pass;
static Group *group_table;

static int by_size(const void *a, const void *b)
{
    const Group *x = &group_table[*(const int64_t *)a], *y = &group_table[*(const int64_t *)b];
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return (x->first > y->first) - (x->first < y->first);
}

static int same_culprits(const Pass *p, int64_t a, int64_t b)
{
    int64_t a0 = p->d_culprit_first.a[a], a1 = a + 1 < p->d_step.n ? p->d_culprit_first.a[a + 1] : p->d_culprits.n;
    int64_t b0 = p->d_culprit_first.a[b], b1 = b + 1 < p->d_step.n ? p->d_culprit_first.a[b + 1] : p->d_culprits.n;
    if (a1 - a0 != b1 - b0)
        return 0;
    for (int64_t k = 0; k < a1 - a0; k++)
        if (p->d_culprits.a[a0 + k] != p->d_culprits.a[b0 + k]
            || p->d_culprit_options.a[a0 + k] != p->d_culprit_options.a[b0 + k])
            return 0;
    return 1;
}

static PyObject *thrashing(Pass *p)
{
    Py_ssize_t n = p->d_step.n, size = 16, groups = 0;
    while (size < 2 * n)
        size *= 2;
    int64_t *slot = PyMem_Malloc((size_t)size * sizeof *slot);     /* -1 or a group's first dead end's group id */
    int64_t *group_of = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *group_of);
    Group *table = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *table);
    int64_t *order = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *order);
    PyObject *result = NULL;
    if (slot == NULL || group_of == NULL || table == NULL || order == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t s = 0; s < size; s++)
        slot[s] = -1;
    for (Py_ssize_t k = 0; k < n; k++) {
        int64_t a0 = p->d_culprit_first.a[k], a1 = k + 1 < n ? p->d_culprit_first.a[k + 1] : p->d_culprits.n;
        uint64_t hash = 1469598103934665603ULL;
        for (int64_t q = a0; q < a1; q++) {
            hash = (hash ^ (uint64_t)p->d_culprits.a[q]) * 1099511628211ULL;
            hash = (hash ^ (uint64_t)p->d_culprit_options.a[q]) * 1099511628211ULL;
        }
        Py_ssize_t s = (Py_ssize_t)(hash & (uint64_t)(size - 1));
        while (slot[s] >= 0 && !same_culprits(p, table[slot[s]].first, k))
            s = (s + 1) & (size - 1);
        if (slot[s] < 0) {
            slot[s] = groups;
            table[groups].count = 0;
            table[groups].first = k;
            groups++;
        }
        group_of[k] = slot[s];
        table[slot[s]].count++;
    }
    Py_ssize_t kept = 0;
    for (Py_ssize_t gid = 0; gid < groups; gid++)
        if (table[gid].count > 1)
            order[kept++] = gid;
    group_pass = p;
    group_table = table;
    qsort(order, (size_t)kept, sizeof *order, by_size);
    /* members of each kept group, in log order: place group ids' lists by a second walk */
    int64_t *rank = slot;       /* reuse: group id -> position among kept, or -1 */
    for (Py_ssize_t gid = 0; gid < groups; gid++)
        rank[gid] = -1;
    for (Py_ssize_t r = 0; r < kept; r++)
        rank[order[r]] = r;
    result = PyList_New(kept);
    if (result == NULL)
        goto done;
    for (Py_ssize_t r = 0; r < kept; r++) {
        PyObject *members = PyList_New(0);
        if (members == NULL)
            goto fail;
        PyList_SET_ITEM(result, r, members);
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        int64_t r = rank[group_of[k]];
        if (r < 0)
            continue;
        PyObject *index = PyLong_FromSsize_t(k);
        if (index == NULL || PyList_Append(PyList_GET_ITEM(result, r), index) < 0) {
            Py_XDECREF(index);
            goto fail;
        }
        Py_DECREF(index);
    }
    goto done;
fail:
    Py_CLEAR(result);
done:
    PyMem_Free(slot);
    PyMem_Free(group_of);
    PyMem_Free(table);
    PyMem_Free(order);
    return result;
}

/* The compiled search core: Algorithm X on dancing links, in C.
 *
 * The same algorithm as webapp/engine/exact_cover.py's Search.run, on the same flat
 * integer arrays, writing the same events in the same order: that Python
 * engine is the reference, and tests/test_compiled_engine.py checks that both
 * give the same step log, event for event. Read exact_cover.py first; the
 * glossary there (item, option, node, level, event, step) holds here too.
 *
 * Two types:
 *   Links  the link arrays of a problem with nothing covered, checked once
 *          (every index in range, every column and the item lists closed,
 *          each node's "others" exactly the other nodes of its option), so
 *          no later update can leave the arrays or loop forever.
 *   Core   one search: a copy of a Links' mutable arrays (up, down, len,
 *          left, right, and colour when the problem has colours),
 *          cover/uncover for placing givens (last covered, first uncovered,
 *          checked), and run(), the search loop.
 *
 * Colours (Knuth's DLX2): colour[x] is the colour node x's option gives its
 * item (0: none). A try commits each other item of the option: it covers an
 * uncoloured one and purifies a coloured one (hides the options that give it
 * another colour or none, and marks those that agree -1, so trying one of
 * them later commits nothing there). Without colours the loop never looks.
 * Those routines live in _dlx_colours.h, included below.
 *
 * The loop holds no Python objects: events go to a growing C buffer handed
 * back as bytes of native 64-bit integers (array('q')), and the GIL is
 * released while it runs, taken back only to read the clock, ask whether
 * the client is gone, or hand over a solution.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* Event kinds, packed as arg * 16 + kind (exact_cover.CHOOSE ... UNPURIFY). */
enum { CHOOSE, TRY, COVER, UNCOVER, SOLUTION, DEAD_END, BACKUP, PURIFY, UNPURIFY };
#define KIND_BITS 4

/* How a run ended (exact_cover maps these to status and limit). */
enum { ENDED, LIMIT_SOLUTIONS, LIMIT_STEPS, LIMIT_TIME, LIMIT_CANCELLED };

/* Node ids are int32; a covered item's len carries a mark up to 1 << 28. */
#define MAX_NODES (1 << 27)

typedef int32_t node_t;

/* ---------------------------------------------------------------- Links */

/* An option's nodes are consecutive: the others of node x are x+1..end-1, then
 * first..x-1 (Knuth's order, as exact_cover.Matrix lists them). Walking that
 * range spares the inner loops a load of "others" per node. */
typedef struct {
    node_t first, end;
} Span;

typedef struct {
    PyObject_HEAD
    node_t size;        /* items; headers are nodes 0..size-1 */
    node_t primary;     /* items 0..primary-1 are primary */
    node_t nodes;       /* headers plus option nodes */
    node_t root;        /* == size: head of the primary item list */
    int32_t mark;       /* added to len[i] while item i is covered */
    int64_t look_every; /* work between two looks at the clock */
    node_t *top, *option_of;
    node_t *up, *down, *len, *left, *right;     /* the template: nothing covered */
    node_t *others_start, *others;              /* others of node x: others[start[x]..start[x+1]) */
    node_t *covers;                             /* top[q] for q in others, same offsets */
    Span *span;                                 /* each option node's option: its nodes first..end-1 */
    int64_t *work;
    node_t *colour;                             /* each node's colour, 0: none; NULL without colours */
    node_t *bound, *slack;                      /* per primary item, with bounds (Knuth's DLX3); NULL without */
    node_t levels;                              /* with bounds: the most levels a search can reach */
} Links;

static void links_dealloc(Links *self)
{
    node_t **arrays[] = {&self->top, &self->option_of, &self->up, &self->down, &self->len,
                         &self->left, &self->right, &self->others_start, &self->others, &self->covers};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        PyMem_Free(*arrays[k]);
    PyMem_Free(self->work);
    PyMem_Free(self->span);
    PyMem_Free(self->colour);
    PyMem_Free(self->bound);
    PyMem_Free(self->slack);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A Python sequence of ints as a new C array; expected >= 0 checks its length. */
static node_t *int_array(PyObject *seq, const char *name, Py_ssize_t expected, Py_ssize_t *got)
{
    PyObject *fast = PySequence_Fast(seq, name);
    if (fast == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (expected >= 0 && n != expected) {
        PyErr_Format(PyExc_ValueError, "%s has %zd entries, expected %zd", name, n, expected);
        Py_DECREF(fast);
        return NULL;
    }
    if (n > MAX_NODES * 8) {
        PyErr_Format(PyExc_ValueError, "%s is too long (%zd entries)", name, n);
        Py_DECREF(fast);
        return NULL;
    }
    node_t *out = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(node_t));
    if (out == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t k = 0; k < n; k++) {
        long v = PyLong_AsLong(items[k]);
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] is not an integer", name, k);
            goto fail;
        }
        if (v < INT32_MIN || v > INT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] = %ld is out of range", name, k, v);
            goto fail;
        }
        out[k] = (node_t)v;
    }
    Py_DECREF(fast);
    if (got)
        *got = n;
    return out;
fail:
    PyMem_Free(out);
    Py_DECREF(fast);
    return NULL;
}

/* links_check(L, others_total): every invariant cover() and uncover() rely on, checked once
 * when a Links is made. The header uses Links and Span from above. */
#include "_dlx_check.h"

static PyObject *links_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"primary", "top", "up", "down", "len", "left", "right", "option_of",
                             "others", "others_start", "mark", "look_every", "colour", "bound", "slack", NULL};
    PyObject *top, *up, *down, *len, *left, *right, *option_of, *others, *others_start, *colour = Py_None;
    PyObject *bound = Py_None, *slack = Py_None;
    int primary, mark;
    long long look_every;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOOOOOOOOiL|OOO", kwlist, &primary, &top, &up, &down, &len,
                                     &left, &right, &option_of, &others, &others_start, &mark, &look_every,
                                     &colour, &bound, &slack))
        return NULL;
    Links *L = (Links *)type->tp_alloc(type, 0);
    if (L == NULL)
        return NULL;
    Py_ssize_t n, N, total;
    L->len = int_array(len, "len", -1, &n);
    if (L->len == NULL)
        goto fail;
    L->top = int_array(top, "top", -1, &N);
    if (L->top == NULL)
        goto fail;
    if (N < n || N >= MAX_NODES || primary < 0 || primary > n || look_every < 1 ||
        (mark != 1 << 7 && mark != 1 << 28)) {
        PyErr_Format(PyExc_ValueError, "bad sizes: %zd items, %zd nodes, %d primary, mark %d", n, N, primary, mark);
        goto fail;
    }
    L->size = (node_t)n;
    L->nodes = (node_t)N;
    L->primary = primary;
    L->root = (node_t)n;
    L->mark = mark;
    L->look_every = look_every;
    if (!(L->up = int_array(up, "up", N, NULL)) || !(L->down = int_array(down, "down", N, NULL)) ||
        !(L->left = int_array(left, "left", n + 2, NULL)) || !(L->right = int_array(right, "right", n + 2, NULL)) ||
        !(L->option_of = int_array(option_of, "option_of", N, NULL)) ||
        !(L->others_start = int_array(others_start, "others_start", N + 1, NULL)) ||
        !(L->others = int_array(others, "others", -1, &total)))
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++)
        if (L->len[i] >= mark) {
            PyErr_Format(PyExc_ValueError, "item %zd has %d options, too many for mark %d", i, (int)L->len[i], mark);
            goto fail;
        }
    if (!links_check(L, total))
        goto fail;
    if (colour != Py_None) {
        /* Headers have none; an option node's is 0 or a positive colour, and only on a secondary item. */
        if (!(L->colour = int_array(colour, "colour", N, NULL)))
            goto fail;
        for (node_t x = 0; x < L->nodes; x++)
            if (L->colour[x] < 0 || (L->colour[x] > 0 && (x < n || L->top[x] < primary))) {
                PyErr_Format(PyExc_ValueError, "colour[%d] = %d: only option nodes of secondary items take one",
                             (int)x, (int)L->colour[x]);
                goto fail;
            }
    }
    if ((bound == Py_None) != (slack == Py_None)) {
        PyErr_SetString(PyExc_ValueError, "bound and slack come together");
        goto fail;
    }
    if (bound != Py_None) {
        /* Knuth's DLX3: most >= 1 and 0 <= slack <= most per primary item. A level either tries an
         * option (one of an item's at most min(most, len) on a path) or settles an item (once). */
        if (!(L->bound = int_array(bound, "bound", primary, NULL)) || !(L->slack = int_array(slack, "slack", primary, NULL)))
            goto fail;
        int64_t levels = 1;
        for (node_t i = 0; i < primary; i++) {
            if (L->bound[i] < 1 || L->slack[i] < 0 || L->slack[i] > L->bound[i]) {
                PyErr_Format(PyExc_ValueError, "item %d has bound %d and slack %d", (int)i, (int)L->bound[i],
                             (int)L->slack[i]);
                goto fail;
            }
            levels += (L->bound[i] < L->len[i] ? L->bound[i] : L->len[i]) + 1;
        }
        L->levels = (node_t)(levels < (int64_t)N + 1 ? levels : (int64_t)N + 1);
    }
    L->covers = PyMem_Malloc((size_t)(total ? total : 1) * sizeof(node_t));
    L->work = PyMem_Malloc((size_t)N * sizeof(int64_t));
    L->span = PyMem_Malloc((size_t)N * sizeof(Span));
    if (L->covers == NULL || L->work == NULL || L->span == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    /* span: each option's run of nodes; others must list them in the cyclic order the loops walk. */
    for (node_t x = 0; x < L->nodes; x++)
        L->span[x] = (Span){x, x + 1};
    for (node_t a = L->size, b; a < L->nodes; a = b) {
        for (b = a + 1; b < L->nodes && L->option_of[b] == L->option_of[a]; b++)
            ;
        for (node_t x = a; x < b; x++) {
            L->span[x] = (Span){a, b};
            node_t k = L->others_start[x];
            for (node_t q = x + 1; q < b; q++)
                if (L->others[k++] != q)
                    goto out_of_order;
            for (node_t q = a; q < x; q++)
                if (L->others[k++] != q)
                    goto out_of_order;
            continue;
out_of_order:
            PyErr_Format(PyExc_ValueError, "the others of node %d are not its option's nodes in order", (int)x);
            goto fail;
        }
    }
    /* covers: the items a try of x covers; work: 1 + the options they held before the search. */
    for (node_t x = 0; x < L->nodes; x++) {
        int64_t w = 1;
        for (node_t k = L->others_start[x]; k < L->others_start[x + 1]; k++) {
            L->covers[k] = L->top[L->others[k]];
            w += L->len[L->covers[k]];
        }
        L->work[x] = w;
    }
    return (PyObject *)L;
fail:
    Py_DECREF(L);
    return NULL;
}

static PyTypeObject LinksType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "webapp.engine._dlx.Links",
    .tp_doc = PyDoc_STR("The checked link arrays of a problem with nothing covered (see exact_cover.Matrix)."),
    .tp_basicsize = sizeof(Links),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = links_new,
    .tp_dealloc = (destructor)links_dealloc,
};

/* ----------------------------------------------------------------- Core */

typedef struct {
    PyObject_HEAD
    Links *links;
    node_t *up, *down, *len, *left, *right;
    node_t *colour;     /* a copy of the Links' colours (purify marks nodes -1), or NULL */
    node_t *stack;      /* items covered by cover(), in order: uncover() takes the last */
    node_t depth;
    int ran, running;
    /* Where run() stopped at a limit, for run(..., resume=True) to go on from (a count past a
     * replay): the loop's stack and state. paused: 1 when there is such a place. */
    node_t *choice, *item_at, level, levels, x, base;
    int retreat, forward, paused;
    long long first;
} Core;

static void core_dealloc(Core *self)
{
    PyMem_Free(self->up);
    PyMem_Free(self->down);
    PyMem_Free(self->len);
    PyMem_Free(self->left);
    PyMem_Free(self->right);
    PyMem_Free(self->stack);
    PyMem_Free(self->colour);
    PyMem_RawFree(self->choice);
    PyMem_RawFree(self->item_at);
    Py_XDECREF(self->links);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static node_t *copy_of(const node_t *a, Py_ssize_t n)
{
    node_t *b = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(node_t));
    if (b)
        memcpy(b, a, (size_t)n * sizeof(node_t));
    return b;
}

static PyObject *core_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"links", NULL};
    Links *L;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!", kwlist, &LinksType, &L))
        return NULL;
    Core *C = (Core *)type->tp_alloc(type, 0);
    if (C == NULL)
        return NULL;
    Py_INCREF(L);
    C->links = L;
    C->up = copy_of(L->up, L->nodes);
    C->down = copy_of(L->down, L->nodes);
    C->len = copy_of(L->len, L->size);
    C->left = copy_of(L->left, L->size + 2);
    C->right = copy_of(L->right, L->size + 2);
    C->stack = PyMem_Malloc((size_t)(L->size ? L->size : 1) * sizeof(node_t));
    C->colour = L->colour ? copy_of(L->colour, L->nodes) : NULL;
    if (!C->up || !C->down || !C->len || !C->left || !C->right || !C->stack || (L->colour && !C->colour)) {
        Py_DECREF(C);
        return PyErr_NoMemory();
    }
    return (PyObject *)C;
}

/* Knuth's hide(p): take node p's option out of every column but p's own, the nodes after p
 * first, then those before it (the option's nodes are span[p].first .. span[p].end - 1). */
static inline void hide(const Links *L, node_t *up, node_t *down, node_t *len, node_t p)
{
    const node_t *top = L->top;
    Span s = L->span[p];
#define HIDE(q)                             \
    do {                                    \
        node_t u = up[q], d = down[q];      \
        down[u] = d;                        \
        up[d] = u;                          \
        len[top[q]]--;                      \
    } while (0)
    for (node_t q = p + 1; q < s.end; q++)
        HIDE(q);
    for (node_t q = s.first; q < p; q++)
        HIDE(q);
#undef HIDE
}

/* Knuth's unhide(p): put node p's option back, node by node in hide's order (every link a
 * node of it had still points at its neighbours, whichever order they come back in). */
static inline void unhide(const Links *L, node_t *up, node_t *down, node_t *len, node_t p)
{
    const node_t *top = L->top;
    Span s = L->span[p];
#define UNHIDE(q)                           \
    do {                                    \
        down[up[q]] = q;                    \
        up[down[q]] = q;                    \
        len[top[q]]++;                      \
    } while (0)
    for (node_t q = p + 1; q < s.end; q++)
        UNHIDE(q);
    for (node_t q = s.first; q < p; q++)
        UNHIDE(q);
#undef UNHIDE
}

/* Knuth's cover(i): take item i out of its list and hide every option that contains it. */
static inline void cover(const Links *L, node_t *up, node_t *down, node_t *len, node_t *left, node_t *right,
                         node_t i)
{
    for (node_t p = down[i]; p != i; p = down[p])
        hide(L, up, down, len, p);
    len[i] += L->mark;
    node_t l = left[i], r = right[i];
    right[l] = r;
    left[r] = l;
}

/* Knuth's uncover(i): undo cover(i), options bottom to top. */
static inline void uncover(const Links *L, node_t *up, node_t *down, node_t *len, node_t *left, node_t *right,
                           node_t i)
{
    right[left[i]] = i;
    left[right[i]] = i;
    len[i] -= L->mark;
    for (node_t p = up[i]; p != i; p = up[p])
        unhide(L, up, down, len, p);
}

static int usable(Core *C)
{
    if (C->running) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return 0;
    }
    if (C->ran) {
        PyErr_SetString(PyExc_RuntimeError, "cover() and uncover() must come before run()");
        return 0;
    }
    return 1;
}

#include "_dlx_methods.h"

/* The leftmost item of 0..primary-1 with the smallest len (some item is uncovered): the
 * smallest found in one pass (the compiler's vector minimum), then its first place, four
 * entries a compare where SSE2 is there (that scan, one entry at a time, was 40% of the
 * search's time with the minimum on the 9x9s under perf). On x86-64 Linux with GCC it is
 * compiled for AVX2 beside any x86-64 (eight at a time; the loader picks), a call where the
 * loop kept it inline: a choice scans hundreds of entries, the call costs a few cycles. */
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__clang__)
#define FEWEST_CLONES __attribute__((target_clones("avx2", "default"), noinline))
#else
#define FEWEST_CLONES
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static FEWEST_CLONES node_t fewest(const node_t *len, node_t primary)
{
    node_t t = len[0];
    for (node_t k = 1; k < primary; k++)
        t = len[k] < t ? len[k] : t;
    node_t i = 0;
#if defined(__SSE2__)
    const __m128i want = _mm_set1_epi32(t);
    for (; i + 4 <= primary; i += 4) {
        int hit = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(len + i)), want)));
        if (hit)
            return i + __builtin_ctz((unsigned)hit);
    }
#endif
    while (len[i] != t)
        i++;
    return i;
}

/* A growing buffer of 64-bit integers: the recorded events, or the choose sizes. */
typedef struct {
    int64_t *data;
    Py_ssize_t used, room;
} Buffer;

static int grow(Buffer *b)
{
    Py_ssize_t room = b->room ? b->room * 2 : 4096;
    int64_t *data = PyMem_RawRealloc(b->data, (size_t)room * sizeof(int64_t));
    if (data == NULL)
        return 0;
    b->data = data;
    b->room = room;
    return 1;
}

/* Colours (Knuth's DLX2): purify, unpurify, and a try's commit and uncommit of its other items.
 * The header uses Links, Span, Buffer, grow, cover and uncover from above. */
#include "_dlx_colours.h"

/* Run settings and what the loop hands back to Python mid-run. */
typedef struct {
    int mrv, record;
    int64_t step_cap, solution_cap, keep;
    double deadline, per_event, per_dead_end;     /* deadline < 0: none */
    PyObject *clock, *cancelled, *solutions, *on_solution;
    long long first;                              /* the item to branch on below the choices; -1: the search's own */
    volatile char *stop;                          /* clock None: the cancel flag, a bytearray's first byte */
} Settings;

#define EMIT(code)                                                              \
    do {                                                                        \
        if (record) {                                                           \
            if (events.used == events.room && !grow(&events))                   \
                goto out_of_memory;                                             \
            events.data[events.used++] = (code);                                \
        }                                                                       \
    } while (0)

/* A solution found: keep it and hand it over (with the GIL). 0 on a Python error. */
static int hand_over(const Settings *s, const Links *L, const node_t *choice, node_t level, int64_t kept)
{
    int want = s->keep < 0 || kept < s->keep;
    if (!want && s->on_solution == Py_None)
        return 1;
    PyObject *chosen = PyList_New(level);
    if (chosen == NULL)
        return 0;
    for (node_t l = 0; l < level; l++) {
        PyObject *v = PyLong_FromLong(L->option_of[choice[l]]);
        if (v == NULL) {
            Py_DECREF(chosen);
            return 0;
        }
        PyList_SET_ITEM(chosen, l, v);
    }
    int ok = !want || PyList_Append(s->solutions, chosen) == 0;
    if (ok && s->on_solution != Py_None) {
        PyObject *r = PyObject_CallOneArg(s->on_solution, chosen);
        ok = r != NULL;
        Py_XDECREF(r);
    }
    Py_DECREF(chosen);
    return ok;
}

/* The clock and the cancel flag (with the GIL): LIMIT_TIME, LIMIT_CANCELLED, 0 to go on, -1 on an error. */
static int look(const Settings *s, Py_ssize_t recorded, int64_t dead_ends)
{
    if (s->deadline >= 0) {
        PyObject *now = PyObject_CallNoArgs(s->clock);
        if (now == NULL)
            return -1;
        double t = PyFloat_AsDouble(now);
        Py_DECREF(now);
        if (t == -1.0 && PyErr_Occurred())
            return -1;
        if (t + s->per_event * (double)recorded + s->per_dead_end * (double)dead_ends >= s->deadline)
            return LIMIT_TIME;
    }
    if (s->cancelled != Py_None) {
        PyObject *r = PyObject_CallNoArgs(s->cancelled);
        if (r == NULL)
            return -1;
        int yes = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (yes < 0)
            return -1;
        if (yes)
            return LIMIT_CANCELLED;
    }
    return 0;
}

/* look() for a count on a thread of its own (clock None), without the GIL, which the thread beside
 * it may hold in C for seconds: the deadline on CLOCK_MONOTONIC (time.perf_counter's clock on Linux)
 * and the byte its caller sets (1: cancelled, 2: the time is up). */
static int look_free(const Settings *s)
{
    if (s->stop != NULL && *s->stop)
        return *s->stop == 2 ? LIMIT_TIME : LIMIT_CANCELLED;
    if (s->deadline >= 0) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((double)now.tv_sec + 1e-9 * (double)now.tv_nsec >= s->deadline)
            return LIMIT_TIME;
    }
    return 0;
}

static PyObject *bytes_of(const Buffer *b)
{
    return PyBytes_FromStringAndSize((const char *)b->data, b->used * (Py_ssize_t)sizeof(int64_t));
}

/* run(mrv, record, step_cap, solution_cap, keep, deadline, per_event, per_dead_end,
 *     clock, cancelled, solutions, on_solution, choices, first, steps, resume)
 * choices: the nodes placed as the choices of levels 0 .. base - 1 (their items covered by the
 * caller, their events written by it, `steps` of them): the search runs below them and never
 * takes them back. first: the item it branches on at level base (-1: its own choice).
 * resume: go on from where the last run of this Core stopped at a limit (choices, first and
 * mrv as that run's; `steps` the steps so far), recording nothing: the counts it returns are
 * those of this part alone. clock None: the loop reads the time and `cancelled` (a bytearray flag or
 * None) itself (look_free), so a run that keeps no solution (keep 0, no on_solution) never takes the GIL.
 * -> (ending, found, nodes, dead_ends, steps, levels, level, events, sizes)
 * Mirrors exact_cover.Search.run's loop statement for statement. */
static PyObject *core_run(Core *C, PyObject *args)
{
    Settings s;
    PyObject *forced;
    long long steps0;
    int resume = 0;
    if (!PyArg_ParseTuple(args, "ppLLLdddOOO!OO!LL|p", &s.mrv, &s.record, &s.step_cap, &s.solution_cap, &s.keep,
                          &s.deadline, &s.per_event, &s.per_dead_end, &s.clock, &s.cancelled, &PyList_Type,
                          &s.solutions, &s.on_solution, &PyList_Type, &forced, &s.first, &steps0, &resume))
        return NULL;
    if (resume) {
        if (C->running)
            return usable(C), NULL;
        if (!C->paused || s.record)
            return PyErr_Format(PyExc_RuntimeError, "only a run stopped at a limit goes on, recording nothing");
        C->ran = 0;             /* usable() below lets it through */
    }
    if (!usable(C))
        return NULL;
    /* clock None: the loop looks at CLOCK_MONOTONIC and a bytearray flag itself (look_free) */
    const int free_look = s.clock == Py_None;
    s.stop = NULL;
    if (free_look && s.cancelled != Py_None) {
        if (!PyByteArray_Check(s.cancelled) || PyByteArray_GET_SIZE(s.cancelled) < 1)
            return PyErr_Format(PyExc_TypeError, "without a clock, cancelled is a bytearray flag or None");
        s.stop = PyByteArray_AS_STRING(s.cancelled);
    }
    if ((!free_look && s.deadline >= 0 && !PyCallable_Check(s.clock)) ||
        (!free_look && s.cancelled != Py_None && !PyCallable_Check(s.cancelled)) ||
        (s.on_solution != Py_None && !PyCallable_Check(s.on_solution)))
        return PyErr_Format(PyExc_TypeError, "clock, cancelled and on_solution must be callable or None");
    const Links *L = C->links;
    Py_ssize_t base = PyList_GET_SIZE(forced);
    if (base > L->primary || s.first >= L->primary)
        return PyErr_Format(PyExc_ValueError, "more choices than primary items, or a first item that is not primary");
    if (C->choice == NULL)
        C->choice = PyMem_RawMalloc((size_t)(L->primary + 1) * sizeof(node_t));
    if (C->item_at == NULL)
        C->item_at = PyMem_RawMalloc((size_t)(L->primary + 1) * sizeof(node_t));
    node_t *choice = C->choice, *item_at = C->item_at;
    if (choice == NULL || item_at == NULL)
        return PyErr_NoMemory();
    for (Py_ssize_t k = 0; k < base && !resume; k++) {
        long x = PyLong_AsLong(PyList_GET_ITEM(forced, k));
        if (x < L->size || x >= L->nodes) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "choice node %ld is outside the links", x);
            return NULL;
        }
        choice[k] = item_at[k] = (node_t)x;
    }
    C->ran = C->running = 1;

    node_t *up = C->up, *down = C->down, *len = C->len, *left = C->left, *right = C->right, *colour = C->colour;
    const node_t *option_of = L->option_of, *start = L->others_start, *covers = L->covers;
    const int64_t *work = L->work;
    const node_t root = L->root;
    const int record = s.record, mrv = s.mrv;
    const int64_t step_cap = s.step_cap, solution_cap = s.solution_cap;
    const int64_t look_every = L->look_every;
    Buffer events = {0}, sizes = {0};
    int64_t steps = steps0, nodes = 0, dead_ends = 0, found = 0, kept = 0, done = 0, look_at = look_every;
    node_t level = (node_t)base, levels = (node_t)base, x = -1, i;
    int ending = ENDED, failed = 0, forward = 1, retreat = 0;
    if (resume) {
        level = C->level, levels = C->levels, x = C->x, base = C->base;
        forward = C->forward, retreat = C->retreat, s.first = C->first;
    }
    C->paused = 0;

    PyThreadState *thread = PyEval_SaveThread();
    for (;;) {
        if (retreat) {
            /* Undo the option of the level above, then try its next one (never a choice placed
             * before the search: the search ends below them). */
            if (level == base)
                break;
            x = choice[level - 1];
            node_t cc = start[x + 1] - start[x];
            if (steps + cc > step_cap) {
                ending = LIMIT_STEPS;
                break;
            }
            level--;
            if (colour == NULL) {
                for (node_t k = start[x + 1] - 1; k >= start[x]; k--) {
                    i = covers[k];
                    uncover(L, up, down, len, left, right, i);
                    EMIT(((int64_t)i << KIND_BITS) | UNCOVER);
                }
                steps += cc;
            } else {
                int64_t made = uncommit(L, up, down, len, left, right, colour, x, record ? &events : NULL);
                if (made < 0)
                    goto out_of_memory;
                steps += made;
            }
            x = down[x];
            retreat = 0;
        } else if (forward) {
            forward = 0;
            if (steps + 3 > step_cap) {
                ending = LIMIT_STEPS;
                forward = 1;        /* where a resumed run starts */
                break;
            }
            if (right[root] == root) {
                /* Every primary item is covered: a solution. */
                found++;
                steps++;
                EMIT(((int64_t)level << KIND_BITS) | SOLUTION);
                int ok = 1;         /* nothing kept or handed over (a count): no GIL */
                if (s.keep != 0 || s.on_solution != Py_None) {
                    PyEval_RestoreThread(thread);
                    ok = hand_over(&s, L, choice, level, kept);
                    thread = PyEval_SaveThread();
                }
                if (!ok) {
                    failed = 1;
                    break;
                }
                if (s.keep < 0 || kept < s.keep)
                    kept++;
                if (found == solution_cap) {
                    ending = LIMIT_SOLUTIONS;
                    retreat = 1;    /* where a resumed run starts */
                    break;
                }
                retreat = 1;
                continue;
            }
            /* Fewest options first, ties to the leftmost: the leftmost smallest len among the
             * primary items, covered ones carrying the mark (the item list keeps id order).
             * Scanning the array, not walking the list: no load waits for the one before,
             * and the compiler turns the minimum into vector instructions. */
            i = right[root];
            if (mrv)
                i = fewest(len, L->primary);
            if (level == base && s.first >= 0)
                i = (node_t)s.first;
            if (level == levels) {
                item_at[levels] = choice[levels] = i;
                levels++;
            } else {
                item_at[level] = i;
            }
            EMIT(((int64_t)i << KIND_BITS) | CHOOSE);
            if (record) {
                if (sizes.used == sizes.room && !grow(&sizes))
                    goto out_of_memory;
                sizes.data[sizes.used++] = len[i];
            }
            cover(L, up, down, len, left, right, i);
            EMIT(((int64_t)i << KIND_BITS) | COVER);
            steps += 2;
            x = down[i];
            if (x == i) {
                dead_ends++;
                steps++;
                EMIT(((int64_t)i << KIND_BITS) | DEAD_END);
            }
        }
        /* Try option x at this level, or leave the level when none is left. */
        i = item_at[level];
        if (x == i) {
            if (steps + 2 > step_cap) {
                ending = LIMIT_STEPS;
                break;
            }
            uncover(L, up, down, len, left, right, i);
            steps += 2;
            EMIT(((int64_t)i << KIND_BITS) | UNCOVER);
            EMIT(((int64_t)level << KIND_BITS) | BACKUP);
            retreat = 1;
            continue;
        }
        node_t cc = start[x + 1] - start[x];
        if (steps + 1 + cc > step_cap) {
            ending = LIMIT_STEPS;
            break;
        }
        nodes++;
        done += work[x];
        if (done >= look_at) {
            look_at = done + look_every;
            if (s.deadline >= 0 || s.cancelled != Py_None) {
                int seen;
                if (free_look)
                    seen = look_free(&s);
                else {
                    PyEval_RestoreThread(thread);
                    seen = look(&s, record ? events.used : 0, dead_ends);
                    thread = PyEval_SaveThread();
                }
                if (seen != 0) {
                    nodes--;
                    if (seen < 0)
                        failed = 1;
                    else
                        ending = seen;
                    break;
                }
            }
        }
        choice[level] = x;
        EMIT(((int64_t)option_of[x] << KIND_BITS) | TRY);
        if (colour == NULL) {
            steps += 1 + cc;
            for (node_t k = start[x]; k < start[x + 1]; k++) {
                i = covers[k];
                cover(L, up, down, len, left, right, i);
                EMIT(((int64_t)i << KIND_BITS) | COVER);
            }
        } else {
            int64_t made = commit(L, up, down, len, left, right, colour, x, record ? &events : NULL);
            if (made < 0)
                goto out_of_memory;
            steps += 1 + made;
        }
        level++;
        forward = 1;
    }
    if (0) {
out_of_memory:
        failed = 2;
    }
    PyEval_RestoreThread(thread);
    C->running = 0;
    if (!failed && ending != ENDED && ending != LIMIT_CANCELLED) {
        C->level = level, C->levels = levels, C->x = x, C->base = (node_t)base;
        C->forward = forward, C->retreat = retreat, C->first = s.first, C->paused = 1;
    }
    PyObject *result = NULL;
    if (failed == 2)
        PyErr_NoMemory();
    if (!failed) {
        PyObject *ev = record ? bytes_of(&events) : Py_NewRef(Py_None);
        PyObject *sz = record ? bytes_of(&sizes) : Py_NewRef(Py_None);
        if (ev && sz)
            result = Py_BuildValue("(iLLLLiiOO)", ending, (long long)found, (long long)nodes, (long long)dead_ends,
                                   (long long)steps, (int)levels, (int)level, ev, sz);
        Py_XDECREF(ev);
        Py_XDECREF(sz);
    }
    PyMem_RawFree(events.data);
    PyMem_RawFree(sizes.data);
    return result;
}

/* Knuth's Algorithm M for a problem with bounds: Core.run_bounded (exact_cover calls it instead of run).
 * The header uses Links, Core, Buffer, grow, usable, Settings, hand_over, look and bytes_of. */
#include "_dlx_bounds.h"

static PyMethodDef core_methods[] = {
    {"cover", (PyCFunction)core_cover, METH_O, PyDoc_STR("cover(i): cover item i (before run).")},
    {"uncover", (PyCFunction)core_uncover, METH_O,
     PyDoc_STR("uncover(i): undo the last cover, which must be of item i (before run).")},
    {"place", (PyCFunction)core_place, METH_O,
     PyDoc_STR("place(items): cover them all and return -1, or return the first one covered already.")},
    {"covered", (PyCFunction)core_covered, METH_O, PyDoc_STR("covered(i): whether item i is covered.")},
    {"arrays", (PyCFunction)core_arrays, METH_NOARGS, PyDoc_STR("(up, down, len, left, right) as lists.")},
    {"run", (PyCFunction)core_run, METH_VARARGS, PyDoc_STR("The search loop; see exact_cover.Search.run.")},
    {"run_bounded", (PyCFunction)run_bounded, METH_VARARGS,
     PyDoc_STR("run() for a problem with bounds: Knuth's Algorithm M (see webapp/engine/bounded.py).")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "webapp.engine._dlx.Core",
    .tp_doc = PyDoc_STR("One search over a Links: its own copy of the mutable arrays."),
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = core_new,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "webapp.engine._dlx",
    .m_doc = PyDoc_STR("The compiled search core of webapp.engine.exact_cover (optional; the Python engine is the reference)."),
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__dlx(void)
{
    if (PyType_Ready(&LinksType) < 0 || PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "Links", (PyObject *)&LinksType) < 0 ||
        PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

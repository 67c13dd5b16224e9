/* Plain Sudoku lines of a file, parsed, solved, checked and printed in C: `solve FILE`'s fast path.
 *
 * webapp/cli/batch.py hands this module the bytes of a file (or of standard
 * input) a block at a time; solve_lines() reads line after line, and for each
 * line that is a plain puzzle it knows for certain (exactly N*N cells of
 * '.', '0' and the digits of an N*N grid, N = 4, 9, 16 or 25, no clashing
 * givens) it solves it and writes what the Python path prints for it. Every
 * other line (anything odd, a bad line, a puzzle with rules) it hands back,
 * and the Python path, webapp/cli/commands.py, handles that one line: its
 * errors and words stay the Python path's own. So does every puzzle whose
 * output needs words (no solution, a search stopped by a budget): its figures
 * come back and Python says them (webapp/words/messages.json).
 *
 * The search is webapp/engine's (Algorithm X, fewest options first, ties to
 * the leftmost item, options in id order, or the first item with --choose
 * first), on Sudoku's exact cover as webapp/models/sudoku.py encodes it
 * (items: cell, row-digit, column-digit, box-digit; option (cell, d) with id
 * cell*N + d-1), so it visits the same nodes in the same order, finds the same
 * solutions in the same order and counts the same steps as
 * webapp.engine.exact_cover.Search on sudoku.problem_for(n) with the givens
 * selected: tests/cli/test_batch.py checks it against the engine and the
 * Python path, byte for byte. Its state is not dancing links but what they
 * compute (as in Attractive Chaos's "kudoku" solver), a copy for each level:
 *   mask[i]    item i's options still there, a bit each (bit k: its k-th option)
 *   len[i]     how many options item i has left, plus MARK while i is covered
 * Covering an item walks only its options still there (the set bits of its
 * mask, no test that the branch predictor misses); a try copies its level's
 * state (1.7 KB for 9x9) and covers its option's items in the copy; going
 * back a level is reading that level's copy again, with nothing to undo
 * (measured: docs/performance.md).
 *
 * Every solution is checked by check_grid() (rows, columns and boxes each
 * hold every digit, the givens kept), which shares nothing with the search.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MIN_N 2
#define MAX_N 5            /* 25x25: symbols 1-9 then A-P; larger grids go the Python way */
#define MARK 128           /* added to len[i] while item i is covered (counts stay <= 25) */
#define CHECK_EVERY 1024   /* tries between two looks at the clock */
#define SIGNALS_EVERY 16384 /* tries between two looks at Ctrl-C */

static const char SYMBOLS[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* How a call ends (webapp/models/sudoku_lines.py names them). */
enum { MORE, CHUNK, DEFER, OUTCOME, CHECK_FAILED, INTERRUPTED, RAISED };
/* How a search ends: exact_cover's endings (webapp/engine/_dlx.c's too). */
enum { ENDED, LIMIT_SOLUTIONS, LIMIT_STEPS, LIMIT_TIME, LIMIT_CANCELLED };
/* What is printed: solve's default, --grid, --count. */
enum { LINE, GRID, COUNT };

/* ---------------------------------------------------------------- shape */

/* The exact cover matrix of an empty grid of box side n, as webapp.models.sudoku.problem_for(n). */
typedef struct {
    int n, N, cells, items, options;
    uint16_t *option_items;     /* options * 4: cell, row-digit, column-digit, box-digit item */
    uint16_t *item_options;     /* items * N: each item's options, ids ascending */
    int stride;                 /* entries of a level's mask and len: items, rounded up */
    uint32_t *mask;             /* per level: each item's options still there, bit k its k-th */
    uint8_t *bit_in;            /* options * 4: option o's bit in the mask of its a-th item */
    uint8_t *len;               /* per level: each item's options left, + MARK while it is covered */
    int32_t *item_at, *k_at, *option_at;  /* per level: the item chosen, the index of its option tried */
    uint8_t *givens, *grid;     /* one puzzle's digits, one solution's */
} Shape;

static Shape *shapes[MAX_N + 1];

static Shape *shape_for(int n)
{
    if (shapes[n])
        return shapes[n];
    int N = n * n, cells = N * N, items = 4 * cells, options = cells * N;
    Shape *s = PyMem_Calloc(1, sizeof(Shape));
    if (s == NULL)
        return NULL;
    s->n = n, s->N = N, s->cells = cells, s->items = items, s->options = options;
    s->option_items = PyMem_Malloc((size_t)options * 4 * sizeof(uint16_t));
    s->item_options = PyMem_Malloc((size_t)items * N * sizeof(uint16_t));
    s->stride = (items + 63) / 64 * 64;
    s->mask = PyMem_Malloc((size_t)(cells + 1) * s->stride * sizeof(uint32_t));
    s->bit_in = PyMem_Malloc((size_t)options * 4);
    s->len = PyMem_Malloc((size_t)(cells + 1) * s->stride);
    s->item_at = PyMem_Malloc((size_t)(cells + 1) * sizeof(int32_t));
    s->k_at = PyMem_Malloc((size_t)(cells + 1) * sizeof(int32_t));
    s->option_at = PyMem_Malloc((size_t)(cells + 1) * sizeof(int32_t));
    s->givens = PyMem_Malloc((size_t)cells);
    s->grid = PyMem_Malloc((size_t)cells);
    int *filled = PyMem_Calloc((size_t)items, sizeof(int));
    if (!s->option_items || !s->item_options || !s->mask || !s->bit_in || !s->len || !s->item_at || !s->k_at ||
        !s->option_at || !s->givens || !s->grid || !filled) {
        PyMem_Free(filled);     /* the rest is kept for the process's life only when complete */
        return NULL;
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            for (int d = 0; d < N; d++) {
                int o = (r * N + c) * N + d, b = (r / n) * n + c / n;
                uint16_t *it = s->option_items + 4 * o;
                it[0] = (uint16_t)(r * N + c);                  /* sudoku.item_id(0, r, c) */
                it[1] = (uint16_t)(cells + r * N + d);          /* item_id(1, r, d) */
                it[2] = (uint16_t)(2 * cells + c * N + d);      /* item_id(2, c, d) */
                it[3] = (uint16_t)(3 * cells + b * N + d);      /* item_id(3, box, d) */
                for (int a = 0; a < 4; a++) {                   /* options come in id order */
                    s->bit_in[4 * o + a] = (uint8_t)filled[it[a]];
                    s->item_options[it[a] * N + filled[it[a]]++] = (uint16_t)o;
                }
            }
    PyMem_Free(filled);
    shapes[n] = s;
    return s;
}

/* ---------------------------------------------------------------- the search */

/* Cover option o's four items in one level's state: each is marked, and every option it holds
 * that was there is taken out of the masks and counts of its four items (Knuth's cover,
 * counted). A level's state is a copy of the one above it, so nothing is undone: going back
 * a level is reading its own copy again. */
static inline void cover_option(const Shape *s, uint32_t *restrict mask, uint8_t *restrict len, int o)
{
    const int N = s->N;
    const uint16_t *restrict option_items = s->option_items, *restrict item_options = s->item_options;
    const uint8_t *restrict bit_in = s->bit_in;
    const uint16_t *its = option_items + 4 * o;
    for (int a = 0; a < 4; a++) {
        int i = its[a];
        len[i] += MARK;
        uint32_t bits = mask[i];
        const uint16_t *ops = item_options + i * N;
        while (bits) {
            int p = ops[__builtin_ctz(bits)];
            bits &= bits - 1;
            const uint16_t *q = option_items + 4 * p;
            const uint8_t *b = bit_in + 4 * p;
            mask[q[0]] &= ~(1u << b[0]), len[q[0]]--;
            mask[q[1]] &= ~(1u << b[1]), len[q[1]]--;
            mask[q[2]] &= ~(1u << b[2]), len[q[2]]--;
            mask[q[3]] &= ~(1u << b[3]), len[q[3]]--;
        }
    }
}

/* The item to branch on: the leftmost with the fewest options (mrv), else the leftmost
 * uncovered; -1 when every item is covered (a solution). Counts 0 and 1, most choices,
 * are looked for with memchr first; then the smallest count, scanned. */
static inline int choose_item(const uint8_t *len, int items, int mrv)
{
    if (!mrv) {
        for (int i = 0; i < items; i++)
            if (len[i] < MARK)
                return i;
        return -1;
    }
    const uint8_t *at = memchr(len, 0, (size_t)items);
    if (at == NULL)
        at = memchr(len, 1, (size_t)items);
    if (at != NULL)
        return (int)(at - len);
    uint8_t least = 255;
    for (int i = 0; i < items; i++)
        least = len[i] < least ? len[i] : least;
    if (least >= MARK)
        return -1;
    return (int)((const uint8_t *)memchr(len, least, (size_t)items) - len);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);     /* time.perf_counter's clock on Linux */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---------------------------------------------------------------- output */

typedef struct {
    char *data;
    Py_ssize_t used, room;
} Text;

static int put(Text *t, const char *s, Py_ssize_t n)
{
    if (n == 0)
        return 1;       /* nothing to copy (and t->data may still be NULL: memcpy must not see it) */
    if (t->used + n > t->room) {
        Py_ssize_t room = t->room ? t->room : 1 << 16;
        while (room < t->used + n)
            room *= 2;
        char *data = PyMem_Realloc(t->data, (size_t)room);
        if (data == NULL)
            return 0;
        t->data = data, t->room = room;
    }
    memcpy(t->data + t->used, s, (size_t)n);
    t->used += n;
    return 1;
}

/* A grid as sudoku.format_grid(grid, "line") or "grid" prints it, each followed by a newline
 * (and the grid form by the empty line solve prints after it). */
static int put_grid(Text *t, const uint8_t *grid, int n, int style)
{
    const int N = n * n;
    char row[4 * 25 + 8];
    if (style == LINE) {
        char line[25 * 25 + 1];
        for (int k = 0; k < N * N; k++)
            line[k] = grid[k] ? SYMBOLS[grid[k] - 1] : '.';
        line[N * N] = '\n';
        return put(t, line, N * N + 1);
    }
    for (int r = 0; r < N; r++) {
        int w = 0;
        for (int c = 0; c < N; c++) {
            if (c > 0)
                w += c % n == 0 ? (memcpy(row + w, " | ", 3), 3) : (row[w] = ' ', 1);
            row[w++] = SYMBOLS[grid[r * N + c] - 1];
        }
        row[w++] = '\n';
        if (!put(t, row, w))
            return 0;
        if (r % n == n - 1 && r != N - 1) {
            w = 0;
            for (int b = 0; b < n; b++) {
                if (b > 0)
                    memcpy(row + w, "-+-", 3), w += 3;
                memset(row + w, '-', (size_t)(2 * n - 1)), w += 2 * n - 1;
            }
            row[w++] = '\n';
            if (!put(t, row, w))
                return 0;
        }
    }
    return put(t, "\n", 1);
}

/* The independent checker (as sudoku.is_solution): every cell filled with 1..N, every row,
 * column and box holding each digit once, every given kept. Shares nothing with the search. */
static int check_grid(const uint8_t *givens, const uint8_t *grid, int n)
{
    const int N = n * n;
    for (int k = 0; k < N * N; k++)
        if (grid[k] < 1 || grid[k] > N || (givens[k] && givens[k] != grid[k]))
            return 0;
    const uint32_t every = (uint32_t)((1ull << N) - 1);
    for (int u = 0; u < N; u++) {
        uint32_t row = 0, column = 0, box = 0;
        for (int v = 0; v < N; v++) {
            row |= 1u << (grid[u * N + v] - 1);
            column |= 1u << (grid[v * N + u] - 1);
            box |= 1u << (grid[((u / n) * n + v / n) * N + (u % n) * n + v % n] - 1);
        }
        if (row != every || column != every || box != every)
            return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- one puzzle */

typedef struct {
    long long limit, step_cap;  /* solutions to stop at (-1: all), steps (LLONG_MAX: none) */
    double max_seconds;         /* < 0: none */
    int mrv, style;
    PyObject *interrupted;      /* a callable, or None */
} Settings;

typedef struct {
    int ending, failed;         /* failed: 1 a Python error, 2 a grid the checker refused, 3 out of memory */
    long long found, nodes, dead_ends, steps, levels;
} Result;

/* Whether Ctrl-C was pressed: the signal handlers run (a second Ctrl-C raises: -1), then
 * the command's flag is asked. */
static int interrupted_now(const Settings *set)
{
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (set->interrupted == Py_None)
        return 0;
    PyObject *r = PyObject_CallNoArgs(set->interrupted);
    if (r == NULL)
        return -1;
    int yes = PyObject_IsTrue(r);
    Py_DECREF(r);
    return yes;
}

/* Solve the puzzle in s->givens (its givens' items distinct), writing each solution to out
 * (unless counting). Mirrors exact_cover.Search.run's loop step for step (its budget checks
 * and its step counts: choose + cover 2, a dead end 1, a try 1 + 3 covers, leaving a level
 * uncover + back up 2, undoing a try 3 uncovers, a solution 1). */
static Result solve_one(Shape *s, const Settings *set, Text *out, long long *since_signals)
{
    Result res = {0};
    const int N = s->N, items = s->items, stride = s->stride;
    int32_t *item_at = s->item_at, *k_at = s->k_at, *option_at = s->option_at;
    for (int j = 0; j < items; j++)
        s->mask[j] = (uint32_t)((1ull << N) - 1);
    memset(s->len, N, (size_t)stride);
    for (int k = 0; k < s->cells; k++)
        if (s->givens[k])
            cover_option(s, s->mask, s->len, k * N + s->givens[k] - 1);
    uint32_t *mask = s->mask;       /* this level's state: level l's is at l * stride in both */
    uint8_t *len = s->len;
    const long long cap = set->step_cap, limit = set->limit;
    const double deadline = set->max_seconds >= 0 ? now() + set->max_seconds : -1;
    long long steps = 0, nodes = 0, check_at = CHECK_EVERY;
    int level = 0, i, k;
    int ending = ENDED;

forward:
    if (steps + 3 > cap) {
        ending = LIMIT_STEPS;
        goto done;
    }
    i = choose_item(len, items, set->mrv);
    if (i < 0) {
        /* Every item is covered: a solution. */
        res.found++;
        steps++;
        if (set->style != COUNT) {
            memcpy(s->grid, s->givens, (size_t)s->cells);
            for (int l = 0; l < level; l++)
                s->grid[option_at[l] / N] = (uint8_t)(option_at[l] % N + 1);
            if (!check_grid(s->givens, s->grid, s->n)) {
                res.failed = 2;
                return res;
            }
            if (!put_grid(out, s->grid, s->n, set->style)) {
                res.failed = 3;
                return res;
            }
        }
        if (res.found == limit) {
            ending = LIMIT_SOLUTIONS;
            goto done;
        }
        goto retreat;
    }
    if (level + 1 > res.levels)
        res.levels = level + 1;
    item_at[level] = i;
    k_at[level] = -1;
    steps += 2;
    if (len[i] == 0) {
        res.dead_ends++;
        steps++;
    }
next_option:
    i = item_at[level];
    {
        uint32_t left = mask[i] & (uint32_t)(~0ull << (k_at[level] + 1));     /* past the last tried */
        k = left ? __builtin_ctz(left) : N;
    }
    if (k == N) {
        /* No option left: uncover the item and back up. */
        if (steps + 2 > cap) {
            ending = LIMIT_STEPS;
            goto done;
        }
        steps += 2;
        goto retreat;
    }
    if (steps + 4 > cap) {
        ending = LIMIT_STEPS;
        goto done;
    }
    nodes++;
    if (nodes >= check_at) {
        check_at = nodes + CHECK_EVERY;
        if (deadline >= 0 && now() >= deadline) {
            nodes--;
            ending = LIMIT_TIME;
            goto done;
        }
        *since_signals += CHECK_EVERY;
        if (*since_signals >= SIGNALS_EVERY) {
            *since_signals = 0;
            int pressed = interrupted_now(set);
            if (pressed != 0) {
                nodes--;
                if (pressed < 0) {
                    res.failed = 1;
                    return res;
                }
                ending = LIMIT_CANCELLED;
                goto done;
            }
        }
    }
    k_at[level] = k;
    option_at[level] = s->item_options[i * N + k];
    memcpy(mask + stride, mask, (size_t)items * sizeof(uint32_t));
    memcpy(len + stride, len, (size_t)stride);
    mask += stride, len += stride;
    cover_option(s, mask, len, option_at[level]);
    steps += 4;
    level++;
    goto forward;

retreat:
    if (level == 0)
        goto done;
    if (steps + 3 > cap) {
        ending = LIMIT_STEPS;
        goto done;
    }
    level--;
    mask -= stride, len -= stride;      /* the state before the try: uncovering its items */
    steps += 3;
    goto next_option;

done:
    *since_signals += nodes % CHECK_EVERY;
    res.ending = ending;
    res.nodes = nodes;
    res.steps = steps;
    return res;
}

/* ---------------------------------------------------------------- lines */

/* The box side of a line that is certainly a plain puzzle (its digits into givens), else 0. */
static int read_puzzle(const char *p, Py_ssize_t length, uint8_t *givens)
{
    int n = 0;
    for (int m = MIN_N; m <= MAX_N; m++)
        if (length == (Py_ssize_t)m * m * m * m)
            n = m;
    if (n == 0)
        return 0;
    const int N = n * n;
    for (Py_ssize_t k = 0; k < length; k++) {
        char ch = p[k];
        int d;
        if (ch == '.' || ch == '0')
            d = 0;
        else if (ch >= '1' && ch <= '9')
            d = ch - '0';
        else if (ch >= 'A' && ch <= 'Z')
            d = ch - 'A' + 10;
        else
            return 0;
        if (d > N)
            return 0;
        givens[k] = (uint8_t)d;
    }
    return n;
}

/* Whether the givens' items are all distinct (no two givens clash: check_givens says why). */
static int givens_fit(const Shape *s)
{
    uint8_t seen[4 * 625];
    memset(seen, 0, (size_t)s->items);
    for (int k = 0; k < s->cells; k++)
        if (s->givens[k]) {
            const uint16_t *it = s->option_items + 4 * (k * s->N + s->givens[k] - 1);
            for (int a = 0; a < 4; a++)
                if (seen[it[a]]++)
                    return 0;
        }
    return 1;
}

static int blank_char(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

/* solve_lines(data, start, eof, line, settings, interrupted)
 *   settings = (limit, max_steps, max_seconds, mrv, style): -1 for no limit, no max_steps,
 *   max_seconds < 0 for none; style 0 line, 1 grid, 2 count.
 * -> (output, position, line, puzzles, stop, extra)
 * Reads lines from data[start:] (line: the number of the first), ended as Python's text mode
 * ends them (\n, \r\n or \r); the last one without an ending only when eof. Blank lines and
 * '#' comments are passed over as webapp.cli.commands.numbered does. stop says why it returned:
 *   MORE         every complete line is done; position: where the next begins
 *   CHUNK        enough done for one call (Python updates the progress bar, looks at Ctrl-C)
 *   DEFER        the line at position (number: line) is Python's; extra = (end of its text, next)
 *   OUTCOME      that line's puzzle needs words; extra = (next, ending, found, nodes, dead ends,
 *                steps, levels, its grids as text); position and line are those of the puzzle
 *   CHECK_FAILED a solution of that line failed the checker
 *   INTERRUPTED  Ctrl-C, before the line at position
 *   RAISED       a second Ctrl-C raised; extra = the exception (output holds what came before)
 * puzzles: the puzzles solved and printed in this call. */
static PyObject *solve_lines(PyObject *module, PyObject *args)
{
    Py_buffer view;
    Py_ssize_t start, line;
    int eof;
    Settings set;
    PyObject *interrupted;
    long long max_steps;
    if (!PyArg_ParseTuple(args, "y*npn(LLdpi)O", &view, &start, &eof, &line, &set.limit, &max_steps,
                          &set.max_seconds, &set.mrv, &set.style, &interrupted))
        return NULL;
    set.step_cap = max_steps < 0 ? LLONG_MAX : max_steps;
    set.interrupted = interrupted;
    if (start < 0 || start > view.len || set.limit == 0 || set.style < LINE || set.style > COUNT ||
        (interrupted != Py_None && !PyCallable_Check(interrupted))) {
        PyBuffer_Release(&view);
        return PyErr_Format(PyExc_ValueError, "solve_lines: bad arguments");
    }
    const char *data = view.buf;
    const Py_ssize_t size = view.len;
    Text out = {0}, grids = {0};
    Py_ssize_t pos = start, puzzles = 0;
    long long work = 0, since_signals = 0;
    int stop = MORE;
    PyObject *extra = NULL;

    while (pos < size) {
        Py_ssize_t end = pos, next;
        while (end < size && data[end] != '\n' && data[end] != '\r')
            end++;
        if (end == size) {
            if (!eof)
                break;
            next = size;
        } else if (data[end] == '\r') {
            if (end + 1 == size && !eof)
                break;          /* a \n may follow in the next block */
            next = end + 1 < size && data[end + 1] == '\n' ? end + 2 : end + 1;
        } else {
            next = end + 1;
        }
        const char *p = data + pos;
        Py_ssize_t length = end - pos, lead = 0;
        while (lead < length && blank_char(p[lead]))
            lead++;
        if (lead == length || p[lead] == '#') {     /* blank, or a comment */
            pos = next, line++;
            continue;
        }
        if (work >= (1 << 18) || puzzles >= 4096 || out.used >= (1 << 20)) {
            stop = CHUNK;
            break;
        }
        if (since_signals >= SIGNALS_EVERY) {
            since_signals = 0;
            int pressed = interrupted_now(&set);
            if (pressed != 0) {
                stop = pressed < 0 ? RAISED : INTERRUPTED;
                break;
            }
        }
        uint8_t givens[625];
        int n = read_puzzle(p, length, givens);
        Shape *s = n ? shape_for(n) : NULL;
        if (n && s == NULL) {
            PyErr_NoMemory();
            goto fail;
        }
        if (s)
            memcpy(s->givens, givens, (size_t)s->cells);
        if (s == NULL || !givens_fit(s)) {
            stop = DEFER;
            extra = Py_BuildValue("(nn)", end, next);
            break;
        }
        Py_ssize_t before = out.used;
        Result r = solve_one(s, &set, &out, &since_signals);
        work += r.nodes + 1;
        if (r.failed == 1) {
            stop = RAISED;
            break;
        }
        if (r.failed == 2) {
            stop = CHECK_FAILED;
            out.used = before;
            break;
        }
        if (r.failed == 3) {
            PyErr_NoMemory();
            goto fail;
        }
        int stopped = r.ending != ENDED && r.ending != LIMIT_SOLUTIONS;
        if (set.style == COUNT ? r.ending == LIMIT_CANCELLED : (r.found == 0 || stopped)) {
            /* Words are Python's: hand back the figures, and the grids found before the stop. */
            if (!put(&grids, out.data ? out.data + before : "", out.used - before)) {
                PyErr_NoMemory();
                goto fail;
            }
            out.used = before;
            PyObject *text = PyUnicode_DecodeASCII(grids.data ? grids.data : "", grids.used, NULL);
            if (text == NULL)
                goto fail;
            extra = Py_BuildValue("(niLLLLLN)", next, r.ending, r.found, r.nodes, r.dead_ends, r.steps, r.levels,
                                  text);
            stop = OUTCOME;
            break;
        }
        if (set.style == COUNT) {
            char count[64];
            int w = snprintf(count, sizeof count, "line %zd: %lld%s\n", line, r.found,
                             r.ending == ENDED ? "" : r.found ? "+" : "?");
            if (!put(&out, count, w)) {
                PyErr_NoMemory();
                goto fail;
            }
        }
        puzzles++;
        pos = next, line++;
    }
    if (stop == RAISED) {
        PyObject *type, *value, *trace;
        PyErr_Fetch(&type, &value, &trace);
        PyErr_NormalizeException(&type, &value, &trace);
        if (value && trace)
            PyException_SetTraceback(value, trace);
        extra = value ? value : Py_NewRef(Py_None);
        Py_XDECREF(type);
        Py_XDECREF(trace);
    }
    if (extra == NULL && PyErr_Occurred())
        goto fail;
    PyObject *text = PyUnicode_DecodeASCII(out.data ? out.data : "", out.used, NULL);
    PyMem_Free(out.data);
    PyMem_Free(grids.data);
    PyBuffer_Release(&view);
    if (text == NULL) {
        Py_XDECREF(extra);
        return NULL;
    }
    return Py_BuildValue("(NnnniN)", text, pos, line, puzzles, stop, extra ? extra : Py_NewRef(Py_None));
fail:
    Py_XDECREF(extra);
    PyMem_Free(out.data);
    PyMem_Free(grids.data);
    PyBuffer_Release(&view);
    return NULL;
}

/* solve_puzzle(text, settings) -> (ending, found, nodes, dead_ends, steps, levels, grids) or None when
 * the text is not a plain puzzle this module reads: one search, for tests and benchmarks. */
static PyObject *solve_puzzle(PyObject *module, PyObject *args)
{
    const char *text;
    Py_ssize_t length;
    Settings set;
    long long max_steps;
    if (!PyArg_ParseTuple(args, "s#(LLdpi)", &text, &length, &set.limit, &max_steps, &set.max_seconds, &set.mrv,
                          &set.style))
        return NULL;
    set.step_cap = max_steps < 0 ? LLONG_MAX : max_steps;
    set.interrupted = Py_None;
    if (set.limit == 0 || set.style < LINE || set.style > COUNT)
        return PyErr_Format(PyExc_ValueError, "solve_puzzle: bad settings");
    uint8_t givens[625];
    int n = read_puzzle(text, length, givens);
    if (n == 0)
        Py_RETURN_NONE;
    Shape *s = shape_for(n);
    if (s == NULL)
        return PyErr_NoMemory();
    memcpy(s->givens, givens, (size_t)s->cells);
    if (!givens_fit(s))
        Py_RETURN_NONE;
    Text out = {0};
    long long since = 0;
    Result r = solve_one(s, &set, &out, &since);
    if (r.failed) {
        PyMem_Free(out.data);
        if (r.failed == 1)
            return NULL;
        if (r.failed == 3)
            return PyErr_NoMemory();
        return PyErr_Format(PyExc_RuntimeError, "the solver returned a grid that is not a solution");
    }
    PyObject *grids = PyUnicode_DecodeASCII(out.data ? out.data : "", out.used, NULL);
    PyMem_Free(out.data);
    if (grids == NULL)
        return NULL;
    return Py_BuildValue("(iLLLLLN)", r.ending, r.found, r.nodes, r.dead_ends, r.steps, r.levels, grids);
}

static PyMethodDef methods[] = {
    {"solve_lines", solve_lines, METH_VARARGS, PyDoc_STR("Solve the plain puzzle lines of a block of a file.")},
    {"solve_puzzle", solve_puzzle, METH_VARARGS, PyDoc_STR("Solve one plain puzzle line (tests, benchmarks).")},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "webapp.models._sudoku_lines",
    .m_doc = PyDoc_STR("solve FILE's compiled fast path for plain Sudoku lines (webapp/models/sudoku_lines.py)."),
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__sudoku_lines(void)
{
    return PyModule_Create(&module);
}

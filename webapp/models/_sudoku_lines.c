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
 * each item's entry, its options still there (a bit each) and how many
 * (webapp/models/_sudoku_lines_search.h), and the items left with one option
 * or none, the choice most often made. Covering an item walks only its
 * options still there (the set bits of its mask); taking an option out of an
 * item is one subtraction (its bit and one from the count); a try copies its
 * level's state (768 bytes for 9x9) and covers its option's items in the
 * copy; going back a level is reading that level's copy again, with nothing
 * to undo (measured against a trail of changes, written back: more
 * instructions; docs/performance.md).
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

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

/* The exact cover matrix of an empty grid of box side n, as webapp.models.sudoku.problem_for(n),
 * and room for the search's state, a block per level (the search's header says what is in one). */
typedef struct {
    int n, N, cells, items, options;
    uint16_t *option_items;     /* options * 4: cell, row-digit, column-digit, box-digit item */
    uint16_t *item_options;     /* items * N: each item's options, ids ascending */
    uint32_t *taken;            /* options * 4: what taking option o out of its a-th item subtracts from
                                   that item's entry: its bit (1 << k, o being the item's k-th option)
                                   and one from its count */
    int entries;                /* a block's entries: the items, rounded up to 16 (the rest FULL) */
    int words;                  /* the 64-bit words of each of a block's two item sets */
    int block;                  /* a level's bytes: entries, then the two sets; a multiple of 32 */
    char *blocks;               /* cells + 1 levels */
    char *block0;               /* the empty grid's block, copied at the start of each puzzle */
    int32_t *item_at, *k_at, *option_at;  /* per level: the item chosen, the index of its option tried */
    uint8_t *givens, *grid;     /* one puzzle's digits, one solution's */
} Shape;

static Shape *shapes[MAX_N + 1];

/* An item's entry (uint16_t for 9x9, uint32_t for the other sizes): bits 0..N-1 its options
 * still there, bit k its k-th; above them (from bit N) how many, plus MARK_OF(N) while it is
 * covered. FULL_OF: the entries past the items, never chosen. */
#define MARK_OF(N) (32u << (N))
#define FULL_OF(wide) ((wide) == 2 ? 0x7fffu : 0x7fffffffu)

static Shape *shape_for(int n)
{
    if (shapes[n])
        return shapes[n];
    int N = n * n, cells = N * N, items = 4 * cells, options = cells * N;
    int wide = n == 3 ? 2 : 4;      /* solve_9 and solve_any below */
    Shape *s = PyMem_Calloc(1, sizeof(Shape));
    if (s == NULL)
        return NULL;
    s->n = n, s->N = N, s->cells = cells, s->items = items, s->options = options;
    s->entries = (items + 15) / 16 * 16;
    s->words = (items + 63) / 64;
    s->block = (s->entries * wide + 2 * s->words * 8 + 31) / 32 * 32;
    s->option_items = PyMem_Malloc((size_t)options * 4 * sizeof(uint16_t));
    s->item_options = PyMem_Malloc((size_t)items * N * sizeof(uint16_t));
    s->taken = PyMem_Malloc((size_t)options * 4 * sizeof(uint32_t));
    s->blocks = PyMem_Malloc((size_t)(cells + 1) * s->block);
    s->block0 = PyMem_Calloc(1, (size_t)s->block);
    s->item_at = PyMem_Malloc((size_t)(cells + 1) * sizeof(int32_t));
    s->k_at = PyMem_Malloc((size_t)(cells + 1) * sizeof(int32_t));
    s->option_at = PyMem_Malloc((size_t)(cells + 1) * sizeof(int32_t));
    s->givens = PyMem_Malloc((size_t)cells);
    s->grid = PyMem_Malloc((size_t)cells);
    int *filled = PyMem_Calloc((size_t)items, sizeof(int));
    if (!s->option_items || !s->item_options || !s->taken || !s->blocks || !s->block0 || !s->item_at ||
        !s->k_at || !s->option_at || !s->givens || !s->grid || !filled) {
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
                    s->taken[4 * o + a] = (1u << filled[it[a]]) + (1u << N);
                    s->item_options[it[a] * N + filled[it[a]]++] = (uint16_t)o;
                }
            }
    PyMem_Free(filled);
    uint32_t empty = (uint32_t)((1ull << N) - 1) + ((uint32_t)N << N);     /* every option, N of them */
    for (int i = 0; i < s->entries; i++) {
        uint32_t e = i < items ? empty : FULL_OF(wide);
        if (wide == 2)
            ((uint16_t *)s->block0)[i] = (uint16_t)e;
        else
            ((uint32_t *)s->block0)[i] = e;
    }
    shapes[n] = s;
    return s;
}

/* ---------------------------------------------------------------- the search */

/* Copy n bytes (a multiple of 32) with vector moves. A copy of known size (memcpy, or this loop
 * as GCC recognises it) compiles to "rep movs", whose start costs more than a try's 1 KB copy
 * itself (perf: a quarter of the search's time): the search functions keep GCC from turning
 * this loop into one (VECTOR_COPIES). */
#if defined(__GNUC__) && !defined(__clang__)
#define VECTOR_COPIES __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define VECTOR_COPIES
#endif
typedef uint8_t Chunk __attribute__((vector_size(32), aligned(1), may_alias));

/* The search is compiled twice on x86-64 Linux with GCC, for AVX2 (a 32-byte chunk in one move)
 * and for any x86-64, and the loader picks the one this processor runs (an ifunc). */
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__clang__)
#define VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VECTOR_CLONES
#endif

static inline __attribute__((always_inline)) VECTOR_COPIES void copy_chunks(void *restrict to,
                                                                           const void *restrict from, int n)
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 32
#endif
    for (int k = 0; k < n; k += 32)
        *(Chunk *)((char *)to + k) = *(const Chunk *)((const char *)from + k);
}

/* The first item of a set (64-bit words), or -1 when it is empty. */
static inline int first_in(const uint64_t *set, int words)
{
    for (int w = 0; w < words; w++)
        if (set[w])
            return w * 64 + __builtin_ctzll(set[w]);
    return -1;
}

#if defined(__SSE2__)
#include <emmintrin.h>
/* The leftmost of 9x9's entries with the fewest options (its count is entry >> 9, covered ones
 * carry the mark and FULL the most), or -1 when every item is covered. One pass finds the least
 * entry, a second the first whose count is that one's. Entries are below 0x8000: signed 16-bit
 * minimums order them. */
static inline int fewest_9(const uint16_t *entry, int entries)
{
    __m128i least = _mm_loadu_si128((const __m128i *)entry);
    for (int k = 8; k < entries; k += 8)
        least = _mm_min_epi16(least, _mm_loadu_si128((const __m128i *)(entry + k)));
    least = _mm_min_epi16(least, _mm_srli_si128(least, 8));
    least = _mm_min_epi16(least, _mm_srli_si128(least, 4));
    least = _mm_min_epi16(least, _mm_srli_si128(least, 2));
    unsigned t = ((unsigned)_mm_cvtsi128_si32(least) & 0xffffu) >> 9;
    if (t >= MARK_OF(9) >> 9)
        return -1;
    __m128i want = _mm_set1_epi16((short)t);
    for (int k = 0;; k += 8) {
        __m128i count = _mm_srli_epi16(_mm_loadu_si128((const __m128i *)(entry + k)), 9);
        int hit = _mm_movemask_epi8(_mm_cmpeq_epi16(count, want));
        if (hit)
            return k + __builtin_ctz((unsigned)hit) / 2;
    }
}
#define HAVE_FEWEST_9 1
#endif

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

/* The search, compiled for 9x9 (its sizes constants: the loops unrolled) and for every size. */
#define SEARCH solve_9
#define ENTRY_T uint16_t
#define FIXED_N 9
#include "_sudoku_lines_search.h"

#define SEARCH solve_any
#define ENTRY_T uint32_t
#define FIXED_N 0
#include "_sudoku_lines_search.h"

static Result solve_one(Shape *s, const Settings *set, Text *out, long long *since_signals)
{
    return s->n == 3 ? solve_9(s, set, out, since_signals) : solve_any(s, set, out, since_signals);
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

/* The search of webapp/models/_sudoku_lines.c, written once and compiled twice:
 *
 *   SEARCH   the function's name
 *   ENTRY_T  an item's entry: uint16_t for 9x9, uint32_t for the others
 *   FIXED_N  the grid's side when known at compile time (9: the 9x9 loops unrolled), else 0
 *
 * _sudoku_lines.c includes this file once for 9x9 (solve_9) and once for every other size
 * (solve_any). A level's state is one block (Shape.block bytes), copied for each try:
 *   entry[i]   item i's options still there (bit k: its k-th option) and, above them, how many,
 *              plus the mark while i is covered (MARK_OF)
 *   zero, one  the uncovered items with no option left and with one (64-bit words): the item
 *              to branch on is most often one of them (at 87% of the choices on the forum's
 *              hardest a single option is left, at 7% none), found without reading the entries
 */

/* Cover item i of family f (0 cell, 1 row-digit, 2 column-digit, 3 box-digit; every option
 * holds its cell item first, then its row-, column- and box-digit items, so i is the f-th item
 * of each of its options): mark it, and take each of its options still there out of that
 * option's other three items (Knuth's cover, counted): one subtraction an item takes the
 * option's bit and one from the count. An item whose count falls to 1 or 0 joins the set
 * `one` or `zero`. Item i's own entry keeps its options: a covered item's are not looked at
 * again in this level's copy (and no option still there holds a covered item). */
static inline __attribute__((always_inline)) VECTOR_COPIES void CAT(SEARCH, _cover_item)(
    const Shape *s, ENTRY_T *restrict entry, uint64_t *restrict zero, uint64_t *restrict one, int i, int f)
{
    const int N = FIXED_N ? FIXED_N : s->N;
    const uint16_t *restrict option_items = s->option_items;
    const uint32_t *restrict taken = s->taken;
    const uint16_t *ops = s->item_options + i * N;
    const ENTRY_T few = (ENTRY_T)(2u << N);     /* an entry below it has fewer than 2 options */
    ENTRY_T bits = entry[i] & (ENTRY_T)((1u << N) - 1);
    entry[i] += (ENTRY_T)MARK_OF(N);
    one[i >> 6] &= ~(1ull << (i & 63));     /* an item of the option being placed lost that option */
    zero[i >> 6] &= ~(1ull << (i & 63));    /* already, and may have joined a set: it leaves it */
    while (bits) {
        int p = ops[__builtin_ctz(bits)];
        bits &= bits - 1;
        const uint16_t *q = option_items + 4 * p;
        const uint32_t *t = taken + 4 * p;
        for (int a = 0; a < 4; a++)
            if (a != f) {
                int j = q[a];
                ENTRY_T e = (ENTRY_T)(entry[j] - (ENTRY_T)t[a]);
                entry[j] = e;
                if (e < few) {
                    uint64_t bit = 1ull << (j & 63);
                    if (e >> N) {
                        one[j >> 6] |= bit;
                    } else {
                        one[j >> 6] &= ~bit;
                        zero[j >> 6] |= bit;
                    }
                }
            }
    }
}

/* Cover option o's four items in one level's state. */
static inline __attribute__((always_inline)) VECTOR_COPIES void CAT(SEARCH, _cover_option)(
    const Shape *s, ENTRY_T *restrict entry, uint64_t *restrict zero, uint64_t *restrict one, int o)
{
    const uint16_t *its = s->option_items + 4 * o;
    CAT(SEARCH, _cover_item)(s, entry, zero, one, its[0], 0);
    CAT(SEARCH, _cover_item)(s, entry, zero, one, its[1], 1);
    CAT(SEARCH, _cover_item)(s, entry, zero, one, its[2], 2);
    CAT(SEARCH, _cover_item)(s, entry, zero, one, its[3], 3);
}

/* The item to branch on: the leftmost with the fewest options (exact_cover's "mrv": an item
 * with none, else one with one, else the entries scanned), or the leftmost uncovered ("first");
 * -1 when every item is covered (a solution). */
static inline __attribute__((always_inline)) int CAT(SEARCH, _choose)(const Shape *s, const ENTRY_T *entry,
                                                                      const uint64_t *zero, const uint64_t *one,
                                                                      int mrv)
{
    const int N = FIXED_N ? FIXED_N : s->N;
    const int items = FIXED_N ? 4 * FIXED_N * FIXED_N : s->items;
    const int words = FIXED_N ? (4 * FIXED_N * FIXED_N + 63) / 64 : s->words;     /* as shape_for */
    const ENTRY_T mark = (ENTRY_T)MARK_OF(N);
    if (!mrv) {
        for (int i = 0; i < items; i++)
            if (entry[i] < mark)
                return i;
        return -1;
    }
    int i = first_in(zero, words);
    if (i >= 0)
        return i;
    i = first_in(one, words);
    if (i >= 0)
        return i;
#if FIXED_N == 9 && defined(HAVE_FEWEST_9)
    return fewest_9(entry, s->entries);
#else
    ENTRY_T least = (ENTRY_T)FULL_OF(sizeof(ENTRY_T));
    for (int k = 0; k < items; k++)
        least = entry[k] < least ? entry[k] : least;
    if (least >= mark)
        return -1;
    for (i = 0; entry[i] >> N != least >> N; i++)
        ;
    return i;
#endif
}

/* Solve the puzzle in s->givens (its givens' items distinct), writing each solution to out
 * (unless counting). Mirrors exact_cover.Search.run's loop step for step (its budget checks
 * and its step counts: choose + cover 2, a dead end 1, a try 1 + 3 covers, leaving a level
 * uncover + back up 2, undoing a try 3 uncovers, a solution 1). */
static VECTOR_CLONES VECTOR_COPIES Result SEARCH(Shape *s, const Settings *set, Text *out, long long *since_signals)
{
    Result res = {0};
    const int N = FIXED_N ? FIXED_N : s->N;
    /* shape_for's sizes, constants for a fixed size */
    const int items = 4 * N * N, entries = FIXED_N ? (items + 15) / 16 * 16 : s->entries;
    const int words = FIXED_N ? (items + 63) / 64 : s->words, sets = entries * (int)sizeof(ENTRY_T);
    const int block = FIXED_N ? (sets + 2 * words * 8 + 31) / 32 * 32 : s->block;
    int32_t *item_at = s->item_at, *k_at = s->k_at, *option_at = s->option_at;
    char *state = s->blocks;        /* this level's block: level l's is at l * block */
#define ENTRY ((ENTRY_T *)state)
#define ZERO ((uint64_t *)(state + sets))
#define ONE ((uint64_t *)(state + sets) + words)
    memcpy(state, s->block0, (size_t)block);
    for (int k = 0; k < s->cells; k++)
        if (s->givens[k])
            CAT(SEARCH, _cover_option)(s, ENTRY, ZERO, ONE, k * N + s->givens[k] - 1);
    const long long cap = set->step_cap, limit = set->limit;
    const double deadline = set->max_seconds >= 0 ? now() + set->max_seconds : -1;
    long long steps = 0, nodes = 0, check_at = CHECK_EVERY;
    int level = 0, i, k;
    int ending = ENDED;
    const int mrv = set->mrv;

forward:
    if (steps + 3 > cap) {
        ending = LIMIT_STEPS;
        goto done;
    }
    i = CAT(SEARCH, _choose)(s, ENTRY, ZERO, ONE, mrv);
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
    if (ENTRY[i] >> N == 0) {
        res.dead_ends++;
        steps++;
    }
next_option:
    i = item_at[level];
    {
        uint32_t left = (uint32_t)ENTRY[i] & (uint32_t)((1ull << N) - 1) & (uint32_t)(~0ull << (k_at[level] + 1));
        /* its options past the last tried */
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
    copy_chunks(state + block, state, block);
    state += block;
    CAT(SEARCH, _cover_option)(s, ENTRY, ZERO, ONE, option_at[level]);
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
    state -= block;                     /* the state before the try: uncovering its items */
    steps += 3;
    goto next_option;

done:
    *since_signals += nodes % CHECK_EVERY;
    res.ending = ending;
    res.nodes = nodes;
    res.steps = steps;
    return res;
}

#undef ENTRY
#undef ZERO
#undef ONE
#undef SEARCH
#undef ENTRY_T
#undef FIXED_N

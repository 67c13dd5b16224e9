/* A dead end with bounds (Knuth's DLX3), in C: webapp/analysis/bounded_facts.py, its reference.
 * Included by _facts_pass.h after the Pass; read bounded_facts.py's glossary first (choice, full,
 * blocked, conflict, reason). The pass keeps, per open level, whether it sets its tries aside, and
 * per option the level that set it aside (aside_level, -1: none); a dead end gathers each option's
 * least reasons (level sets, W words each), then the jump_to, the conflict set kept (dropping the
 * deepest levels first) and the smallest conflict set, by the same branch and bound. The answer is
 * unique (the least of the smallest), so only the result must equal Python's, not the order of work. */

/* One dead end's scratch, kept from call to call (the GIL is held): per item of the item's options
 * a slot (its holders' levels, how many hold it, a holder's colour, whether a given holds it). */
static int64_t *bd_slot_stamp, *bd_slot_of, *bd_option_stamp, bd_stamp;
static Py_ssize_t bd_items, bd_options;
static Bits bd_holders, bd_sets, bd_stack;
static Vec bd_count, bd_colour, bd_given, bd_first;

static int bd_reserve(Py_ssize_t n_items, Py_ssize_t n_options)
{
    if (bd_items < n_items) {
        int64_t *a = PyMem_Realloc(bd_slot_stamp, (size_t)n_items * sizeof *a), *b;
        if (a == NULL)
            return PyErr_NoMemory(), -1;
        bd_slot_stamp = a;
        if ((b = PyMem_Realloc(bd_slot_of, (size_t)n_items * sizeof *b)) == NULL)
            return PyErr_NoMemory(), -1;
        bd_slot_of = b;
        memset(bd_slot_stamp, 0, (size_t)n_items * sizeof *a);
        bd_items = n_items;
        bd_stamp = 0;
        if (bd_options)
            memset(bd_option_stamp, 0, (size_t)bd_options * sizeof *bd_option_stamp);
    }
    if (bd_options < n_options) {
        int64_t *a = PyMem_Realloc(bd_option_stamp, (size_t)n_options * sizeof *a);
        if (a == NULL)
            return PyErr_NoMemory(), -1;
        bd_option_stamp = a;
        memset(bd_option_stamp, 0, (size_t)n_options * sizeof *a);
        bd_options = n_options;
        bd_stamp = 0;
        if (bd_items)
            memset(bd_slot_stamp, 0, (size_t)bd_items * sizeof *bd_slot_stamp);
    }
    bd_stamp++;
    return 0;
}

/* How many options (reasons of option q: sets[first[q] .. first[q + 1])) have a reason within levels. */
static int64_t bd_blocked(Py_ssize_t n, const word *levels)
{
    int64_t count = 0;
    for (Py_ssize_t q = 0; q < n; q++)
        for (int64_t r = bd_first.a[q]; r < bd_first.a[q + 1]; r++)
            if (within(bd_sets.a + (size_t)r * W, levels)) {
                count++;
                break;
            }
    return count;
}

typedef struct {
    Py_ssize_t n;
    int64_t needed;
    int best_count;
    word *best;
} Smallest;

/* bounded_facts.smallest_conflict's search; chosen at depth q lives in bd_stack's slot q or above. */
static void bd_search(Smallest *s, Py_ssize_t q, const word *chosen, int count, Py_ssize_t left_out)
{
    if (bd_blocked(s->n, chosen) >= s->needed) {
        if (count < s->best_count || (count == s->best_count && compare(chosen, s->best) < 0)) {
            s->best_count = count;
            memcpy(s->best, chosen, (size_t)W * sizeof(word));
        }
        return;
    }
    if (q == s->n || count + 1 > s->best_count || (count + 1 == s->best_count && compare(chosen, s->best) >= 0)
        || s->n - left_out < s->needed)
        return;
    for (int64_t r = bd_first.a[q]; r < bd_first.a[q + 1]; r++)
        if (within(bd_sets.a + (size_t)r * W, chosen)) {
            bd_search(s, q + 1, chosen, count, left_out);
            return;
        }
    word *more = bd_stack.a + (size_t)(q + 1) * W;
    for (int64_t r = bd_first.a[q]; r < bd_first.a[q + 1]; r++) {
        const word *reason = bd_sets.a + (size_t)r * W;
        for (int w = 0; w < W; w++)
            more[w] = chosen[w] | reason[w];
        bd_search(s, q + 1, more, popcount(more), left_out);
    }
    bd_search(s, q + 1, chosen, count, left_out + 1);
}

/* Add a reason (W words) to the option being gathered. */
static word *bd_add(void)
{
    word *r = bits_grow(&bd_sets, W);
    if (r != NULL)
        memset(r, 0, (size_t)W * sizeof *r);
    return r;
}

/* bounded_facts.dead_end: the culprits and jump_to of a dead end on item at level. */
static int bounded_dead_end(Pass *p, int64_t step, int64_t level, int64_t item)
{
    Py_ssize_t k = p->d_step.n;
    if (vec_push(&p->d_step, step) < 0 || vec_push(&p->d_level, level) < 0 || vec_push(&p->d_item, item) < 0
        || vec_push(&p->d_first, p->d_ruler_level.n) < 0 || vec_push(&p->d_culprit_first, p->d_culprits.n) < 0
        || vec_push(&p->d_back_to, UNKNOWN) < 0 || vec_push(&p->d_wasted, 0) < 0)
        return -1;
    if (bd_reserve(p->n_items, p->n_options) < 0)
        return -1;
    /* A slot for each item of the item's options. */
    Py_ssize_t slots = 0;
    for (int64_t q = p->of_item_start[item]; q < p->of_item_start[item + 1]; q++)
        for (int64_t x = p->start[p->of_item[q]]; x < p->start[p->of_item[q] + 1]; x++) {
            int64_t j = p->items[x];
            if (bd_slot_stamp[j] != bd_stamp) {
                bd_slot_stamp[j] = bd_stamp;
                bd_slot_of[j] = slots++;
            }
        }
    bd_holders.n = bd_count.n = bd_colour.n = bd_given.n = 0;
    if ((slots && bits_grow(&bd_holders, slots * W) == NULL) || vec_reserve(&bd_count, slots) < 0
        || vec_reserve(&bd_colour, slots) < 0 || vec_reserve(&bd_given, slots) < 0)
        return -1;
    if (slots)
        memset(bd_holders.a, 0, (size_t)(slots * W) * sizeof(word));
    for (Py_ssize_t s = 0; s < slots; s++)
        bd_count.a[s] = bd_colour.a[s] = bd_given.a[s] = 0;
    /* The placed options: the givens (level -1) and each level's way. */
    for (int64_t lv = -1 - (int64_t)p->n_givens; lv < level; lv++) {
        int64_t o = lv < -1 ? p->givens[-2 - lv] : lv == -1 ? -1 : p->f_choice[lv];
        if (o < 0)
            continue;
        bd_option_stamp[o] = bd_stamp;
        for (int64_t x = p->start[o]; x < p->start[o + 1]; x++) {
            int64_t j = p->items[x];
            if (bd_slot_stamp[j] != bd_stamp)
                continue;
            int64_t s = bd_slot_of[j];
            bd_count.a[s]++;
            bd_colour.a[s] = colour_at(p, o, x - p->start[o]);
            if (lv < -1)
                bd_given.a[s] = 1;
            else
                set_bit(bd_holders.a + (size_t)s * W, lv + 1);
        }
    }
    /* Each option's least reasons. */
    bd_sets.n = 0;
    bd_first.n = 0;
    Py_ssize_t n = 0;
    int64_t options = 0, always = 0;
    for (int64_t q = p->of_item_start[item]; q < p->of_item_start[item + 1]; q++) {
        int64_t o = p->of_item[q];
        options++;
        word *every = p->every_scratch;
        if (p->details && (every = bits_grow(&p->d_every, W)) == NULL)
            return -1;
        memset(every, 0, (size_t)W * sizeof *every);
        if (vec_push(&p->d_ruler_level, NOT_NAMED) < 0 || (p->details && vec_push(&p->d_ruler, NOT_NAMED) < 0)
            || (p->also_parts++ && also_put(p, ",", 1) < 0))
            return -1;
        if (bd_option_stamp[o] == bd_stamp)
            continue;           /* placed: never blocked */
        Py_ssize_t from = bd_sets.n / W;
        int given = 0;
        word *r;
        if (p->aside_level[o] >= 0) {
            if ((r = bd_add()) == NULL)
                return -1;
            set_bit(r, p->aside_level[o] + 1);
        }
        for (int64_t x = p->start[o]; x < p->start[o + 1] && !given; x++) {
            int64_t j = p->items[x], s = bd_slot_of[j];
            if (j == item || bd_count.a[s] == 0)
                continue;
            const word *held = bd_holders.a + (size_t)s * W;
            if (j < p->primary) {
                if (bd_count.a[s] < p->bounds[2 * j + 1])
                    continue;
                if (is_zero(held)) {
                    given = 1;
                    break;
                }
                if ((r = bd_add()) == NULL)
                    return -1;
                memcpy(r, bd_holders.a + (size_t)s * W, (size_t)W * sizeof *r);
            } else {
                int64_t c = colour_at(p, o, x - p->start[o]);
                if (c != 0 && bd_colour.a[s] == c)
                    continue;
                if (bd_given.a[s]) {
                    given = 1;
                    break;
                }
                for (int w = 0; w < W; w++)
                    for (word rest = held[w]; rest; rest &= rest - 1) {
                        if ((r = bd_add()) == NULL)
                            return -1;
                        r[w] = rest & -rest;
                    }
            }
        }
        if (given) {                /* the givens alone block it */
            bd_sets.n = from * W;
            always++;
            set_bit(every, 0);
            continue;
        }
        /* Keep the least reasons: drop a repeat and any that holds another. */
        Py_ssize_t to = bd_sets.n / W, kept = from;
        for (Py_ssize_t a = from; a < to; a++) {
            const word *ra = bd_sets.a + (size_t)a * W;
            int drop = 0;
            for (Py_ssize_t b = from; b < to && !drop; b++) {
                const word *rb = bd_sets.a + (size_t)b * W;
                if (b != a && within(rb, ra) && (compare(ra, rb) != 0 || b < a))
                    drop = 1;
            }
            if (!drop) {
                if (kept != a)
                    memmove(bd_sets.a + (size_t)kept * W, ra, (size_t)W * sizeof(word));
                kept++;
            }
        }
        bd_sets.n = kept * W;
        if (kept == from)
            continue;
        if (vec_push(&bd_first, from) < 0)
            return -1;
        n++;
        for (Py_ssize_t a = from; a < kept; a++)
            for (int w = 0; w < W; w++)
                every[w] |= bd_sets.a[(size_t)a * W + w];
    }
    if (vec_push(&bd_first, bd_sets.n / W) < 0)
        return -1;
    int64_t needed = options - p->bounds[2 * item] + 1 - always;
    word *conflict = bits_grow(&p->d_conflict, W);
    if (conflict == NULL)
        return -1;
    memset(conflict, 0, (size_t)W * sizeof(word));
    for (int64_t lv = 0; lv < level; lv++)
        set_bit(conflict, lv + 1);
    if (bd_blocked(n, conflict) < needed) {
        PyErr_Format(PyExc_ValueError, "event %lld: the dead end's item %lld is not short under the levels above",
                     (long long)step, (long long)item);
        return -1;
    }
    /* jump_to: the shallowest prefix of levels that conflicts; then drop its deepest levels first. */
    memset(conflict, 0, (size_t)W * sizeof(word));
    int64_t jump = -1;
    while (bd_blocked(n, conflict) < needed) {
        jump++;
        set_bit(conflict, jump + 1);
    }
    for (int64_t lv = jump; lv >= 0; lv--) {
        clear_bit(conflict, lv + 1);
        if (bd_blocked(n, conflict) < needed)
            set_bit(conflict, lv + 1);
    }
    if (vec_push(&p->d_jump_to, jump) < 0)
        return -1;
    word culprits[W];
    memset(culprits, 0, sizeof culprits);
    if (needed > 0) {
        bd_stack.n = 0;
        if (bits_grow(&bd_stack, (n + 2) * W) == NULL)
            return -1;
        memset(bd_stack.a, 0, (size_t)((n + 2) * W) * sizeof(word));
        Smallest s = {n, needed, popcount(conflict), culprits};
        memcpy(culprits, conflict, sizeof culprits);
        bd_search(&s, 0, bd_stack.a, 0, 0);
    }
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

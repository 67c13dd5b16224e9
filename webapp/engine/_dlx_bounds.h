/* Knuth's Algorithm M (DLX3, multiplicities) for the compiled search core: included by
 * webapp/engine/_dlx.c (only there), after core_run, and using its Links, Core, Buffer, grow,
 * usable, Settings, hand_over, look and bytes_of. It has link updates of its own (b_hide ...
 * b_emit, below), so Algorithm X's loop in core_run compiles exactly as it did before bounds.
 *
 * The same search as webapp/engine/bounded.py, statement for statement and event for event: read
 * its glossary (bound, slack, degree, the modes COVER_MODE / TWEAK / SPECIAL, settle).
 * exact_cover.Search calls Core.run_bounded instead of Core.run for a problem with bounds
 * (Links.bound set); the loop of a problem without bounds never looks here.
 */

#ifndef DLX_BOUNDS_H
#define DLX_BOUNDS_H

enum { TAKE = 9, UNTAKE, SETTLE, UNSETTLE };
enum { COVER_MODE, TWEAK, SPECIAL };
enum { M_FORWARD, M_NEXT, M_RESTORE, M_RETREAT };

/* The link updates, again, for this search alone and never inlined: calling _dlx.c's inline hide, cover,
 * purify and emit from here too made the compiler stop inlining them into Algorithm X's loop (measured:
 * 10 queens 10-20% slower), and a problem without bounds must search as fast as before. The same
 * updates as there, in the same order. */
static __attribute__((noinline)) void b_hide(const Links *L, node_t *up, node_t *down, node_t *len, node_t p)
{
    Span s = L->span[p];
    for (node_t q = p + 1; q < s.end; q++) {
        node_t u = up[q], d = down[q];
        down[u] = d;
        up[d] = u;
        len[L->top[q]]--;
    }
    for (node_t q = s.first; q < p; q++) {
        node_t u = up[q], d = down[q];
        down[u] = d;
        up[d] = u;
        len[L->top[q]]--;
    }
}

static __attribute__((noinline)) void b_unhide(const Links *L, node_t *up, node_t *down, node_t *len, node_t p)
{
    Span s = L->span[p];
    for (node_t q = p + 1; q < s.end; q++) {
        down[up[q]] = q;
        up[down[q]] = q;
        len[L->top[q]]++;
    }
    for (node_t q = s.first; q < p; q++) {
        down[up[q]] = q;
        up[down[q]] = q;
        len[L->top[q]]++;
    }
}

static __attribute__((noinline)) void b_cover(const Links *L, Core *C, node_t i)
{
    for (node_t p = C->down[i]; p != i; p = C->down[p])
        b_hide(L, C->up, C->down, C->len, p);
    C->len[i] += L->mark;
    node_t l = C->left[i], r = C->right[i];
    C->right[l] = r;
    C->left[r] = l;
}

static __attribute__((noinline)) void b_uncover(const Links *L, Core *C, node_t i)
{
    C->right[C->left[i]] = i;
    C->left[C->right[i]] = i;
    C->len[i] -= L->mark;
    for (node_t p = C->up[i]; p != i; p = C->up[p])
        b_unhide(L, C->up, C->down, C->len, p);
}

static __attribute__((noinline)) void b_purify(const Links *L, Core *C, node_t p)
{
    node_t *colour = C->colour, i = L->top[p], c = colour[p];
    for (node_t q = C->down[i]; q != i; q = C->down[q]) {
        if (colour[q] != c)
            b_hide(L, C->up, C->down, C->len, q);
        else if (q != p)
            colour[q] = -1;
    }
}

static __attribute__((noinline)) void b_unpurify(const Links *L, Core *C, node_t p)
{
    node_t *colour = C->colour, i = L->top[p], c = colour[p];
    for (node_t q = C->up[i]; q != i; q = C->up[q]) {
        if (colour[q] < 0)
            colour[q] = c;
        else if (q != p)
            b_unhide(L, C->up, C->down, C->len, q);
    }
}

/* One event to a recording (NULL: not recording). 0 when memory ran out. */
static __attribute__((noinline)) int b_emit(Buffer *events, int64_t code)
{
    if (events == NULL)
        return 1;
    if (events->used == events->room && !grow(events))
        return 0;
    events->data[events->used++] = code;
    return 1;
}

/* core_run's hand_over and look, copied: called from here too, the compiler no longer inlined them
 * into core_run (each was called once there), and core_run is to compile exactly as before. */
static __attribute__((noinline)) int b_hand_over(const Settings *s, const Links *L, const node_t *choice, node_t level, int64_t kept)
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
static __attribute__((noinline)) int b_look(const Settings *s, Py_ssize_t recorded, int64_t dead_ends)
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

/* The level's try of x counts one off each other item: cover (most reached, or secondary), take,
 * purify or nothing. The events made, or -1 when memory ran out. */
static int64_t commit_bounded(const Links *L, Core *C, node_t *bound, node_t x, Buffer *events)
{
    const node_t *start = L->others_start, *covers = L->covers, *others = L->others;
    node_t *colour = C->colour;
    int64_t made = 0;
    for (node_t k = start[x]; k < start[x + 1]; k++) {
        node_t q = others[k], j = covers[k];
        int kind;
        if (j < L->primary) {
            if (--bound[j] == 0) {
                b_cover(L, C, j);
                kind = COVER;
            } else {
                kind = TAKE;
            }
        } else {
            node_t c = colour ? colour[q] : 0;
            if (c == 0) {
                b_cover(L, C, j);
                kind = COVER;
            } else if (c > 0) {
                b_purify(L, C, q);
                kind = PURIFY;
            } else {
                continue;   /* an option above gave it this colour */
            }
        }
        if (!b_emit(events, ((int64_t)j << KIND_BITS) | kind))
            return -1;
        made++;
    }
    return made;
}

/* Undo commit_bounded(x), last item first. The events made, or -1 when memory ran out. */
static int64_t uncommit_bounded(const Links *L, Core *C, node_t *bound, node_t x, Buffer *events)
{
    const node_t *start = L->others_start, *covers = L->covers, *others = L->others;
    node_t *colour = C->colour;
    int64_t made = 0;
    for (node_t k = start[x + 1] - 1; k >= start[x]; k--) {
        node_t q = others[k], j = covers[k];
        int kind;
        if (j < L->primary) {
            if (bound[j] == 0) {
                b_uncover(L, C, j);
                kind = UNCOVER;
            } else {
                kind = UNTAKE;
            }
            bound[j]++;
        } else {
            node_t c = colour ? colour[q] : 0;
            if (c == 0) {
                b_uncover(L, C, j);
                kind = UNCOVER;
            } else if (c > 0) {
                b_unpurify(L, C, q);
                kind = UNPURIFY;
            } else {
                continue;
            }
        }
        if (!b_emit(events, ((int64_t)j << KIND_BITS) | kind))
            return -1;
        made++;
    }
    return made;
}

/* Knuth's untweak: put back the options the level's tries set aside from item i's column, from
 * first down; in TWEAK mode also in the columns of their other items. */
static void untweak(const Links *L, Core *C, node_t i, node_t first, int mode)
{
    node_t *up = C->up, *down = C->down;
    node_t last = down[i], above = i, x = first, count = 0;
    down[i] = first;
    while (x != last) {
        up[x] = above;
        count++;
        if (mode == TWEAK)
            b_unhide(L, up, down, C->len, x);
        above = x;
        x = down[x];
    }
    up[last] = above;
    C->len[i] += count;
}

/* The search loop for a problem with bounds: core_run's arguments and result. */
static __attribute__((noinline)) PyObject *run_bounded(Core *C, PyObject *args)
{
    /* The arguments of core_run. */
    if (C->links->bound == NULL)
        return PyErr_Format(PyExc_ValueError, "run_bounded() is for a problem with bounds: use run()");
    Settings settings, *s = &settings;
    if (!PyArg_ParseTuple(args, "ppLLLdddOOO!O", &s->mrv, &s->record, &s->step_cap, &s->solution_cap, &s->keep,
                          &s->deadline, &s->per_event, &s->per_dead_end, &s->clock, &s->cancelled, &PyList_Type,
                          &s->solutions, &s->on_solution))
        return NULL;
    if (!usable(C))
        return NULL;
    if ((s->deadline >= 0 && !PyCallable_Check(s->clock)) || (s->cancelled != Py_None && !PyCallable_Check(s->cancelled)) ||
        (s->on_solution != Py_None && !PyCallable_Check(s->on_solution)))
        return PyErr_Format(PyExc_TypeError, "clock, cancelled and on_solution must be callable or None");
    const Links *L = C->links;
    size_t room = (size_t)L->levels + 1;
    node_t *choice = PyMem_RawMalloc(room * sizeof(node_t)), *item_at = PyMem_RawMalloc(room * sizeof(node_t));
    node_t *first_at = PyMem_RawMalloc(room * sizeof(node_t)), *chosen = PyMem_RawMalloc(room * sizeof(node_t));
    unsigned char *mode_at = PyMem_RawMalloc(room);
    node_t *bound = PyMem_RawMalloc((size_t)(L->primary ? L->primary : 1) * sizeof(node_t));
    if (!choice || !item_at || !first_at || !chosen || !mode_at || !bound) {
        PyMem_RawFree(choice);
        PyMem_RawFree(item_at);
        PyMem_RawFree(first_at);
        PyMem_RawFree(chosen);
        PyMem_RawFree(mode_at);
        PyMem_RawFree(bound);
        return PyErr_NoMemory();
    }
    memcpy(bound, L->bound, (size_t)L->primary * sizeof(node_t));
    C->ran = C->running = 1;

    node_t *up = C->up, *down = C->down, *len = C->len, *left = C->left, *right = C->right;
    const node_t *option_of = L->option_of, *start = L->others_start, *slack = L->slack;
    const int64_t *work = L->work;
    const node_t root = L->root;
    const int record = s->record, mrv = s->mrv;
    const int64_t step_cap = s->step_cap, solution_cap = s->solution_cap, look_every = L->look_every;
    Buffer events = {0}, sizes = {0};
    Buffer *sink = record ? &events : NULL;
    int64_t steps = 0, nodes = 0, dead_ends = 0, found = 0, kept = 0, done = 0, look_at = look_every, made;
    node_t level = 0, levels = 0, x = -1, i;
    int ending = ENDED, failed = 0, state = M_FORWARD;

    PyThreadState *thread = PyEval_SaveThread();
    for (;;) {
        if (state == M_RETREAT) {
            if (level == 0)
                break;
            x = choice[level - 1];
            i = item_at[level - 1];
            if (x == i) {       /* the level above settled its item: undo that, then restore the item */
                if (steps + 1 > step_cap) {
                    ending = LIMIT_STEPS;
                    break;
                }
                level--;
                if (mode_at[level] == TWEAK) {
                    right[left[i]] = i;
                    left[right[i]] = i;
                }
                steps++;
                if (!b_emit(sink, ((int64_t)i << KIND_BITS) | UNSETTLE))
                    goto out_of_memory;
                state = M_RESTORE;
                continue;
            }
            if (steps + (start[x + 1] - start[x]) > step_cap) {
                ending = LIMIT_STEPS;
                break;
            }
            level--;
            if ((made = uncommit_bounded(L, C, bound, x, sink)) < 0)
                goto out_of_memory;
            steps += made;
            x = down[x];
            state = M_NEXT;
            continue;
        }
        if (state == M_FORWARD) {
            if (steps + 3 > step_cap) {
                ending = LIMIT_STEPS;
                break;
            }
            if (right[root] == root) {
                found++;
                steps++;
                if (!b_emit(sink, ((int64_t)level << KIND_BITS) | SOLUTION))
                    goto out_of_memory;
                node_t count = 0;       /* the options tried, without the settled levels */
                for (node_t l = 0; l < level; l++)
                    if (choice[l] >= L->size)
                        chosen[count++] = choice[l];
                PyEval_RestoreThread(thread);
                int ok = b_hand_over(s, L, chosen, count, kept);
                thread = PyEval_SaveThread();
                if (!ok) {
                    failed = 1;
                    break;
                }
                if (s->keep < 0 || kept < s->keep)
                    kept++;
                if (found == solution_cap) {
                    ending = LIMIT_SOLUTIONS;
                    break;
                }
                state = M_RETREAT;
                continue;
            }
            /* The item with the fewest branches; ties: less slack, then more options, then the leftmost. */
            i = right[root];
            node_t sl = slack[i] < bound[i] ? slack[i] : bound[i];
            int64_t best = (int64_t)len[i] + sl - bound[i] + 1;
            if (mrv) {
                node_t best_slack = sl, best_len = len[i];
                for (node_t p = right[i]; p != root; p = right[p]) {
                    node_t b = bound[p], sp = slack[p] < b ? slack[p] : b, lp = len[p];
                    int64_t t = (int64_t)lp + sp - b + 1;
                    if (t < best || (t == best && (sp < best_slack || (sp == best_slack && lp > best_len)))) {
                        i = p;
                        best = t;
                        best_slack = sp;
                        best_len = lp;
                    }
                }
            }
            if (level == levels) {
                item_at[levels] = choice[levels] = i;
                levels++;
            } else {
                item_at[level] = i;
            }
            if (!b_emit(sink, ((int64_t)i << KIND_BITS) | CHOOSE) || !b_emit(record ? &sizes : NULL, best > 0 ? best : 0))
                goto out_of_memory;
            steps++;
            if (--bound[i] == 0) {
                b_cover(L, C, i);
                steps++;
                if (!b_emit(sink, ((int64_t)i << KIND_BITS) | COVER))
                    goto out_of_memory;
            }
            mode_at[level] = bound[i] == 0 && slack[i] == 0 ? COVER_MODE : bound[i] == 0 ? SPECIAL : TWEAK;
            x = first_at[level] = down[i];
            if (best <= 0) {
                dead_ends++;
                steps++;
                if (!b_emit(sink, ((int64_t)i << KIND_BITS) | DEAD_END))
                    goto out_of_memory;
                state = M_RESTORE;
                continue;
            }
            state = M_NEXT;
        }
        if (state == M_RESTORE) {
            i = item_at[level];
            int count = bound[i] == 0 ? 2 : 1;
            if (steps + count > step_cap) {
                ending = LIMIT_STEPS;
                break;
            }
            if (mode_at[level] != COVER_MODE)
                untweak(L, C, i, first_at[level], mode_at[level]);
            if (bound[i] == 0) {
                b_uncover(L, C, i);
                if (!b_emit(sink, ((int64_t)i << KIND_BITS) | UNCOVER))
                    goto out_of_memory;
            }
            bound[i]++;
            steps += count;
            if (!b_emit(sink, ((int64_t)level << KIND_BITS) | BACKUP))
                goto out_of_memory;
            state = M_RETREAT;
            continue;
        }
        /* M_NEXT: branch on the level's item with node x, settle it, or leave the level. */
        i = item_at[level];
        int mode = mode_at[level];
        if (mode == COVER_MODE) {
            if (x == i) {
                state = M_RESTORE;
                continue;
            }
        } else if (mode == TWEAK && len[i] <= bound[i] - slack[i]) {
            state = M_RESTORE;      /* too few options left for the item's least */
            continue;
        }
        int settle = x == i;
        if (steps + (settle ? 1 : 1 + (start[x + 1] - start[x])) > step_cap) {
            ending = LIMIT_STEPS;
            break;
        }
        nodes++;
        done += settle ? 1 : work[x];
        if (done >= look_at) {
            look_at = done + look_every;
            if (s->deadline >= 0 || s->cancelled != Py_None) {
                PyEval_RestoreThread(thread);
                int seen = b_look(s, record ? events.used : 0, dead_ends);
                thread = PyEval_SaveThread();
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
        if (settle) {
            if (mode == TWEAK) {    /* SPECIAL: covered already, out of the list */
                node_t l = left[i], r = right[i];
                right[l] = r;
                left[r] = l;
            }
            steps++;
            if (!b_emit(sink, ((int64_t)i << KIND_BITS) | SETTLE))
                goto out_of_memory;
        } else {
            if (mode != COVER_MODE) {   /* Knuth's tweak: x leaves i's column for the level's later tries */
                if (mode == TWEAK)
                    b_hide(L, up, down, len, x);
                node_t d = down[x];
                down[i] = d;
                up[d] = i;
                len[i]--;
            }
            if (!b_emit(sink, ((int64_t)option_of[x] << KIND_BITS) | TRY))
                goto out_of_memory;
            if ((made = commit_bounded(L, C, bound, x, sink)) < 0)
                goto out_of_memory;
            steps += 1 + made;
        }
        level++;
        state = M_FORWARD;
    }
    if (0) {
out_of_memory:
        failed = 2;
    }
    PyEval_RestoreThread(thread);
    C->running = 0;
    PyMem_RawFree(choice);
    PyMem_RawFree(item_at);
    PyMem_RawFree(first_at);
    PyMem_RawFree(chosen);
    PyMem_RawFree(mode_at);
    PyMem_RawFree(bound);
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

#endif

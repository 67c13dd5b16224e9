/* The checks of a new Links for the compiled search core: included by webapp/engine/_dlx.c (only
 * there), after its Links and Span. Every index in range, every column and the item lists
 * closed, each node's "others" exactly the other nodes of its option: once they hold, no
 * later update can leave the arrays or loop forever.
 */

#ifndef DLX_CHECK_H
#define DLX_CHECK_H

static int in_range(const node_t *a, Py_ssize_t n, node_t lo, node_t hi, const char *name)
{
    for (Py_ssize_t k = 0; k < n; k++)
        if (a[k] < lo || a[k] >= hi) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] = %d is outside %d..%d", name, k, (int)a[k], (int)lo,
                         (int)hi - 1);
            return 0;
        }
    return 1;
}

/* Every invariant cover() and uncover() rely on; 0 with ValueError set when one fails. */
static int links_check(Links *L, Py_ssize_t others_total)
{
    node_t n = L->size, N = L->nodes;
    if (!in_range(L->top, N, 0, n, "top") || !in_range(L->up, N, 0, N, "up") ||
        !in_range(L->down, N, 0, N, "down") || !in_range(L->left, n + 2, 0, n + 2, "left") ||
        !in_range(L->right, n + 2, 0, n + 2, "right") || !in_range(L->len, n, 0, N, "len") ||
        !in_range(L->others, others_total, n, N, "others"))
        return 0;
    for (node_t i = 0; i < n; i++)
        if (L->top[i] != i || L->option_of[i] != -1) {
            PyErr_Format(PyExc_ValueError, "header %d is not its own top with no option", (int)i);
            return 0;
        }
    /* The item lists: root, then 0..primary-1; the second head, then the secondary items. */
    node_t heads[2] = {n, n + 1}, lo[2] = {0, L->primary}, hi[2] = {L->primary, n};
    for (int h = 0; h < 2; h++) {
        node_t prev = heads[h];
        for (node_t i = lo[h]; i <= hi[h]; i++) {
            node_t next = i < hi[h] ? i : heads[h];
            if (L->right[prev] != next || L->left[next] != prev) {
                PyErr_Format(PyExc_ValueError, "the item list is broken at %d", (int)prev);
                return 0;
            }
            prev = next;
        }
    }
    /* Each column: a closed ring through nodes of that item, as long as len says. */
    Py_ssize_t seen = 0;
    for (node_t i = 0; i < n; i++) {
        node_t count = 0;
        for (node_t p = L->down[i]; p != i; p = L->down[p]) {
            if (p < n || L->top[p] != i || L->up[L->down[p]] != p || L->down[L->up[p]] != p || ++count > N) {
                PyErr_Format(PyExc_ValueError, "column %d is broken at node %d", (int)i, (int)p);
                return 0;
            }
        }
        if (L->up[L->down[i]] != i || L->down[L->up[i]] != i || count != L->len[i]) {
            PyErr_Format(PyExc_ValueError, "column %d has %d nodes but len %d", (int)i, (int)count, (int)L->len[i]);
            return 0;
        }
        seen += count;
    }
    if (seen != N - n) {
        PyErr_Format(PyExc_ValueError, "%zd option nodes are in no column", (Py_ssize_t)(N - n) - seen);
        return 0;
    }
    /* others[x]: each other node of x's option once, x itself never; options' nodes in distinct columns. */
    node_t *option_size = PyMem_Calloc((size_t)N, sizeof(node_t));
    node_t *stamp = PyMem_Malloc((size_t)n * sizeof(node_t));
    if (option_size == NULL || stamp == NULL) {
        PyMem_Free(option_size);
        PyMem_Free(stamp);
        PyErr_NoMemory();
        return 0;
    }
    for (node_t i = 0; i < n; i++)
        stamp[i] = -1;
    int ok = 1;
    for (node_t x = n; x < N && ok; x++) {
        if (L->option_of[x] < 0 || L->option_of[x] >= N) {
            PyErr_Format(PyExc_ValueError, "node %d has option %d", (int)x, (int)L->option_of[x]);
            ok = 0;
        } else {
            option_size[L->option_of[x]]++;
        }
    }
    if (ok && (L->others_start[0] != 0 || L->others_start[N] != others_total)) {
        PyErr_SetString(PyExc_ValueError, "others_start does not span others");
        ok = 0;
    }
    for (node_t x = 0; x < N && ok; x++) {
        node_t a = L->others_start[x], b = L->others_start[x + 1];
        if (b < a || b > others_total) {
            PyErr_Format(PyExc_ValueError, "others_start[%d] is out of order", (int)x + 1);
            ok = 0;
            break;
        }
        if (x < n) {
            if (a != b) {
                PyErr_Format(PyExc_ValueError, "header %d has others", (int)x);
                ok = 0;
            }
            continue;
        }
        if (b - a != option_size[L->option_of[x]] - 1) {
            PyErr_Format(PyExc_ValueError, "node %d lists %d others, its option has %d nodes", (int)x,
                         (int)(b - a), (int)option_size[L->option_of[x]]);
            ok = 0;
            break;
        }
        stamp[L->top[x]] = x;
        for (node_t k = a; k < b; k++) {
            node_t q = L->others[k];
            if (q == x || L->option_of[q] != L->option_of[x] || stamp[L->top[q]] == x) {
                PyErr_Format(PyExc_ValueError, "others of node %d: node %d is not another item of its option",
                             (int)x, (int)q);
                ok = 0;
                break;
            }
            stamp[L->top[q]] = x;
        }
    }
    PyMem_Free(option_size);
    PyMem_Free(stamp);
    return ok;
}

#endif

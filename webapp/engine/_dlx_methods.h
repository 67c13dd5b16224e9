/* The compiled core's one-step methods, included by _dlx.c (a header of its own so that
   _dlx.c stays under the house's 900 lines): Core.cover, uncover and place, the steps the
   Python layer takes one at a time (givens, a replay's checks), Core.covered, and
   Core.arrays, the link arrays as Python lists (the tests compare them with the Python
   engine's). They use _dlx.c's hide/cover/uncover and usable(). */

static PyObject *core_cover(Core *C, PyObject *arg)
{
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (!usable(C))
        return NULL;
    if (i < 0 || i >= C->links->size)
        return PyErr_Format(PyExc_ValueError, "item %ld is outside 0..%d", i, (int)C->links->size - 1);
    if (C->len[i] >= C->links->mark)
        return PyErr_Format(PyExc_ValueError, "item %ld is covered already", i);
    cover(C->links, C->up, C->down, C->len, C->left, C->right, (node_t)i);
    C->stack[C->depth++] = (node_t)i;
    Py_RETURN_NONE;
}

static PyObject *core_uncover(Core *C, PyObject *arg)
{
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (!usable(C))
        return NULL;
    if (C->depth == 0 || C->stack[C->depth - 1] != i)
        return PyErr_Format(PyExc_ValueError, "item %ld is not the last item covered", i);
    uncover(C->links, C->up, C->down, C->len, C->left, C->right, (node_t)i);
    C->depth--;
    Py_RETURN_NONE;
}

/* place(items): cover every item of an option placed before the search (a given), or none of
 * them when one is covered already: then that item is returned, else -1. */
static PyObject *core_place(Core *C, PyObject *items)
{
    if (!usable(C))
        return NULL;
    PyObject *fast = PySequence_Fast(items, "place() takes a sequence of item ids");
    if (fast == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    node_t ids[64], *id = n <= 64 ? ids : PyMem_Malloc((size_t)n * sizeof(node_t));
    long clash = -1;
    if (id == NULL) {
        Py_DECREF(fast);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        long i = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (i == -1 && PyErr_Occurred())
            goto fail;
        if (i < 0 || i >= C->links->size) {
            PyErr_Format(PyExc_ValueError, "item %ld is outside 0..%d", i, (int)C->links->size - 1);
            goto fail;
        }
        for (Py_ssize_t j = 0; j < k; j++)
            if (id[j] == i) {
                PyErr_Format(PyExc_ValueError, "item %ld is named twice", i);
                goto fail;
            }
        id[k] = (node_t)i;
        if (clash < 0 && C->len[i] >= C->links->mark)
            clash = i;
    }
    if (clash < 0)
        for (Py_ssize_t k = 0; k < n; k++) {
            cover(C->links, C->up, C->down, C->len, C->left, C->right, id[k]);
            C->stack[C->depth++] = id[k];
        }
    Py_DECREF(fast);
    if (id != ids)
        PyMem_Free(id);
    return PyLong_FromLong(clash);
fail:
    Py_DECREF(fast);
    if (id != ids)
        PyMem_Free(id);
    return NULL;
}

static PyObject *core_covered(Core *C, PyObject *arg)
{
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || i >= C->links->size)
        return PyErr_Format(PyExc_ValueError, "item %ld is outside 0..%d", i, (int)C->links->size - 1);
    return PyBool_FromLong(C->right[C->left[i]] != i);
}

static PyObject *list_of(const node_t *a, node_t n)
{
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (node_t k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(a[k]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, v);
    }
    return out;
}

static PyObject *core_arrays(Core *C, PyObject *Py_UNUSED(ignored))
{
    const Links *L = C->links;
    if (C->running) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return NULL;
    }
    return Py_BuildValue("(NNNNN)", list_of(C->up, L->nodes), list_of(C->down, L->nodes), list_of(C->len, L->size),
                         list_of(C->left, L->size + 2), list_of(C->right, L->size + 2));
}

/* The compiled helpers the web answers write their step logs with (included by _facts.c):
 * json_ints, an int64 array as the JSON of its list, and first_uses, the numbering by
 * first use that webapp/log/singles.py gives the forced moves' names. Each has its
 * Python reference in webapp/analysis/facts.py (json_ints, first_uses), and
 * tests/analysis/test_compiled_facts.py checks them against it. */

/* json_ints(codes) -> bytes: the 64-bit integers as a JSON array, "[a,b,c]", the bytes
 * orjson.dumps(codes.tolist()) writes (no spaces). The step log's events and sizes are
 * written so (webapp/log/steplog.encode): a list of a million Python ints costs more to
 * make, write and free than the search that recorded them. */
static int decimal_digits(uint64_t u)
{
    int d = 1;
    while (u >= 10000) {
        u /= 10000;
        d += 4;
    }
    return d + (u >= 10) + (u >= 100) + (u >= 1000);
}

static PyObject *json_ints(PyObject *self, PyObject *arg)
{
    static const char pairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    (void)self;
    Py_buffer view;
    if (int64_view(arg, &view, "codes", 0) < 0)
        return NULL;
    const int64_t *v = view.buf;
    Py_ssize_t n = view.len / 8, length = 2 + (n ? n - 1 : 0);
    for (Py_ssize_t k = 0; k < n; k++)      /* the exact length first: one allocation, no copy */
        length += (v[k] < 0) + decimal_digits(v[k] < 0 ? (uint64_t)0 - (uint64_t)v[k] : (uint64_t)v[k]);
    PyObject *result = PyBytes_FromStringAndSize(NULL, length);
    if (result == NULL) {
        PyBuffer_Release(&view);
        return NULL;
    }
    char *at = PyBytes_AS_STRING(result);
    *at++ = '[';
    for (Py_ssize_t k = 0; k < n; k++) {
        if (k)
            *at++ = ',';
        int64_t x = v[k];
        uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        if (x < 0)
            *at++ = '-';
        int d = decimal_digits(u);
        char *end = at + d;
        while (u >= 100) {          /* two digits at a time, from the right */
            unsigned two = (unsigned)(u % 100);
            u /= 100;
            end -= 2;
            memcpy(end, pairs + 2 * two, 2);
        }
        if (u >= 10)
            memcpy(end - 2, pairs + 2 * u, 2);
        else
            end[-1] = (char)('0' + u);
        at += d;
    }
    *at = ']';
    PyBuffer_Release(&view);
    return result;
}

/* first_uses(values, table) -> (firsts, indexes): values relabelled by their table entry
 * (table[v], from 0 to len(table) - 1; None: each value itself), numbered by first use:
 * firsts lists the entries in the order they first appear, and indexes (native 64-bit
 * integers) gives each value the number of its entry in firsts. webapp/log/singles.py
 * numbers the forced moves' names so; facts.first_uses's Python loop is the reference. */
static PyObject *first_uses(PyObject *self, PyObject *args)
{
    PyObject *values_obj, *table_obj, *firsts = NULL, *indexes = NULL, *result = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &values_obj, &table_obj))
        return NULL;
    Py_buffer values, table;
    table.obj = NULL;
    int64_t *number = NULL;
    if (int64_view(values_obj, &values, "values", 0) < 0)
        return NULL;
    if (int64_view(table_obj, &table, "table", 1) < 0)
        goto done;
    const int64_t *v = values.buf, *t = table.buf;
    Py_ssize_t n = values.len / 8, size = table.len / 8;
    if (t == NULL) {                /* no table: the values are their own entries */
        size = 0;
        for (Py_ssize_t k = 0; k < n; k++)
            if (v[k] >= size)
                size = (Py_ssize_t)v[k] + 1;
    }
    number = PyMem_Malloc((size_t)(size ? size : 1) * sizeof *number);
    firsts = PyList_New(0);
    indexes = PyBytes_FromStringAndSize(NULL, n * (Py_ssize_t)sizeof(int64_t));
    if (number == NULL || firsts == NULL || indexes == NULL) {
        if (number == NULL)
            PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < size; k++)
        number[k] = -1;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(indexes), used = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        if (v[k] < 0 || v[k] >= size || (t != NULL && (t[v[k]] < 0 || t[v[k]] >= size))) {
            PyErr_Format(PyExc_ValueError, "value %lld (at %zd) has no entry in the table", (long long)v[k], k);
            goto done;
        }
        int64_t entry = t != NULL ? t[v[k]] : v[k];
        if (number[entry] < 0) {
            PyObject *first = PyLong_FromLongLong(entry);
            if (first == NULL || PyList_Append(firsts, first) < 0) {
                Py_XDECREF(first);
                goto done;
            }
            Py_DECREF(first);
            number[entry] = used++;
        }
        out[k] = number[entry];
    }
    result = PyTuple_Pack(2, firsts, indexes);
done:
    Py_XDECREF(firsts);
    Py_XDECREF(indexes);
    PyMem_Free(number);
    PyBuffer_Release(&values);
    if (table.obj != NULL)
        PyBuffer_Release(&table);
    return result;
}


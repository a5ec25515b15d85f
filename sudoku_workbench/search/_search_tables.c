/* The search kernel's tables: the geometry's lists, read once per geometry from Python (search/_kernel.py)
 * into flat C arrays, with the inverses the search needs (each cell's summed cages, each unit's segments). */
#include "_search_kernel.h"

static void free_lists(Lists *l) {
    PyMem_Free(l->start);
    PyMem_Free(l->items);
}

static void free_tables(PyObject *capsule) {
    Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!t) return;
    free_lists(&t->units);
    free_lists(&t->peers);
    free_lists(&t->units_of);
    free_lists(&t->segments);
    free_lists(&t->line_rivals);
    free_lists(&t->box_rivals);
    free_lists(&t->cages);
    free_lists(&t->combos);
    free_lists(&t->cages_of);
    free_lists(&t->segments_of);
    PyMem_Free(t);
}

/* Flatten a sequence of int sequences; each item must lie in [0, bound). Returns the list count or -1. */
static int read_lists(PyObject *seq, long bound, Lists *out) {
    PyObject *outer = PySequence_Fast(seq, "tables: expected a sequence of sequences");
    if (!outer) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(outer), total = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t len = PySequence_Size(PySequence_Fast_GET_ITEM(outer, i));
        if (len < 0) { Py_DECREF(outer); return -1; }
        total += len;
    }
    out->start = PyMem_Calloc((size_t)count + 1, sizeof(int));
    out->items = PyMem_Calloc((size_t)total + 1, sizeof(int));
    if (!out->start || !out->items) { Py_DECREF(outer); PyErr_NoMemory(); return -1; }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(outer, i), "tables: expected a sequence");
        if (!inner) { Py_DECREF(outer); return -1; }
        out->start[i] = (int)at;
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(inner); j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(inner, j));
            if (v == -1 && PyErr_Occurred()) { Py_DECREF(inner); Py_DECREF(outer); return -1; }
            if (v < 0 || v >= bound) {
                Py_DECREF(inner);
                Py_DECREF(outer);
                PyErr_SetString(PyExc_ValueError, "tables: an index is out of range");
                return -1;
            }
            out->items[at++] = (int)v;
        }
        Py_DECREF(inner);
    }
    out->start[count] = (int)at;
    Py_DECREF(outer);
    return (int)count;
}

/* The summed cages of each cell, inverted from the cages' cells; 0 when out of memory. */
static int fill_cages_of(Tables *t) {
    Lists *of = &t->cages_of;
    of->start = PyMem_Calloc((size_t)t->size + 1, sizeof(int));
    of->items = PyMem_Calloc((size_t)t->cages.start[t->ncages] + 1, sizeof(int));
    int *filled = PyMem_Calloc((size_t)t->size + 1, sizeof(int));
    if (!of->start || !of->items || !filled) { PyMem_Free(filled); PyErr_NoMemory(); return 0; }
    for (int i = 0; i < t->cages.start[t->ncages]; i++) of->start[t->cages.items[i] + 1]++;
    for (int c = 0; c < t->size; c++) of->start[c + 1] += of->start[c];
    for (int k = 0; k < t->ncages; k++)
        for (int i = t->cages.start[k]; i < t->cages.start[k + 1]; i++) {
            int cell = t->cages.items[i];
            of->items[of->start[cell] + filled[cell]++] = k;
        }
    PyMem_Free(filled);
    return 1;
}

/* Whether every list i of l (count of them) has len items. */
static int uniform(const Lists *l, int count, int len) {
    for (int i = 0; i < count; i++)
        if (l->start[i] != i * len || l->start[i + 1] != (i + 1) * len) return 0;
    return 1;
}

/* The classic 9x9's list lengths: 27 units of 9 cells, 20 peers and 3 units a cell, 54 segments of 3
 * cells with 2 rivals a side, no cages (any shape of these lengths runs the same way). */
static int is_classic(const Tables *t) {
    return t->size == 81 && t->n == 9 && t->nunits == 27 && t->nsegments == 54 && t->ncages == 0 &&
           uniform(&t->units, 27, 9) && uniform(&t->peers, 81, 20) && uniform(&t->units_of, 81, 3) &&
           uniform(&t->segments, 54, 3) && uniform(&t->line_rivals, 54, 2) && uniform(&t->box_rivals, 54, 2);
}

/* The cells of a list as a 128-bit set (cells below 81). */
static void cell_set(const Lists *l, int i, uint64_t set[2]) {
    set[0] = set[1] = 0;
    for (int k = l->start[i]; k < l->start[i + 1]; k++) set[l->items[k] / 64] |= 1ull << (l->items[k] % 64);
}

/* Whether the units are the 9x9's rows, columns and boxes (in any order) and each cell's peers exactly
 * its houses' other cells: no variant neighbours, no cages, so the band count of _search_bands.c holds. */
static int is_plain(const Tables *t) {
    if (!t->classic) return 0;
    uint64_t houses[27][2] = {{0}};
    for (int cell = 0; cell < 81; cell++) {
        int row = cell / 9, col = cell % 9, box = 3 * (row / 3) + col / 3;
        int of[3] = {row, 9 + col, 18 + box};
        for (int k = 0; k < 3; k++) houses[of[k]][cell / 64] |= 1ull << (cell % 64);
    }
    int matched[27] = {0};
    for (int u = 0; u < 27; u++) {
        uint64_t set[2];
        cell_set(&t->units, u, set);
        int h = 0;
        while (h < 27 && (matched[h] || houses[h][0] != set[0] || houses[h][1] != set[1])) h++;
        if (h == 27) return 0;
        matched[h] = 1;
    }
    for (int cell = 0; cell < 81; cell++) {
        int row = cell / 9, col = cell % 9, box = 3 * (row / 3) + col / 3;
        uint64_t set[2], want[2];
        cell_set(&t->peers, cell, set);
        for (int w = 0; w < 2; w++) want[w] = houses[row][w] | houses[9 + col][w] | houses[18 + box][w];
        want[cell / 64] &= ~(1ull << (cell % 64));
        if (set[0] != want[0] || set[1] != want[1]) return 0;
    }
    return 1;
}

PyObject *search_tables(PyObject *self, PyObject *args) {
    int size, n;
    PyObject *units, *peers, *units_of, *segments, *line_rivals, *box_rivals, *cages, *combos, *segments_of;
    if (!PyArg_ParseTuple(args, "iiOOOOOOOOO", &size, &n, &units, &peers, &units_of, &segments, &line_rivals,
                          &box_rivals, &cages, &combos, &segments_of))
        return NULL;
    if (n < 1 || n > 31 || size < 1) {
        PyErr_SetString(PyExc_ValueError, "tables: digits per unit must be 1..31");
        return NULL;
    }
    Tables *t = PyMem_Calloc(1, sizeof(Tables));
    if (!t) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(t, TABLES_NAME, free_tables);
    if (!capsule) { PyMem_Free(t); return NULL; }
    t->size = size;
    t->n = n;
    t->full = (n == 32) ? 0xffffffffu : ((1u << n) - 1);
    if ((t->nunits = read_lists(units, size, &t->units)) < 0 || read_lists(peers, size, &t->peers) != size ||
        read_lists(units_of, t->nunits, &t->units_of) != size ||
        (t->nsegments = read_lists(segments, size, &t->segments)) < 0 ||
        read_lists(line_rivals, t->nsegments, &t->line_rivals) != t->nsegments ||
        read_lists(box_rivals, t->nsegments, &t->box_rivals) != t->nsegments ||
        (t->ncages = read_lists(cages, size, &t->cages)) < 0 ||
        read_lists(combos, (long)t->full + 1, &t->combos) != t->ncages || !fill_cages_of(t) ||
        read_lists(segments_of, t->nsegments, &t->segments_of) != t->nunits) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "tables: lists of the wrong length");
        Py_DECREF(capsule);
        return NULL;
    }
    t->classic = is_classic(t);
    t->plain = is_plain(t);
    return capsule;
}


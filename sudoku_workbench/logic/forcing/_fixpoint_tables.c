/* A geometry's bit-mask tables in C form (units, peers, each cell's units, the box-line meetings of
 * locked candidates), read once from Propagation's Python tables and kept in a capsule that every
 * other entry point of the fixpoint takes as its first argument. */
#include "_fixpoint.h"

static const char *TABLES_NAME = "sudoku_workbench.fixpoint.tables";

/* The tables a capsule made by tables() holds; NULL with the error set when it is something else. */
const Tables *fixpoint_tables_of(PyObject *capsule) { return PyCapsule_GetPointer(capsule, TABLES_NAME); }

static void free_tables(PyObject *capsule) {
    Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!t) return;
    PyMem_Free(t->reach);
    PyMem_Free(t->confine_start);
    PyMem_Free(t->meeting);
    PyMem_Free(t->outside);
    PyMem_Free(t->target);
    PyMem_Free(t);
}

static int read_confines(Tables *t, PyObject *confines, PyObject *reach) {
    Py_ssize_t spots = (Py_ssize_t)t->nunits * t->size, total = 0;
    if (PyTuple_Size(confines) != spots || PyTuple_Size(reach) != spots) {
        PyErr_SetString(PyExc_ValueError, "confines and reach must have one entry per unit and cell");
        return -1;
    }
    for (Py_ssize_t i = 0; i < spots; i++) total += PyTuple_Size(PyTuple_GET_ITEM(confines, i));
    t->reach = PyMem_Calloc(spots, sizeof(mask_t));
    t->confine_start = PyMem_Calloc(spots + 1, sizeof(int));
    t->meeting = PyMem_Calloc(total + 1, sizeof(mask_t));
    t->outside = PyMem_Calloc(total + 1, sizeof(mask_t));
    t->target = PyMem_Calloc(total + 1, sizeof(int));
    if (!t->reach || !t->confine_start || !t->meeting || !t->outside || !t->target) {
        PyErr_NoMemory();
        return -1;
    }
    if (fixpoint_masks_of(reach, t->reach, spots, "reach") < 0) return -1;
    int at = 0;
    for (Py_ssize_t i = 0; i < spots; i++) {
        PyObject *entries = PyTuple_GET_ITEM(confines, i);
        t->confine_start[i] = at;
        for (Py_ssize_t k = 0; k < PyTuple_Size(entries); k++, at++) {
            PyObject *entry = PyTuple_GET_ITEM(entries, k);
            if (to_mask(PyTuple_GET_ITEM(entry, 0), &t->meeting[at]) < 0) return -1;
            if (to_mask(PyTuple_GET_ITEM(entry, 1), &t->outside[at]) < 0) return -1;
            t->target[at] = (int)PyLong_AsLong(PyTuple_GET_ITEM(entry, 2));
        }
    }
    t->confine_start[spots] = at;
    return PyErr_Occurred() ? -1 : 0;
}

/* tables(size, n, units, peers, cell_unit_bits, confines, reach) -> capsule, or None if too large */
PyObject *fixpoint_make_tables(PyObject *Py_UNUSED(self), PyObject *args) {
    int size, n;
    PyObject *units, *peers, *cell_units, *confines, *reach;
    if (!PyArg_ParseTuple(args, "iiO!O!O!O!O!", &size, &n, &PyTuple_Type, &units, &PyTuple_Type, &peers,
                          &PyTuple_Type, &cell_units, &PyTuple_Type, &confines, &PyTuple_Type, &reach))
        return NULL;
    Py_ssize_t nunits = PyTuple_Size(units);
    if (size <= 0 || size > MAX_CELLS || nunits > MAX_UNITS || n <= 0 || n > MAX_DIGITS) Py_RETURN_NONE;
    Tables *t = PyMem_Calloc(1, sizeof(Tables));
    if (!t) return PyErr_NoMemory();
    t->size = size;
    t->n = n;
    t->nunits = (int)nunits;
    PyObject *capsule = PyCapsule_New(t, TABLES_NAME, free_tables);
    if (!capsule) {
        PyMem_Free(t);
        return NULL;
    }
    mask_t wide[MAX_CELLS];
    if (fixpoint_masks_of(units, t->units, nunits, "units") < 0 ||
        fixpoint_masks_of(peers, t->peers, size, "peers") < 0 ||
        fixpoint_masks_of(cell_units, wide, size, "cell_unit_bits") < 0 || read_confines(t, confines, reach) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    for (int c = 0; c < size; c++) t->cell_units[c] = (uint64_t)wide[c];
    return capsule;
}

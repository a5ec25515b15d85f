/* The propagation fixpoint of logic/forcing/propagation.py, compiled: Propagation.run, with reasons or not.
 *
 * run() computes exactly what Propagation.run computes in Python when no reasons are recorded,
 * operation by operation in the same order: the same masks, queues, rounds and round snapshots, and
 * the same point of contradiction. It says nothing of its own: a contradiction comes back as a code
 * and the Python class words it. trials() runs every assumption of a position on its own copy of the
 * state in one call, and splits() finds on those runs the case splits whose cases share a conclusion:
 * what logic/forcing/trials.py computes in Python, as bit sets, with no object per assumption; nets()
 * runs forcing_nets._refute's case splits (the same scans, the same choices) for candidate after
 * candidate and returns the first refutation as the tuples Python builds, and solutions() finds up to
 * a number of solutions below a position, as forcing_nets._solutions does; explain() is
 * Propagation.explain for one assumed placement in STATIC or DYNAMIC mode: the run with reasons, noted
 * in Python's order, and the facts a conclusion or contradiction rests on, each reason as a code that
 * Python words; record() is Propagation.run with reasons for a forcing net's replay (NET mode keeps no
 * round snapshots; after the branch's earlier facts): every new fact, and the state. It handles grids
 * of up to 127 cells and 64 units (9x9 and smaller); larger grids and installs without a compiler take
 * the Python loop. SUDOKU_WORKBENCH_PURE=1 makes the package ignore this module (see _kernel.py).
 *
 * This file is the module itself: the state read from Python's lists and written back, run(), and the
 * method table; _fixpoint.h says which file does the rest.
 */
#include "_fixpoint.h"

/* --- Python's values read and written, for every entry point --------------------------------- */

/* A list or tuple of ``count`` ints read into masks; 0, or -1 with an error naming ``what``. */
int fixpoint_masks_of(PyObject *seq, mask_t *out, Py_ssize_t count, const char *what) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s must be a list or tuple", what);
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != count) {
        PyErr_Format(PyExc_ValueError, "%s must have %zd items", what, count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        if (to_mask(PySequence_Fast_GET_ITEM(seq, i), &out[i]) < 0) return -1;
    return 0;
}

/* The state a run starts from (no changes, no queues); 0, or -1 with the error set. */
int fixpoint_read_base(State *base, PyObject *loc, PyObject *placed, PyObject *filters, PyObject *free,
                       PyObject *static_cells) {
    int n = base->t->n;
    mask_t wide[MAX_DIGITS];
    if (fixpoint_masks_of(loc, base->loc, n, "loc") < 0 ||
        fixpoint_masks_of(placed, base->placed, n, "placed") < 0 ||
        fixpoint_masks_of(filters, wide, n, "filters") < 0 || to_mask(free, &base->free) < 0 ||
        to_mask(static_cells, &base->static_cells) < 0)
        return -1;
    for (int d = 0; d < n; d++) base->filters[d] = (uint64_t)wide[d];
    return 0;
}

/* A (cell, digit) tuple read and checked against the grid; 0, or -1 with the error set. */
int fixpoint_read_candidate(PyObject *item, const Tables *t, int *cell, int *digit) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
        PyErr_SetString(PyExc_TypeError, "a candidate must be a (cell, digit) tuple");
        return -1;
    }
    *cell = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
    *digit = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 1));
    if (PyErr_Occurred()) return -1;
    if (*cell < 0 || *cell >= t->size || *digit < 1 || *digit > t->n) {
        PyErr_SetString(PyExc_ValueError, "a candidate is outside the grid");
        return -1;
    }
    return 0;
}

/* Masks written over a list's first ``count`` items; 0, or -1 with the error set. */
int fixpoint_write_masks(PyObject *list, const mask_t *masks, int count) {
    for (int i = 0; i < count; i++) {
        PyObject *value = from_mask(masks[i]);
        if (!value || PyList_SetItem(list, i, value) < 0) return -1;
    }
    return 0;
}

/* What a State holds, freed: its queues and its cached ints. */
void fixpoint_release(State *s) {
    for (int which = 0; which < 2; which++)
        for (int d = 0; d < MAX_DIGITS; d++) Py_CLEAR(s->known[which][d]);
    PyMem_Free(s->places.items);
    PyMem_Free(s->offs.items);
    PyMem_Free(s->taken_places.items);
    PyMem_Free(s->taken_offs.items);
}

/* --- run(): Propagation.run without reasons on Python's own lists ---------------------------- */

static int read_queue(PyObject *list, Queue *q, int is_off, const Tables *t) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        PyObject *item = PyList_GET_ITEM(list, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 2) {
            PyErr_SetString(PyExc_TypeError, "a queued literal must be a tuple");
            return -1;
        }
        Entry e = {0, -1, (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 1)), 0, 0};
        if (is_off) {
            if (to_mask(PyTuple_GET_ITEM(item, 0), &e.mask) < 0) return -1;
        } else {
            e.cell = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
        }
        if (PyErr_Occurred()) return -1;
        if (e.digit < 1 || e.digit > t->n || (!is_off && (e.cell < 0 || e.cell >= t->size))) {
            PyErr_SetString(PyExc_ValueError, "a queued literal is outside the grid");
            return -1;
        }
        if (push(q, e) < 0) return -1;
    }
    return 0;
}

/* The queue as Python's tuples: (cell or mask, digit, (), why). */
static PyObject *queue_list(const Queue *q, int is_off, PyObject *naked_why, PyObject *empty_why) {
    PyObject *list = PyList_New(q->count), *none = PyTuple_New(0);
    if (!list || !none) {
        Py_XDECREF(list);
        Py_XDECREF(none);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < q->count; i++) {
        const Entry *e = &q->items[i];
        PyObject *where = is_off ? from_mask(e->mask) : PyLong_FromLong(e->cell);
        PyObject *why = e->kind == NAKED_SINGLE ? naked_why : empty_why;
        PyObject *item = where ? Py_BuildValue("(NiOO)", where, e->digit, none, why) : NULL;
        if (!item) {
            Py_DECREF(list);
            Py_DECREF(none);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    Py_DECREF(none);
    return list;
}

/* The int for a mask of loc (0) or placed (1), the last one made or read for that digit when the mask
 * is unchanged (most masks stay the same from one round to the next); a new reference. */
static PyObject *known_int(State *s, int which, int d, mask_t now) {
    PyObject *value = s->known[which][d];
    if (value && s->known_value[which][d] == now) {
        Py_INCREF(value);
        return value;
    }
    value = from_mask(now);
    if (!value) return NULL;
    Py_XDECREF(s->known[which][d]);
    Py_INCREF(value);
    s->known[which][d] = value;
    s->known_value[which][d] = now;
    return value;
}

static PyObject *tuple_known(State *s, int which) {
    PyObject *tuple = PyTuple_New(s->t->n);
    for (int d = 0; tuple && d < s->t->n; d++) {
        PyObject *value = known_int(s, which, d, which ? s->placed[d] : s->loc[d]);
        if (!value) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, d, value);
    }
    return tuple;
}

static int write_known(State *s, PyObject *list, int which) {
    for (int d = 0; d < s->t->n; d++) {
        PyObject *value = known_int(s, which, d, which ? s->placed[d] : s->loc[d]);
        if (!value || PyList_SetItem(list, d, value) < 0) return -1;
    }
    return 0;
}

static int snapshot(PyObject *rounds, State *s) {
    PyObject *loc = tuple_known(s, 0), *placed = loc ? tuple_known(s, 1) : NULL;
    PyObject *pair = placed ? PyTuple_Pack(2, loc, placed) : NULL;
    Py_XDECREF(loc);
    Py_XDECREF(placed);
    if (!pair) return -1;
    int failed = PyList_Append(rounds, pair);
    Py_DECREF(pair);
    return failed;
}

static int read_state(State *s, PyObject *loc, PyObject *placed, PyObject *changed, PyObject *filters,
                      PyObject *free, PyObject *static_cells) {
    int n = s->t->n;
    mask_t wide[MAX_DIGITS];
    if (fixpoint_masks_of(loc, s->loc, n, "loc") < 0 || fixpoint_masks_of(placed, s->placed, n, "placed") < 0 ||
        fixpoint_masks_of(changed, s->changed, n, "changed") < 0 ||
        fixpoint_masks_of(filters, wide, n, "filters") < 0 || to_mask(free, &s->free) < 0 ||
        to_mask(static_cells, &s->static_cells) < 0)
        return -1;
    for (int d = 0; d < n; d++) {
        s->filters[d] = (uint64_t)wide[d];
        s->known[0][d] = Py_NewRef(PySequence_Fast_GET_ITEM(loc, d));
        s->known[1][d] = Py_NewRef(PySequence_Fast_GET_ITEM(placed, d));
        s->known_value[0][d] = s->loc[d];
        s->known_value[1][d] = s->placed[d];
    }
    return 0;
}

static int write_state(State *s, PyObject *loc, PyObject *placed, PyObject *changed, PyObject *filters) {
    int n = s->t->n;
    mask_t wide[MAX_DIGITS];
    for (int d = 0; d < n; d++) wide[d] = s->filters[d];
    return write_known(s, loc, 0) < 0 || write_known(s, placed, 1) < 0 ||
                   fixpoint_write_masks(changed, s->changed, n) < 0 ||
                   fixpoint_write_masks(filters, wide, n) < 0
               ? -1
               : 0;
}

/* run(tables, mode, loc, placed, changed, filters, free, static_cells, places, offs, round, max_rounds,
 *     rounds, naked_why)
 * Runs the fixpoint on the lists given (updated in place) and returns
 * (free, round, places, offs, code, a, b); code 0 means no contradiction. ``rounds`` is a list that
 * gets one (loc, placed) snapshot per round, or None. */
static PyObject *run(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *loc, *placed, *changed, *filters, *free, *static_cells, *places, *offs, *rounds,
        *naked_why;
    int mode;
    long round, max_rounds;
    if (!PyArg_ParseTuple(args, "OiO!O!O!O!OOO!O!llOU", &capsule, &mode, &PyList_Type, &loc, &PyList_Type,
                          &placed, &PyList_Type, &changed, &PyList_Type, &filters, &free, &static_cells,
                          &PyList_Type, &places, &PyList_Type, &offs, &round, &max_rounds, &rounds,
                          &naked_why))
        return NULL;
    State s;
    memset(&s, 0, sizeof s);
    s.t = fixpoint_tables_of(capsule);
    if (!s.t) return NULL;
    s.mode = mode;
    if (rounds != Py_None && !PyList_Check(rounds)) {
        PyErr_SetString(PyExc_TypeError, "rounds must be a list or None");
        return NULL;
    }
    PyObject *result = NULL, *empty_why = PyUnicode_FromString("");
    if (!empty_why || read_state(&s, loc, placed, changed, filters, free, static_cells) < 0 ||
        read_queue(places, &s.places, 0, s.t) < 0 || read_queue(offs, &s.offs, 1, s.t) < 0)
        goto done;
    int stop = 0;
    while ((s.places.count || s.offs.count) && round < max_rounds) {
        round++;
        stop = fixpoint_round(&s);
        if (stop) break;
        if (rounds != Py_None && snapshot(rounds, &s) < 0) goto done;
    }
    if (stop < 0 || write_state(&s, loc, placed, changed, filters) < 0) goto done;
    PyObject *free_now = from_mask(s.free);
    PyObject *queued_places = free_now ? queue_list(&s.places, 0, naked_why, empty_why) : NULL;
    PyObject *queued_offs = queued_places ? queue_list(&s.offs, 1, naked_why, empty_why) : NULL;
    if (queued_offs)
        result = Py_BuildValue("(NlNNiii)", free_now, round, queued_places, queued_offs, s.code, s.code_a,
                               s.code_b);
    else {
        Py_XDECREF(free_now);
        Py_XDECREF(queued_places);
    }
done:
    Py_XDECREF(empty_why);
    fixpoint_release(&s);
    return result;
}

/* --- the module --------------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"tables", fixpoint_make_tables, METH_VARARGS,
     "The bit-mask tables of a geometry in C form (None if too large)."},
    {"run", run, METH_VARARGS, "Propagation.run without reasons: the fixpoint of the given state."},
    {"explain", fixpoint_explain, METH_VARARGS,
     "One assumption run with reasons: the facts a conclusion rests on."},
    {"record", fixpoint_record, METH_VARARGS,
     "One more assumption of a replay run with reasons: every new fact."},
    {"trials", fixpoint_trials, METH_VARARGS,
     "Every given assumption run to its fixpoint on its own copy of a state."},
    {"splits", fixpoint_splits, METH_VARARGS,
     "The case splits whose cases all reach a common literal, on trials()."},
    {"nets", fixpoint_nets, METH_VARARGS,
     "The first given assumption that case splits refute, and its refutation."},
    {"solutions", fixpoint_solutions, METH_VARARGS, "Up to a number of solutions below a settled position."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fixpoint", "The compiled propagation fixpoint of the forcing rules.", -1, methods,
};

PyMODINIT_FUNC PyInit__fixpoint(void) { return PyModule_Create(&module); }

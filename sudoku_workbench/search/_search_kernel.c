/* The OK button's search (search/_engine.py and _propagation.py), compiled, for every shape.
 *
 * The same three rules to the same fixpoint (naked singles, hidden singles over every unit the
 * geometry gives, locked candidates over its line-region intersections) and the same branching
 * choice (fewest candidates, ties to most open peers; a digit with two places in a unit when every
 * open cell has three or more), so it visits the same nodes in the same order and finds the same
 * solutions first; the differential tests hold it to that. Houses, peers (variant neighbours
 * included) and intersections come as data from Python (see search/_kernel.py): nothing here knows
 * boxes. Killer cages with a sum come as data too (their cells and the digit sets that make their
 * total), and the fourth rule, the cage sums of search/_cage_sums.py, runs between hidden singles and
 * locked candidates. Masks are 32-bit, so sizes up to 31; installs without a compiler and
 * SUDOKU_WORKBENCH_PURE=1 run the Python engine. The rules live in _search_rules.h; the search and
 * they are compiled twice, for any shape and for the classic 9x9's list lengths (unrolled loops).
 * count_values counts a buffer of puzzles in one call (count FILE), with no Python per puzzle; on the
 * plain 9x9 it runs the band count of _search_bands.c instead (the same counts, other nodes).
 */
#include "_search_rules.h"
#include <string.h>

/* The GIL is taken back only to call Python: the callbacks and the solutions kept. */
static void hold(Search *s) {
    if (s->released) { PyEval_RestoreThread(s->released); s->released = NULL; }
}

static void let_go(Search *s) {
    if (!s->released) s->released = PyEval_SaveThread();
}

/* The digit with two places of _engine._digit_with_two_places, as options; 0 when there is none. */
INLINE int two_places(const Search *s, const uint32_t *state, int classic) {
    const Tables *t = s->t;
    for (int u = 0; u < t->nunits; u++) {
        const int *cells = t->units.items + first(&t->units, u, FIXED(classic, 9));
        int len = classic ? 9 : t->units.start[u + 1] - t->units.start[u];
        uint32_t once = 0, twice = 0, more = 0;
        for (int i = 0; i < len; i++) {
            more |= twice & state[cells[i]];
            twice |= once & state[cells[i]];
            once |= state[cells[i]];
        }
        for (uint32_t pairs = twice & ~more; pairs; pairs &= pairs - 1) {
            uint32_t bit = pairs & -pairs;
            int found = 0, open = 1;
            for (int i = 0; i < len; i++)
                if (state[cells[i]] & bit) {
                    open &= MORE_THAN_ONE(state[cells[i]]) != 0;
                    s->options[2 * found] = cells[i];
                    s->options[2 * found + 1] = (int)bit;
                    found++;
                }
            if (open) return found;
        }
    }
    return 0;
}

/* The alternatives a node branches on, in the order they are tried (as _engine's brancher); 0: solved. */
INLINE int branch_options_as(Search *s, const uint32_t *state, int classic) {
    const Tables *t = s->t;
    int size = classic ? 81 : t->size, peers = FIXED(classic, 20);
    int best = t->n + 1, nties = 0;
    for (int cell = 0; cell < size; cell++) {
        uint32_t mask = state[cell];
        if (!MORE_THAN_ONE(mask)) continue;
        int count = bit_count(mask);
        if (count < best) { best = count; nties = 0; }
        if (count == best) s->ties[nties++] = cell;
    }
    if (!nties) return 0;
    if (best > 2) {
        int found = two_places(s, state, classic);
        if (found) return found;
    }
    int chosen = s->ties[0], degree = -1;
    for (int k = 0; nties > 1 && k < nties; k++) {
        int cell = s->ties[k], open = 0;
        for (int i = first(&t->peers, cell, peers); i < past(&t->peers, cell, peers); i++)
            open += MORE_THAN_ONE(state[t->peers.items[i]]) != 0;
        if (open > degree) { chosen = cell; degree = open; }
    }
    int found = 0;
    for (uint32_t bits = state[chosen]; bits; bits &= bits - 1) {
        s->options[2 * found] = chosen;
        s->options[2 * found + 1] = (int)(bits & -bits);
        found++;
    }
    return found;
}

static int branch_options(Search *s, const uint32_t *state) {
    return s->t->classic ? branch_options_as(s, state, 1) : branch_options_as(s, state, 0);
}

/* Each callback takes the GIL for its call and leaves it as it found it; 0 (or -1) on a Python error. */
static int report(Search *s) {
    if (s->progress == Py_None) return 1;
    PyThreadState *released = s->released;
    hold(s);
    PyObject *r = PyObject_CallFunction(s->progress, "L", s->nodes);
    Py_XDECREF(r);
    if (released) let_go(s);
    return r != NULL;
}

static int cancelled(Search *s) {
    if (s->cancel == Py_None) return 0;
    PyThreadState *released = s->released;
    hold(s);
    PyObject *flag = PyObject_GetAttrString(s->cancel, "cancelled");
    int yes = flag ? PyObject_IsTrue(flag) : -1;
    Py_XDECREF(flag);
    if (released) let_go(s);
    return yes;
}

/* Ctrl-C: Python's handler runs here (in the main thread), so a long count with no callbacks still
 * stops; 0 when the handler raised (KeyboardInterrupt), as a callback's error. */
static int signals_ok(Search *s) {
    PyThreadState *released = s->released;
    hold(s);
    int ok = PyErr_CheckSignals() == 0;
    if (released) let_go(s);
    return ok;
}

static int keep_solution(Search *s, const uint32_t *state) {
    s->count++;
    if (s->count == 1 && !report(s)) return 0;
    if (s->count <= s->keep) { /* the list holds one tuple per solution counted so far */
        PyThreadState *released = s->released;
        hold(s);
        PyObject *digits = PyTuple_New(s->t->size);
        int bad = !digits;
        for (int c = 0; !bad && c < s->t->size; c++)
            PyTuple_SET_ITEM(digits, c, PyLong_FromLong(32 - __builtin_clz(state[c])));
        if (!bad) bad = PyList_Append(s->found, digits);
        Py_XDECREF(digits);
        if (released) let_go(s);
        if (bad) return 0;
    }
    if (s->limit >= 0 && s->count >= s->limit) s->stopped = 1;
    return 1;
}

#define PROGRESS_EVERY 2048

static void search_classic(Search *s, uint32_t *states, int depth);
static void search_any(Search *s, uint32_t *states, int depth);

/* Depth-first below a propagated node (its state at states + depth * size). */
INLINE void search_as(Search *s, uint32_t *states, int depth, int classic) {
    int size = classic ? 81 : s->t->size;
    uint32_t *state = states + (size_t)depth * size, *child = state + size;
    int noptions = branch_options_as(s, state, classic);
    if (!noptions) {
        if (!keep_solution(s, state)) s->stopped = -1;
        return;
    }
    int options[2 * 32];
    memcpy(options, s->options, sizeof(int) * 2 * noptions);
    for (int k = 0; k < noptions && !s->stopped; k++) {
        s->nodes++;
        if (!(s->nodes % 64)) {
            int c = cancelled(s);
            if (c || (!(s->nodes % PROGRESS_EVERY) && !(report(s) && signals_ok(s)))) {
                s->stopped = -1;
                return;
            }
        }
        memcpy(child, state, sizeof(uint32_t) * (size_t)size);
        child[options[2 * k]] = (uint32_t)options[2 * k + 1];
        s->queue[0] = options[2 * k];
        if (!propagate_as(s, child, 1, classic)) continue;
        if (classic)
            search_classic(s, states, depth + 1);
        else
            search_any(s, states, depth + 1);
    }
}

static void search_classic(Search *s, uint32_t *states, int depth) { search_as(s, states, depth, 1); }

static void search_any(Search *s, uint32_t *states, int depth) { search_as(s, states, depth, 0); }

static void search(Search *s, uint32_t *states, int depth) {
    if (s->t->classic)
        search_classic(s, states, depth);
    else
        search_any(s, states, depth);
}


/* The scratch space of one search, sized for its tables (one state per depth: every level decides at
 * least one more cell); 0 when out of memory. */
static int open_search(Search *s) {
    const Tables *t = s->t;
    size_t size = (size_t)t->size;
    s->states = PyMem_Calloc((size + 2) * size, sizeof(uint32_t));
    s->queue = PyMem_Calloc(size + 1, sizeof(int));
    s->dirty = PyMem_Calloc((size_t)t->nunits + 1, 1);
    s->cage_dirty = PyMem_Calloc((size_t)t->ncages + 1, 1);
    s->inside = PyMem_Calloc((size_t)t->nsegments + 1, sizeof(uint32_t));
    s->judge = PyMem_Calloc((size_t)t->nsegments + 1, 1);
    s->ties = PyMem_Calloc(size + 1, sizeof(int));
    s->options = PyMem_Calloc(2 * 32, sizeof(int));
    if (s->states && s->queue && s->dirty && s->cage_dirty && s->inside && s->judge && s->ties && s->options) return 1;
    PyErr_NoMemory();
    return 0;
}

static void close_search(Search *s) {
    PyMem_Free(s->states);
    PyMem_Free(s->queue);
    PyMem_Free(s->dirty);
    PyMem_Free(s->cage_dirty);
    PyMem_Free(s->inside);
    PyMem_Free(s->judge);
    PyMem_Free(s->ties);
    PyMem_Free(s->options);
}

/* Count below the root in s->states[0 .. size] ("queued" decided cells on s->queue): 1 when it ran to
 * its end or its limit, 0 when it stopped (cancel or a callback's error, then set or not). Runs without
 * the GIL when it branches; takes it back before returning. */
static int count_root(Search *s, int queued) {
    s->count = 0;
    s->stopped = 0;
    memset(s->dirty, 3, (size_t)s->t->nunits);
    memset(s->cage_dirty, 1, (size_t)s->t->ncages);
    if (!propagate(s, s->states, queued)) return 1;
    if (!branch_options(s, s->states)) {
        PyObject *progress = s->progress;
        s->progress = Py_None; /* as the Python search: a root solved by propagation reports no nodes */
        int ok = keep_solution(s, s->states);
        s->progress = progress;
        return ok;
    }
    let_go(s);
    search(s, s->states, 0);
    hold(s);
    return s->stopped >= 0;
}

/* search(tables, masks, limit, keep, progress, cancel) -> (count, nodes, first solutions) or None if cancelled. */
static PyObject *run(PyObject *self, PyObject *args) {
    PyObject *capsule, *masks, *progress, *cancel;
    long long limit;
    int keep;
    if (!PyArg_ParseTuple(args, "OOLiOO", &capsule, &masks, &limit, &keep, &progress, &cancel)) return NULL;
    const Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!t) return NULL;
    masks = PySequence_Fast(masks, "search: the masks must be a sequence");
    if (!masks) return NULL;
    if (PySequence_Fast_GET_SIZE(masks) != t->size) {
        Py_DECREF(masks);
        PyErr_SetString(PyExc_ValueError, "search: one mask per cell is needed");
        return NULL;
    }
    Search s = {.t = t, .limit = limit, .keep = keep, .progress = progress, .cancel = cancel};
    s.found = PyList_New(0);
    PyObject *result = NULL;
    if (!s.found || !open_search(&s)) goto done;
    int queued = 0;
    for (int c = 0; c < t->size; c++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(masks, c));
        if (v == -1 && PyErr_Occurred()) goto done;
        s.states[c] = (uint32_t)v & t->full;
        if (!MORE_THAN_ONE(s.states[c])) s.queue[queued++] = c;
    }
    if (!count_root(&s, queued)) {
        if (!PyErr_Occurred()) result = Py_NewRef(Py_None);
        goto done;
    }
    if (s.nodes && !s.stopped && !report(&s)) goto done; /* the exact count at an end short of the limit */
    result = Py_BuildValue("LLO", s.count, s.nodes, s.found);
done:
    close_search(&s);
    Py_XDECREF(s.found);
    Py_DECREF(masks);
    return result;
}

/* The band count's look at Ctrl-C every few thousand nodes, as the search's (0: stop). */
static int bands_check(void *search) { return signals_ok(search); }

/* Puzzles between two looks at Ctrl-C when they are too easy to reach PROGRESS_EVERY nodes. */
#define SIGNALS_EVERY 64

/* count_values(tables, values, limit) -> counts: the solutions of each puzzle of a buffer of cell values
 * (size bytes a puzzle, 0 for an open cell, else its digit), each up to limit (-1: none), in one call,
 * so a file of puzzles costs no Python per puzzle. Ctrl-C stops it (KeyboardInterrupt). */
static PyObject *count_values(PyObject *self, PyObject *args) {
    PyObject *capsule;
    Py_buffer values;
    long long limit;
    if (!PyArg_ParseTuple(args, "Oy*L", &capsule, &values, &limit)) return NULL;
    const Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    PyObject *counts = NULL;
    Search s = {.t = t, .limit = limit, .progress = Py_None, .cancel = Py_None};
    if (!t || !open_search(&s)) goto done;
    if (values.len % t->size) {
        PyErr_SetString(PyExc_ValueError, "count_values: the buffer holds no whole number of puzzles");
        goto done;
    }
    Py_ssize_t puzzles = values.len / t->size;
    if (!(counts = PyList_New(puzzles))) goto done;
    const unsigned char *digits = values.buf;
    for (Py_ssize_t p = 0; p < puzzles; p++, digits += t->size) {
        if (!(p % SIGNALS_EVERY) && PyErr_CheckSignals()) goto failed;
        int queued = 0;
        for (int c = 0; c < t->size; c++) {
            if (digits[c] > t->n) {
                PyErr_Format(PyExc_ValueError, "count_values: puzzle %zd holds no digit at cell %d", p, c);
                goto failed;
            }
            s.states[c] = digits[c] ? 1u << (digits[c] - 1) : t->full;
            if (digits[c]) s.queue[queued++] = c;
        }
        if (t->plain) {
            let_go(&s);
            int ran = bands_count(digits, limit, &s.count, bands_check, &s);
            hold(&s);
            if (!ran) goto failed;
        } else if (!count_root(&s, queued))
            goto failed;
        PyList_SET_ITEM(counts, p, PyLong_FromLongLong(s.count));
    }
    goto done;
failed:
    Py_CLEAR(counts);
done:
    close_search(&s);
    PyBuffer_Release(&values);
    return counts;
}

static PyMethodDef METHODS[] = {
    {"tables", search_tables, METH_VARARGS,
     "tables(size, n, units, peers, units_of, segments, line_rivals, box_rivals, cages, combos, segments_of)"},
    {"search", run, METH_VARARGS, "search(tables, masks, limit, keep, progress, cancel)"},
    {"count_values", count_values, METH_VARARGS, "count_values(tables, values, limit)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_search_kernel", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__search_kernel(void) { return PyModule_Create(&MODULE); }

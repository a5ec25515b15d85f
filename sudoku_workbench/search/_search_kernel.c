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
 * SUDOKU_WORKBENCH_PURE=1 run the Python engine.
 */
#include "_search_kernel.h"
#include <string.h>

#define MORE_THAN_ONE(m) ((m) & ((m) - 1))

/* Bits set, without the library call a build for any x86-64 makes of __builtin_popcount. */
static inline int bit_count(uint32_t m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* One search: the tables, scratch space, the limit and what was found. */
typedef struct {
    const Tables *t;
    int *queue;           /* decided cells whose digit must still leave their peers */
    uint8_t *dirty;       /* per unit: changed since hidden singles (bit 0) or locked candidates (bit 1) looked */
    uint8_t *cage_dirty;  /* per summed cage: a cell of it changed since the sums last looked at it */
    uint32_t *inside;     /* per segment: the digits its cells allow */
    uint8_t *judge;       /* per segment: on a unit that changed, so locked candidates judge it again */
    uint32_t *states;     /* one state per depth */
    int *ties, *options;  /* the branching choice's scratch: tied cells, then (cell, bit) pairs */
    long long count, limit, nodes;
    int keep, stopped;    /* stopped: 1 at the limit, -1 on cancel or a callback's error */
    PyObject *found, *progress, *cancel;
    PyThreadState *released; /* set while the search runs without the GIL, so other threads (the window) run */
} Search;

/* The GIL is taken back only to call Python: the callbacks and the solutions kept. */
static void hold(Search *s) {
    if (s->released) { PyEval_RestoreThread(s->released); s->released = NULL; }
}

static void let_go(Search *s) {
    if (!s->released) s->released = PyEval_SaveThread();
}

/* Take bits off a cell; 0 when it is left empty. New singles join the queue, the cell's units go dirty. */
static inline int take(Search *s, uint32_t *state, int cell, uint32_t bits, int *queued) {
    uint32_t mask = state[cell] & ~bits;
    if (!mask) return 0;
    state[cell] = mask;
    const Tables *t = s->t;
    for (int i = t->units_of.start[cell]; i < t->units_of.start[cell + 1]; i++) s->dirty[t->units_of.items[i]] = 3;
    for (int i = t->cages_of.start[cell]; i < t->cages_of.start[cell + 1]; i++) s->cage_dirty[t->cages_of.items[i]] = 1;
    if (!MORE_THAN_ONE(mask)) s->queue[(*queued)++] = cell;
    return 1;
}

static int naked_singles(Search *s, uint32_t *state, int *queued) {
    const Tables *t = s->t;
    while (*queued) {
        int cell = s->queue[--(*queued)];
        uint32_t bit = state[cell];
        for (int i = t->units_of.start[cell]; i < t->units_of.start[cell + 1]; i++) s->dirty[t->units_of.items[i]] = 3;
        for (int i = t->cages_of.start[cell]; i < t->cages_of.start[cell + 1]; i++) /* a branch's decision too */
            s->cage_dirty[t->cages_of.items[i]] = 1;
        for (int i = t->peers.start[cell]; i < t->peers.start[cell + 1]; i++) {
            int peer = t->peers.items[i];
            if ((state[peer] & bit) && !take(s, state, peer, bit, queued)) return 0;
        }
    }
    return 1;
}

static int hidden_singles(Search *s, uint32_t *state, int *queued) {
    const Tables *t = s->t;
    for (int u = 0; u < t->nunits; u++) {
        if (!(s->dirty[u] & 1)) continue;
        s->dirty[u] &= 2;
        const int *cells = t->units.items + t->units.start[u];
        int len = t->units.start[u + 1] - t->units.start[u];
        uint32_t once = 0, twice = 0;
        for (int i = 0; i < len; i++) {
            twice |= once & state[cells[i]];
            once |= state[cells[i]];
        }
        if (once != t->full) return 0;
        uint32_t hidden = once & ~twice;
        if (!hidden) continue;
        for (int i = 0; i < len; i++) {
            uint32_t mask = state[cells[i]];
            if ((mask & hidden) && MORE_THAN_ONE(mask)) {
                mask &= hidden;
                if (MORE_THAN_ONE(mask)) return 0;
                take(s, state, cells[i], ~mask, queued);
            }
        }
    }
    return 1;
}

/* One cage's sum (as search/_cage_sums.py): keep the digit sets that hold every digit placed in the
 * cage, leave each cell a candidate and are covered by the cells' candidates; narrow the cells to their
 * union and place a digit they all need that one cell alone can take. -1 on a contradiction, else
 * whether anything changed. */
static int cage_sum(Search *s, uint32_t *state, int cage, int *queued) {
    const Tables *t = s->t;
    const int *cells = t->cages.items + t->cages.start[cage];
    int len = t->cages.start[cage + 1] - t->cages.start[cage];
    uint32_t placed = 0, allowed = 0, required = t->full;
    for (int i = 0; i < len; i++)
        if (!MORE_THAN_ONE(state[cells[i]])) placed |= state[cells[i]];
    for (int j = t->combos.start[cage]; j < t->combos.start[cage + 1]; j++) {
        uint32_t combo = (uint32_t)t->combos.items[j], cover = 0;
        if ((combo & placed) != placed) continue;
        int i = 0;
        for (; i < len; i++) {
            uint32_t inside = state[cells[i]] & combo;
            if (!inside) break;
            cover |= inside;
        }
        if (i == len && cover == combo) {
            allowed |= combo;
            required &= combo;
        }
    }
    if (!allowed) return -1;
    int changed = 0;
    for (int i = 0; i < len; i++)
        if (state[cells[i]] & ~allowed) {
            if (!take(s, state, cells[i], ~allowed, queued)) return -1;
            changed = 1;
        }
    for (required &= ~placed; required; required &= required - 1) {
        uint32_t bit = required & -required;
        int holder = -1, holders = 0;
        for (int i = 0; i < len; i++)
            if (state[cells[i]] & bit) { holder = cells[i]; holders++; }
        if (!holders) return -1;
        if (holders == 1 && state[holder] != bit) {
            take(s, state, holder, ~bit, queued);
            changed = 1;
        }
    }
    return changed;
}

/* The sums of every cage a change touched: -1 on a contradiction, else whether anything changed. */
static int cage_sums(Search *s, uint32_t *state, int *queued) {
    int changed = 0;
    for (int k = 0; k < s->t->ncages; k++) {
        if (!s->cage_dirty[k]) continue;
        s->cage_dirty[k] = 0;
        int result = cage_sum(s, state, k, queued);
        if (result < 0) return -1;
        changed |= result;
    }
    return changed;
}

/* Locked candidates over the intersections on the units changed since it last ran (those on no changed
 * unit cannot have changed their verdict): -1 on a contradiction, else whether anything changed. */
static int locked_candidates(Search *s, uint32_t *state, int *queued) {
    const Tables *t = s->t;
    const Lists *seg = &t->segments;
    memset(s->judge, 0, (size_t)t->nsegments);
    for (int u = 0; u < t->nunits; u++) {
        if (!(s->dirty[u] & 2)) continue;
        s->dirty[u] &= 1;
        for (int i = t->segments_of.start[u]; i < t->segments_of.start[u + 1]; i++) s->judge[t->segments_of.items[i]] = 1;
    }
    for (int g = 0; g < t->nsegments; g++) {
        uint32_t bits = 0;
        for (int i = seg->start[g]; i < seg->start[g + 1]; i++) bits |= state[seg->items[i]];
        s->inside[g] = bits;
    }
    int changed = 0;
    for (int g = 0; g < t->nsegments; g++) {
        if (!s->judge[g]) continue;
        for (int side = 0; side < 2; side++) {
            const Lists *rivals = side ? &t->box_rivals : &t->line_rivals;
            const Lists *victims = side ? &t->line_rivals : &t->box_rivals;
            uint32_t elsewhere = 0;
            for (int i = rivals->start[g]; i < rivals->start[g + 1]; i++) elsewhere |= s->inside[rivals->items[i]];
            uint32_t confined = s->inside[g] & ~elsewhere;
            if (!confined) continue;
            for (int i = victims->start[g]; i < victims->start[g + 1]; i++) {
                int other = victims->items[i];
                if (!(s->inside[other] & confined)) continue;
                for (int k = seg->start[other]; k < seg->start[other + 1]; k++) {
                    int cell = seg->items[k];
                    if (state[cell] & confined) {
                        if (!take(s, state, cell, confined, queued)) return -1;
                        changed = 1;
                    }
                }
                s->inside[other] &= ~confined;
            }
        }
    }
    return changed;
}

/* The four rules to their fixpoint; 0 on a contradiction. */
static int propagate(Search *s, uint32_t *state, int queued) {
    for (int i = 0; i < queued; i++)
        if (!state[s->queue[i]]) return 0;
    for (;;) {
        if (!naked_singles(s, state, &queued) || !hidden_singles(s, state, &queued)) return 0;
        if (queued) continue;
        int changed = cage_sums(s, state, &queued);
        if (changed < 0) return 0;
        if (changed) continue;
        changed = locked_candidates(s, state, &queued);
        if (changed < 0) return 0;
        if (!changed) return 1;
    }
}

/* The digit with two places of _engine._digit_with_two_places, as options; 0 when there is none. */
static int two_places(const Search *s, const uint32_t *state) {
    const Tables *t = s->t;
    for (int u = 0; u < t->nunits; u++) {
        const int *cells = t->units.items + t->units.start[u];
        int len = t->units.start[u + 1] - t->units.start[u];
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
static int branch_options(Search *s, const uint32_t *state) {
    const Tables *t = s->t;
    int best = t->n + 1, nties = 0;
    for (int cell = 0; cell < t->size; cell++) {
        uint32_t mask = state[cell];
        if (!MORE_THAN_ONE(mask)) continue;
        int count = bit_count(mask);
        if (count < best) { best = count; nties = 0; }
        if (count == best) s->ties[nties++] = cell;
    }
    if (!nties) return 0;
    if (best > 2) {
        int found = two_places(s, state);
        if (found) return found;
    }
    int chosen = s->ties[0], degree = -1;
    for (int k = 0; nties > 1 && k < nties; k++) {
        int cell = s->ties[k], open = 0;
        for (int i = t->peers.start[cell]; i < t->peers.start[cell + 1]; i++)
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

/* Depth-first below a propagated node (its state at states + depth * size). */
static void search(Search *s, uint32_t *states, int depth) {
    int size = s->t->size;
    uint32_t *state = states + (size_t)depth * size, *child = state + size;
    int noptions = branch_options(s, state);
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
        memcpy(child, state, sizeof(uint32_t) * size);
        child[options[2 * k]] = (uint32_t)options[2 * k + 1];
        s->queue[0] = options[2 * k];
        if (propagate(s, child, 1)) search(s, states, depth + 1);
    }
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
        if (!count_root(&s, queued)) goto failed;
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

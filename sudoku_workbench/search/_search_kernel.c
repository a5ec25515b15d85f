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
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

static const char *TABLES_NAME = "sudoku_workbench.search_kernel.tables";

/* A list of int lists, flattened: the items of list i are items[start[i] .. start[i + 1]]. */
typedef struct {
    int *start, *items;
} Lists;

typedef struct {
    int size, n, nunits, nsegments, ncages;
    uint32_t full;
    Lists units, peers, units_of, segments, line_rivals, box_rivals;
    Lists cages, combos; /* per summed cage: its cells; the digit sets (masks) that make its total */
    Lists cages_of;      /* per cell: the summed cages it is in (a house's innies overlap the cages) */
} Tables;

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

static PyObject *tables(PyObject *self, PyObject *args) {
    int size, n;
    PyObject *units, *peers, *units_of, *segments, *line_rivals, *box_rivals, *cages, *combos;
    if (!PyArg_ParseTuple(args, "iiOOOOOOOO", &size, &n, &units, &peers, &units_of, &segments, &line_rivals,
                          &box_rivals, &cages, &combos))
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
        read_lists(combos, (long)t->full + 1, &t->combos) != t->ncages || !fill_cages_of(t)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "tables: lists of the wrong length");
        Py_DECREF(capsule);
        return NULL;
    }
    return capsule;
}

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
    uint8_t *dirty;       /* per unit: changed since hidden singles last looked at it */
    uint8_t *cage_dirty;  /* per summed cage: a cell of it changed since the sums last looked at it */
    uint32_t *inside;     /* per segment: the digits its cells allow */
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
    for (int i = t->units_of.start[cell]; i < t->units_of.start[cell + 1]; i++) s->dirty[t->units_of.items[i]] = 1;
    for (int i = t->cages_of.start[cell]; i < t->cages_of.start[cell + 1]; i++) s->cage_dirty[t->cages_of.items[i]] = 1;
    if (!MORE_THAN_ONE(mask)) s->queue[(*queued)++] = cell;
    return 1;
}

static int naked_singles(Search *s, uint32_t *state, int *queued) {
    const Tables *t = s->t;
    while (*queued) {
        int cell = s->queue[--(*queued)];
        uint32_t bit = state[cell];
        for (int i = t->units_of.start[cell]; i < t->units_of.start[cell + 1]; i++) s->dirty[t->units_of.items[i]] = 1;
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
        if (!s->dirty[u]) continue;
        s->dirty[u] = 0;
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

/* Locked candidates over every intersection: -1 on a contradiction, else whether anything changed. */
static int locked_candidates(Search *s, uint32_t *state, int *queued) {
    const Tables *t = s->t;
    const Lists *seg = &t->segments;
    for (int g = 0; g < t->nsegments; g++) {
        uint32_t bits = 0;
        for (int i = seg->start[g]; i < seg->start[g + 1]; i++) bits |= state[seg->items[i]];
        s->inside[g] = bits;
    }
    int changed = 0;
    for (int g = 0; g < t->nsegments; g++) {
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
    int size = t->size;
    /* one state per depth: every level decides at least one more cell */
    uint32_t *states = PyMem_Calloc((size_t)(size + 2) * size, sizeof(uint32_t));
    s.queue = PyMem_Calloc((size_t)size + 1, sizeof(int));
    s.dirty = PyMem_Calloc((size_t)t->nunits + 1, 1);
    s.cage_dirty = PyMem_Calloc((size_t)t->ncages + 1, 1);
    s.inside = PyMem_Calloc((size_t)t->nsegments + 1, sizeof(uint32_t));
    s.ties = PyMem_Calloc((size_t)size + 1, sizeof(int));
    s.options = PyMem_Calloc(2 * 32, sizeof(int));
    s.found = PyList_New(0);
    PyObject *result = NULL;
    if (!states || !s.queue || !s.dirty || !s.cage_dirty || !s.inside || !s.ties || !s.options) {
        PyErr_NoMemory();
        goto done;
    }
    if (!s.found) goto done;
    int queued = 0;
    for (int c = 0; c < size; c++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(masks, c));
        if (v == -1 && PyErr_Occurred()) goto done;
        states[c] = (uint32_t)v & t->full;
        if (!MORE_THAN_ONE(states[c])) s.queue[queued++] = c;
    }
    memset(s.dirty, 1, (size_t)t->nunits);
    memset(s.cage_dirty, 1, (size_t)t->ncages);
    if (propagate(&s, states, queued)) {
        if (!branch_options(&s, states)) {
            s.progress = Py_None; /* as the Python search: a root solved by propagation reports no nodes */
            if (!keep_solution(&s, states)) goto done;
        } else {
            let_go(&s);
            search(&s, states, 0);
            hold(&s);
            if (s.stopped < 0) {
                if (!PyErr_Occurred()) result = Py_NewRef(Py_None);
                goto done;
            }
            if (!s.stopped && !report(&s)) goto done;
        }
    }
    result = Py_BuildValue("LLO", s.count, s.nodes, s.found);
done:
    PyMem_Free(states);
    PyMem_Free(s.queue);
    PyMem_Free(s.dirty);
    PyMem_Free(s.cage_dirty);
    PyMem_Free(s.inside);
    PyMem_Free(s.ties);
    PyMem_Free(s.options);
    Py_XDECREF(s.found);
    Py_DECREF(masks);
    return result;
}

static PyMethodDef METHODS[] = {
    {"tables", tables, METH_VARARGS, "tables(size, n, units, peers, units_of, segments, line_rivals, box_rivals, cages, combos)"},
    {"search", run, METH_VARARGS, "search(tables, masks, limit, keep, progress, cancel)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_search_kernel", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__search_kernel(void) { return PyModule_Create(&MODULE); }

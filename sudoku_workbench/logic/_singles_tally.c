/* The singles tally of logic/singles_tally.py, compiled: the same tables, updates and singles.
 *
 * SinglesTally keeps, per unit and digit, the cells where the digit can still go, and follows each
 * step with a few bit operations; in Python that bookkeeping was most of a solve by singles. This
 * file does the same operations in the same order: the same candidates, places, empty cells, the
 * same "may be impossible" answers, and the same single first (its waiting lists are bit sets where
 * Python has heaps of possibly stale entries; the lowest entry still valid is the one both give).
 * It words nothing: a single comes back as the shared Step object of logic/singles_tally.py's table
 * of explained singles, looked up by the same key. Grids of up to 31 digits per unit; larger ones,
 * installs without a compiler and SUDOKU_WORKBENCH_PURE=1 use the Python class (see _tally_kernel.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define MAX_DIGITS 31

static const char *TABLES_NAME = "sudoku_workbench.singles_tally.tables";

typedef struct {
    int unit, pos, rank;
} Slot;

typedef struct {
    int size, n, nunits;
    int *units;        /* unit * n + pos -> cell */
    int *order;        /* rank -> unit (boxes, then rows, then columns) */
    Slot *slots;       /* cell * 3 + k: the cell's k-th unit (row, column, box) */
    int *peer_start;   /* the peers of cell: peer_items[peer_start[cell] .. peer_start[cell + 1]] */
    int *peer_items;   /* per peer: the peer, how many of its units the cell is not in, their k's */
    PyObject *explained, *full_house, *naked_single, *hidden_single;
    PyObject **steps; /* ((kind * size + cell) * n + digit index) * 3 + k: the explained step, once met */
} Tables;

static PyObject *PLACEMENTS, *ELIMINATIONS; /* the step's attribute names, interned once */

static void free_tables(PyObject *capsule) {
    Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!t) return;
    PyMem_Free(t->units);
    PyMem_Free(t->order);
    PyMem_Free(t->slots);
    PyMem_Free(t->peer_start);
    PyMem_Free(t->peer_items);
    if (t->steps)
        for (int i = 0; i < 3 * t->size * t->n * 3; i++) Py_XDECREF(t->steps[i]);
    PyMem_Free(t->steps);
    Py_XDECREF(t->explained);
    Py_XDECREF(t->full_house);
    Py_XDECREF(t->naked_single);
    Py_XDECREF(t->hidden_single);
    PyMem_Free(t);
}

static int int_at(PyObject *seq, Py_ssize_t i, int *out) {
    PyObject *item = PySequence_GetItem(seq, i);
    if (!item) return -1;
    long v = PyLong_AsLong(item);
    Py_DECREF(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

static int fill_tables(Tables *t, PyObject *units, PyObject *units_of, PyObject *peers, PyObject *order) {
    int n = t->n, size = t->size;
    for (int u = 0; u < t->nunits; u++) {
        PyObject *unit = PySequence_GetItem(units, u);
        if (!unit) return -1;
        for (int p = 0; p < n; p++)
            if (int_at(unit, p, &t->units[u * n + p]) < 0) { Py_DECREF(unit); return -1; }
        Py_DECREF(unit);
        if (int_at(order, u, &t->order[u]) < 0) return -1;
    }
    for (int r = 0; r < t->nunits; r++)
        if (t->order[r] < 0 || t->order[r] >= t->nunits) {
            PyErr_SetString(PyExc_ValueError, "tables: a unit of the order is out of range");
            return -1;
        }
    for (int cell = 0; cell < size; cell++) {
        PyObject *its = PySequence_GetItem(units_of, cell);
        if (!its) return -1;
        for (int k = 0; k < 3; k++) {
            Slot *s = &t->slots[cell * 3 + k];
            if (int_at(its, k, &s->unit) < 0) { Py_DECREF(its); return -1; }
            s->pos = -1;
            for (int p = 0; p < n; p++)
                if (t->units[s->unit * n + p] == cell) s->pos = p;
            for (int r = 0; r < t->nunits; r++)
                if (t->order[r] == s->unit) s->rank = r;
            if (s->pos < 0) {
                PyErr_Format(PyExc_ValueError, "tables: cell %d is not in its unit %d", cell, s->unit);
                Py_DECREF(its);
                return -1;
            }
        }
        Py_DECREF(its);
    }
    int count = 0;
    for (int cell = 0; cell < size; cell++) {
        PyObject *its = PySequence_GetItem(peers, cell);
        if (!its) return -1;
        Py_ssize_t m = PySequence_Size(its);
        t->peer_start[cell] = count;
        for (Py_ssize_t j = 0; j < m; j++) {
            int peer;
            if (int_at(its, j, &peer) < 0) { Py_DECREF(its); return -1; }
            int *item = &t->peer_items[count];
            item[0] = peer;
            item[1] = 0;
            for (int k = 0; k < 3; k++) {
                int u = t->slots[peer * 3 + k].unit, shared = 0;
                for (int q = 0; q < 3; q++) shared |= t->slots[cell * 3 + q].unit == u;
                if (!shared) item[2 + item[1]++] = k;
            }
            count += 5;
        }
        Py_DECREF(its);
    }
    t->peer_start[size] = count;
    return 0;
}

/* tables(size, n, units, units_of, peers, order, explained, full_house, naked_single, hidden_single) */
static PyObject *make_tables(PyObject *self, PyObject *args) {
    int size, n;
    PyObject *units, *units_of, *peers, *order, *explained, *fh, *ns, *hs;
    if (!PyArg_ParseTuple(args, "iiOOOOOOOO", &size, &n, &units, &units_of, &peers, &order, &explained, &fh,
                          &ns, &hs))
        return NULL;
    if (n <= 0 || n > MAX_DIGITS || size != n * n || PySequence_Size(units) != 3 * n) Py_RETURN_NONE;
    Tables *t = PyMem_Calloc(1, sizeof *t);
    if (!t) return PyErr_NoMemory();
    t->size = size;
    t->n = n;
    t->nunits = 3 * n;
    t->units = PyMem_Calloc((size_t)t->nunits * n, sizeof(int));
    t->order = PyMem_Calloc((size_t)t->nunits, sizeof(int));
    t->slots = PyMem_Calloc((size_t)size * 3, sizeof(Slot));
    t->peer_start = PyMem_Calloc((size_t)size + 1, sizeof(int));
    t->peer_items = PyMem_Calloc((size_t)size * 3 * n * 5, sizeof(int));
    t->steps = PyMem_Calloc((size_t)3 * size * n * 3, sizeof(PyObject *));
    PyObject *capsule = PyCapsule_New(t, TABLES_NAME, free_tables);
    if (!capsule) {
        PyMem_Free(t);
        return NULL;
    }
    Py_INCREF(explained);
    Py_INCREF(fh);
    Py_INCREF(ns);
    Py_INCREF(hs);
    t->explained = explained;
    t->full_house = fh;
    t->naked_single = ns;
    t->hidden_single = hs;
    if (!t->units || !t->order || !t->slots || !t->peer_start || !t->peer_items || !t->steps) {
        Py_DECREF(capsule);
        return PyErr_NoMemory();
    }
    if (fill_tables(t, units, units_of, peers, order) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    return capsule;
}

/* ------------------------------------------------------------------ the tally */

typedef struct {
    PyObject_HEAD
    PyObject *capsule;
    Tables *t;
    PyObject *grid; /* the position as a Grid, built when asked; None after a step */
    Py_ssize_t open_cells;
    char suspect; /* a char, as T_BOOL reads */
    uint32_t *cands, *where, *open, *placed;
    int *values, *entries;
    uint64_t *full_houses, *naked, *hidden; /* waiting singles: cells, cells, rank * n + digit index */
} State;

static inline int lone(uint32_t m) { return m && !(m & (m - 1)); }
static inline void push(uint64_t *set, int i) { set[i >> 6] |= (uint64_t)1 << (i & 63); }

static void became_single(State *s, int cell) {
    Slot *sl = &s->t->slots[cell * 3];
    push(s->naked, cell);
    if (lone(s->open[sl[0].unit]) || lone(s->open[sl[1].unit]) || lone(s->open[sl[2].unit]))
        push(s->full_houses, cell);
}

static int lose(State *s, int cell, int i) {
    Tables *t = s->t;
    int broken = 0;
    for (int k = 0; k < 3; k++) {
        Slot *sl = &t->slots[cell * 3 + k];
        uint32_t spots = s->where[sl->unit * t->n + i] & ~((uint32_t)1 << sl->pos);
        s->where[sl->unit * t->n + i] = spots;
        if (!spots)
            broken |= !(s->placed[sl->unit] >> i & 1);
        else if (lone(spots))
            push(s->hidden, sl->rank * t->n + i);
    }
    return broken;
}

static int clear_peers(State *s, int cell, int i) {
    Tables *t = s->t;
    uint32_t bit = (uint32_t)1 << i;
    int broken = 0;
    for (int j = t->peer_start[cell]; j < t->peer_start[cell + 1]; j += 5) {
        int *item = &t->peer_items[j], peer = item[0];
        uint32_t mask = s->cands[peer];
        if (!(mask & bit)) continue;
        mask ^= bit;
        s->cands[peer] = mask;
        if (lone(mask))
            became_single(s, peer);
        else if (!mask)
            broken = 1;
        for (int q = 0; q < item[1]; q++) {
            Slot *sl = &t->slots[peer * 3 + item[2 + q]];
            uint32_t spots = s->where[sl->unit * t->n + i] & ~((uint32_t)1 << sl->pos);
            s->where[sl->unit * t->n + i] = spots;
            if (!spots)
                broken = 1;
            else if (lone(spots))
                push(s->hidden, sl->rank * t->n + i);
        }
    }
    return broken;
}

static int place(State *s, int cell, int digit) {
    Tables *t = s->t;
    int i = digit - 1, broken = 0;
    uint32_t bit = (uint32_t)1 << i;
    Slot *slots = &t->slots[cell * 3];
    for (int k = 0; k < 3; k++) {
        int u = slots[k].unit;
        broken |= (s->placed[u] & bit) != 0;
        s->placed[u] |= bit;
        s->open[u] &= ~((uint32_t)1 << slots[k].pos);
        s->where[u * t->n + i] = 0;
    }
    uint32_t others = s->cands[cell] & ~bit;
    s->cands[cell] = 0;
    s->values[cell] = digit;
    s->entries[cell] = digit;
    s->open_cells -= 1;
    for (; others; others &= others - 1) broken |= lose(s, cell, __builtin_ctz(others));
    broken |= clear_peers(s, cell, i);
    for (int k = 0; k < 3; k++) {
        uint32_t spots = s->open[slots[k].unit];
        if (lone(spots)) {
            int last = t->units[slots[k].unit * t->n + __builtin_ctz(spots)];
            if (lone(s->cands[last])) push(s->full_houses, last);
        }
    }
    return broken;
}

static int remove_candidate(State *s, int cell, int i) {
    uint32_t mask = s->cands[cell];
    if (!(mask >> i & 1)) return 0;
    mask ^= (uint32_t)1 << i;
    s->cands[cell] = mask;
    if (lone(mask)) became_single(s, cell);
    return lose(s, cell, i) || !mask;
}

/* The units' places, digits and empty cells, and whether the position may be impossible. */
static void count_cells(State *s) {
    Tables *t = s->t;
    int n = t->n, suspect = 0;
    uint32_t seen[3 * MAX_DIGITS] = {0};
    for (int cell = 0; cell < t->size; cell++) {
        Slot *sl = &t->slots[cell * 3];
        int digit = s->values[cell];
        if (digit) {
            uint32_t bit = (uint32_t)1 << (digit - 1);
            suspect |= ((s->placed[sl[0].unit] | s->placed[sl[1].unit] | s->placed[sl[2].unit]) & bit) != 0;
            for (int k = 0; k < 3; k++) s->placed[sl[k].unit] |= bit;
            continue;
        }
        uint32_t mask = s->cands[cell];
        suspect |= !mask;
        for (int k = 0; k < 3; k++) {
            uint32_t here = (uint32_t)1 << sl[k].pos;
            s->open[sl[k].unit] |= here;
            seen[sl[k].unit] |= mask;
            for (uint32_t m = mask; m; m &= m - 1) s->where[sl[k].unit * n + __builtin_ctz(m)] |= here;
        }
    }
    uint32_t full = ((uint32_t)1 << n) - 1;
    for (int u = 0; u < t->nunits; u++) suspect |= (s->placed[u] | seen[u]) != full;
    s->suspect = (char)(suspect != 0);
}

static int read_ints(PyObject *seq, int *out, Py_ssize_t count, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, count);
        Py_DECREF(fast);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < count; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* State(tables, candidates, values, entries): the tally of a position. */
static int state_init(State *s, PyObject *args, PyObject *kwds) {
    PyObject *capsule, *cands, *values, *entries;
    if (!PyArg_ParseTuple(args, "OOOO", &capsule, &cands, &values, &entries)) return -1;
    Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!t) return -1;
    if (s->capsule) {
        PyErr_SetString(PyExc_RuntimeError, "a tally is set up once");
        return -1;
    }
    Py_INCREF(capsule);
    s->capsule = capsule;
    s->t = t;
    Py_INCREF(Py_None);
    s->grid = Py_None;
    int size = t->size, n = t->n, nunits = t->nunits;
    size_t words = (size_t)size * 4 + (size_t)nunits * (n + 2);        /* cands, values, entries, ... */
    size_t bits = (size_t)(size + 63) / 64 * 2 + (size_t)(nunits * n + 63) / 64;
    /* one block: uint32 tables first, then the int arrays, then the bit sets (8-byte aligned) */
    size_t bytes = words * 4 + 8 + bits * 8;
    char *block = PyMem_Calloc(1, bytes);
    if (!block) {
        PyErr_NoMemory();
        return -1;
    }
    s->cands = (uint32_t *)block;
    s->where = s->cands + size;
    s->open = s->where + nunits * n;
    s->placed = s->open + nunits;
    s->values = (int *)(s->placed + nunits);
    s->entries = s->values + size;
    uintptr_t end = (uintptr_t)(s->entries + size);
    s->full_houses = (uint64_t *)((end + 7) & ~(uintptr_t)7);
    s->naked = s->full_houses + (size + 63) / 64;
    s->hidden = s->naked + (size + 63) / 64;
    int *masks = PyMem_Calloc((size_t)size, sizeof(int));
    if (!masks) {
        PyErr_NoMemory();
        return -1;
    }
    int ok = read_ints(cands, masks, size, "candidates") == 0 && read_ints(values, s->values, size, "values") == 0 &&
             read_ints(entries, s->entries, size, "entries") == 0;
    for (int c = 0; ok && c < size; c++) s->cands[c] = (uint32_t)masks[c];
    PyMem_Free(masks);
    if (!ok) return -1;
    s->open_cells = 0;
    for (int c = 0; c < size; c++) s->open_cells += !s->values[c];
    count_cells(s);
    for (int r = 0; r < nunits; r++)
        for (int i = 0; i < n; i++)
            if (lone(s->where[t->order[r] * n + i])) push(s->hidden, r * n + i);
    for (int c = 0; c < size; c++)
        if (lone(s->cands[c])) became_single(s, c);
    return 0;
}

static void state_dealloc(State *s) {
    PyMem_Free(s->cands); /* the one block */
    Py_XDECREF(s->grid);
    Py_XDECREF(s->capsule);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int follow_pairs(State *s, PyObject *pairs, int eliminating, int *broken) {
    PyObject *fast = PySequence_Fast(pairs, "a step's candidates");
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t j = 0; j < count; j++) {
        int cell, digit;
        PyObject *pair = items[j];
        if (PyTuple_CheckExact(pair) && PyTuple_GET_SIZE(pair) == 2) {
            cell = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
            digit = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
            if (PyErr_Occurred()) {
                Py_DECREF(fast);
                return -1;
            }
        } else if (int_at(pair, 0, &cell) < 0 || int_at(pair, 1, &digit) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        if (cell < 0 || cell >= s->t->size || digit < 1 || digit > s->t->n) {
            PyErr_Format(PyExc_ValueError, "no candidate %d in cell %d", digit, cell);
            Py_DECREF(fast);
            return -1;
        }
        *broken |= eliminating ? remove_candidate(s, cell, digit - 1) : place(s, cell, digit);
    }
    Py_DECREF(fast);
    return 0;
}

/* follow(step): placements, then eliminations, as Grid.apply; True if the position may be impossible. */
static PyObject *state_follow(State *s, PyObject *step) {
    if (!s->t) {
        PyErr_SetString(PyExc_RuntimeError, "the tally was not set up");
        return NULL;
    }
    Py_SETREF(s->grid, Py_NewRef(Py_None));
    int broken = 0;
    PyObject *placements = PyObject_GetAttr(step, PLACEMENTS);
    if (!placements) return NULL;
    int failed = follow_pairs(s, placements, 0, &broken);
    Py_DECREF(placements);
    if (failed) return NULL;
    PyObject *eliminations = PyObject_GetAttr(step, ELIMINATIONS);
    if (!eliminations) return NULL;
    failed = follow_pairs(s, eliminations, 1, &broken);
    Py_DECREF(eliminations);
    if (failed) return NULL;
    return PyBool_FromLong(broken);
}

static int lowest(const uint64_t *set, int count) {
    for (int w = 0; w < (count + 63) / 64; w++)
        if (set[w]) return w * 64 + __builtin_ctzll(set[w]);
    return -1;
}

static inline void drop(uint64_t *set, int i) { set[i >> 6] &= ~((uint64_t)1 << (i & 63)); }

/* The shared step of a single: kind 0, 1, 2 (full house, naked, hidden), the unit as the cell's k-th. */
static PyObject *explained(State *s, int kind, int cell, int digit, int k) {
    Tables *t = s->t;
    PyObject **slot = &t->steps[((kind * t->size + cell) * t->n + digit - 1) * 3 + k];
    if (!*slot) {
        PyObject *rule = kind == 0 ? t->full_house : kind == 1 ? t->naked_single : t->hidden_single;
        PyObject *key = Py_BuildValue("(Oiii)", rule, cell, digit, kind == 1 ? -1 : t->slots[cell * 3 + k].unit);
        if (!key) return NULL;
        *slot = PyObject_GetItem(t->explained, key);
        Py_DECREF(key);
        if (!*slot) return NULL;
    }
    return Py_NewRef(*slot);
}

static PyObject *state_full_house(State *s, PyObject *unused) {
    if (!s->t) Py_RETURN_NONE;
    for (int cell; (cell = lowest(s->full_houses, s->t->size)) >= 0; drop(s->full_houses, cell)) {
        uint32_t mask = s->cands[cell];
        if (s->values[cell] || !lone(mask)) continue;
        Slot *sl = &s->t->slots[cell * 3];
        for (int k = 0; k < 3; k++)
            if (lone(s->open[sl[k].unit]))
                return explained(s, 0, cell, 32 - __builtin_clz(mask), k);
        PyErr_SetString(PyExc_RuntimeError, "a full house without a unit of one empty cell");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *state_naked_single(State *s, PyObject *unused) {
    if (!s->t) Py_RETURN_NONE;
    for (int cell; (cell = lowest(s->naked, s->t->size)) >= 0; drop(s->naked, cell)) {
        uint32_t mask = s->cands[cell];
        if (!s->values[cell] && lone(mask))
            return explained(s, 1, cell, 32 - __builtin_clz(mask), 0);
    }
    Py_RETURN_NONE;
}

static PyObject *state_hidden_single(State *s, PyObject *unused) {
    if (!s->t) Py_RETURN_NONE;
    int n = s->t->n;
    for (int entry; (entry = lowest(s->hidden, s->t->nunits * n)) >= 0; drop(s->hidden, entry)) {
        int unit = s->t->order[entry / n], i = entry % n;
        uint32_t spots = s->where[unit * n + i];
        if (lone(spots)) {
            int cell = s->t->units[unit * n + __builtin_ctz(spots)], k = 0;
            while (s->t->slots[cell * 3 + k].unit != unit) k++;
            return explained(s, 2, cell, i + 1, k);
        }
    }
    Py_RETURN_NONE;
}

static PyObject *int_tuple(const int *values, int count, int unsigned_) {
    PyObject *out = PyTuple_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *v = unsigned_ ? PyLong_FromUnsignedLong(((const uint32_t *)values)[i]) : PyLong_FromLong(values[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* position(): (entries, candidates, values) as tuples, what a Grid of the position is made of. */
static PyObject *state_position(State *s, PyObject *unused) {
    if (!s->t) Py_RETURN_NONE;
    int size = s->t->size;
    PyObject *entries = int_tuple(s->entries, size, 0), *cands = int_tuple((int *)s->cands, size, 1),
             *values = int_tuple(s->values, size, 0);
    PyObject *out = entries && cands && values ? PyTuple_Pack(3, entries, cands, values) : NULL;
    Py_XDECREF(entries);
    Py_XDECREF(cands);
    Py_XDECREF(values);
    return out;
}

/* unit_positions(): per unit, per digit, the mask of the unit's places the digit can still take. */
static PyObject *state_unit_positions(State *s, PyObject *unused) {
    if (!s->t) Py_RETURN_NONE;
    int n = s->t->n;
    PyObject *out = PyTuple_New(s->t->nunits);
    if (!out) return NULL;
    for (int u = 0; u < s->t->nunits; u++) {
        PyObject *row = int_tuple((int *)&s->where[u * n], n, 1);
        if (!row) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, u, row);
    }
    return out;
}

static PyMethodDef state_methods[] = {
    {"follow", (PyCFunction)state_follow, METH_O, "Take in a step; True when the position may be impossible."},
    {"full_house", (PyCFunction)state_full_house, METH_NOARGS, "The first full house, or None."},
    {"naked_single", (PyCFunction)state_naked_single, METH_NOARGS, "The first naked single, or None."},
    {"hidden_single", (PyCFunction)state_hidden_single, METH_NOARGS, "The first hidden single, or None."},
    {"position", (PyCFunction)state_position, METH_NOARGS, "(entries, candidates, values) of the position."},
    {"unit_positions", (PyCFunction)state_unit_positions, METH_NOARGS, "The places of each digit per unit."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef state_members[] = {
    {"open_cells", T_PYSSIZET, offsetof(State, open_cells), READONLY, "How many cells are still empty."},
    {"suspect", T_BOOL, offsetof(State, suspect), READONLY, "The position may be impossible from the start."},
    {"_grid", T_OBJECT, offsetof(State, grid), 0, "The position as a Grid, or None until one is asked for."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sudoku_workbench.logic._singles_tally.State",
    .tp_basicsize = sizeof(State),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The singles tally of one solve, kept in C.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)state_init,
    .tp_dealloc = (destructor)state_dealloc,
    .tp_methods = state_methods,
    .tp_members = state_members,
};

static PyMethodDef methods[] = {
    {"tables", make_tables, METH_VARARGS, "A geometry's tables in C form (None if the kernel cannot take it)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_singles_tally", "The compiled singles tally.", -1, methods,
};

PyMODINIT_FUNC PyInit__singles_tally(void) {
    if (PyType_Ready(&StateType) < 0) return NULL;
    PLACEMENTS = PyUnicode_InternFromString("placements");
    ELIMINATIONS = PyUnicode_InternFromString("eliminations");
    if (!PLACEMENTS || !ELIMINATIONS) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "State", (PyObject *)&StateType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

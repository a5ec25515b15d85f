/* The propagation fixpoint of logic/forcing/propagation.py, compiled: Propagation.run, with reasons or not.
 *
 * This file computes exactly what Propagation.run computes in Python when no reasons are recorded,
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
 * Python words; record() is Propagation.run with reasons for a forcing net's replay (NET mode keeps no round
 * snapshots; after the branch's earlier facts): every new fact, and the state. It handles grids of up to 127 cells and 64
 * units (9x9 and smaller); larger grids and installs without a compiler take the Python loop.
 * SUDOKU_WORKBENCH_PURE=1 makes the package ignore this module (see _kernel.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_mask128.h"

#define MAX_CELLS 127 /* signed 128-bit reads: the top bit stays clear */
#define MAX_UNITS 64
#define MAX_DIGITS 32

static const char *TABLES_NAME = "sudoku_workbench.fixpoint.tables";

typedef struct {
    int size, n, nunits;
    mask_t units[MAX_UNITS];
    mask_t peers[MAX_CELLS];
    uint64_t cell_units[MAX_CELLS];
    mask_t *reach;       /* at unit * size + cell */
    int *confine_start;  /* entries of unit * size + cell: confine_start[i] .. confine_start[i + 1] */
    mask_t *meeting, *outside;
    int *target;         /* the unit an entry's meeting confines the digit to */
} Tables;

static int low_index(mask_t m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static int high_index(mask_t m) {
    uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)m);
}

static int popcount(mask_t m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

static int masks_of(PyObject *seq, mask_t *out, Py_ssize_t count, const char *what) {
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
    if (masks_of(reach, t->reach, spots, "reach") < 0) return -1;
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
static PyObject *make_tables(PyObject *Py_UNUSED(self), PyObject *args) {
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
    if (masks_of(units, t->units, nunits, "units") < 0 || masks_of(peers, t->peers, size, "peers") < 0 ||
        masks_of(cell_units, wide, size, "cell_unit_bits") < 0 || read_confines(t, confines, reach) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    for (int c = 0; c < size; c++) t->cell_units[c] = (uint64_t)wide[c];
    return capsule;
}

/* --- the state and its queues ---------------------------------------------------------------- */

enum { STATIC = 0, DYNAMIC = 1, NET = 2 };
enum { GOES_ON = 0, RULED_OUT = 1, NO_CANDIDATE = 2, NO_PLACE = 3 };

/* Why a literal was queued (what explain() and record() tell Python): a hidden or a naked single, the
 * assumption, or a digit confined to a box-line meeting. */
enum { HIDDEN_SINGLE = 0, NAKED_SINGLE = 1, ASSUMED = 2, CONFINED = 3 };

typedef struct {
    mask_t mask;  /* offs: the cells; places: the cell's bit */
    int cell;     /* places: the cell; CONFINED: the entry of Tables' meetings */
    int digit, kind;
    int unit;     /* a hidden single's unit, or the unit whose digit is CONFINED */
} Entry;

/* The reasons of explain(): one fact per literal found, in the order Propagation._note keeps them.
 * A literal's id is (cell * n + digit - 1) * 2 + on; ``noted`` maps ids to facts (-1: not found). */
enum { WHY_ASSUMED = 0, WHY_NAKED = 1, WHY_OWN_CELL = 2, WHY_PEER = 3, WHY_HIDDEN = 4, WHY_CONFINED = 5 };

typedef struct {
    short cell, digit, on, why;
    short from;   /* WHY_OWN_CELL: the digit placed; WHY_PEER: the cell placed; WHY_HIDDEN, WHY_CONFINED: the unit */
    short entry;  /* WHY_CONFINED: the entry of Tables' meetings */
    long round;
} Fact;

typedef struct {
    mask_t start_loc[MAX_DIGITS];
    long round;
    int first_order; /* the order of the first fact (after those of earlier runs) */
    int count;
    int *noted;
    Fact *facts;
} Record;

typedef struct {
    Entry *items;
    Py_ssize_t count, capacity;
} Queue;

typedef struct {
    const Tables *t;
    int mode;
    mask_t loc[MAX_DIGITS], placed[MAX_DIGITS], changed[MAX_DIGITS], free, static_cells;
    uint64_t filters[MAX_DIGITS];
    Queue places, offs, taken_places, taken_offs;
    int code, code_a, code_b; /* a contradiction: its kind and (cell, digit), (cell) or (index, unit) */
    PyObject *known[2][MAX_DIGITS]; /* the last int made or read for loc (0) and placed (1), per digit */
    mask_t known_value[2][MAX_DIGITS];
    Record *record; /* explain()'s reasons while it records, else NULL */
} State;

static int push(Queue *q, Entry e) {
    if (q->count == q->capacity) {
        Py_ssize_t capacity = q->capacity ? 2 * q->capacity : 64;
        Entry *items = PyMem_Realloc(q->items, capacity * sizeof(Entry));
        if (!items) {
            PyErr_NoMemory();
            return -1;
        }
        q->items = items;
        q->capacity = capacity;
    }
    q->items[q->count++] = e;
    return 0;
}

static int literal_id(const Tables *t, int cell, int digit, int on) {
    return ((cell * t->n) + digit - 1) * 2 + on;
}

/* Propagation._note: the first reason found for a literal is kept. */
static void note(State *s, int cell, int digit, int on, int why, int from, int entry) {
    Record *r = s->record;
    int id = literal_id(s->t, cell, digit, on);
    if (r->noted[id] >= 0) return;
    r->noted[id] = r->count;
    r->facts[r->count++] =
        (Fact){(short)cell, (short)digit, (short)on, (short)why, (short)from, (short)entry, r->round};
}

/* Propagation._note_placement: the cell's other digits (others: a bit per index), then its peers'. */
static void note_placement(State *s, int cell, int digit, uint64_t others, mask_t peers) {
    for (; others; others &= others - 1) note(s, cell, __builtin_ctzll(others) + 1, 0, WHY_OWN_CELL, digit, 0);
    for (; peers; peers &= peers - 1) note(s, low_index(peers), digit, 0, WHY_PEER, cell, 0);
}

static int place(State *s, int cell, int digit) {
    const Tables *t = s->t;
    mask_t bit = (mask_t)1 << cell;
    int index = digit - 1;
    if (s->placed[index] & bit) return 0;
    if (!(s->loc[index] & bit)) {
        s->code = RULED_OUT, s->code_a = cell, s->code_b = digit;
        return 1;
    }
    s->free &= ~bit;
    s->placed[index] |= bit;
    s->filters[index] &= ~t->cell_units[cell];
    s->loc[index] ^= bit;
    uint64_t others = 0;
    for (int other = 0; other < t->n; other++)
        if (s->loc[other] & bit) {
            s->loc[other] ^= bit;
            s->changed[other] |= bit;
            others |= (uint64_t)1 << other;
        }
    mask_t hit = s->loc[index] & t->peers[cell];
    if (hit) {
        s->loc[index] ^= hit;
        s->changed[index] |= hit;
    }
    if (s->record) note_placement(s, cell, digit, others, hit);
    return 0;
}

/* Propagation._apply: the queued eliminations, then the queued placements. */
static int apply(State *s) {
    Queue offs = s->offs, places = s->places;
    s->offs = s->taken_offs, s->places = s->taken_places;
    s->offs.count = s->places.count = 0;
    s->taken_offs = offs, s->taken_places = places;
    for (Py_ssize_t i = 0; i < offs.count; i++) {
        int index = offs.items[i].digit - 1;
        mask_t hit = s->loc[index] & offs.items[i].mask;
        if (hit) {
            s->loc[index] ^= hit;
            s->changed[index] |= hit;
            for (const Entry *e = &offs.items[i]; s->record && hit; hit &= hit - 1)
                note(s, low_index(hit), e->digit, 0, WHY_CONFINED, e->unit, e->cell);
        }
    }
    for (Py_ssize_t i = 0; i < places.count; i++) {
        const Entry *e = &places.items[i];
        if (s->record) {
            static const int why_of[] = {WHY_HIDDEN, WHY_NAKED, WHY_ASSUMED};
            note(s, e->cell, e->digit, 1, why_of[e->kind], e->unit, 0);
        }
        if (place(s, e->cell, e->digit)) return 1;
    }
    return 0;
}

/* Propagation._naked without reasons. */
static int naked(State *s, mask_t touched) {
    touched &= s->static_cells;
    if (!touched) return 0;
    mask_t once = 0, twice = 0;
    for (int d = 0; d < s->t->n; d++) {
        twice |= once & s->loc[d];
        once |= s->loc[d];
    }
    mask_t empty = touched & ~once;
    if (empty && s->mode != STATIC) {
        s->code = NO_CANDIDATE, s->code_a = low_index(empty);
        return 1;
    }
    mask_t singles = touched & once & ~twice;
    while (singles) {
        int cell = low_index(singles);
        mask_t low = (mask_t)1 << cell;
        singles ^= low;
        int digit = 1;
        for (int d = 0; d < s->t->n && !(s->loc[d] & low); d++) digit++;
        if (push(&s->places, (Entry){low, cell, digit, NAKED_SINGLE, 0}) < 0) return -1;
    }
    return 0;
}

/* Propagation._hidden without reasons: hidden singles, and in NET mode locked candidates. */
static int hidden(State *s) {
    const Tables *t = s->t;
    for (int index = 0; index < t->n; index++) {
        mask_t moved = s->changed[index];
        if (!moved) continue;
        uint64_t wanted = s->filters[index];
        if (popcount(moved) <= 8) {
            uint64_t touched = 0;
            while (moved) {
                int cell = low_index(moved);
                moved ^= (mask_t)1 << cell;
                touched |= t->cell_units[cell];
            }
            wanted &= touched;
        }
        mask_t here = s->loc[index];
        while (wanted) {
            int unit = __builtin_ctzll(wanted);
            wanted &= wanted - 1;
            mask_t spots = here & t->units[unit];
            if (!(spots & (spots - 1))) {
                if (spots) {
                    int cell = low_index(spots);
                    if (push(&s->places, (Entry){spots, cell, index + 1, HIDDEN_SINGLE, unit}) < 0) return -1;
                } else if (s->mode != STATIC) {
                    s->code = NO_PLACE, s->code_a = index, s->code_b = unit;
                    return 1;
                }
                continue;
            }
            if (s->mode != NET) continue;
            int last = unit * t->size + high_index(spots);
            if (spots & ~t->reach[last]) continue;
            for (int k = t->confine_start[last]; k < t->confine_start[last + 1]; k++)
                if (!(spots & ~t->meeting[k]) && (here & t->outside[k]))
                    if (push(&s->offs, (Entry){here & t->outside[k], k, index + 1, CONFINED, unit}) < 0) return -1;
        }
    }
    return 0;
}

/* Propagation._detect. */
static int detect(State *s) {
    mask_t touched = 0;
    for (int d = 0; d < s->t->n; d++) touched |= s->changed[d];
    if (!touched) return 0;
    int stop = naked(s, touched & s->free);
    if (!stop) stop = hidden(s);
    if (stop) return stop;
    memset(s->changed, 0, sizeof(s->changed));
    return 0;
}

/* --- between Python and C --------------------------------------------------------------------- */

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

static int write_masks(PyObject *list, const mask_t *masks, int count) {
    for (int i = 0; i < count; i++) {
        PyObject *value = from_mask(masks[i]);
        if (!value || PyList_SetItem(list, i, value) < 0) return -1;
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

static void release(State *s) {
    for (int which = 0; which < 2; which++)
        for (int d = 0; d < MAX_DIGITS; d++) Py_CLEAR(s->known[which][d]);
    PyMem_Free(s->places.items);
    PyMem_Free(s->offs.items);
    PyMem_Free(s->taken_places.items);
    PyMem_Free(s->taken_offs.items);
}

static int read_state(State *s, PyObject *loc, PyObject *placed, PyObject *changed, PyObject *filters,
                      PyObject *free, PyObject *static_cells) {
    int n = s->t->n;
    mask_t wide[MAX_DIGITS];
    if (masks_of(loc, s->loc, n, "loc") < 0 || masks_of(placed, s->placed, n, "placed") < 0 ||
        masks_of(changed, s->changed, n, "changed") < 0 || masks_of(filters, wide, n, "filters") < 0 ||
        to_mask(free, &s->free) < 0 || to_mask(static_cells, &s->static_cells) < 0)
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
                   write_masks(changed, s->changed, n) < 0 || write_masks(filters, wide, n) < 0
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
    s.t = PyCapsule_GetPointer(capsule, TABLES_NAME);
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
        stop = apply(&s);
        if (!stop) stop = detect(&s);
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
    release(&s);
    return result;
}

/* --- every assumption of a position at once ------------------------------------------------- */

static const char *TRIALS_NAME = "sudoku_workbench.fixpoint.trials";

/* One assumption run to its fixpoint: its rounds, whether it contradicted, and (when it did not) the
 * literals it reached, per digit: new places (on) and removals (off). */
typedef struct {
    long rounds;
    int contradicted;
    mask_t on[MAX_DIGITS], off[MAX_DIGITS];
} Trial;

/* Every trial of a position, kept for splits(): ``firsts`` holds per trial 2 * n * size rounds, in
 * trials.reached's bit order, the round after which each reached literal first held (none in NET
 * mode, which keeps no rounds: there no split has a conclusion, as in Python). */
typedef struct {
    int size, n, mode;
    mask_t start_loc[MAX_DIGITS], start_placed[MAX_DIGITS];
    int trial_of[MAX_CELLS][MAX_DIGITS]; /* the trial assuming (cell, digit + 1), or -1 */
    Trial *trials;
    uint16_t *firsts;
} TrialSet;

static void drop_trials(TrialSet *set) {
    PyMem_Free(set->trials);
    PyMem_Free(set->firsts);
    PyMem_Free(set);
}

static void free_trials(PyObject *capsule) {
    TrialSet *set = PyCapsule_GetPointer(capsule, TRIALS_NAME);
    if (set) drop_trials(set);
}

/* The literals of a trial as trials.reached's int: per digit its new places, then its removals. */
static PyObject *reached_int(int size, int n, const mask_t *on, const mask_t *off) {
    unsigned char bytes[2 * MAX_CELLS * MAX_DIGITS / 8 + 1];
    size_t count = (size_t)(2 * size * n + 7) / 8;
    memset(bytes, 0, count);
    for (int d = 0; d < n; d++) {
        const mask_t halves[2] = {on[d], off[d]};
        for (int half = 0; half < 2; half++) {
            long base = (long)(2 * d + half) * size;
            for (mask_t m = halves[half]; m; m &= m - 1) {
                long bit = base + low_index(m);
                bytes[bit >> 3] |= (unsigned char)(1u << (bit & 7));
            }
        }
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, count, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, count, 1, 0);
#endif
}

/* After a round: the literals that hold for the first time get this round (what trials.rounds_of
 * reads from the round snapshots). */
static void note_firsts(const State *s, const TrialSet *set, Trial *trial, uint16_t *firsts, long round) {
    int size = set->size;
    for (int d = 0; d < set->n; d++) {
        mask_t on = s->placed[d] & ~set->start_placed[d] & ~trial->on[d];
        mask_t off = set->start_loc[d] & ~(s->loc[d] | s->placed[d]) & ~trial->off[d];
        trial->on[d] |= on;
        trial->off[d] |= off;
        for (; on; on &= on - 1) firsts[2 * d * size + low_index(on)] = (uint16_t)round;
        for (; off; off &= off - 1) firsts[(2 * d + 1) * size + low_index(off)] = (uint16_t)round;
    }
}

/* Propagation.copy, assume(cell, digit, True) and run() on the work state ``s``; 0, or -1 on an error. */
static int try_one(State *s, const State *base, TrialSet *set, Trial *trial, uint16_t *firsts, int cell,
                   int digit) {
    memcpy(s->loc, base->loc, sizeof s->loc);
    memcpy(s->placed, base->placed, sizeof s->placed);
    memcpy(s->filters, base->filters, sizeof s->filters);
    memset(s->changed, 0, sizeof s->changed);
    s->free = base->free;
    s->static_cells = base->static_cells;
    s->code = 0;
    s->places.count = s->offs.count = 0;
    memset(trial->on, 0, sizeof trial->on);
    memset(trial->off, 0, sizeof trial->off);
    if (push(&s->places, (Entry){(mask_t)1 << cell, cell, digit, ASSUMED, 0}) < 0) return -1;
    long round = 0;
    int stop = 0;
    while (s->places.count || s->offs.count) {
        round++;
        stop = apply(s);
        if (!stop) stop = detect(s);
        if (stop) break;
        if (s->mode != NET) note_firsts(s, set, trial, firsts, round);
    }
    if (stop < 0) return -1;
    trial->rounds = round;
    trial->contradicted = stop;
    for (int d = 0; d < set->n; d++) {
        trial->on[d] = stop ? 0 : s->placed[d] & ~set->start_placed[d];
        trial->off[d] = stop ? 0 : set->start_loc[d] & ~(s->loc[d] | s->placed[d]);
    }
    return 0;
}

static int read_base(State *base, PyObject *loc, PyObject *placed, PyObject *filters, PyObject *free,
                     PyObject *static_cells) {
    int n = base->t->n;
    mask_t wide[MAX_DIGITS];
    if (masks_of(loc, base->loc, n, "loc") < 0 || masks_of(placed, base->placed, n, "placed") < 0 ||
        masks_of(filters, wide, n, "filters") < 0 || to_mask(free, &base->free) < 0 ||
        to_mask(static_cells, &base->static_cells) < 0)
        return -1;
    for (int d = 0; d < n; d++) base->filters[d] = (uint64_t)wide[d];
    return 0;
}

static int read_candidate(PyObject *item, const Tables *t, int *cell, int *digit) {
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

static TrialSet *new_trials(const State *base, Py_ssize_t count) {
    TrialSet *set = PyMem_Calloc(1, sizeof(TrialSet));
    if (!set) return NULL;
    const Tables *t = base->t;
    set->size = t->size;
    set->n = t->n;
    set->mode = base->mode;
    memcpy(set->start_loc, base->loc, sizeof set->start_loc);
    memcpy(set->start_placed, base->placed, sizeof set->start_placed);
    memset(set->trial_of, 0xff, sizeof set->trial_of);
    set->trials = PyMem_Calloc(count + 1, sizeof(Trial));
    set->firsts = PyMem_Malloc((size_t)(count + 1) * 2 * t->n * t->size * sizeof(uint16_t));
    return set;
}

/* trials(tables, mode, loc, placed, filters, free, static_cells, candidates) -> (handle, results)
 * Each (cell, digit) of ``candidates`` assumed true on its own copy of the given state and run to the
 * fixpoint; per candidate (rounds, contradicted, reached), reached as trials.reached (0 when it
 * contradicted). The handle keeps the trials for splits(). */
static PyObject *trials(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *loc, *placed, *filters, *free, *static_cells, *candidates;
    int mode;
    if (!PyArg_ParseTuple(args, "OiOOOOOO!", &capsule, &mode, &loc, &placed, &filters, &free, &static_cells,
                          &PyList_Type, &candidates))
        return NULL;
    State base, s;
    memset(&base, 0, sizeof base);
    memset(&s, 0, sizeof s);
    base.t = s.t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!base.t || read_base(&base, loc, placed, filters, free, static_cells) < 0) return NULL;
    base.mode = s.mode = mode;
    Py_ssize_t count = PyList_GET_SIZE(candidates);
    TrialSet *set = new_trials(&base, count);
    PyObject *handle = set ? PyCapsule_New(set, TRIALS_NAME, free_trials) : NULL;
    if (!handle) {
        if (set) drop_trials(set);
        return PyErr_NoMemory();
    }
    PyObject *results = set->trials && set->firsts ? PyList_New(count) : PyErr_NoMemory();
    size_t stride = (size_t)2 * set->n * set->size;
    for (Py_ssize_t i = 0; results && i < count; i++) {
        int cell, digit;
        Trial *trial = &set->trials[i];
        PyObject *result = NULL;
        if (read_candidate(PyList_GET_ITEM(candidates, i), base.t, &cell, &digit) == 0 &&
            try_one(&s, &base, set, trial, set->firsts + i * stride, cell, digit) == 0) {
            set->trial_of[cell][digit - 1] = (int)i;
            PyObject *bits = reached_int(set->size, set->n, trial->on, trial->off);
            result = bits ? Py_BuildValue("(lON)", trial->rounds, trial->contradicted ? Py_True : Py_False, bits)
                          : NULL;
        }
        if (!result) Py_CLEAR(results);
        else PyList_SET_ITEM(results, i, result);
    }
    release(&s);
    if (!results) {
        Py_DECREF(handle);
        return NULL;
    }
    return Py_BuildValue("(NN)", handle, results);
}

/* The literal the given trials all reached with the smallest summed first rounds (then the smallest
 * (cell, digit)), as Python's min over (total, literal) picks it; 0 when a case has no trial or
 * contradicted, or the cases share nothing. */
static int shared_end(const TrialSet *set, const int *cases, int k, long *total, int *cell, int *digit,
                      int *on) {
    mask_t common[2][MAX_DIGITS], any = 0;
    if (set->mode == NET) return 0;
    for (int c = 0; c < k; c++)
        if (cases[c] < 0 || set->trials[cases[c]].contradicted) return 0;
    for (int d = 0; d < set->n; d++) {
        common[1][d] = common[0][d] = ~(mask_t)0;
        for (int c = 0; c < k; c++) {
            common[1][d] &= set->trials[cases[c]].on[d];
            common[0][d] &= set->trials[cases[c]].off[d];
        }
        any |= common[0][d] | common[1][d];
    }
    if (!any) return 0;
    size_t stride = (size_t)2 * set->n * set->size;
    *total = -1;
    for (int d = 0; d < set->n; d++)
        for (int value = 0; value < 2; value++)
            for (mask_t m = common[value][d]; m; m &= m - 1) {
                int here = low_index(m);
                long sum = 0;
                for (int c = 0; c < k; c++)
                    sum += set->firsts[cases[c] * stride + (size_t)(2 * d + !value) * set->size + here];
                /* (sum, cell, digit) decides: no case both places and removes one candidate */
                int better = *total < 0 || sum < *total ||
                             (sum == *total && (here < *cell || (here == *cell && d + 1 < *digit)));
                if (better) *total = sum, *cell = here, *digit = d + 1, *on = value;
            }
    return 1;
}

static int add_split(PyObject *found, const TrialSet *set, const int *cases, int k, int cell, int digit,
                     int unit) {
    long total;
    int end_cell, end_digit, end_on;
    if (!shared_end(set, cases, k, &total, &end_cell, &end_digit, &end_on)) return 0;
    PyObject *split = Py_BuildValue("(l(ii)i(iiO))", total, cell, digit, unit, end_cell, end_digit,
                                    end_on ? Py_True : Py_False);
    if (!split) return -1;
    int failed = PyList_Append(found, split);
    Py_DECREF(split);
    return failed;
}

/* splits(tables, handle, unit_wise) -> [(total, (cell, digit), unit, (end_cell, end_digit, end_on))]
 * The case splits of the trials' position (each open cell's candidates, or each unit's places of a
 * digit not placed there) whose every case ran without contradiction and reached a common literal:
 * the best such literal, the split's first case, and its unit (-1 for a cell). */
static PyObject *splits(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *handle;
    int unit_wise;
    if (!PyArg_ParseTuple(args, "OOp", &capsule, &handle, &unit_wise)) return NULL;
    const Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    const TrialSet *set = t ? PyCapsule_GetPointer(handle, TRIALS_NAME) : NULL;
    if (!set) return NULL;
    if (set->size != t->size || set->n != t->n) {
        PyErr_SetString(PyExc_ValueError, "splits: the trials are of another geometry");
        return NULL;
    }
    PyObject *found = PyList_New(0);
    int cases[MAX_CELLS > MAX_DIGITS ? MAX_CELLS : MAX_DIGITS];
    for (int cell = 0; found && !unit_wise && cell < t->size; cell++) {
        int k = 0, first = 0;
        mask_t bit = (mask_t)1 << cell;
        for (int d = t->n - 1; d >= 0; d--)
            if (set->start_loc[d] & bit) cases[k++] = set->trial_of[cell][d], first = d + 1;
        if (k >= 2 && add_split(found, set, cases, k, cell, first, -1) < 0) Py_CLEAR(found);
    }
    for (int unit = 0; found && unit_wise && unit < t->nunits; unit++)
        for (int d = 0; found && d < t->n; d++) {
            mask_t places = set->start_loc[d] & t->units[unit];
            if (set->start_placed[d] & t->units[unit] || popcount(places) < 2) continue;
            int k = 0;
            for (mask_t m = places; m; m &= m - 1) cases[k++] = set->trial_of[low_index(m)][d];
            if (add_split(found, set, cases, k, low_index(places), d + 1, unit) < 0) Py_CLEAR(found);
        }
    return found;
}

/* --- one assumption replayed with reasons ------------------------------------------------------ */

/* The parents Propagation gives a fact, as literal ids into ``out``; how many. */
static int parents_of(const Tables *t, const Record *r, const Fact *f, int *out) {
    int k = 0;
    if (f->why == WHY_NAKED) {
        for (int d = 0; d < t->n; d++)
            if ((r->start_loc[d] >> f->cell & 1) && d + 1 != f->digit) out[k++] = literal_id(t, f->cell, d + 1, 0);
    } else if (f->why == WHY_OWN_CELL) {
        out[k++] = literal_id(t, f->cell, f->from, 1);
    } else if (f->why == WHY_PEER) {
        out[k++] = literal_id(t, f->from, f->digit, 1);
    } else if (f->why == WHY_HIDDEN) {
        mask_t others = r->start_loc[f->digit - 1] & t->units[f->from] & ~((mask_t)1 << f->cell);
        for (; others; others &= others - 1) out[k++] = literal_id(t, low_index(others), f->digit, 0);
    } else if (f->why == WHY_CONFINED) {
        mask_t rest = r->start_loc[f->digit - 1] & t->units[f->from] & ~t->meeting[f->entry];
        for (; rest; rest &= rest - 1) out[k++] = literal_id(t, low_index(rest), f->digit, 0);
    }
    return k;
}

/* The facts a contradiction rests on, as Propagation._ruled_out, _no_candidate and _no_place name them. */
static int contradiction_parents(const State *s, const Record *r, int *out) {
    const Tables *t = s->t;
    int k = 0;
    if (s->code == RULED_OUT) {
        out[k++] = literal_id(t, s->code_a, s->code_b, 1);
        out[k++] = literal_id(t, s->code_a, s->code_b, 0);
    } else if (s->code == NO_CANDIDATE) {
        for (int d = 0; d < t->n; d++)
            if (r->start_loc[d] >> s->code_a & 1) out[k++] = literal_id(t, s->code_a, d + 1, 0);
    } else if (s->code == NO_PLACE) {
        for (mask_t m = r->start_loc[s->code_a] & t->units[s->code_b]; m; m &= m - 1)
            out[k++] = literal_id(t, low_index(m), s->code_a + 1, 0);
    }
    return k;
}

static PyObject *literal_of(const Tables *t, int id) {
    return Py_BuildValue("(iiO)", id / 2 / t->n, id / 2 % t->n + 1, id & 1 ? Py_True : Py_False);
}

/* One fact as Python reads it: (cell, digit, on, order, round, parents, why, from, to); ``to`` is the
 * unit a CONFINED digit is confined to. */
static PyObject *fact_tuple(const Tables *t, const Record *r, int index) {
    const Fact *f = &r->facts[index];
    int ids[MAX_CELLS + MAX_DIGITS];
    int k = parents_of(t, r, f, ids);
    PyObject *parents = PyTuple_New(k);
    for (int i = 0; parents && i < k; i++) {
        PyObject *parent = literal_of(t, ids[i]);
        if (!parent) Py_CLEAR(parents);
        else PyTuple_SET_ITEM(parents, i, parent);
    }
    if (!parents) return NULL;
    return Py_BuildValue("(iiOilNiii)", f->cell, f->digit, f->on ? Py_True : Py_False, r->first_order + index,
                         f->round, parents, f->why, f->from, f->why == WHY_CONFINED ? t->target[f->entry] : 0);
}

/* forcing_story.ancestors: the facts the targets rest on (themselves included), in the order found. */
static PyObject *ancestors_list(const Tables *t, const Record *r, const int *targets, int count) {
    char *seen = PyMem_Calloc(r->count + 1, 1);
    int *stack = PyMem_Malloc(((size_t)r->count + count + 1) * sizeof(int));
    PyObject *found = seen && stack ? PyList_New(0) : PyErr_NoMemory();
    int top = 0, ids[MAX_CELLS + MAX_DIGITS];
    for (int i = 0; found && i < count; i++) {
        int order = r->noted[targets[i]];
        if (order >= 0 && !seen[order]) seen[order] = 1, stack[top++] = order;
    }
    while (found && top) {
        int k = parents_of(t, r, &r->facts[stack[--top]], ids);
        for (int i = 0; i < k; i++) {
            int order = r->noted[ids[i]];
            if (order >= 0 && !seen[order]) seen[order] = 1, stack[top++] = order;
        }
    }
    for (int order = 0; found && order < r->count; order++) {
        PyObject *fact = seen[order] ? fact_tuple(t, r, order) : NULL;
        if (seen[order] && (!fact || PyList_Append(found, fact) < 0)) Py_CLEAR(found);
        Py_XDECREF(fact);
    }
    PyMem_Free(seen);
    PyMem_Free(stack);
    return found;
}

/* Propagation.run with reasons from a fresh state with one placement assumed, keeping reasons until
 * ``stop`` (or, when stop is None, to the end), as Propagation.explain does in Python; then the
 * facts the stop literal (or the contradiction met) rests on. */
static int replay(State *s, Record *r, int cell, int digit, int stop_id) {
    if (push(&s->places, (Entry){(mask_t)1 << cell, cell, digit, ASSUMED, 0}) < 0) return -1;
    int stop = 0;
    while (!stop && (s->places.count || s->offs.count)) {
        r->round++;
        stop = apply(s);
        if (!stop) stop = detect(s);
        if (stop_id >= 0 && r->noted[stop_id] >= 0) s->record = NULL;
    }
    return stop;
}

/* A replay with reasons starting: its state read from the kernel's arguments, nothing noted yet.
 * The tables, or NULL with the error set. */
static const Tables *start_replay(State *s, Record *r, PyObject *capsule, PyObject *loc, PyObject *placed,
                                  PyObject *filters, PyObject *free, PyObject *static_cells) {
    memset(s, 0, sizeof *s);
    memset(r, 0, sizeof *r);
    const Tables *t = s->t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!t || read_base(s, loc, placed, filters, free, static_cells) < 0) return NULL;
    return t;
}

/* The record's tables, every literal not noted yet: the number of literals, or -1 with MemoryError. */
static int open_record(const Tables *t, Record *r) {
    int literals = 2 * t->size * t->n;
    r->noted = PyMem_Malloc(literals * sizeof(int));
    r->facts = PyMem_Malloc(literals * sizeof(Fact));
    if (!r->noted || !r->facts) {
        PyErr_NoMemory();
        return -1;
    }
    memset(r->noted, 0xff, literals * sizeof(int));
    return literals;
}

/* What a replay with reasons holds, freed (also after a failed open_record). */
static void close_replay(State *s, Record *r) {
    PyMem_Free(r->noted);
    PyMem_Free(r->facts);
    release(s);
}

/* explain(tables, mode, loc, placed, filters, free, static_cells, cell, digit, stop)
 *     -> (code, a, b, facts)
 * "cell is digit" assumed on the given state (STATIC or DYNAMIC) and run, with reasons until the
 * literal ``stop`` (cell, digit, on) is found, or to the end when it is None; code and (a, b) as
 * run() returns them, and the facts (fact_tuple) that the contradiction met, or else ``stop``, rests on. */
static PyObject *explain(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *loc, *placed, *filters, *free, *static_cells, *stop;
    int mode, cell, digit, stop_cell, stop_digit, stop_on, stop_id = -1;
    if (!PyArg_ParseTuple(args, "OiOOOOOiiO", &capsule, &mode, &loc, &placed, &filters, &free, &static_cells,
                          &cell, &digit, &stop))
        return NULL;
    State s;
    Record r;
    const Tables *t = start_replay(&s, &r, capsule, loc, placed, filters, free, static_cells);
    if (!t) return NULL;
    if (stop != Py_None) {
        if (!PyArg_ParseTuple(stop, "iip", &stop_cell, &stop_digit, &stop_on)) return NULL;
        if (stop_cell < 0 || stop_cell >= t->size || stop_digit < 1 || stop_digit > t->n) {
            PyErr_SetString(PyExc_ValueError, "the stop literal is outside the grid");
            return NULL;
        }
        stop_id = literal_id(t, stop_cell, stop_digit, stop_on);
    }
    if (mode == NET || cell < 0 || cell >= t->size || digit < 1 || digit > t->n) {
        PyErr_SetString(PyExc_ValueError, "explain needs a STATIC or DYNAMIC mode and a candidate in the grid");
        return NULL;
    }
    s.mode = mode;
    memcpy(r.start_loc, s.loc, sizeof r.start_loc);
    PyObject *result = NULL;
    if (open_record(t, &r) < 0) goto done;
    s.record = &r;
    int stopped = replay(&s, &r, cell, digit, stop_id);
    if (stopped < 0) goto done;
    int targets[MAX_CELLS + MAX_DIGITS], count = s.code ? contradiction_parents(&s, &r, targets) : 0;
    if (!s.code && stop_id >= 0) targets[count++] = stop_id;
    PyObject *facts = ancestors_list(t, &r, targets, count);
    if (facts) result = Py_BuildValue("(iiiN)", s.code, s.code_a, s.code_b, facts);
done:
    close_replay(&s, &r);
    return result;
}

/* record(tables, mode, loc, placed, filters, free, static_cells, start_loc, facts, round, cell, digit)
 *     -> (free, round, code, a, b, found)
 * Propagation.run with reasons after earlier runs of the same replay, whose facts (a dict keyed by
 * literals) keep their reasons: "cell is digit" assumed on the given state and run to the end, as
 * forcing_nets._replay runs each branch. loc, placed and filters are updated in place; code and (a, b)
 * as run() returns them; found: every new fact in order (fact_tuple), numbered after the earlier ones. */
static PyObject *record(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *loc, *placed, *filters, *free, *static_cells, *start_loc, *known;
    int mode, cell, digit;
    long round;
    if (!PyArg_ParseTuple(args, "OiO!O!O!OOOO!lii", &capsule, &mode, &PyList_Type, &loc, &PyList_Type, &placed,
                          &PyList_Type, &filters, &free, &static_cells, &start_loc, &PyDict_Type, &known, &round,
                          &cell, &digit))
        return NULL;
    State s;
    Record r;
    const Tables *t = start_replay(&s, &r, capsule, loc, placed, filters, free, static_cells);
    if (!t || masks_of(start_loc, r.start_loc, t->n, "start_loc") < 0) return NULL;
    if (cell < 0 || cell >= t->size || digit < 1 || digit > t->n) {
        PyErr_SetString(PyExc_ValueError, "a candidate to record is outside the grid");
        return NULL;
    }
    s.mode = mode;
    r.round = round;
    r.first_order = (int)PyDict_Size(known);
    PyObject *result = NULL, *key, *value, *found = NULL;
    int literals = open_record(t, &r);
    if (literals < 0) goto done;
    for (Py_ssize_t at = 0; PyDict_Next(known, &at, &key, &value);) {
        int c, d, on;
        if (!PyArg_ParseTuple(key, "iip", &c, &d, &on)) goto done;
        if (c < 0 || c >= t->size || d < 1 || d > t->n) {
            PyErr_SetString(PyExc_ValueError, "a known fact is outside the grid");
            goto done;
        }
        r.noted[literal_id(t, c, d, on)] = literals; /* known: never noted again */
    }
    s.record = &r;
    int stopped = replay(&s, &r, cell, digit, -1);
    mask_t filters_now[MAX_DIGITS];
    for (int d = 0; d < t->n; d++) filters_now[d] = s.filters[d];
    if (stopped < 0 || write_masks(loc, s.loc, t->n) < 0 || write_masks(placed, s.placed, t->n) < 0 ||
        write_masks(filters, filters_now, t->n) < 0 || !(found = PyList_New(r.count)))
        goto done;
    for (int i = 0; i < r.count; i++) {
        PyObject *fact = fact_tuple(t, &r, i);
        if (!fact) {
            Py_CLEAR(found);
            goto done;
        }
        PyList_SET_ITEM(found, i, fact);
    }
    result = Py_BuildValue("(NliiiN)", from_mask(s.free), r.round, s.code, s.code_a, s.code_b, found);
    found = NULL;
done:
    Py_XDECREF(found);
    close_replay(&s, &r);
    return result;
}

/* --- forcing nets: case splits that refute an assumption --------------------------------------- */

/* A position of a net search once the fixpoint is reached (its queues are empty). */
typedef struct {
    mask_t loc[MAX_DIGITS], placed[MAX_DIGITS], free;
    uint64_t filters[MAX_DIGITS];
} Position;

/* One net search: the work state every run uses, and the placements (rows of n masks) of the positions
 * known to hold, as forcing_nets._Cases keeps them: a node's rows are the tail from its own start. */
typedef struct {
    State s;
    mask_t *rows;
    size_t count, capacity;
} Net;

/* ``from`` with "cell is digit" assumed, run to the fixpoint in NET mode into ``out`` (Propagation.copy,
 * assume and run): 0, 1 when it contradicts, -1 on an error. */
static int settle(Net *w, const Position *from, int cell, int digit, Position *out) {
    State *s = &w->s;
    size_t bytes = (size_t)s->t->n * sizeof(mask_t);
    memcpy(s->loc, from->loc, bytes);
    memcpy(s->placed, from->placed, bytes);
    memcpy(s->filters, from->filters, (size_t)s->t->n * sizeof(uint64_t));
    memset(s->changed, 0, bytes);
    s->free = from->free;
    s->code = 0;
    s->places.count = s->offs.count = 0;
    if (push(&s->places, (Entry){(mask_t)1 << cell, cell, digit, ASSUMED, 0}) < 0) return -1;
    int stop = 0;
    while (!stop && (s->places.count || s->offs.count)) {
        stop = apply(s);
        if (!stop) stop = detect(s);
    }
    if (stop) return stop;
    memcpy(out->loc, s->loc, bytes);
    memcpy(out->placed, s->placed, bytes);
    memcpy(out->filters, s->filters, (size_t)s->t->n * sizeof(uint64_t));
    out->free = s->free;
    return 0;
}

/* One more row at the end of the known placements: its masks, for the caller to fill; NULL on an error. */
static mask_t *new_row(Net *w) {
    size_t n = (size_t)w->s.t->n;
    if (w->count == w->capacity) {
        size_t capacity = w->capacity ? 2 * w->capacity : 64;
        mask_t *rows = PyMem_Realloc(w->rows, capacity * n * sizeof(mask_t));
        if (!rows) {
            PyErr_NoMemory();
            return NULL;
        }
        w->rows = rows;
        w->capacity = capacity;
    }
    return w->rows + w->count++ * n;
}

/* _Cases.closes: whether "cell is digit" contradicts at once; a case that a position known to hold
 * places (``known``, per digit) is not run, and an open case run adds its placements to ``known``. */
static int closes(Net *w, const Position *pos, mask_t *known, int cell, int digit) {
    if (known[digit - 1] >> cell & 1) return 0;
    Position run;
    int stop = settle(w, pos, cell, digit, &run);
    if (stop) return stop;
    mask_t *row = new_row(w);
    if (!row) return -1;
    memcpy(row, run.placed, (size_t)w->s.t->n * sizeof(mask_t));
    for (int d = 0; d < w->s.t->n; d++) known[d] |= run.placed[d];
    return 0;
}

/* forcing_nets._split_cell without two-candidate cells: the open cell with the fewest candidates. */
static int fewest_candidates(const Position *pos, int n) {
    int best = -1, best_count = MAX_DIGITS + 1;
    for (mask_t m = pos->free; m; m &= m - 1) {
        int cell = low_index(m), count = 0;
        for (int d = 0; d < n; d++) count += (int)(pos->loc[d] >> cell & 1);
        if (count < best_count) best = cell, best_count = count;
    }
    return best;
}

/* The open cells with exactly two candidates (counted per digit up to three, on masks). */
static mask_t two_candidate_cells(const Position *pos, int n) {
    mask_t once = 0, twice = 0, thrice = 0;
    for (int d = 0; d < n; d++) {
        thrice |= twice & pos->loc[d];
        twice |= once & pos->loc[d];
        once |= pos->loc[d];
    }
    return pos->free & twice & ~thrice;
}

/* forcing_nets._scan: the two-candidate cell with the most cases that contradict at once (``closed``,
 * ``*tried`` = 1), else the cell with the fewest candidates (``*tried`` = 0). 1 with a split, 0 with
 * none (not ``thorough`` and no two-candidate cell whose cases both contradict), -1 on an error. */
static int scan(Net *w, const Position *pos, mask_t *known, int thorough, int *split, int closed[2],
                int *tried) {
    int n = w->s.t->n;
    mask_t pairs = two_candidate_cells(pos, n);
    *tried = pairs != 0;
    if (!pairs) {
        *split = fewest_candidates(pos, n);
        return 1;
    }
    int best_score = -1;
    for (; pairs; pairs &= pairs - 1) {
        int cell = low_index(pairs), first = 0, second = 0;
        for (int d = 0; d < n; d++)
            if (pos->loc[d] >> cell & 1) *(first ? &second : &first) = d + 1;
        int beaten = !thorough || best_score >= 1; /* only a cell whose cases both contradict can win */
        if (beaten && known[second - 1] >> cell & 1) continue;
        int one = closes(w, pos, known, cell, first);
        if (one < 0) return -1;
        if (beaten && !one) continue;
        int two = closes(w, pos, known, cell, second);
        if (two < 0) return -1;
        if (one + two > best_score) best_score = one + two, *split = cell, closed[0] = one, closed[1] = two;
        if (best_score == 2) return 1;
    }
    return thorough;
}

/* forcing_nets._refute of "cell is digit" on ``parent`` within ``depth`` case splits, the rows from
 * ``begin`` on being the placements known to hold there: 1 with the refutation in ``*tree`` (None when
 * the assumption contradicts at once, else (split cell, one refutation per candidate)), 0 when it does
 * not close, -1 on an error. */
static int refute(Net *w, const Position *parent, int cell, int digit, int depth, size_t begin,
                  PyObject **tree) {
    Position pos;
    int stop = settle(w, parent, cell, digit, &pos);
    if (stop < 0) return -1;
    if (stop) {
        *tree = Py_NewRef(Py_None);
        return 1;
    }
    if (depth == 0 || !pos.free) return 0;
    int n = w->s.t->n, split = -1, closed[2] = {0, 0}, tried;
    mask_t known[MAX_DIGITS] = {0};
    for (size_t r = begin; r < w->count; r++)
        for (int d = 0; d < n; d++) known[d] |= w->rows[r * n + d];
    int found = scan(w, &pos, known, depth > 1, &split, closed, &tried);
    if (found <= 0 || (tried && depth == 1 && !(closed[0] && closed[1]))) return found;
    size_t end = w->count;
    mask_t bit = (mask_t)1 << split;
    int count = 0;
    for (int d = 0; d < n; d++) count += (int)(pos.loc[d] >> split & 1);
    PyObject *children = PyTuple_New(count);
    if (!children) return -1;
    for (int d = 0, index = 0; d < n; d++) {
        if (!(pos.loc[d] & bit)) continue;
        PyObject *child = NULL;
        int result = 1;
        if (tried && closed[index]) {
            child = Py_NewRef(Py_None);
        } else {
            for (size_t r = begin; r < end && result > 0; r++) {
                if (!(w->rows[r * n + d] & bit)) continue;
                mask_t *row = new_row(w); /* may move the rows: copy by index */
                if (row) memcpy(row, w->rows + r * n, (size_t)n * sizeof(mask_t));
                else result = -1;
            }
            if (result > 0) result = refute(w, &pos, split, d + 1, depth - 1, end, &child);
            w->count = end;
        }
        if (result <= 0) {
            Py_DECREF(children);
            return result;
        }
        PyTuple_SET_ITEM(children, index++, child);
    }
    *tree = Py_BuildValue("(iN)", split, children);
    return *tree ? 1 : -1;
}

/* forcing_nets._split_cell: the lowest two-candidate cell, else the open cell with the fewest. */
static int split_cell(const Position *pos, int n) {
    mask_t pairs = two_candidate_cells(pos, n);
    return pairs ? low_index(pairs) : fewest_candidates(pos, n);
}

/* forcing_nets._solutions below a settled position: its solutions' placements (tuples of n masks)
 * appended to ``found`` until it holds ``limit``, depth first, each case split on split_cell. */
static int solve(Net *w, const Position *pos, Py_ssize_t limit, PyObject *found) {
    int n = w->s.t->n;
    if (!pos->free) {
        PyObject *placed = PyTuple_New(n);
        for (int d = 0; placed && d < n; d++) {
            PyObject *value = from_mask(pos->placed[d]);
            if (!value) Py_CLEAR(placed);
            else PyTuple_SET_ITEM(placed, d, value);
        }
        int failed = !placed || PyList_Append(found, placed) < 0;
        Py_XDECREF(placed);
        return failed ? -1 : 0;
    }
    int cell = split_cell(pos, n);
    for (int d = 0; d < n && PyList_GET_SIZE(found) < limit; d++) {
        if (!(pos->loc[d] >> cell & 1)) continue;
        Position child;
        int stop = settle(w, pos, cell, d + 1, &child);
        if (stop < 0 || (!stop && solve(w, &child, limit, found) < 0)) return -1;
    }
    return 0;
}

/* The NET-mode position of nets() and solutions() from Python's lists; 0, or -1 on an error. */
static int read_position(Net *w, PyObject *capsule, PyObject *loc, PyObject *placed, PyObject *filters,
                         PyObject *free, Position *root) {
    memset(w, 0, sizeof *w);
    w->s.t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (!w->s.t) return -1;
    w->s.mode = NET;
    w->s.static_cells = ~(mask_t)0; /* NET mode looks at every cell for naked singles */
    mask_t wide[MAX_DIGITS];
    int n = w->s.t->n;
    if (masks_of(loc, root->loc, n, "loc") < 0 || masks_of(placed, root->placed, n, "placed") < 0 ||
        masks_of(filters, wide, n, "filters") < 0 || to_mask(free, &root->free) < 0)
        return -1;
    for (int d = 0; d < n; d++) root->filters[d] = (uint64_t)wide[d];
    return 0;
}

static void release_net(Net *w) {
    PyMem_Free(w->rows);
    release(&w->s);
}

/* solutions(tables, loc, placed, filters, free, limit) -> [placed per digit, ...]
 * Up to ``limit`` solutions below the given settled NET-mode position, as forcing_nets._solutions
 * finds them. */
static PyObject *solutions(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *loc, *placed, *filters, *free;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "OOOOOn", &capsule, &loc, &placed, &filters, &free, &limit)) return NULL;
    Net w;
    Position root;
    if (read_position(&w, capsule, loc, placed, filters, free, &root) < 0) {
        release_net(&w);
        return NULL;
    }
    PyObject *found = PyList_New(0);
    if (found && solve(&w, &root, limit, found) < 0) Py_CLEAR(found);
    release_net(&w);
    return found;
}

/* nets(tables, loc, placed, filters, free, candidates, depth) -> (index, refutation)
 * forcing_nets._refute of each (cell, digit) of ``candidates`` in turn, assumed true on its own copy of
 * the given NET-mode position, with at most ``depth`` case splits: the first that closes and its
 * refutation, or (-1, None) when none does. */
static PyObject *nets(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *loc, *placed, *filters, *free, *candidates;
    int depth;
    if (!PyArg_ParseTuple(args, "OOOOOO!i", &capsule, &loc, &placed, &filters, &free, &PyList_Type,
                          &candidates, &depth))
        return NULL;
    Net w;
    Position root;
    if (read_position(&w, capsule, loc, placed, filters, free, &root) < 0) {
        release_net(&w);
        return NULL;
    }
    PyObject *tree = NULL;
    Py_ssize_t index = 0, count = PyList_GET_SIZE(candidates);
    int closed = 0;
    for (; index < count; index++) {
        int cell, digit;
        w.count = 0;
        if (read_candidate(PyList_GET_ITEM(candidates, index), w.s.t, &cell, &digit) < 0) closed = -1;
        else closed = refute(&w, &root, cell, digit, depth, 0, &tree);
        if (closed) break;
    }
    release_net(&w);
    if (closed < 0) return NULL;
    return closed ? Py_BuildValue("(nN)", index, tree) : Py_BuildValue("(iO)", -1, Py_None);
}

static PyMethodDef methods[] = {
    {"tables", make_tables, METH_VARARGS, "The bit-mask tables of a geometry in C form (None if too large)."},
    {"run", run, METH_VARARGS, "Propagation.run without reasons: the fixpoint of the given state."},
    {"explain", explain, METH_VARARGS, "One assumption run with reasons: the facts a conclusion rests on."},
    {"record", record, METH_VARARGS, "One more assumption of a replay run with reasons: every new fact."},
    {"trials", trials, METH_VARARGS, "Every given assumption run to its fixpoint on its own copy of a state."},
    {"splits", splits, METH_VARARGS, "The case splits whose cases all reach a common literal, on trials()."},
    {"nets", nets, METH_VARARGS, "The first given assumption that case splits refute, and its refutation."},
    {"solutions", solutions, METH_VARARGS, "Up to a number of solutions below a settled position."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fixpoint", "The compiled propagation fixpoint of the forcing rules.", -1, methods,
};

PyMODINIT_FUNC PyInit__fixpoint(void) { return PyModule_Create(&module); }

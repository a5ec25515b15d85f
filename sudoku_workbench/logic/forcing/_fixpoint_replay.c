/* explain() and record(): one assumption replayed with reasons, noted in Propagation's order (the
 * rounds note them while State.record is set), and handed back as facts whose reasons are codes Python
 * words; explain() keeps only the facts a conclusion or contradiction rests on. */
#include "_fixpoint.h"

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

/* The facts a contradiction rests on, as ruled_out, no_candidate and no_place (_propagation_rounds) name them. */
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

/* _literals.rested_on: the facts the targets rest on (themselves included), in the order found. */
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
        stop = fixpoint_round(s);
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
    const Tables *t = s->t = fixpoint_tables_of(capsule);
    if (!t || fixpoint_read_base(s, loc, placed, filters, free, static_cells) < 0) return NULL;
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
    fixpoint_release(s);
}

/* explain(tables, mode, loc, placed, filters, free, static_cells, cell, digit, stop)
 *     -> (code, a, b, facts)
 * "cell is digit" assumed on the given state (STATIC or DYNAMIC) and run, with reasons until the
 * literal ``stop`` (cell, digit, on) is found, or to the end when it is None; code and (a, b) as
 * run() returns them, and the facts (fact_tuple) that the contradiction met, or else ``stop``, rests on. */
PyObject *fixpoint_explain(PyObject *Py_UNUSED(self), PyObject *args) {
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
PyObject *fixpoint_record(PyObject *Py_UNUSED(self), PyObject *args) {
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
    if (!t || fixpoint_masks_of(start_loc, r.start_loc, t->n, "start_loc") < 0) return NULL;
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
    if (stopped < 0 || fixpoint_write_masks(loc, s.loc, t->n) < 0 ||
        fixpoint_write_masks(placed, s.placed, t->n) < 0 || fixpoint_write_masks(filters, filters_now, t->n) < 0 ||
        !(found = PyList_New(r.count)))
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

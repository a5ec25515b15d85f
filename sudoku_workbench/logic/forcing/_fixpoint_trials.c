/* trials() and splits(): every assumption of a position run to its fixpoint on its own copy of the
 * state in one call, kept in a capsule, and the case splits whose cases all reach a common literal,
 * read off those runs; what logic/forcing/trials.py computes in Python, as bit sets, with no object per
 * assumption. */
#include "_fixpoint.h"

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
        stop = fixpoint_round(s);
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
PyObject *fixpoint_trials(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *loc, *placed, *filters, *free, *static_cells, *candidates;
    int mode;
    if (!PyArg_ParseTuple(args, "OiOOOOOO!", &capsule, &mode, &loc, &placed, &filters, &free, &static_cells,
                          &PyList_Type, &candidates))
        return NULL;
    State base, s;
    memset(&base, 0, sizeof base);
    memset(&s, 0, sizeof s);
    base.t = s.t = fixpoint_tables_of(capsule);
    if (!base.t || fixpoint_read_base(&base, loc, placed, filters, free, static_cells) < 0) return NULL;
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
        if (fixpoint_read_candidate(PyList_GET_ITEM(candidates, i), base.t, &cell, &digit) == 0 &&
            try_one(&s, &base, set, trial, set->firsts + i * stride, cell, digit) == 0) {
            set->trial_of[cell][digit - 1] = (int)i;
            PyObject *bits = reached_int(set->size, set->n, trial->on, trial->off);
            result = bits ? Py_BuildValue("(lON)", trial->rounds, trial->contradicted ? Py_True : Py_False, bits)
                          : NULL;
        }
        if (!result) Py_CLEAR(results);
        else PyList_SET_ITEM(results, i, result);
    }
    fixpoint_release(&s);
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
PyObject *fixpoint_splits(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *capsule, *handle;
    int unit_wise;
    if (!PyArg_ParseTuple(args, "OOp", &capsule, &handle, &unit_wise)) return NULL;
    const Tables *t = fixpoint_tables_of(capsule);
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

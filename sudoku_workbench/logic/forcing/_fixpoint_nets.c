/* nets() and solutions(): the forcing nets' searches, as forcing_nets._refute and _solutions run them
 * in Python: the same case splits, chosen the same way, each case run to its fixpoint in NET mode. */
#include "_fixpoint.h"

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
    while (!stop && (s->places.count || s->offs.count)) stop = fixpoint_round(s);
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
    w->s.t = fixpoint_tables_of(capsule);
    if (!w->s.t) return -1;
    w->s.mode = NET;
    w->s.static_cells = ~(mask_t)0; /* NET mode looks at every cell for naked singles */
    mask_t wide[MAX_DIGITS];
    int n = w->s.t->n;
    if (fixpoint_masks_of(loc, root->loc, n, "loc") < 0 ||
        fixpoint_masks_of(placed, root->placed, n, "placed") < 0 ||
        fixpoint_masks_of(filters, wide, n, "filters") < 0 || to_mask(free, &root->free) < 0)
        return -1;
    for (int d = 0; d < n; d++) root->filters[d] = (uint64_t)wide[d];
    return 0;
}

static void release_net(Net *w) {
    PyMem_Free(w->rows);
    fixpoint_release(&w->s);
}

/* solutions(tables, loc, placed, filters, free, limit) -> [placed per digit, ...]
 * Up to ``limit`` solutions below the given settled NET-mode position, as forcing_nets._solutions
 * finds them. */
PyObject *fixpoint_solutions(PyObject *Py_UNUSED(self), PyObject *args) {
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
PyObject *fixpoint_nets(PyObject *Py_UNUSED(self), PyObject *args) {
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
        if (fixpoint_read_candidate(PyList_GET_ITEM(candidates, index), w.s.t, &cell, &digit) < 0)
            closed = -1;
        else closed = refute(&w, &root, cell, digit, depth, 0, &tree);
        if (closed) break;
    }
    release_net(&w);
    if (closed < 0) return NULL;
    return closed ? Py_BuildValue("(nN)", index, tree) : Py_BuildValue("(iO)", -1, Py_None);
}

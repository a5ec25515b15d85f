/* What the files of the compiled fixpoint (the extension _fixpoint) share: the limits, the types
 * (Tables, Entry, Queue, Fact, Record, State), the small bit helpers every loop calls, and the
 * prototypes of the functions one file gives another. Each file has one job:
 *   _fixpoint.c         the module: Python's state read and written back, run(), the method table
 *   _fixpoint_tables.c  a geometry's bit-mask tables, read once from Python into a capsule
 *   _fixpoint_rounds.c  the propagation rounds on a State: eliminations, placements, singles
 *   _fixpoint_trials.c  trials() and splits(): every assumption of a position, and the case splits
 *   _fixpoint_replay.c  explain() and record(): one assumption replayed with reasons
 *   _fixpoint_nets.c    nets() and solutions(): the forcing nets' case-split searches
 * Functions shared between files are named fixpoint_*; everything else stays static in its file.
 */
#ifndef SUDOKU_WORKBENCH_FIXPOINT_H
#define SUDOKU_WORKBENCH_FIXPOINT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_mask128.h"

#define MAX_CELLS 127 /* signed 128-bit reads: the top bit stays clear */
#define MAX_UNITS 64
#define MAX_DIGITS 32

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

/* The reasons of explain(): one fact per literal found, in the order _propagation_rounds._note keeps them.
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

/* --- small helpers, inline in every file that calls them (the rounds call them per cell) ------ */

static inline int low_index(mask_t m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static inline int high_index(mask_t m) {
    uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)m);
}

static inline int popcount(mask_t m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

/* One more entry at the end of a queue; 0, or -1 with MemoryError. */
static inline int push(Queue *q, Entry e) {
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

static inline int literal_id(const Tables *t, int cell, int digit, int on) {
    return ((cell * t->n) + digit - 1) * 2 + on;
}

/* --- shared between the files ----------------------------------------------------------------- */

/* Hidden: the files call each other directly, and the module exports nothing but PyInit__fixpoint. */
#define FIXPOINT_SHARED __attribute__((visibility("hidden")))

/* _fixpoint_tables.c: the tables() entry point, and the tables every other one reads from its capsule */
FIXPOINT_SHARED PyObject *fixpoint_make_tables(PyObject *self, PyObject *args);
FIXPOINT_SHARED const Tables *fixpoint_tables_of(PyObject *capsule);

/* _fixpoint_rounds.c: one propagation round (0 goes on, 1 contradiction, -1 error) */
FIXPOINT_SHARED int fixpoint_round(State *s);

/* _fixpoint.c: Python's values read into a State and written back, and a State freed */
FIXPOINT_SHARED int fixpoint_masks_of(PyObject *seq, mask_t *out, Py_ssize_t count, const char *what);
FIXPOINT_SHARED int fixpoint_read_base(State *base, PyObject *loc, PyObject *placed, PyObject *filters,
                                       PyObject *free, PyObject *static_cells);
FIXPOINT_SHARED int fixpoint_read_candidate(PyObject *item, const Tables *t, int *cell, int *digit);
FIXPOINT_SHARED int fixpoint_write_masks(PyObject *list, const mask_t *masks, int count);
FIXPOINT_SHARED void fixpoint_release(State *s);

/* _fixpoint_trials.c, _fixpoint_replay.c, _fixpoint_nets.c: the entry points of the method table */
FIXPOINT_SHARED PyObject *fixpoint_trials(PyObject *self, PyObject *args);
FIXPOINT_SHARED PyObject *fixpoint_splits(PyObject *self, PyObject *args);

FIXPOINT_SHARED PyObject *fixpoint_explain(PyObject *self, PyObject *args);
FIXPOINT_SHARED PyObject *fixpoint_record(PyObject *self, PyObject *args);

FIXPOINT_SHARED PyObject *fixpoint_nets(PyObject *self, PyObject *args);
FIXPOINT_SHARED PyObject *fixpoint_solutions(PyObject *self, PyObject *args);

#endif

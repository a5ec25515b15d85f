/* The minlex search of a classic 9x9 puzzle in C: the twin of _minlex.py, step for step.
 *
 * minlex(values: bytes) -> bytes takes the 81 cell values (0 blank, 1-9 a clue) and returns the
 * smallest 81-value string among the puzzle's images under transposition, band/stack and row/column
 * permutations and relabelling. See _minlex.py for the method; this file keeps its order of work so
 * both give the same string (a test compares them on the shared corpora).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

static const unsigned char TRIPLES[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Per 3-bit mask: the smallest value its stack takes, and which of the six orders give it. */
static unsigned char best_value[8];
static unsigned char best_orders[8][6];
static unsigned char best_count[8];

typedef struct {
    const unsigned char *grid;
    unsigned char cols[9];
    unsigned char best[81];
} Search;

static int permuted(int mask, const unsigned char *order) {
    int value = 0;
    for (int k = 0; k < 3; k++) value |= ((mask >> (2 - order[k])) & 1) << (2 - k);
    return value;
}

static void init_tables(void) {
    for (int mask = 0; mask < 8; mask++) {
        int low = 8;
        for (int o = 0; o < 6; o++) {
            int v = permuted(mask, TRIPLES[o]);
            if (v < low) low = v;
        }
        best_value[mask] = (unsigned char)low;
        best_count[mask] = 0;
        for (int o = 0; o < 6; o++)
            if (permuted(mask, TRIPLES[o]) == low) best_orders[mask][best_count[mask]++] = (unsigned char)o;
    }
}

static void stack_masks(const unsigned char *grid, int row, int *masks) {
    for (int s = 0; s < 3; s++) {
        const unsigned char *c = grid + 9 * row + 3 * s;
        masks[s] = (c[0] ? 4 : 0) | (c[1] ? 2 : 0) | (c[2] ? 1 : 0);
    }
}

static int first_row_value(const int *masks) {
    int v[3] = {best_value[masks[0]], best_value[masks[1]], best_value[masks[2]]};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (v[j] > v[j + 1]) { int t = v[j]; v[j] = v[j + 1]; v[j + 1] = t; }
    return v[0] << 6 | v[1] << 3 | v[2];
}

/* The unused rows of the bands [band_from, band_to), leaving out a row equal to an earlier one of its band. */
static int distinct_rows(const unsigned char *grid, int band_from, int band_to, int used, int *rows) {
    int count = 0;
    for (int band = band_from; band < band_to; band++) {
        int first = count;
        for (int row = 3 * band; row < 3 * band + 3; row++) {
            if (used >> row & 1) continue;
            int twin = 0;
            for (int k = first; k < count; k++)
                if (memcmp(grid + 9 * rows[k], grid + 9 * row, 9) == 0) { twin = 1; break; }
            if (!twin) rows[count++] = row;
        }
    }
    return count;
}

static void place(Search *s, int at, int row, int used, const unsigned char *labels_in, int count) {
    unsigned char labels[10], line[9];
    memcpy(labels, labels_in, 10);
    for (int k = 0; k < 9; k++) {
        unsigned char v = s->grid[9 * row + s->cols[k]];
        if (v) {
            if (!labels[v]) labels[v] = (unsigned char)++count;
            v = labels[v];
        }
        line[k] = v;
    }
    unsigned char *best = s->best + 9 * at;
    int order = memcmp(line, best, 9);
    if (order > 0) return;
    if (order < 0) {
        memcpy(best, line, 9);
        memset(best + 9, 10, (size_t)(9 * (8 - at)));
    }
    if (at == 8) return;
    int rows[9];
    int next = at + 1, band = row / 3;
    int n = next % 3 == 0 ? distinct_rows(s->grid, 0, 3, used, rows)
                          : distinct_rows(s->grid, band, band + 1, used, rows);
    for (int k = 0; k < n; k++) place(s, next, rows[k], used | 1 << rows[k], labels, count);
}

/* Every column order giving the first row the pattern `value`, each searched from `row`. */
static void search_start(Search *s, int row, const int *masks, int value) {
    static const unsigned char none[10] = {0};
    for (int so = 0; so < 6; so++) {
        const unsigned char *stacks = TRIPLES[so];
        int m0 = masks[stacks[0]], m1 = masks[stacks[1]], m2 = masks[stacks[2]];
        if ((best_value[m0] << 6 | best_value[m1] << 3 | best_value[m2]) != value) continue;
        for (int a = 0; a < best_count[m0]; a++)
            for (int b = 0; b < best_count[m1]; b++)
                for (int c = 0; c < best_count[m2]; c++) {
                    const unsigned char *inner[3] = {
                        TRIPLES[best_orders[m0][a]], TRIPLES[best_orders[m1][b]], TRIPLES[best_orders[m2][c]]};
                    for (int i = 0; i < 3; i++)
                        for (int k = 0; k < 3; k++)
                            s->cols[3 * i + k] = (unsigned char)(3 * stacks[i] + inner[i][k]);
                    place(s, 0, row, 1 << row, none, 0);
                }
    }
}

static PyObject *minlex(PyObject *self, PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len != 81) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "minlex takes 81 cell values");
        return NULL;
    }
    unsigned char grids[2][81];
    memcpy(grids[0], view.buf, 81);
    PyBuffer_Release(&view);
    for (int i = 0; i < 81; i++) {
        if (grids[0][i] > 9) {
            PyErr_SetString(PyExc_ValueError, "cell values are 0 to 9");
            return NULL;
        }
        grids[1][i] = grids[0][9 * (i % 9) + i / 9];
    }
    int starts_grid[18], starts_row[18], starts_value[18], starts_masks[18][3], n = 0, value = 1 << 9;
    for (int g = 0; g < 2; g++) {
        int rows[9];
        int count = distinct_rows(grids[g], 0, 3, 0, rows);
        for (int k = 0; k < count; k++) {
            starts_grid[n] = g;
            starts_row[n] = rows[k];
            stack_masks(grids[g], rows[k], starts_masks[n]);
            starts_value[n] = first_row_value(starts_masks[n]);
            if (starts_value[n] < value) value = starts_value[n];
            n++;
        }
    }
    Search s;
    memset(s.best, 10, 81);
    for (int k = 0; k < n; k++) {
        if (starts_value[k] != value) continue;
        s.grid = grids[starts_grid[k]];
        search_start(&s, starts_row[k], starts_masks[k], value);
    }
    return PyBytes_FromStringAndSize((const char *)s.best, 81);
}

static PyMethodDef methods[] = {
    {"minlex", minlex, METH_O, "The minlex form of 81 cell values (0 blank), as 81 values."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_minlex_kernel", NULL, -1, methods};

PyMODINIT_FUNC PyInit__minlex_kernel(void) {
    init_tables();
    return PyModule_Create(&module);
}

/* What the search kernel's two files share: the geometry's tables, as _search_tables.c reads them from
 * Python and _search_kernel.c searches over them. */
#ifndef SUDOKU_WORKBENCH_SEARCH_KERNEL_H
#define SUDOKU_WORKBENCH_SEARCH_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define TABLES_NAME "sudoku_workbench.search_kernel.tables"

/* A list of int lists, flattened: the items of list i are items[start[i] .. start[i + 1]]. */
typedef struct {
    int *start, *items;
} Lists;

typedef struct {
    int size, n, nunits, nsegments, ncages;
    int classic; /* the lists have the classic 9x9's lengths (see _search_kernel.c): its unrolled rules run */
    int plain;   /* exactly the rows, columns and boxes of the 9x9, nothing else: _search_bands.c counts */
    uint32_t full;
    Lists units, peers, units_of, segments, line_rivals, box_rivals;
    Lists cages, combos; /* per summed cage: its cells; the digit sets (masks) that make its total */
    Lists cages_of;      /* per cell: the summed cages it is in (a house's innies overlap the cages) */
    Lists segments_of;   /* per unit: the segments to judge again when it changes (on it, as line or box) */
} Tables;

/* The plain 9x9's count of one puzzle (_search_bands.c): 1 when it ran to its end or limit. */
int bands_count(const unsigned char *digits, long long limit, long long *count, int (*check)(void *), void *context);

/* tables(size, n, units, peers, units_of, segments, line_rivals, box_rivals, cages, combos) -> capsule */
PyObject *search_tables(PyObject *self, PyObject *args);

#endif

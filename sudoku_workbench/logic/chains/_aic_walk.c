/* The chain graph and breadth-first walk of logic/chains/aic_graph.py and aic_search.py, compiled:
 * same nodes, same links in the same order, same walk, same chains.
 *
 * aic_search._walk goes from "start is false" over strong and weak links layer by layer, and for each
 * node forced true that _promising accepts, _path traces the chain back and keeps it if no node comes
 * twice; _conclusions then works out what it proves, and most prove nothing. Most positions have no
 * useful chain, so Python built the graph and walked every start to its depth limit. This file builds
 * the same graph from the position's masks and its almost locked sets (aic_graph.chain_graph: the
 * nodes of unit and cell links, in the order met, then those of the sets; the groups in the same order;
 * strong_states and weak_states in their order), walks a start with the same layers and the same
 * first-met parents, and hands back, in the order Python would reach them, the chains that pass the two
 * tests and of which _conclusions would find something. What they prove, and every word, is still
 * worked out in Python. Grids of up to 127 cells; larger ones, installs without a compiler and
 * SUDOKU_WORKBENCH_PURE=1 use the Python graph and walk (see _aic_kernel.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_mask128.h"

#define MAX_CELLS 127 /* signed 128-bit reads: the top bit stays clear */
#define MAX_DIGITS 32
#define UNSEEN (-2)
#define MAX_HOPS 64 /* a walk's longest (the search's is 28): a chain has at most one node more */

static const char *GRAPH_NAME = "sudoku_workbench.aic_walk.graph";

/* A growing list of ints. */
typedef struct {
    int *items;
    Py_ssize_t len, cap;
} Ints;

static int push(Ints *v, int item) {
    if (v->len == v->cap) {
        Py_ssize_t cap = v->cap ? 2 * v->cap : 16;
        int *grown = PyMem_Realloc(v->items, cap * sizeof(int));
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        v->items = grown;
        v->cap = cap;
    }
    v->items[v->len++] = item;
    return 0;
}

typedef struct {
    int size, n, count, room;          /* cells, digits, nodes, and room for nodes */
    int *digit;                        /* per node */
    mask_t *mask, *seen;               /* per node: its cells, and the cells that see all of them */
    Ints *partners;                    /* per node: its partners by units and cells, in the order met */
    PyObject **objects;                /* per node: its (digit, mask) tuple, once asked for */
    int *slots, slot_mask;             /* (digit, mask) -> node number + 1, open addressing; 0 free */
    mask_t peers[MAX_CELLS], holders[MAX_DIGITS + 1];
    int cands[MAX_CELLS];
    int *single;                       /* digit * size + cell -> that single node's number, or -1 */
    Ints groups[MAX_DIGITS + 1];       /* per digit, its grouped nodes in aic_graph's order */
    Ints set_items;                    /* the nodes of each almost locked set, set after set */
    int *set_start;                    /* set s: set_items[set_start[s] .. set_start[s + 1]] */
    Ints *member;                      /* per node: the sets it is in, ascending */
    int *adj_start, *adj;              /* the states after state s: adj[adj_start[s] .. adj_start[s + 1]] */
    int *parent, *layer, *reached, *stamp; /* a walk's scratch: 2 * count states, count nodes */
    int generation;
} Graph;

static int low_index(mask_t m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static int int_of(PyObject *value, int *out) {
    long v = PyLong_AsLong(value);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

static void free_graph(PyObject *capsule) {
    Graph *g = PyCapsule_GetPointer(capsule, GRAPH_NAME);
    if (!g) return;
    for (int i = 0; i < g->room; i++) {
        if (g->partners) PyMem_Free(g->partners[i].items);
        if (g->member) PyMem_Free(g->member[i].items);
        if (g->objects) Py_XDECREF(g->objects[i]);
    }
    for (int d = 0; d <= MAX_DIGITS; d++) PyMem_Free(g->groups[d].items);
    PyMem_Free(g->set_items.items);
    void *blocks[] = {g->digit, g->mask, g->seen, g->partners, g->objects, g->slots, g->single, g->set_start,
                      g->member, g->adj_start, g->adj, g->parent, g->layer, g->reached, g->stamp};
    for (size_t k = 0; k < sizeof blocks / sizeof *blocks; k++) PyMem_Free(blocks[k]);
    PyMem_Free(g);
}

/* The node (digit, mask)'s slot in the table: its own, or the free one it would take. */
static int *slot_of(const Graph *g, int digit, mask_t mask) {
    uint64_t h = ((uint64_t)mask * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)(mask >> 64) * 0xC2B2AE3D27D4EB4FULL) ^
                 ((uint64_t)digit * 0x165667B19E3779F9ULL);
    for (int k = (int)((h ^ h >> 29) & (uint64_t)g->slot_mask);; k = (k + 1) & g->slot_mask) {
        int *slot = &g->slots[k];
        if (!*slot || (g->digit[*slot - 1] == digit && g->mask[*slot - 1] == mask)) return slot;
    }
}

static int find_node(const Graph *g, int digit, mask_t mask) { return *slot_of(g, digit, mask) - 1; }

/* The node's number, a new one (the next) if it is new; -1 with an error past the room counted. */
static int node_of(Graph *g, int digit, mask_t mask) {
    int *slot = slot_of(g, digit, mask);
    if (*slot) return *slot - 1;
    if (g->count == g->room) {
        PyErr_SetString(PyExc_ValueError, "chain graph: more nodes than counted");
        return -1;
    }
    g->digit[g->count] = digit;
    g->mask[g->count] = mask;
    *slot = ++g->count;
    return g->count - 1;
}

static int add_partner(Graph *g, int a, int b) {
    Ints *known = &g->partners[a];
    for (Py_ssize_t k = 0; k < known->len; k++)
        if (known->items[k] == b) return 0;
    return push(known, b);
}

/* aic_graph._strong_links's join: both nodes numbered in that order if new, each the other's partner. */
static int join(Graph *g, int da, mask_t ma, int db, mask_t mb) {
    int a = node_of(g, da, ma);
    if (a < 0) return -1;
    int b = node_of(g, db, mb);
    if (b < 0 || add_partner(g, a, b) < 0 || add_partner(g, b, a) < 0) return -1;
    return 0;
}

/* aic_graph._unit_links: the only two places for a digit in a unit, either of which may be a group
 * (how a unit splits: splits[unit], tuples of cell masks per way). */
static int unit_links(Graph *g, PyObject *units, PyObject *splits) {
    Py_ssize_t nunits = PyTuple_GET_SIZE(units);
    if (!PyTuple_Check(splits) || PyTuple_GET_SIZE(splits) != nunits) {
        PyErr_SetString(PyExc_ValueError, "chain graph: splits needs one item per unit");
        return -1;
    }
    for (Py_ssize_t u = 0; u < nunits; u++) {
        mask_t unit, parts[2][MAX_DIGITS];
        int nways = 0, nparts[2] = {0, 0};
        if (to_mask(PyTuple_GET_ITEM(units, u), &unit) < 0) return -1;
        PyObject *ways = PyTuple_GET_ITEM(splits, u);
        if (!PyTuple_Check(ways) || PyTuple_GET_SIZE(ways) > 2) {
            PyErr_SetString(PyExc_ValueError, "chain graph: a unit splits one or two ways");
            return -1;
        }
        nways = (int)PyTuple_GET_SIZE(ways);
        for (int w = 0; w < nways; w++) {
            PyObject *way = PyTuple_GET_ITEM(ways, w);
            if (!PyTuple_Check(way) || PyTuple_GET_SIZE(way) > MAX_DIGITS) {
                PyErr_SetString(PyExc_ValueError, "chain graph: a split is a tuple of at most 32 masks");
                return -1;
            }
            nparts[w] = (int)PyTuple_GET_SIZE(way);
            for (int p = 0; p < nparts[w]; p++)
                if (to_mask(PyTuple_GET_ITEM(way, p), &parts[w][p]) < 0) return -1;
        }
        for (int d = 1; d <= g->n; d++) {
            mask_t places = g->holders[d] & unit;
            if (!places || !(places & (places - 1))) continue;
            mask_t low = places & (~places + 1), rest = places ^ low;
            if (!(rest & (rest - 1))) {
                if (join(g, d, low, d, rest) < 0) return -1;
                continue;
            }
            for (int w = 0; w < nways; w++) {
                mask_t pieces[2];
                int count = 0;
                for (int p = 0; p < nparts[w] && count <= 2; p++)
                    if (places & parts[w][p]) {
                        if (count < 2) pieces[count] = places & parts[w][p];
                        count++;
                    }
                if (count != 2) continue;
                int swap = low_index(pieces[0]) > low_index(pieces[1]);
                if (join(g, d, pieces[swap], d, pieces[!swap]) < 0) return -1;
            }
        }
    }
    return 0;
}

/* aic_graph._strong_links's cells: the two candidates of a cell that holds only two. */
static int cell_links(Graph *g) {
    for (int c = 0; c < g->size; c++) {
        unsigned cand = (unsigned)g->cands[c];
        if (__builtin_popcount(cand) != 2) continue;
        int low = __builtin_ctz(cand) + 1, high = 31 - __builtin_clz(cand) + 1;
        if (join(g, low, (mask_t)1 << c, high, (mask_t)1 << c) < 0) return -1;
    }
    return 0;
}

static PyObject *DIGITS, *HOLDERS; /* the attribute names of an almost locked set, interned once */

/* aic_graph._als_nodes: the sets' nodes (Als.nodes: each digit with its cells in the set, ascending),
 * new ones numbered and each grouped one joining its digit's groups when a set first has it; which
 * sets each node is in. */
static int set_nodes_of(Graph *g, PyObject *sets, char *in_a_set) {
    Py_ssize_t nsets = PyTuple_GET_SIZE(sets);
    g->set_start[0] = 0;
    for (Py_ssize_t s = 0; s < nsets; s++) {
        PyObject *als = PyTuple_GET_ITEM(sets, s), *digits_int = PyObject_GetAttr(als, DIGITS);
        PyObject *holders = digits_int ? PyObject_GetAttr(als, HOLDERS) : NULL;
        int digits = 0, failed = !holders || int_of(digits_int, &digits) < 0;
        Py_XDECREF(digits_int);
        if (!failed && (!PyTuple_Check(holders) || PyTuple_GET_SIZE(holders) != g->n + 1 || digits >> g->n)) {
            PyErr_SetString(PyExc_ValueError, "chain graph: a set's digits or holders do not fit the grid");
            failed = 1;
        }
        for (int d = 1; d <= g->n && !failed; d++) {
            mask_t mask;
            int number;
            if (!(digits >> (d - 1) & 1)) continue;
            if (to_mask(PyTuple_GET_ITEM(holders, d), &mask) < 0) {
                failed = 1;
            } else if (!mask || mask >> g->size) {
                PyErr_SetString(PyExc_ValueError, "chain graph: a set's cells are out of range");
                failed = 1;
            } else if ((number = node_of(g, d, mask)) < 0) {
                failed = 1;
            } else {
                if (!in_a_set[number]) {
                    in_a_set[number] = 1;
                    failed = (mask & (mask - 1)) && push(&g->groups[d], number) < 0;
                }
                failed = failed || push(&g->set_items, number) < 0 || push(&g->member[number], (int)s) < 0;
            }
        }
        Py_XDECREF(holders);
        if (failed) return -1;
        g->set_start[s + 1] = (int)g->set_items.len;
    }
    return 0;
}

/* aic_graph.chain_graph's unit groups: per digit, its places in each box-line meeting of two or more
 * cells that is a node, after the sets' groups (each group once). */
static int meeting_groups(Graph *g, PyObject *meetings, char *listed) {
    Py_ssize_t count = PyTuple_GET_SIZE(meetings);
    mask_t *insides = PyMem_Malloc((count ? count : 1) * sizeof(mask_t));
    if (!insides) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < count; k++)
        if (to_mask(PyTuple_GET_ITEM(meetings, k), &insides[k]) < 0) {
            PyMem_Free(insides);
            return -1;
        }
    int result = 0;
    for (int d = 1; d <= g->n; d++)
        for (Py_ssize_t k = 0; k < g->groups[d].len; k++) listed[g->groups[d].items[k]] = 1;
    for (int d = 1; d <= g->n && !result; d++)
        for (Py_ssize_t k = 0; k < count; k++) {
            mask_t group = g->holders[d] & insides[k];
            if (!(group & (group - 1))) continue;
            int number = find_node(g, d, group);
            if (number < 0 || listed[number]) continue;
            listed[number] = 1;
            if ((result = push(&g->groups[d], number)) < 0) break;
        }
    PyMem_Free(insides);
    return result;
}

/* aic_graph.strong_states: partners by units and cells (in the order met), then each set's other nodes;
 * a partner met again keeps its first place (g->stamp marks the partners of node i with i + 1). */
static int strong_of(Graph *g, int i, Ints *adj) {
    int mark = i + 1;
    g->stamp[i] = mark; /* (a node is not its own partner) */
    for (Py_ssize_t k = 0; k < g->partners[i].len; k++) {
        int other = g->partners[i].items[k];
        g->stamp[other] = mark;
        if (push(adj, other << 1 | 1) < 0) return -1;
    }
    for (Py_ssize_t k = 0; k < g->member[i].len; k++) {
        int s = g->member[i].items[k];
        for (int j = g->set_start[s]; j < g->set_start[s + 1]; j++) {
            int other = g->set_items.items[j];
            if (g->stamp[other] == mark) continue;
            g->stamp[other] = mark;
            if (push(adj, other << 1 | 1) < 0) return -1;
        }
    }
    return 0;
}

/* aic_graph.weak_states: same digit in cells that see all of the node (single cells, then groups),
 * then its cell's other digits. */
static int weak_of(Graph *g, int i, const mask_t *singles, Ints *adj) {
    int d = g->digit[i], size = g->size;
    mask_t seen = g->seen[i] & g->holders[d];
    for (mask_t m = seen & singles[d]; m; m &= m - 1)
        if (push(adj, g->single[d * size + low_index(m)] << 1) < 0) return -1;
    for (Py_ssize_t k = 0; k < g->groups[d].len; k++) {
        int group = g->groups[d].items[k];
        if (!(g->mask[group] & ~seen) && push(adj, group << 1) < 0) return -1;
    }
    mask_t own = g->mask[i];
    if (own & (own - 1)) return 0;
    int cell = low_index(own);
    for (int other = 1; other <= g->n; other++) {
        int number = g->single[other * size + cell];
        if (other != d && number >= 0 && push(adj, number << 1) < 0) return -1;
    }
    return 0;
}

static int make_links(Graph *g) {
    int n = g->n, size = g->size;
    mask_t singles[MAX_DIGITS + 1] = {0};
    for (int k = 0; k < (n + 1) * size; k++) g->single[k] = -1;
    for (int i = 0; i < g->count; i++) {
        mask_t m = g->mask[i], seen = ~(mask_t)0;
        for (mask_t rest = m; rest; rest &= rest - 1) seen &= g->peers[low_index(rest)];
        g->seen[i] = seen;
        if (m & (m - 1)) continue;
        singles[g->digit[i]] |= m;
        g->single[g->digit[i] * size + low_index(m)] = i;
    }
    Ints adj = {0};
    g->adj_start = PyMem_Malloc((2 * g->count + 1) * sizeof(int));
    if (!g->adj_start) {
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < g->count; i++) {
        g->adj_start[2 * i] = (int)adj.len;
        if (strong_of(g, i, &adj) < 0) goto fail;
        g->adj_start[2 * i + 1] = (int)adj.len;
        if (weak_of(g, i, singles, &adj) < 0) goto fail;
    }
    g->adj_start[2 * g->count] = (int)adj.len;
    memset(g->stamp, 0, g->room * sizeof(int)); /* (the walks mark with their own generations) */
    g->adj = adj.items;
    return 0;
fail:
    PyMem_Free(adj.items);
    return -1;
}

static int read_position(Graph *g, PyObject *peers, PyObject *holders, PyObject *cands) {
    if (PyTuple_GET_SIZE(peers) != g->size || PyTuple_GET_SIZE(holders) != g->n + 1 ||
        PyTuple_GET_SIZE(cands) != g->size) {
        PyErr_SetString(PyExc_ValueError, "chain graph: peers and cands need one item per cell, holders one per digit and 0");
        return -1;
    }
    for (int c = 0; c < g->size; c++)
        if (to_mask(PyTuple_GET_ITEM(peers, c), &g->peers[c]) < 0 || int_of(PyTuple_GET_ITEM(cands, c), &g->cands[c]) < 0)
            return -1;
    for (int d = 0; d <= g->n; d++)
        if (to_mask(PyTuple_GET_ITEM(holders, d), &g->holders[d]) < 0) return -1;
    return 0;
}

/* Room for every node: two per unit, digit and way of splitting it, two per cell, n per set. */
static int make_room(Graph *g, Py_ssize_t nunits, Py_ssize_t nsets) {
    Py_ssize_t room = 4 * nunits * g->n + 2 * g->size + nsets * g->n + 1;
    if (room > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "chain graph: too many nodes");
        return -1;
    }
    int slots = 16;
    while (slots < 2 * room) slots <<= 1;
    g->room = (int)room;
    g->slot_mask = slots - 1;
    g->digit = PyMem_Malloc(room * sizeof(int));
    g->mask = PyMem_Malloc(room * sizeof(mask_t));
    g->seen = PyMem_Malloc(room * sizeof(mask_t));
    g->partners = PyMem_Calloc(room, sizeof(Ints));
    g->member = PyMem_Calloc(room, sizeof(Ints));
    g->objects = PyMem_Calloc(room, sizeof(PyObject *));
    g->slots = PyMem_Calloc(slots, sizeof(int));
    g->single = PyMem_Malloc((g->n + 1) * g->size * sizeof(int));
    g->set_start = PyMem_Malloc((nsets + 1) * sizeof(int));
    g->parent = PyMem_Malloc(2 * room * sizeof(int));
    g->layer = PyMem_Malloc(2 * room * sizeof(int));
    g->reached = PyMem_Malloc(2 * room * sizeof(int));
    g->stamp = PyMem_Calloc(room, sizeof(int));
    if (!g->digit || !g->mask || !g->seen || !g->partners || !g->member || !g->objects || !g->slots || !g->single ||
        !g->set_start || !g->parent || !g->layer || !g->reached || !g->stamp) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* The node's (digit, mask) tuple, made once. */
static PyObject *node_object(Graph *g, int i) {
    if (!g->objects[i]) g->objects[i] = Py_BuildValue("(iN)", g->digit[i], from_mask(g->mask[i]));
    return g->objects[i];
}

/* The starts of the search, as aic_search.found_chains sorts them: (node, its number) for each single
 * candidate node, by digit and then by cell. */
static PyObject *starts_of(Graph *g) {
    PyObject *starts = PyList_New(0);
    if (!starts) return NULL;
    for (int d = 1; d <= g->n; d++)
        for (int c = 0; c < g->size; c++) {
            int number = g->single[d * g->size + c];
            if (number < 0) continue;
            PyObject *node = node_object(g, number), *pair = node ? Py_BuildValue("(Oi)", node, number) : NULL;
            if (!pair || PyList_Append(starts, pair) < 0) {
                Py_XDECREF(pair);
                Py_DECREF(starts);
                return NULL;
            }
            Py_DECREF(pair);
        }
    return starts;
}

/* build(size, n, holders, units, splits, cands, peers, sets, meetings): the chain graph of a
 * position, and the search's starts as (node, number); None for a grid too large for it. */
static PyObject *build(PyObject *self, PyObject *args) {
    int size, n;
    PyObject *holders, *units, *splits, *cands, *peers, *sets, *meetings;
    if (!PyArg_ParseTuple(args, "iiO!O!OO!O!O!O!", &size, &n, &PyTuple_Type, &holders, &PyTuple_Type, &units,
                          &splits, &PyTuple_Type, &cands, &PyTuple_Type, &peers, &PyTuple_Type, &sets,
                          &PyTuple_Type, &meetings))
        return NULL;
    if (size > MAX_CELLS || n > MAX_DIGITS) Py_RETURN_NONE;
    if (size < 1 || n < 1) {
        PyErr_SetString(PyExc_ValueError, "chain graph: the grid needs cells and digits");
        return NULL;
    }
    Graph *g = PyMem_Calloc(1, sizeof(Graph));
    if (!g) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(g, GRAPH_NAME, free_graph);
    if (!capsule) {
        PyMem_Free(g);
        return NULL;
    }
    g->size = size;
    g->n = n;
    char *flags = NULL;
    if (read_position(g, peers, holders, cands) < 0 || make_room(g, PyTuple_GET_SIZE(units), PyTuple_GET_SIZE(sets)) < 0)
        goto fail;
    if (!(flags = PyMem_Calloc(g->room, 1))) {
        PyErr_NoMemory();
        goto fail;
    }
    if (unit_links(g, units, splits) < 0 || cell_links(g) < 0 || set_nodes_of(g, sets, flags) < 0)
        goto fail;
    memset(flags, 0, g->room);
    if (meeting_groups(g, meetings, flags) < 0 || make_links(g) < 0) goto fail;
    PyMem_Free(flags);
    PyObject *starts = starts_of(g);
    if (!starts) {
        Py_DECREF(capsule);
        return NULL;
    }
    return Py_BuildValue("(NN)", capsule, starts);
fail:
    PyMem_Free(flags);
    Py_DECREF(capsule);
    return NULL;
}

/* aic_search._promising, with what depends on the start alone worked out once. */
typedef struct {
    int x, cell;
    mask_t ma, seen_a, holders_x, near_any, near_x;
} Start;

static Start start_of(const Graph *g, int start) {
    Start s;
    s.x = g->digit[start];
    s.ma = g->mask[start];
    s.cell = low_index(s.ma);
    s.seen_a = g->seen[start];
    s.holders_x = g->holders[s.x];
    s.near_any = s.ma | s.seen_a;
    s.near_x = s.ma | (s.seen_a & s.holders_x);
    return s;
}

static int promising(const Graph *g, const Start *s, int end) {
    int y = g->digit[end];
    mask_t mb = g->mask[end];
    if (y == s->x) {
        if (mb == s->ma) return 1;
        return !(mb & ~s->seen_a) || (s->seen_a & g->seen[end] & s->holders_x) != 0;
    }
    if (mb & (mb - 1)) return 0;
    return (mb & ((g->cands[s->cell] >> (y - 1) & 1) ? s->near_any : s->near_x)) != 0;
}

/* What the conclusions of a chain ask about it: its cells, and per digit the cells of its nodes. */
typedef struct {
    mask_t skip, on[MAX_DIGITS + 1];
} Chain;

static int on_chain(const Chain *c, int cell, int digit) { return (int)(c->on[digit] >> cell & 1); }

static int weakly_linked(const Graph *g, int a, int b) {
    mask_t ma = g->mask[a], mb = g->mask[b];
    if (g->digit[a] == g->digit[b]) return !(ma & mb) && !(mb & ~g->seen[a]);
    return ma == mb && !(ma & (ma - 1));
}

/* aic_search._pair_eliminations, less the candidates on the chain: does one remain? */
static int pair_eliminates(const Graph *g, const Chain *c, int a, int b) {
    int x = g->digit[a], y = g->digit[b];
    mask_t ma = g->mask[a], mb = g->mask[b];
    if (x == y) /* (the chain's cells are kept, so none of these is on it) */
        return (g->seen[a] & g->seen[b] & g->holders[x] & ~c->skip) != 0;
    if ((ma & (ma - 1)) || (mb & (mb - 1))) return 0;
    int ca = low_index(ma), cb = low_index(mb);
    if (ca == cb) {
        for (int d = 1; d <= g->n; d++)
            if (d != x && d != y && (g->cands[ca] >> (d - 1) & 1) && !on_chain(c, ca, d)) return 1;
        return 0;
    }
    if (!(g->peers[ca] >> cb & 1)) return 0;
    return ((g->cands[cb] >> (x - 1) & 1) && !on_chain(c, cb, x)) || ((g->cands[ca] >> (y - 1) & 1) && !on_chain(c, ca, y));
}

/* aic_search._conclusions is not None: does the chain (path[0] the start) prove anything? */
static int concludes(const Graph *g, const int *path, int len) {
    int start = path[0], end = path[len - 1];
    mask_t own = g->mask[start];
    if (start == end) return !(own & (own - 1));
    Chain c;
    memset(&c, 0, sizeof c);
    for (int k = 0; k < len; k++) {
        c.skip |= g->mask[path[k]];
        c.on[g->digit[path[k]]] |= g->mask[path[k]];
    }
    if (!weakly_linked(g, start, end)) return pair_eliminates(g, &c, start, end);
    if (pair_eliminates(g, &c, end, start)) return 1; /* the loop's closing link, then each on -> off link */
    for (int k = 2; k < len; k += 2)
        if (pair_eliminates(g, &c, path[k - 1], path[k])) return 1;
    return 0;
}

/* aic_search._path, kept if _conclusions finds something in it: the chain (start first) to end's "on"
 * state, or NULL with no error if it passes a node twice (bar a loop back to its start) or proves
 * nothing. */
static PyObject *chain_to(Graph *g, int end) {
    int path[MAX_HOPS + 1] = {0}, len = 0, repeats = 0;
    int generation = ++g->generation;
    for (int key = end << 1 | 1; key >= 0; key = g->parent[key]) {
        int node = key >> 1;
        if (g->stamp[node] == generation) repeats++;
        g->stamp[node] = generation;
        path[len++] = node;
    }
    if (repeats > 1 || (repeats == 1 && path[0] != path[len - 1])) return NULL;
    for (int k = 0; k < len / 2; k++) {
        int swap = path[k];
        path[k] = path[len - 1 - k];
        path[len - 1 - k] = swap;
    }
    if (!concludes(g, path, len)) return NULL;
    PyObject *chain = PyTuple_New(len);
    if (!chain) return NULL;
    for (int k = 0; k < len; k++) {
        PyObject *node = node_object(g, path[k]);
        if (!node) {
            Py_DECREF(chain);
            return NULL;
        }
        PyTuple_SET_ITEM(chain, k, Py_NewRef(node));
    }
    return chain;
}

/* From "start is false", hops begin .. end - 1 (even hops reach "on" states over strong links, odd ones
 * "off" states over weak links): appends to chains those that prove something found at hops from begin
 * on, in order, and sets *stopped when the walk reached its last hop (Python's "cut"). A walk resumed at
 * begin > 0 is the same walk from scratch, handing out only what is new. 0, or -1 with an error. */
static int walk_one(Graph *g, int start, int begin, int end, PyObject *chains, int *stopped) {
    if (start < 0 || start >= g->count || begin < 0 || end > MAX_HOPS) {
        PyErr_SetString(PyExc_ValueError, "walk: the start or the hops are out of range");
        return -1;
    }
    Start s = start_of(g, start);
    int *parent = g->parent, *layer = g->layer, *reached = g->reached, layer_len = 1, result = 0;
    *stopped = 1;
    for (int k = 0; k < 2 * g->count; k++) parent[k] = UNSEEN;
    layer[0] = start << 1;
    parent[start << 1] = -1;
    for (int hop = 0; hop < end && !result; hop++) {
        int count = 0;
        for (int k = 0; k < layer_len; k++) {
            int state = layer[k];
            for (int a = g->adj_start[state]; a < g->adj_start[state + 1]; a++) {
                int after = g->adj[a];
                if (parent[after] == UNSEEN) {
                    parent[after] = state;
                    reached[count++] = after;
                }
            }
        }
        if (!count) {
            *stopped = 0;
            break;
        }
        if (!(hop & 1) && hop >= begin)
            for (int k = 0; k < count && !result; k++) {
                int node = reached[k] >> 1;
                if (!promising(g, &s, node)) continue;
                PyObject *chain = chain_to(g, node);
                if (!chain) {
                    if (PyErr_Occurred()) result = -1;
                    continue;
                }
                result = PyList_Append(chains, chain);
                Py_DECREF(chain);
            }
        int *swap = layer;
        layer = reached;
        reached = swap;
        layer_len = count;
    }
    g->layer = layer; /* (the two scratch arrays may have swapped) */
    g->reached = reached;
    return result;
}

static Graph *graph_of(PyObject *capsule) { return PyCapsule_GetPointer(capsule, GRAPH_NAME); }

/* walk_on(graph, starts, begins, first, end): the walks of starts[first], starts[first + 1], ... (each
 * from its hop in begins) up to the first that finds a chain, in one call (most find none): that
 * start's index (len(starts) if none did), its chains, and the indices of the walks that reached
 * their last hop. */
static PyObject *walk_on(PyObject *self, PyObject *args) {
    PyObject *capsule, *starts, *begins;
    Py_ssize_t first;
    int end;
    if (!PyArg_ParseTuple(args, "OO!O!ni", &capsule, &PyTuple_Type, &starts, &PyTuple_Type, &begins, &first, &end))
        return NULL;
    Graph *g = graph_of(capsule);
    if (!g) return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(starts);
    if (PyTuple_GET_SIZE(begins) != count || first < 0) {
        PyErr_SetString(PyExc_ValueError, "walk_on: starts and begins differ in length, or first is negative");
        return NULL;
    }
    PyObject *chains = PyList_New(0), *stopped_at = PyList_New(0);
    Py_ssize_t k = first;
    if (!chains || !stopped_at) goto fail;
    for (; k < count; k++) {
        int start, begin, stopped;
        if (int_of(PyTuple_GET_ITEM(starts, k), &start) < 0 || int_of(PyTuple_GET_ITEM(begins, k), &begin) < 0 ||
            walk_one(g, start, begin, end, chains, &stopped) < 0)
            goto fail;
        if (stopped) {
            PyObject *index = PyLong_FromSsize_t(k);
            int failed = !index || PyList_Append(stopped_at, index) < 0;
            Py_XDECREF(index);
            if (failed) goto fail;
        }
        if (PyList_GET_SIZE(chains)) break;
    }
    return Py_BuildValue("(nNN)", k, chains, stopped_at);
fail:
    Py_XDECREF(chains);
    Py_XDECREF(stopped_at);
    return NULL;
}

static PyMethodDef methods[] = {
    {"build", build, METH_VARARGS, "The chain graph of a position and the search's starts, or None for a grid too large."},
    {"walk_on", walk_on, METH_VARARGS, "The walks of the starts from one on, up to the first that finds chains."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_aic_walk", "The compiled chain graph and breadth-first walk of the nice-loop search.", -1, methods,
};

PyMODINIT_FUNC PyInit__aic_walk(void) {
    if (!DIGITS && !(DIGITS = PyUnicode_InternFromString("digits"))) return NULL;
    if (!HOLDERS && !(HOLDERS = PyUnicode_InternFromString("holders"))) return NULL;
    return PyModule_Create(&module);
}

/* The breadth-first walk of logic/chains/aic_search.py, compiled: same links, same order, same chains.
 *
 * aic_search._walk goes from "start is false" over strong and weak links layer by layer, and for each
 * node forced true that _promising accepts, _path traces the chain back and keeps it if no node comes
 * twice; _conclusions then works out what it proves, and most prove nothing. Most positions have no
 * useful chain, so the walk ran to its depth limit in Python for every start. This file makes the links
 * of a ChainGraph once (strong_states and weak_states of aic_graph.py, in their order), then walks a
 * start with the same layers and the same first-met parents, and hands back, in the order Python would
 * reach them, the chains (tuples of the graph's own node objects) that pass the two tests and of which
 * _conclusions would find something. What they prove, and every word, is still worked out in Python.
 * Grids of up to 127 cells; larger ones, installs without a compiler and SUDOKU_WORKBENCH_PURE=1 use
 * the Python walk (see _aic_kernel.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef unsigned __int128 mask_t;

#define MAX_CELLS 127 /* signed 128-bit reads: the top bit stays clear */
#define MAX_DIGITS 32
#define UNSEEN (-2)

static const char *GRAPH_NAME = "sudoku_workbench.aic_walk.graph";

typedef struct {
    int size, n, count;      /* cells, digits, nodes */
    PyObject *nodes;         /* the graph's tuple of nodes (its items go into the chains) */
    int *digit;              /* per node */
    mask_t *mask, *seen;     /* per node: its cells, and the cells that see all of them */
    mask_t peers[MAX_CELLS], holders[MAX_DIGITS + 1];
    int cands[MAX_CELLS];
    int *adj_start, *adj;    /* the states after state s: adj[adj_start[s] .. adj_start[s + 1]] */
    int *parent, *layer, *reached, *stamp; /* a walk's scratch: 2 * count states, count nodes */
    int generation;
} Graph;

static int low_index(mask_t m) {
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

/* A Python int as a 128-bit mask (the public native-bytes API from 3.13 on, the byte-array one before). */
static int to_mask(PyObject *value, mask_t *out) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a mask must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(value, out, sizeof *out, -1);
    if (needed < 0) return -1;
    if ((size_t)needed > sizeof *out) {
        PyErr_SetString(PyExc_OverflowError, "a mask is wider than 128 bits");
        return -1;
    }
    return 0;
#else
    return _PyLong_AsByteArray((PyLongObject *)value, (unsigned char *)out, sizeof *out, PY_LITTLE_ENDIAN, 1);
#endif
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
    Py_XDECREF(g->nodes);
    PyMem_Free(g->digit);
    PyMem_Free(g->mask);
    PyMem_Free(g->seen);
    PyMem_Free(g->adj_start);
    PyMem_Free(g->adj);
    PyMem_Free(g->parent);
    PyMem_Free(g->layer);
    PyMem_Free(g->reached);
    PyMem_Free(g->stamp);
    PyMem_Free(g);
}

/* A growing list of ints (the adjacency, and each node's sets). */
typedef struct {
    int *items;
    Py_ssize_t len, cap;
} Ints;

static int push(Ints *v, int item) {
    if (v->len == v->cap) {
        Py_ssize_t cap = v->cap ? 2 * v->cap : 256;
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

static int id_of(const Graph *g, PyObject *ids, PyObject *node, int *out) {
    PyObject *number = PyDict_GetItemWithError(ids, node);
    if (!number) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a linked node has no number");
        return -1;
    }
    if (int_of(number, out) < 0) return -1;
    if (*out < 0 || *out >= g->count) {
        PyErr_SetString(PyExc_ValueError, "a node number is out of range");
        return -1;
    }
    return 0;
}

static int read_nodes(Graph *g) {
    for (int i = 0; i < g->count; i++) {
        PyObject *node = PyTuple_GET_ITEM(g->nodes, i);
        if (!PyTuple_Check(node) || PyTuple_GET_SIZE(node) != 2) {
            PyErr_SetString(PyExc_TypeError, "a node must be a (digit, mask) tuple");
            return -1;
        }
        if (int_of(PyTuple_GET_ITEM(node, 0), &g->digit[i]) < 0) return -1;
        if (to_mask(PyTuple_GET_ITEM(node, 1), &g->mask[i]) < 0) return -1;
        if (g->digit[i] < 1 || g->digit[i] > g->n || !g->mask[i] || g->mask[i] >> g->size) {
            PyErr_SetString(PyExc_ValueError, "a node's digit or cells are out of range");
            return -1;
        }
        mask_t seen = ~(mask_t)0;
        for (mask_t m = g->mask[i]; m; m &= m - 1) seen &= g->peers[low_index(m)];
        g->seen[i] = seen;
    }
    return 0;
}

/* Per node, the numbers of the almost locked sets it is in, ascending (set_nodes: the nodes of each). */
static int sets_by_node(Graph *g, PyObject *ids, PyObject *set_nodes, Ints *members, Ints *set_items,
                        int *set_start) {
    Py_ssize_t nsets = PyTuple_GET_SIZE(set_nodes);
    set_start[0] = 0;
    for (Py_ssize_t s = 0; s < nsets; s++) {
        PyObject *nodes = PyTuple_GET_ITEM(set_nodes, s);
        if (!PyTuple_Check(nodes)) {
            PyErr_SetString(PyExc_TypeError, "a set's nodes must be a tuple");
            return -1;
        }
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(nodes); k++) {
            int number;
            if (id_of(g, ids, PyTuple_GET_ITEM(nodes, k), &number) < 0) return -1;
            if (push(set_items, number) < 0 || push(&members[number], (int)s) < 0) return -1;
        }
        set_start[s + 1] = (int)set_items->len;
    }
    return 0;
}

/* aic_graph.strong_states: partners by units and cells (in the order met), then each set's other nodes;
 * a partner met again keeps its first place (g->stamp marks the partners of node i with i + 1). */
static int strong_of(Graph *g, int i, PyObject *ids, PyObject *links, Ints *members, Ints *set_items,
                     const int *set_start, Ints *adj) {
    int mark = i + 1, number;
    g->stamp[i] = mark; /* (a node is not its own partner) */
    PyObject *linked = PyDict_GetItemWithError(links, PyTuple_GET_ITEM(g->nodes, i));
    if (!linked && PyErr_Occurred()) return -1;
    if (linked) {
        if (!PyDict_Check(linked)) {
            PyErr_SetString(PyExc_TypeError, "a node's links must be a dict");
            return -1;
        }
        Py_ssize_t pos = 0;
        PyObject *end, *value;
        while (PyDict_Next(linked, &pos, &end, &value)) {
            if (id_of(g, ids, end, &number) < 0 || push(adj, number << 1 | 1) < 0) return -1;
            g->stamp[number] = mark;
        }
    }
    for (Py_ssize_t k = 0; k < members[i].len; k++) {
        int s = members[i].items[k];
        for (int j = set_start[s]; j < set_start[s + 1]; j++) {
            int other = set_items->items[j];
            if (g->stamp[other] == mark) continue;
            g->stamp[other] = mark;
            if (push(adj, other << 1 | 1) < 0) return -1;
        }
    }
    return 0;
}

/* Per digit, the groups of aic_graph (in its order) and their "off" states. */
typedef struct {
    int start[MAX_DIGITS + 2];
    mask_t *mask;
    int *state;
} Groups;

/* aic_graph.weak_states: same digit in cells that see all of the node (single cells, then groups),
 * then its cell's other digits. */
static int weak_of(Graph *g, int i, const mask_t *singles, const int *single_state, const Groups *groups,
                   Ints *adj) {
    int d = g->digit[i], size = g->size;
    mask_t seen = g->seen[i] & g->holders[d];
    for (mask_t m = seen & singles[d]; m; m &= m - 1)
        if (push(adj, single_state[d * size + low_index(m)]) < 0) return -1;
    for (int k = groups->start[d]; k < groups->start[d + 1]; k++)
        if (!(groups->mask[k] & ~seen) && push(adj, groups->state[k]) < 0) return -1;
    mask_t own = g->mask[i];
    if (own & (own - 1)) return 0;
    int cell = low_index(own);
    for (int other = 1; other <= g->n; other++) {
        int state = single_state[other * size + cell];
        if (other != d && state >= 0 && push(adj, state) < 0) return -1;
    }
    return 0;
}

static int read_groups(Graph *g, PyObject *ids, PyObject *groups, Groups *out) {
    if (!PyTuple_Check(groups) || PyTuple_GET_SIZE(groups) != g->n + 1) {
        PyErr_SetString(PyExc_ValueError, "groups must be a tuple of n + 1 items");
        return -1;
    }
    for (int d = 0; d <= g->n; d++) {
        PyObject *masks = PyTuple_GET_ITEM(groups, d);
        if (!PyTuple_Check(masks)) {
            PyErr_SetString(PyExc_TypeError, "each digit's groups must be a tuple");
            return -1;
        }
        out->start[d + 1] = out->start[d] + (int)PyTuple_GET_SIZE(masks);
    }
    int total = out->start[g->n + 1];
    out->mask = PyMem_Malloc((total ? total : 1) * sizeof(mask_t));
    out->state = PyMem_Malloc((total ? total : 1) * sizeof(int));
    if (!out->mask || !out->state) {
        PyErr_NoMemory();
        return -1;
    }
    for (int d = 0; d <= g->n; d++) {
        PyObject *masks = PyTuple_GET_ITEM(groups, d), *digit = PyLong_FromLong(d);
        if (!digit) return -1;
        for (int k = out->start[d]; k < out->start[d + 1]; k++) {
            PyObject *mask = PyTuple_GET_ITEM(masks, k - out->start[d]), *node = PyTuple_Pack(2, digit, mask);
            int number, failed = !node || to_mask(mask, &out->mask[k]) < 0 || id_of(g, ids, node, &number) < 0;
            Py_XDECREF(node);
            if (failed) {
                Py_DECREF(digit);
                return -1;
            }
            out->state[k] = number << 1;
        }
        Py_DECREF(digit);
    }
    return 0;
}

static int make_links(Graph *g, PyObject *ids, PyObject *links, PyObject *set_nodes, PyObject *groups) {
    int n = g->n, size = g->size, result = -1;
    Py_ssize_t nsets = PyTuple_GET_SIZE(set_nodes);
    Ints adj = {0}, set_items = {0};
    Groups by_digit = {{0}, NULL, NULL};
    Ints *members = PyMem_Calloc(g->count ? g->count : 1, sizeof(Ints));
    int *set_start = PyMem_Malloc((nsets + 1) * sizeof(int));
    int *single_state = PyMem_Malloc((n + 1) * size * sizeof(int));
    mask_t singles[MAX_DIGITS + 1] = {0};
    if (!members || !set_start || !single_state) {
        PyErr_NoMemory();
        goto done;
    }
    for (int k = 0; k < (n + 1) * size; k++) single_state[k] = -1;
    for (int i = 0; i < g->count; i++) {
        mask_t m = g->mask[i];
        if (m & (m - 1)) continue;
        singles[g->digit[i]] |= m;
        single_state[g->digit[i] * size + low_index(m)] = i << 1;
    }
    if (read_groups(g, ids, groups, &by_digit) < 0) goto done;
    if (sets_by_node(g, ids, set_nodes, members, &set_items, set_start) < 0) goto done;
    for (int i = 0; i < g->count; i++) {
        g->adj_start[2 * i] = (int)adj.len;
        if (strong_of(g, i, ids, links, members, &set_items, set_start, &adj) < 0) goto done;
        g->adj_start[2 * i + 1] = (int)adj.len;
        if (weak_of(g, i, singles, single_state, &by_digit, &adj) < 0) goto done;
    }
    g->adj_start[2 * g->count] = (int)adj.len;
    memset(g->stamp, 0, g->count * sizeof(int)); /* (the walks mark with their own generations) */
    for (Py_ssize_t k = 0; k < adj.len; k++)
        if (adj.items[k] < 0 || adj.items[k] >= 2 * g->count) {
            PyErr_SetString(PyExc_ValueError, "a linked state is out of range");
            goto done;
        }
    g->adj = adj.items;
    adj.items = NULL;
    result = 0;
done:
    PyMem_Free(adj.items);
    PyMem_Free(set_items.items);
    if (members)
        for (int i = 0; i < g->count; i++) PyMem_Free(members[i].items);
    PyMem_Free(members);
    PyMem_Free(set_start);
    PyMem_Free(single_state);
    PyMem_Free(by_digit.mask);
    PyMem_Free(by_digit.state);
    return result;
}

static int read_position(Graph *g, PyObject *peers, PyObject *holders, PyObject *cands) {
    if (!PyTuple_Check(peers) || PyTuple_GET_SIZE(peers) != g->size || !PyTuple_Check(holders) ||
        PyTuple_GET_SIZE(holders) != g->n + 1 || !PyTuple_Check(cands) || PyTuple_GET_SIZE(cands) != g->size) {
        PyErr_SetString(PyExc_ValueError, "peers and cands need one item per cell, holders one per digit and 0");
        return -1;
    }
    for (int c = 0; c < g->size; c++)
        if (to_mask(PyTuple_GET_ITEM(peers, c), &g->peers[c]) < 0 || int_of(PyTuple_GET_ITEM(cands, c), &g->cands[c]) < 0)
            return -1;
    for (int d = 0; d <= g->n; d++)
        if (to_mask(PyTuple_GET_ITEM(holders, d), &g->holders[d]) < 0) return -1;
    return 0;
}

/* graph(size, n, nodes, ids, links, set_nodes, groups, peers, holders, cands):
 * the walk's tables of one ChainGraph, or None for a grid too large for them. */
static PyObject *graph(PyObject *self, PyObject *args) {
    int size, n;
    PyObject *nodes, *ids, *links, *set_nodes, *groups, *peers, *holders, *cands;
    if (!PyArg_ParseTuple(args, "iiO!O!O!O!OO!O!O!", &size, &n, &PyTuple_Type, &nodes, &PyDict_Type, &ids,
                          &PyDict_Type, &links, &PyTuple_Type, &set_nodes, &groups,
                          &PyTuple_Type, &peers, &PyTuple_Type, &holders, &PyTuple_Type, &cands))
        return NULL;
    if (size > MAX_CELLS || n > MAX_DIGITS) Py_RETURN_NONE;
    if (size < 1 || n < 1) {
        PyErr_SetString(PyExc_ValueError, "graph: the grid needs cells and digits");
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
    g->count = (int)PyTuple_GET_SIZE(nodes);
    g->nodes = Py_NewRef(nodes);
    int count = g->count ? g->count : 1;
    g->digit = PyMem_Malloc(count * sizeof(int));
    g->mask = PyMem_Malloc(count * sizeof(mask_t));
    g->seen = PyMem_Malloc(count * sizeof(mask_t));
    g->adj_start = PyMem_Malloc((2 * count + 1) * sizeof(int));
    g->parent = PyMem_Malloc(2 * count * sizeof(int));
    g->layer = PyMem_Malloc(2 * count * sizeof(int));
    g->reached = PyMem_Malloc(2 * count * sizeof(int));
    g->stamp = PyMem_Calloc(count, sizeof(int));
    if (!g->digit || !g->mask || !g->seen || !g->adj_start || !g->parent || !g->layer || !g->reached || !g->stamp) {
        Py_DECREF(capsule);
        return PyErr_NoMemory();
    }
    if (read_position(g, peers, holders, cands) < 0 || read_nodes(g) < 0 ||
        make_links(g, ids, links, set_nodes, groups) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    return capsule;
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
    int path[64] = {0}, len = 0, repeats = 0;
    int generation = ++g->generation;
    for (int key = end << 1 | 1; key >= 0; key = g->parent[key]) {
        int node = key >> 1;
        if (len == 64) return NULL; /* (never: a walk is at most 28 hops) */
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
    for (int k = 0; k < len; k++) PyTuple_SET_ITEM(chain, k, Py_NewRef(PyTuple_GET_ITEM(g->nodes, path[k])));
    return chain;
}

/* walk(graph, start, begin, end): from "start is false", hops begin .. end - 1 (even hops reach "on"
 * states over strong links, odd ones "off" states over weak links); returns the chains that prove
 * something found at hops from begin on, in order, and whether the walk reached its last hop (Python's
 * "cut"). A walk resumed at begin > 0 is the same walk from scratch, handing out only what is new. */
static PyObject *walk(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int start, begin, end;
    if (!PyArg_ParseTuple(args, "Oiii", &capsule, &start, &begin, &end)) return NULL;
    Graph *g = PyCapsule_GetPointer(capsule, GRAPH_NAME);
    if (!g) return NULL;
    if (start < 0 || start >= g->count || begin < 0 || end > 64) {
        PyErr_SetString(PyExc_ValueError, "walk: the start or the hops are out of range");
        return NULL;
    }
    PyObject *chains = PyList_New(0);
    if (!chains) return NULL;
    Start s = start_of(g, start);
    int *parent = g->parent, *layer = g->layer, *reached = g->reached, layer_len = 1, stopped = 1;
    for (int k = 0; k < 2 * g->count; k++) parent[k] = UNSEEN;
    layer[0] = start << 1;
    parent[start << 1] = -1;
    for (int hop = 0; hop < end; hop++) {
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
            stopped = 0;
            break;
        }
        if (!(hop & 1) && hop >= begin)
            for (int k = 0; k < count; k++) {
                int node = reached[k] >> 1;
                if (!promising(g, &s, node)) continue;
                PyObject *chain = chain_to(g, node);
                if (!chain) {
                    if (PyErr_Occurred()) goto fail;
                    continue;
                }
                int failed = PyList_Append(chains, chain);
                Py_DECREF(chain);
                if (failed < 0) goto fail;
            }
        int *swap = layer;
        layer = reached;
        reached = swap;
        layer_len = count;
    }
    g->layer = layer; /* (the two scratch arrays may have swapped) */
    g->reached = reached;
    return Py_BuildValue("(NO)", chains, stopped ? Py_True : Py_False);
fail:
    g->layer = layer;
    g->reached = reached;
    Py_DECREF(chains);
    return NULL;
}

static PyMethodDef methods[] = {
    {"graph", graph, METH_VARARGS, "The walk's tables of a chain graph, or None for a grid too large."},
    {"walk", walk, METH_VARARGS, "The chains of one start's walk, in order, and whether it reached its last hop."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_aic_walk", "The compiled breadth-first walk of the nice-loop search.", -1, methods,
};

PyMODINIT_FUNC PyInit__aic_walk(void) { return PyModule_Create(&module); }

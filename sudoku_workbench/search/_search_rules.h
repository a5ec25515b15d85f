/* The search kernel's propagation: naked singles, hidden singles, cage sums and locked candidates to
 * their fixpoint, over the tables of _search_kernel.h, in one search's scratch space. Its functions
 * are inlined into _search_kernel.c (the only file including this one) in a generic and a classic
 * 9x9 copy. */
#ifndef SUDOKU_WORKBENCH_SEARCH_RULES_H
#define SUDOKU_WORKBENCH_SEARCH_RULES_H

#include "_search_kernel.h"
#include <string.h>

#define MORE_THAN_ONE(m) ((m) & ((m) - 1))

/* Bits set, without the library call a build for any x86-64 makes of __builtin_popcount. */
static inline int bit_count(uint32_t m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* The classic 9x9 (Tables.classic) runs the same rules with its list lengths known when compiling: a
 * unit's 9 cells, a cell's 20 peers and 3 units, a segment's 3 cells and 2 rivals a side, no cages.
 * Each rule is written once and inlined twice, with classic 1 and 0, and the classic copy's loops
 * unroll; first/past give list i's span either way. */
#define INLINE static inline __attribute__((always_inline))
#define FIXED(classic, len) ((classic) ? (len) : 0)

INLINE int first(const Lists *l, int i, int fixed) { return fixed ? i * fixed : l->start[i]; }

INLINE int past(const Lists *l, int i, int fixed) { return fixed ? (i + 1) * fixed : l->start[i + 1]; }

/* One search: the tables, scratch space, the limit and what was found. */
typedef struct {
    const Tables *t;
    int *queue;           /* decided cells whose digit must still leave their peers */
    uint8_t *dirty;       /* per unit: changed since hidden singles (bit 0) or locked candidates (bit 1) looked */
    uint8_t *cage_dirty;  /* per summed cage: a cell of it changed since the sums last looked at it */
    uint32_t *inside;     /* per segment: the digits its open cells allow */
    uint8_t *judge;       /* per segment: on a unit that changed, so locked candidates judge it again */
    uint32_t *states;     /* one state per depth */
    int *ties, *options;  /* the branching choice's scratch: tied cells, then (cell, bit) pairs */
    long long count, limit, nodes;
    int keep, stopped;    /* stopped: 1 at the limit, -1 on cancel or a callback's error */
    PyObject *found, *progress, *cancel;
    PyThreadState *released; /* set while the search runs without the GIL, so other threads (the window) run */
} Search;


/* Take bits off a cell; 0 when it is left empty. New singles join the queue, the cell's units go dirty. */
INLINE int take(Search *s, uint32_t *state, int cell, uint32_t bits, int *queued, int classic) {
    uint32_t mask = state[cell] & ~bits;
    if (!mask) return 0;
    state[cell] = mask;
    const Tables *t = s->t;
    int per = FIXED(classic, 3);
    for (int i = first(&t->units_of, cell, per); i < past(&t->units_of, cell, per); i++) s->dirty[t->units_of.items[i]] = 3;
    for (int i = t->cages_of.start[cell]; !classic && i < t->cages_of.start[cell + 1]; i++)
        s->cage_dirty[t->cages_of.items[i]] = 1;
    if (!MORE_THAN_ONE(mask)) s->queue[(*queued)++] = cell;
    return 1;
}

INLINE int naked_singles(Search *s, uint32_t *state, int *queued, int classic) {
    const Tables *t = s->t;
    int per = FIXED(classic, 3), peers = FIXED(classic, 20);
    while (*queued) {
        int cell = s->queue[--(*queued)];
        uint32_t bit = state[cell];
        for (int i = first(&t->units_of, cell, per); i < past(&t->units_of, cell, per); i++) s->dirty[t->units_of.items[i]] = 3;
        for (int i = t->cages_of.start[cell]; !classic && i < t->cages_of.start[cell + 1]; i++) /* a branch's decision too */
            s->cage_dirty[t->cages_of.items[i]] = 1;
        for (int i = first(&t->peers, cell, peers); i < past(&t->peers, cell, peers); i++) {
            int peer = t->peers.items[i];
            if ((state[peer] & bit) && !take(s, state, peer, bit, queued, classic)) return 0;
        }
    }
    return 1;
}

INLINE int hidden_singles(Search *s, uint32_t *state, int *queued, int classic) {
    const Tables *t = s->t;
    int fixed = FIXED(classic, 9);
    for (int u = 0; u < t->nunits; u++) {
        if (!(s->dirty[u] & 1)) continue;
        s->dirty[u] &= 2;
        const int *cells = t->units.items + first(&t->units, u, fixed);
        int len = classic ? 9 : t->units.start[u + 1] - t->units.start[u];
        uint32_t once = 0, twice = 0, placed = 0;
        for (int i = 0; i < len; i++) {
            uint32_t mask = state[cells[i]];
            twice |= once & mask;
            once |= mask;
            placed |= MORE_THAN_ONE(mask) ? 0 : mask;
        }
        if (once != t->full) return 0;
        uint32_t hidden = once & ~twice & ~placed; /* a placed digit is no news: skip its unit */
        if (!hidden) continue;
        for (int i = 0; i < len; i++) {
            uint32_t mask = state[cells[i]];
            if ((mask & hidden) && MORE_THAN_ONE(mask)) {
                mask &= hidden;
                if (MORE_THAN_ONE(mask)) return 0;
                take(s, state, cells[i], ~mask, queued, classic);
            }
        }
    }
    return 1;
}

/* One cage's sum (as search/_cage_sums.py): keep the digit sets that hold every digit placed in the
 * cage, leave each cell a candidate and are covered by the cells' candidates; narrow the cells to their
 * union and place a digit they all need that one cell alone can take. -1 on a contradiction, else
 * whether anything changed. */
static int cage_sum(Search *s, uint32_t *state, int cage, int *queued) {
    const Tables *t = s->t;
    const int *cells = t->cages.items + t->cages.start[cage];
    int len = t->cages.start[cage + 1] - t->cages.start[cage];
    uint32_t placed = 0, allowed = 0, required = t->full;
    for (int i = 0; i < len; i++)
        if (!MORE_THAN_ONE(state[cells[i]])) placed |= state[cells[i]];
    for (int j = t->combos.start[cage]; j < t->combos.start[cage + 1]; j++) {
        uint32_t combo = (uint32_t)t->combos.items[j], cover = 0;
        if ((combo & placed) != placed) continue;
        int i = 0;
        for (; i < len; i++) {
            uint32_t inside = state[cells[i]] & combo;
            if (!inside) break;
            cover |= inside;
        }
        if (i == len && cover == combo) {
            allowed |= combo;
            required &= combo;
        }
    }
    if (!allowed) return -1;
    int changed = 0;
    for (int i = 0; i < len; i++)
        if (state[cells[i]] & ~allowed) {
            if (!take(s, state, cells[i], ~allowed, queued, 0)) return -1;
            changed = 1;
        }
    for (required &= ~placed; required; required &= required - 1) {
        uint32_t bit = required & -required;
        int holder = -1, holders = 0;
        for (int i = 0; i < len; i++)
            if (state[cells[i]] & bit) { holder = cells[i]; holders++; }
        if (!holders) return -1;
        if (holders == 1 && state[holder] != bit) {
            take(s, state, holder, ~bit, queued, 0);
            changed = 1;
        }
    }
    return changed;
}

/* The sums of every cage a change touched: -1 on a contradiction, else whether anything changed. */
static int cage_sums(Search *s, uint32_t *state, int *queued) {
    int changed = 0;
    for (int k = 0; k < s->t->ncages; k++) {
        if (!s->cage_dirty[k]) continue;
        s->cage_dirty[k] = 0;
        int result = cage_sum(s, state, k, queued);
        if (result < 0) return -1;
        changed |= result;
    }
    return changed;
}

/* Locked candidates over the intersections on the units changed since it last ran (those on no changed
 * unit cannot have changed their verdict): -1 on a contradiction, else whether anything changed. */
INLINE int locked_candidates(Search *s, uint32_t *state, int *queued, int classic) {
    const Tables *t = s->t;
    const Lists *seg = &t->segments;
    int cells = FIXED(classic, 3), two = FIXED(classic, 2);
    memset(s->judge, 0, (size_t)t->nsegments);
    for (int u = 0; u < t->nunits; u++) {
        if (!(s->dirty[u] & 2)) continue;
        s->dirty[u] &= 1;
        for (int i = t->segments_of.start[u]; i < t->segments_of.start[u + 1]; i++) s->judge[t->segments_of.items[i]] = 1;
    }
    /* the open cells' digits only: a placed digit has left both units already (the queue is empty), so
     * it could only seem confined, never take anything */
    for (int g = 0; g < t->nsegments; g++) {
        uint32_t bits = 0;
        for (int i = first(seg, g, cells); i < past(seg, g, cells); i++) {
            uint32_t mask = state[seg->items[i]];
            bits |= MORE_THAN_ONE(mask) ? mask : 0;
        }
        s->inside[g] = bits;
    }
    int changed = 0;
    for (int g = 0; g < t->nsegments; g++) {
        if (!s->judge[g]) continue;
        for (int side = 0; side < 2; side++) {
            const Lists *rivals = side ? &t->box_rivals : &t->line_rivals;
            const Lists *victims = side ? &t->line_rivals : &t->box_rivals;
            uint32_t elsewhere = 0;
            for (int i = first(rivals, g, two); i < past(rivals, g, two); i++) elsewhere |= s->inside[rivals->items[i]];
            uint32_t confined = s->inside[g] & ~elsewhere;
            if (!confined) continue;
            for (int i = first(victims, g, two); i < past(victims, g, two); i++) {
                int other = victims->items[i];
                if (!(s->inside[other] & confined)) continue;
                for (int k = first(seg, other, cells); k < past(seg, other, cells); k++) {
                    int cell = seg->items[k];
                    if (state[cell] & confined) {
                        if (!take(s, state, cell, confined, queued, classic)) return -1;
                        changed = 1;
                    }
                }
                s->inside[other] &= ~confined;
            }
        }
    }
    return changed;
}

/* The four rules to their fixpoint; 0 on a contradiction. */
INLINE int propagate_as(Search *s, uint32_t *state, int queued, int classic) {
    for (int i = 0; i < queued; i++)
        if (!state[s->queue[i]]) return 0;
    for (;;) {
        if (!naked_singles(s, state, &queued, classic) || !hidden_singles(s, state, &queued, classic)) return 0;
        if (queued) continue;
        int changed = classic ? 0 : cage_sums(s, state, &queued);
        if (changed < 0) return 0;
        if (changed) continue;
        changed = locked_candidates(s, state, &queued, classic);
        if (changed < 0) return 0;
        if (!changed) return 1;
    }
}

static int propagate(Search *s, uint32_t *state, int queued) {
    return s->t->classic ? propagate_as(s, state, queued, 1) : propagate_as(s, state, queued, 0);
}

#endif

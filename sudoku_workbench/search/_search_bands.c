/* The count of the plain 9x9 (rows, columns, boxes, nothing else) on digit-major band words.
 *
 * The general search (_search_kernel.c) walks cells through tables; here each digit's candidates are
 * three 27-bit words, one per band of three rows (bit 9 * row-in-band + column), so a placement, a
 * house's hidden single or a box-line lock is a few masks on whole bands. Singles and locked
 * candidates to their fixpoint, then a branch on a cell with two digits (ties: most open peers), else
 * a digit with two places in a house, else a cell of fewest digits. Its nodes are not the
 * general search's, so only counts (order-free: min(solutions, limit)) come from here, never first
 * solutions; count_values uses it when the tables are exactly the plain 9x9 (Tables.plain). */
#include "_search_kernel.h"
#include <string.h>

#define BAND 0x7ffffffu
#define ROW(r) (0x1ffu << (9 * (r)))
#define COLUMN(c) (0x40201u << (c))
#define BOX(j) (0x1c0e07u << (3 * (j)))
#define ONE(m) (!((m) & ((m) - 1)))

typedef struct {
    uint32_t cand[9][3]; /* per digit and band: the cells that may hold it (a placed digit keeps its cell) */
    uint32_t open[3];    /* per band: the cells not yet placed */
} Board;

typedef struct {
    long long count, limit, nodes;
    int stopped; /* 1 at the limit, -1 when check said stop */
    int (*check)(void *);
    void *context;
} Count;

/* Bits set, without the library call a build for any x86-64 makes of __builtin_popcount. */
static inline int bit_count(uint32_t m) {
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* Each cell's houses (row, column, box) in each band, the cell itself included. */
static uint32_t houses_of[81][3];

static void fill_houses(void) {
    for (int cell = 0; cell < 81; cell++) {
        int row = cell / 9, col = cell % 9;
        for (int b = 0; b < 3; b++) houses_of[cell][b] = COLUMN(col);
        houses_of[cell][row / 3] |= ROW(row % 3) | BOX(col / 3);
    }
}

/* Put digit d on cell (band b, bit): it leaves the cell's other digits and its houses' other cells. */
static inline void place(Board *x, int b, uint32_t bit, int d) {
    int cell = 27 * b + __builtin_ctz(bit);
    for (int e = 0; e < 9; e++) x->cand[e][b] &= ~bit;
    for (int k = 0; k < 3; k++) x->cand[d][k] &= ~houses_of[cell][k];
    x->cand[d][b] |= bit;
    x->open[b] &= ~bit;
}

/* Naked singles: open cells with one digit left are placed; 0 when an open cell has none, else 1 and
 * whether anything was placed in *placed. */
static inline int naked(Board *x, int *placed) {
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0;
        for (int d = 0; d < 9; d++) {
            twice |= once & x->cand[d][b];
            once |= x->cand[d][b];
        }
        if (x->open[b] & ~once) return 0;
        for (uint32_t singles = x->open[b] & ~twice; singles; singles &= singles - 1) {
            uint32_t bit = singles & -singles;
            int d = 0;
            while (d < 9 && !(x->cand[d][b] & bit)) d++;
            if (d == 9) return 0; /* an earlier single of this pass took its digit */
            place(x, b, bit, d);
            *placed = 1;
        }
    }
    return 1;
}

/* A house of digit d whose candidates are one open cell (band b, bit) places it; 0 when it has none. */
static inline int house(Board *x, int d, int b, uint32_t in_house, int *placed) {
    if (!in_house) return 0;
    if (ONE(in_house) && (x->open[b] & in_house)) {
        place(x, b, in_house, d);
        *placed = 1;
    }
    return 1;
}

/* Hidden singles in the rows, columns and boxes whose candidates changed since seen (the words when
 * they were last looked at: a house that has not changed holds no news); 0 when a house has no place
 * for a digit. */
static inline int hidden(Board *x, uint32_t seen[9][3], int *placed) {
    for (int d = 0; d < 9; d++) {
        uint32_t *w = x->cand[d], diff[3], any = 0;
        for (int b = 0; b < 3; b++) {
            diff[b] = w[b] ^ seen[d][b];
            any |= diff[b];
            seen[d][b] = w[b]; /* before its singles are placed: what they take is looked at again */
        }
        if (!any) continue;
        for (int b = 0; b < 3; b++) {
            if (!diff[b]) continue;
            /* the rows and boxes with at most one place, found on the words as they were, then each
             * judged on the words as they are (a single placed meanwhile may have taken some) */
            uint32_t box_once = 0, box_twice = 0;
            int rows = 0;
            for (int i = 0; i < 3; i++) {
                uint32_t r = (w[b] >> (9 * i)) & 0x1ff;
                uint32_t held = (r | r >> 1 | r >> 2) & 0111, crowded = ((r & r >> 1) | (r & r >> 2) | (r >> 1 & r >> 2)) & 0111;
                box_twice |= (box_once & held) | crowded;
                box_once |= held;
                rows |= ONE(r) << i;
            }
            for (int i = 0; i < 3; i++)
                if ((rows >> i & 1) && !house(x, d, b, w[b] & ROW(i), placed)) return 0;
            for (uint32_t boxes = ~box_twice & 0111; boxes; boxes &= boxes - 1)
                if (!house(x, d, b, w[b] & BOX(__builtin_ctz(boxes) / 3), placed)) return 0;
        }
        /* the columns, all nine at once: in one band only, and on one row of it */
        uint32_t in[3], lines = 0, once = 0, twice = 0;
        for (int b = 0; b < 3; b++) {
            uint32_t r0 = w[b] & 0x1ff, r1 = (w[b] >> 9) & 0x1ff, r2 = w[b] >> 18;
            in[b] = r0 | r1 | r2;
            lines |= (r0 & r1) | (r0 & r2) | (r1 & r2);
            twice |= once & in[b];
            once |= in[b];
        }
        uint32_t changed = (any | any >> 9 | any >> 18) & 0x1ff;
        if (changed & ~once) return 0;
        for (uint32_t single = changed & once & ~twice & ~lines; single; single &= single - 1) {
            uint32_t c = single & -single;
            int b = in[0] & c ? 0 : in[1] & c ? 1 : 2;
            if (!house(x, d, b, w[b] & (c * 0x40201u), placed)) return 0;
        }
    }
    return 1;
}

/* Locked candidates of one digit: a box's places on one line leave the line's other boxes, and a line's
 * places in one box leave the box's other lines. A band (its rows and boxes) or a stack (its columns
 * and boxes) is a 3x3 grid of segments, each of three cells; which segments hold the digit is 9 bits,
 * and locks[those] the segments left when the two rules have run to their fixpoint there. */
static uint16_t locks[512];
static uint8_t row_boxes[512];       /* a row's 9 bits: the boxes (3 bits) it meets */
static uint32_t band_cells[512];     /* a band's 9 segment bits (3 * row + box): their cells */
static uint32_t stack_columns[8];    /* the columns (3 bits) of a stack's first: their cells in a band */

static void fill_locks(void) {
    for (int m = 0; m < 512; m++) {
        int left = m, before = -1;
        while (left != before) { /* segment 3 * i + j: row i of the 3x3, column j */
            before = left;
            for (int i = 0; i < 3; i++) {
                int row = (left >> (3 * i)) & 7;
                if (row && ONE(row)) left &= ~((0111 * row) & ~(7 << (3 * i)));
            }
            for (int j = 0; j < 3; j++) {
                int col = left & (0111 << j);
                if (col && ONE(col)) left &= ~((7 << (__builtin_ctz(col) / 3 * 3)) & ~(0111 << j));
            }
        }
        locks[m] = (uint16_t)left;
        row_boxes[m] = (uint8_t)(((m & 7) != 0) | ((m & 070) != 0) << 1 | ((m & 0700) != 0) << 2);
        band_cells[m] = 0;
        for (int g = 0; g < 9; g++)
            if (m & (1 << g)) band_cells[m] |= 7u << (9 * (g / 3) + 3 * (g % 3));
    }
    for (int c = 0; c < 8; c++) stack_columns[c] = (c & 1 ? COLUMN(0) : 0) | (c & 2 ? COLUMN(1) : 0) | (c & 4 ? COLUMN(2) : 0);
}

/* Whether anything was taken from the digit's three band words. */
static inline int locked(uint32_t *w) {
    uint32_t taken = 0;
    for (int b = 0; b < 3; b++) { /* rows and boxes in a band */
        int held = row_boxes[w[b] & 0x1ff] | row_boxes[(w[b] >> 9) & 0x1ff] << 3 | row_boxes[w[b] >> 18] << 6;
        uint32_t gone = w[b] & ~band_cells[locks[held]];
        taken |= gone;
        w[b] &= ~gone;
    }
    uint32_t columns[3]; /* per band, the columns holding the digit */
    for (int b = 0; b < 3; b++) columns[b] = (w[b] | w[b] >> 9 | w[b] >> 18) & 0x1ff;
    for (int k = 0; k < 3; k++) { /* columns and boxes in a stack: segment 3 * band + column */
        int held = (columns[0] >> (3 * k) & 7) | (columns[1] >> (3 * k) & 7) << 3 | (columns[2] >> (3 * k) & 7) << 6;
        int left = locks[held];
        for (int b = 0; b < 3; b++) {
            uint32_t gone = w[b] & stack_columns[(held & ~left) >> (3 * b) & 7] << (3 * k);
            taken |= gone;
            w[b] &= ~gone;
        }
    }
    return taken != 0;
}

/* The three rules to their fixpoint from the words of before (whose houses passed them all), or from
 * none; 0 on a contradiction. */
static int propagate(Board *x, const Board *before) {
    uint32_t singles_seen[9][3], locks_seen[9][3];
    if (before)
        memcpy(singles_seen, before->cand, sizeof singles_seen);
    else
        memset(singles_seen, 0xff, sizeof singles_seen); /* differs from every word but a full house's */
    memcpy(locks_seen, singles_seen, sizeof locks_seen);
    for (;;) {
        int placed = 0;
        if (!naked(x, &placed)) return 0;
        if (placed) continue;
        if (!hidden(x, singles_seen, &placed)) return 0;
        if (placed) continue;
        int taken = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t *w = x->cand[d], *seen = locks_seen[d];
            if (w[0] == seen[0] && w[1] == seen[1] && w[2] == seen[2]) continue;
            memcpy(seen, w, sizeof locks_seen[d]);
            taken |= locked(w);
        }
        if (!taken) return 1;
    }
}

/* A branch: digit d on one of cells (one bit in each band word of its own); the alternatives are
 * exhaustive and apart, so the counts below them add up. */
typedef struct {
    int digit;          /* the digit of a two-place branch, or -1: each candidate of the one cell */
    uint32_t cells[3];  /* the cell (one bit) or the digit's two places */
} Branch;

/* A digit with two places in a row, column or box (as the general search, when no cell has two). */
static int two_places(const Board *x, Branch *out) {
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (int k = 0; k < 3; k++) {
                uint32_t houses[2] = {x->cand[d][b] & ROW(k), x->cand[d][b] & BOX(k)};
                for (int h = 0; h < 2; h++) {
                    uint32_t w = houses[h];
                    if (w && !ONE(w) && ONE(w & (w - 1)) && !(w & ~x->open[b])) {
                        out->digit = d;
                        out->cells[0] = out->cells[1] = out->cells[2] = 0;
                        out->cells[b] = w;
                        return 1;
                    }
                }
            }
    return 0;
}

/* What to branch on: a cell with two digits, else a digit with two places, else a cell of fewest. */
static void choose(const Board *x, Branch *out) {
    uint32_t fewest = 0, pair = 0;
    int best = 10, band = 0, degree = -1, paired = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0, more = 0;
        for (int d = 0; d < 9; d++) {
            more |= twice & x->cand[d][b];
            twice |= once & x->cand[d][b];
            once |= x->cand[d][b];
        }
        for (uint32_t pairs = x->open[b] & twice & ~more; pairs; pairs &= pairs - 1) {
            int cell = 27 * b + __builtin_ctz(pairs), open = 0;
            for (int o = 0; o < 3; o++) open += bit_count(x->open[o] & houses_of[cell][o]);
            if (open > degree) { degree = open; paired = b; pair = pairs & -pairs; }
        }
        if (degree >= 0) continue;
        for (uint32_t open = x->open[b]; open; open &= open - 1) {
            uint32_t cell = open & -open;
            int n = 0;
            for (int d = 0; d < 9; d++) n += (x->cand[d][b] & cell) != 0;
            if (n < best) { best = n; band = b; fewest = cell; }
        }
    }
    if (degree >= 0) {
        out->digit = -1;
        out->cells[0] = out->cells[1] = out->cells[2] = 0;
        out->cells[paired] = pair;
        return;
    }
    if (two_places(x, out)) return;
    out->digit = -1;
    out->cells[0] = out->cells[1] = out->cells[2] = 0;
    out->cells[band] = fewest;
}

#define CHECK_EVERY 2048

/* Count below one alternative: the board with d on the cell (band b, bit). */
static void descend(Count *k, const Board *x);

static void try(Count *k, const Board *x, int b, uint32_t bit, int d) {
    if (!(++k->nodes % CHECK_EVERY) && !k->check(k->context)) {
        k->stopped = -1;
        return;
    }
    Board child = *x;
    place(&child, b, bit, d);
    if (!propagate(&child, x)) return;
    if (child.open[0] | child.open[1] | child.open[2])
        descend(k, &child);
    else if (++k->count >= k->limit && k->limit >= 0)
        k->stopped = 1;
}

/* Count below a propagated, unsolved board. */
static void descend(Count *k, const Board *x) {
    Branch branch;
    choose(x, &branch);
    for (int b = 0; b < 3; b++)
        for (uint32_t cells = branch.cells[b]; cells && !k->stopped; cells &= cells - 1) {
            uint32_t bit = cells & -cells;
            for (int d = 0; d < 9 && !k->stopped; d++)
                if ((branch.digit < 0 ? d : branch.digit) == d && (x->cand[d][b] & bit)) try(k, x, b, bit, d);
        }
}

/* The solutions of an 81-digit puzzle (0: open) up to limit (-1: none) in *count; check(context) runs
 * every CHECK_EVERY nodes and stops the count by answering 0. 1 when it ran to its end or limit. */
int bands_count(const unsigned char *digits, long long limit, long long *count, int (*check)(void *), void *context) {
    static int filled = 0;
    if (!filled) {
        fill_houses();
        fill_locks();
        filled = 1;
    }
    Board x;
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) x.cand[d][b] = BAND;
    for (int b = 0; b < 3; b++) x.open[b] = BAND;
    *count = 0;
    for (int cell = 0; cell < 81; cell++) {
        if (!digits[cell]) continue;
        int b = cell / 27, d = digits[cell] - 1;
        uint32_t bit = 1u << (cell % 27);
        if (!(x.cand[d][b] & bit)) return 1; /* a given its houses already hold */
        place(&x, b, bit, d);
    }
    if (!propagate(&x, NULL)) return 1;
    if (!(x.open[0] | x.open[1] | x.open[2])) {
        *count = 1;
        return 1;
    }
    Count k = {.limit = limit, .check = check, .context = context};
    descend(&k, &x);
    *count = k.count;
    return k.stopped >= 0;
}

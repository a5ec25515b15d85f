/* The propagation rounds on a State, as Propagation.run takes them in Python, operation by operation
 * in the same order: the queued eliminations and placements applied, then the naked and hidden singles
 * (and in NET mode the locked candidates) they expose queued for the next round. While a replay
 * records (State.record), each new literal's first reason is noted as _propagation_rounds._note keeps it. */
#include "_fixpoint.h"

/* _propagation_rounds._note: the first reason found for a literal is kept. */
static void note(State *s, int cell, int digit, int on, int why, int from, int entry) {
    Record *r = s->record;
    int id = literal_id(s->t, cell, digit, on);
    if (r->noted[id] >= 0) return;
    r->noted[id] = r->count;
    r->facts[r->count++] =
        (Fact){(short)cell, (short)digit, (short)on, (short)why, (short)from, (short)entry, r->round};
}

/* _propagation_rounds._note_placement: the cell's other digits (others: a bit per index), then its peers'. */
static void note_placement(State *s, int cell, int digit, uint64_t others, mask_t peers) {
    for (; others; others &= others - 1) note(s, cell, __builtin_ctzll(others) + 1, 0, WHY_OWN_CELL, digit, 0);
    for (; peers; peers &= peers - 1) note(s, low_index(peers), digit, 0, WHY_PEER, cell, 0);
}

static int place(State *s, int cell, int digit) {
    const Tables *t = s->t;
    mask_t bit = (mask_t)1 << cell;
    int index = digit - 1;
    if (s->placed[index] & bit) return 0;
    if (!(s->loc[index] & bit)) {
        s->code = RULED_OUT, s->code_a = cell, s->code_b = digit;
        return 1;
    }
    s->free &= ~bit;
    s->placed[index] |= bit;
    s->filters[index] &= ~t->cell_units[cell];
    s->loc[index] ^= bit;
    uint64_t others = 0;
    for (int other = 0; other < t->n; other++)
        if (s->loc[other] & bit) {
            s->loc[other] ^= bit;
            s->changed[other] |= bit;
            others |= (uint64_t)1 << other;
        }
    mask_t hit = s->loc[index] & t->peers[cell];
    if (hit) {
        s->loc[index] ^= hit;
        s->changed[index] |= hit;
    }
    if (s->record) note_placement(s, cell, digit, others, hit);
    return 0;
}

/* _propagation_rounds._apply: the queued eliminations, then the queued placements. */
static int apply(State *s) {
    Queue offs = s->offs, places = s->places;
    s->offs = s->taken_offs, s->places = s->taken_places;
    s->offs.count = s->places.count = 0;
    s->taken_offs = offs, s->taken_places = places;
    for (Py_ssize_t i = 0; i < offs.count; i++) {
        int index = offs.items[i].digit - 1;
        mask_t hit = s->loc[index] & offs.items[i].mask;
        if (hit) {
            s->loc[index] ^= hit;
            s->changed[index] |= hit;
            for (const Entry *e = &offs.items[i]; s->record && hit; hit &= hit - 1)
                note(s, low_index(hit), e->digit, 0, WHY_CONFINED, e->unit, e->cell);
        }
    }
    for (Py_ssize_t i = 0; i < places.count; i++) {
        const Entry *e = &places.items[i];
        if (s->record) {
            static const int why_of[] = {WHY_HIDDEN, WHY_NAKED, WHY_ASSUMED};
            note(s, e->cell, e->digit, 1, why_of[e->kind], e->unit, 0);
        }
        if (place(s, e->cell, e->digit)) return 1;
    }
    return 0;
}

/* _propagation_rounds._naked without reasons. */
static int naked(State *s, mask_t touched) {
    touched &= s->static_cells;
    if (!touched) return 0;
    mask_t once = 0, twice = 0;
    for (int d = 0; d < s->t->n; d++) {
        twice |= once & s->loc[d];
        once |= s->loc[d];
    }
    mask_t empty = touched & ~once;
    if (empty && s->mode != STATIC) {
        s->code = NO_CANDIDATE, s->code_a = low_index(empty);
        return 1;
    }
    mask_t singles = touched & once & ~twice;
    while (singles) {
        int cell = low_index(singles);
        mask_t low = (mask_t)1 << cell;
        singles ^= low;
        int digit = 1;
        for (int d = 0; d < s->t->n && !(s->loc[d] & low); d++) digit++;
        if (push(&s->places, (Entry){low, cell, digit, NAKED_SINGLE, 0}) < 0) return -1;
    }
    return 0;
}

/* _propagation_rounds._hidden without reasons: hidden singles, and in NET mode locked candidates. */
static int hidden(State *s) {
    const Tables *t = s->t;
    for (int index = 0; index < t->n; index++) {
        mask_t moved = s->changed[index];
        if (!moved) continue;
        uint64_t wanted = s->filters[index];
        if (popcount(moved) <= 8) {
            uint64_t touched = 0;
            while (moved) {
                int cell = low_index(moved);
                moved ^= (mask_t)1 << cell;
                touched |= t->cell_units[cell];
            }
            wanted &= touched;
        }
        mask_t here = s->loc[index];
        while (wanted) {
            int unit = __builtin_ctzll(wanted);
            wanted &= wanted - 1;
            mask_t spots = here & t->units[unit];
            if (!(spots & (spots - 1))) {
                if (spots) {
                    int cell = low_index(spots);
                    if (push(&s->places, (Entry){spots, cell, index + 1, HIDDEN_SINGLE, unit}) < 0) return -1;
                } else if (s->mode != STATIC) {
                    s->code = NO_PLACE, s->code_a = index, s->code_b = unit;
                    return 1;
                }
                continue;
            }
            if (s->mode != NET) continue;
            int last = unit * t->size + high_index(spots);
            if (spots & ~t->reach[last]) continue;
            for (int k = t->confine_start[last]; k < t->confine_start[last + 1]; k++)
                if (!(spots & ~t->meeting[k]) && (here & t->outside[k]))
                    if (push(&s->offs, (Entry){here & t->outside[k], k, index + 1, CONFINED, unit}) < 0) return -1;
        }
    }
    return 0;
}

/* _propagation_rounds._detect. */
static int detect(State *s) {
    mask_t touched = 0;
    for (int d = 0; d < s->t->n; d++) touched |= s->changed[d];
    if (!touched) return 0;
    int stop = naked(s, touched & s->free);
    if (!stop) stop = hidden(s);
    if (stop) return stop;
    memset(s->changed, 0, sizeof(s->changed));
    return 0;
}

/* One round: _propagation_rounds._apply then _detect. 0 to go on, 1 at a contradiction (its code in the
 * state), -1 on an error. */
int fixpoint_round(State *s) {
    int stop = apply(s);
    return stop ? stop : detect(s);
}

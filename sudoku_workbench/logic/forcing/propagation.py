"""What an assumption forces: candidate propagation on bitmasks, with reasons when asked.

The forcing rules try hundreds of assumptions per step, so the state is one cell bit mask per digit
(``loc[d-1]``: the open cells that may still hold d) and every check runs on whole masks at once.
Propagation goes in rounds (all consequences of round r are applied in round r + 1), so the round in
which something first follows measures how long its chain is, and the rules can prefer short ones.

It has three strengths, as in Sudoku Explainer (:class:`Mode`).

With ``record=True`` every derived fact keeps its parents, so a rule can list the implications that
lead to a conclusion, in the order they were found. Without it, :meth:`Propagation.run` hands the
rounds to the compiled fixpoint when there is one (:mod:`~sudoku_workbench.logic.forcing._kernel`), which
computes the same state and stops at the same contradiction; the words stay here. The kernel also runs
many assumptions of one state in one call (:meth:`Propagation.assume_each`), the replays with reasons
that explain a chain (:meth:`Propagation.explain`), and a forcing net's runs with reasons (NET mode),
giving each reason as a code.
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, digit_char
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.logic.forcing._kernel import Compiled, compiled_of
from sudoku_workbench.logic.forcing._literals import (
    ASSUMED_WHY,
    NAKED_WHY,
    Contradicted,
    Fact,
    Literal,
    Mode,
    candidate_of,
    confined_why,
    hidden_why,
    kernel_facts,
    literal_name,
    own_cell_why,
    peer_why,
    rested_on,
)
from sudoku_workbench.logic.forcing._propagation_tables import tables_of

__all__ = ["Contradicted", "Fact", "Literal", "Mode", "Propagation", "candidate_of", "literal_name"]


#: The most rounds :meth:`Propagation.run` takes unless told otherwise.
_ALL_ROUNDS = 1 << 30
#: The compiled fixpoint's codes for how it stopped (0: no contradiction).
_RULED_OUT, _NO_CANDIDATE, _NO_PLACE = 1, 2, 3


class Propagation:
    """A copy of a position that assumptions are made in and propagated through.

    ``loc``, ``placed`` and ``free`` are the state (per-digit cell masks, and the open cells);
    ``rounds`` lists, per finished round, the ``(loc, placed)`` masks after it (for round lookups; not
    kept in NET mode, which no rule looks up).
    """

    def __init__(self, grid: Grid, mode: Mode, record: bool = False) -> None:
        geo = grid.geometry
        self.geo = geo
        self.tables = tables_of(geo)
        self.mode = mode
        n = geo.n
        loc = [0] * n
        placed = [0] * n
        free = 0
        for cell, (mask, value) in enumerate(zip(grid.candidates, grid.values, strict=False)):
            bit = 1 << cell
            if value:
                placed[value - 1] |= bit
                continue
            free |= bit
            while mask:
                low = mask & -mask
                loc[low.bit_length() - 1] |= bit
                mask ^= low
        self.loc = loc
        self.placed = placed
        self.free = free
        self.start_loc = tuple(loc)
        self.start_placed = tuple(placed)
        self._static_cells = self.pairs() if mode is Mode.STATIC else -1
        self._filters = self._unit_filters()
        self.facts: dict[Literal, Fact] | None = {} if record else None
        self.round = 0
        self.rounds: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self._places: list[tuple[Cell, Digit, tuple[Literal, ...], str]] = []
        self._offs: list[tuple[int, Digit, tuple[Literal, ...], str]] = []
        self._changed = [0] * n
        self._compiled = compiled_of(geo)

    # --- copying and assuming --------------------------------------------------------------------

    def copy(self) -> Propagation:
        """An independent copy (for a branch of a net); one dict copy, then the mutable parts replaced."""
        other = Propagation.__new__(Propagation)
        state = self.__dict__.copy()
        state["loc"] = self.loc[:]
        state["placed"] = self.placed[:]
        state["facts"] = dict(self.facts) if self.facts is not None else None
        state["rounds"] = self.rounds[:]
        state["_places"] = self._places[:]
        state["_offs"] = self._offs[:]
        state["_changed"] = self._changed[:]
        state["_filters"] = self._filters[:]
        other.__dict__ = state
        return other

    def assume(self, cell: Cell, digit: Digit, on: bool, why: str = ASSUMED_WHY) -> None:
        """Queue the assumption "cell is digit" (``on``) or "cell is not digit"."""
        if on:
            self._places.append((cell, digit, (), why))
        else:
            self._offs.append((1 << cell, digit, (), why))

    def assume_each(
        self, compiled: Compiled, candidates: list[Candidate]
    ) -> tuple[object, list[tuple[int, bool, int]]]:
        """Each candidate assumed true on a copy of this state and run, all in one kernel call.

        Returns the kernel's handle (for its splits), and per candidate (rounds, contradicted, reached).
        """
        return compiled.trials(
            self.mode, self.loc, self.placed, self._filters, self.free, self._static_cells, candidates
        )

    def masks(self) -> tuple[list[int], list[int], list[int], int]:
        """The state as the kernel's searches from a settled state read it: loc, placed, filters, free."""
        return self.loc, self.placed, self._filters, self.free

    def candidates(self, cell: Cell) -> list[Digit]:
        """The digits still open in a cell of the current state."""
        bit = 1 << cell
        return [d + 1 for d, m in enumerate(self.loc) if m & bit]

    # --- the rounds ---------------------------------------------------------------------------------

    def run(self, max_rounds: int = _ALL_ROUNDS) -> None:
        """Propagate until nothing changes (or ``max_rounds``).

        Raises:
            Contradicted: when the position becomes impossible.
        """
        if self._compiled is not None and max_rounds == _ALL_ROUNDS:
            if self.facts is None:
                self._run_compiled(self._compiled)
                return
            if self.mode is Mode.NET and (assumed := self._one_assumption()) is not None:
                self._record_compiled(self._compiled, *assumed)
                return
        while (self._places or self._offs) and self.round < max_rounds:
            self.round += 1
            self._apply()
            self._detect()
            if self.mode is not Mode.NET:  # only the chain rules look rounds up (nets count none)
                self.rounds.append((tuple(self.loc), tuple(self.placed)))

    def explain(self, until: Literal | None = None) -> None:
        """Propagate as :meth:`run` does, keeping reasons only until ``until`` is found (all without it).

        An explanation of one conclusion reads only the facts up to it; the rest of the run just has to
        show that nothing contradicts, which the unrecorded rounds (the compiled fixpoint) do faster.
        Afterwards ``facts`` holds just what the contradiction met, or else ``until``, rests on, in the
        order found (all that an explanation reads). From a fresh recording with one placement assumed
        the compiled kernel runs it all, and leaves the state as it was.

        Raises:
            Contradicted: when the position becomes impossible.
        """
        facts = self.facts
        assert facts is not None
        fresh = self.mode is not Mode.NET and not self.round and not facts
        if self._compiled is not None and fresh and (assumed := self._one_assumption()) is not None:
            self._explain_compiled(self._compiled, until, *assumed)
            return
        stop: Contradicted | None = None
        try:
            while (self._places or self._offs) and (until is None or until not in facts):
                self.run(self.round + 1)
            self.facts = None
            self.run()
        except Contradicted as met:
            stop = met
        targets = stop.parents if stop is not None else () if until is None else (until,)
        self.facts = {literal: facts[literal] for literal in rested_on(facts, targets)}
        if stop is not None:
            raise stop

    def _one_assumption(self) -> tuple[Cell, Digit, str] | None:
        """The placement assumed, with its words, when it is all that is queued (as kernel replays start)."""
        if self._offs or len(self._places) != 1 or self._places[0][2]:
            return None
        cell, digit, _, why = self._places[0]
        return cell, digit, why

    def _explain_compiled(
        self, compiled: Compiled, until: Literal | None, cell: Cell, digit: Digit, why: str
    ) -> None:
        """:meth:`explain` by the kernel: the facts it returns, worded here."""
        code, first, second, found = compiled.explain(
            self.mode, *self.masks(), self._static_cells, cell, digit, until
        )
        self.facts = dict(kernel_facts(self.geo, found, why))
        self._stop(code, first, second)

    def _record_compiled(self, compiled: Compiled, cell: Cell, digit: Digit, why: str) -> None:
        """A run with reasons by the kernel, after earlier runs whose facts it keeps (a net's branches)."""
        assert self.facts is not None
        self._places = []
        known = (self._static_cells, self.start_loc, self.facts, self.round)
        self.free, self.round, code, first, second, found = compiled.record(
            self.mode, *self.masks(), *known, cell, digit
        )
        self.facts.update(kernel_facts(self.geo, found, why))
        self._stop(code, first, second)

    def _run_compiled(self, compiled: Compiled) -> None:
        """The rounds of :meth:`run` by the compiled fixpoint, on this state's own lists."""
        self.free, self.round, self._places, self._offs, code, first, second = compiled.run(
            self.mode,
            self.loc,
            self.placed,
            self._changed,
            self._filters,
            self.free,
            self._static_cells,
            self._places,
            self._offs,
            self.round,
            _ALL_ROUNDS,
            None if self.mode is Mode.NET else self.rounds,
            NAKED_WHY,
        )
        self._stop(code, first, second)

    def _stop(self, code: int, first: int, second: int) -> None:
        """Raise the contradiction a kernel's stop code names, with its words (none for code 0)."""
        if code == _RULED_OUT:
            raise self._ruled_out(first, second)
        if code == _NO_CANDIDATE:
            raise self._no_candidate(first)
        if code == _NO_PLACE:
            raise self._no_place(first, second)

    def _ruled_out(self, cell: Cell, digit: Digit) -> Contradicted:
        return Contradicted(
            f"{self.geo.cell_name(cell)} would be {digit_char(digit)}, which is already ruled out",
            ((cell, digit, True), (cell, digit, False)),
        )

    def _no_candidate(self, cell: Cell) -> Contradicted:
        return Contradicted(
            f"{self.geo.cell_name(cell)} would have no candidate left", self._offs_of_cell(cell)
        )

    def _no_place(self, index: int, unit: int) -> Contradicted:
        umask = self.tables.units[unit]
        return Contradicted(
            f"{self.geo.unit_name(unit)} would have no place for {digit_char(index + 1)}",
            tuple((c, index + 1, False) for c in set_bits(self.start_loc[index] & umask)),
            unit,
        )

    def _note(self, literal: Literal, parents: tuple[Literal, ...], why: str) -> None:
        facts = self.facts
        if facts is not None and literal not in facts:
            facts[literal] = Fact(len(facts), self.round, parents, why)

    def _apply(self) -> None:
        """Apply the eliminations, then the placements, queued by the previous round."""
        loc, changed, record = self.loc, self._changed, self.facts is not None
        offs, self._offs = self._offs, []
        places, self._places = self._places, []
        for mask, digit, parents, why in offs:
            hit = loc[digit - 1] & mask
            if hit:
                loc[digit - 1] ^= hit
                changed[digit - 1] |= hit
                if record:
                    for cell in set_bits(hit):
                        self._note((cell, digit, False), parents, why)
        for cell, digit, parents, why in places:
            if record:
                self._note((cell, digit, True), parents, why)
            self._place(cell, digit, record)

    def _place(self, cell: Cell, digit: Digit, record: bool) -> None:
        loc, placed, changed, tables = self.loc, self.placed, self._changed, self.tables
        bit = 1 << cell
        index = digit - 1
        if placed[index] & bit:
            return
        if not loc[index] & bit:
            raise self._ruled_out(cell, digit)
        self.free &= ~bit
        placed[index] |= bit
        self._filters[index] &= ~tables.cell_unit_bits[cell]
        loc[index] ^= bit
        others = 0
        for other, mask in enumerate(loc):
            if mask & bit:
                loc[other] = mask ^ bit
                changed[other] |= bit
                others |= 1 << other
        hit = loc[index] & tables.peers[cell]
        if hit:
            loc[index] ^= hit
            changed[index] |= hit
        if record:
            self._note_placement(cell, digit, others, hit)

    def _note_placement(self, cell: Cell, digit: Digit, others: int, peers: int) -> None:
        """Record what a placement removed: the cell's other digits (a bit per index), then its peers'."""
        me = ((cell, digit, True),)
        why = own_cell_why(self.geo, cell, digit)
        for index in set_bits(others):
            self._note((cell, index + 1, False), me, why)
        why = peer_why(self.geo, cell)
        for peer in set_bits(peers):
            self._note((peer, digit, False), me, why)

    def pairs(self) -> int:
        """The open cells with exactly two candidates now, as a cell mask."""
        once = twice = thrice = 0
        for mask in self.loc:
            thrice |= twice & mask
            twice |= once & mask
            once |= mask
        return self.free & twice & ~thrice

    def _detect(self) -> None:
        touched = reduce(or_, self._changed)
        if not touched:
            return
        self._naked(touched & self.free)
        self._hidden()
        self._changed = [0] * len(self.loc)

    def _naked(self, touched: int) -> None:
        touched &= self._static_cells  # STATIC: only the cells that had two candidates (else all cells)
        if not touched:
            return
        loc = self.loc
        once = twice = 0
        for mask in loc:
            twice |= once & mask
            once |= mask
        record = self.facts is not None
        empty = touched & ~once
        if empty and self.mode is not Mode.STATIC:
            raise self._no_candidate((empty & -empty).bit_length() - 1)
        singles = touched & once & ~twice
        while singles:
            low = singles & -singles
            singles ^= low
            cell = low.bit_length() - 1
            digit = 1
            for mask in loc:
                if mask & low:
                    break
                digit += 1
            parents = self._offs_of_cell(cell, digit) if record else ()
            self._places.append((cell, digit, parents, NAKED_WHY))

    def _offs_of_cell(self, cell: Cell, keep: Digit = 0) -> tuple[Literal, ...]:
        bit = 1 << cell
        return tuple((cell, d + 1, False) for d, m in enumerate(self.start_loc) if m & bit and d + 1 != keep)

    def _unit_filters(self) -> list[int]:
        """Per digit, the units (a unit bit set) where hidden singles may fire: STATIC only bilocal ones.

        Units where the digit is placed are left out (and :meth:`_place` takes them out as it places).
        """
        units = self.tables.units
        if self.mode is Mode.STATIC:
            return [
                sum(
                    1 << u
                    for u, umask in enumerate(units)
                    if (here & umask).bit_count() == 2 and not done & umask
                )
                for here, done in zip(self.loc, self.placed, strict=False)
            ]
        every = (1 << len(units)) - 1
        of_cell = self.tables.cell_unit_bits
        return [every & ~reduce(or_, (of_cell[c] for c in set_bits(done)), 0) for done in self.placed]

    def _hidden(self) -> None:
        """Hidden singles (and in NET mode locked candidates), tried only in units where a candidate moved.

        A digit confined to a box-line meeting in one unit is found from the unit's spots: all of them
        lie in the meeting through the last spot, and the other unit still has the digit outside. One
        loop over digits and units (the hottest of the forcing rules: no call per digit).
        """
        tables = self.tables
        filters, of_cell, units, size = self._filters, tables.cell_unit_bits, tables.units, self.geo.size
        confines, reach = (tables.confines, tables.reach) if self.mode is Mode.NET else ((), ())
        plain = self.facts is None
        places = self._places
        for index, moved in enumerate(self._changed):
            if not moved:
                continue
            wanted = filters[index]
            if moved.bit_count() <= 8:  # finding their units costs less than testing untouched ones
                touched = 0
                while moved:
                    low = moved & -moved
                    moved ^= low
                    touched |= of_cell[low.bit_length() - 1]
                wanted &= touched
            here = self.loc[index]
            while wanted:
                low = wanted & -wanted
                wanted ^= low
                unit = low.bit_length() - 1
                umask = units[unit]
                spots = here & umask
                if not spots & (spots - 1):
                    if spots and plain:
                        places.append((spots.bit_length() - 1, index + 1, (), ""))
                    else:
                        self._single(index, unit, spots)
                elif confines and not spots & ~reach[last := unit * size + spots.bit_length() - 1]:
                    for meeting, outside, other in confines[last]:
                        if not spots & ~meeting and here & outside:
                            self._confined(index, unit, other, umask & ~meeting, here & outside)

    def _single(self, index: int, unit: int, spots: int) -> None:
        """Queue the last place of a digit in a unit, or stop when it has none left (unless STATIC)."""
        if not spots:
            if self.mode is Mode.STATIC:
                return
            raise self._no_place(index, unit)
        parents: tuple[Literal, ...] = ()
        why = ""
        if self.facts is not None:
            umask, start = self.tables.units[unit], self.start_loc[index]
            parents = tuple((c, index + 1, False) for c in set_bits(start & umask & ~spots))
            why = hidden_why(self.geo, index + 1, unit)
        self._places.append((spots.bit_length() - 1, index + 1, parents, why))

    def _confined(self, index: int, source_unit: int, target_unit: int, rest: int, victims: int) -> None:
        """Queue the removal of a digit confined to a box-line meeting from the rest of the target."""
        parents: tuple[Literal, ...] = ()
        why = ""
        if self.facts is not None:
            parents = tuple((c, index + 1, False) for c in set_bits(self.start_loc[index] & rest))
            why = confined_why(self.geo, index + 1, source_unit, target_unit)
        self._offs.append((victims, index + 1, parents, why))

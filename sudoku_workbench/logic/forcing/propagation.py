"""What an assumption forces: candidate propagation on bitmasks, with reasons when asked.

The forcing rules try hundreds of assumptions per step, so the state is one cell bit mask per digit
(``loc[d-1]``: the open cells that may still hold d) and every check runs on whole masks at once.
Propagation goes in rounds (all consequences of round r are applied in round r + 1), so the round in
which something first follows measures how long its chain is, and the rules can prefer short ones.

It has three strengths, as in Sudoku Explainer (:class:`Mode`).

With ``record=True`` every derived fact keeps its parents, so a rule can list the implications that
lead to a conclusion, in the order they were found. Without it, :meth:`Propagation.run` hands the
rounds to the compiled fixpoint when there is one (:mod:`~sudoku_workbench.logic.forcing._kernel`), which
computes the same state and stops at the same contradiction; the words stay in Python. The kernel also
runs many assumptions of one state in one call (:meth:`Propagation.assume_each`), the replays with
reasons that explain a chain (:meth:`Propagation.explain`), and a forcing net's runs with reasons (NET
mode), giving each reason as a code.

This module holds the state and chooses which loop runs; the Python rounds themselves (the fallback,
and the runs that keep reasons) are in :mod:`~sudoku_workbench.logic.forcing._propagation_rounds`.
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from sudoku_workbench.core.cancel import checkpoint
from sudoku_workbench.core.geometry import Candidate, Cell, Digit
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
    kernel_facts,
    literal_name,
    rested_on,
)
from sudoku_workbench.logic.forcing._propagation_rounds import (
    Placement,
    Removal,
    no_candidate,
    no_place,
    ruled_out,
    run_rounds,
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
    kept in NET mode, which no rule looks up). The rest of the rounds' working state (the queues,
    ``changed``, ``filters``, ``static_cells``) is described by
    :class:`~sudoku_workbench.logic.forcing._propagation_rounds.RoundState`.
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
        self.static_cells = self.pairs() if mode is Mode.STATIC else -1
        self.filters = self._unit_filters()
        self.facts: dict[Literal, Fact] | None = {} if record else None
        self.round = 0
        self.rounds: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.places: list[Placement] = []
        self.offs: list[Removal] = []
        self.changed = [0] * n
        self._compiled = compiled_of(geo)

    def _unit_filters(self) -> list[int]:
        """Per digit, the units (a unit bit set) where hidden singles may fire: STATIC only bilocal ones.

        Units where the digit is placed are left out (and the rounds take them out as they place).
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

    # --- copying and assuming --------------------------------------------------------------------

    def copy(self) -> Propagation:
        """An independent copy (for a branch of a net); one dict copy, then the mutable parts replaced."""
        other = Propagation.__new__(Propagation)
        state = self.__dict__.copy()
        state["loc"] = self.loc[:]
        state["placed"] = self.placed[:]
        state["facts"] = dict(self.facts) if self.facts is not None else None
        state["rounds"] = self.rounds[:]
        state["places"] = self.places[:]
        state["offs"] = self.offs[:]
        state["changed"] = self.changed[:]
        state["filters"] = self.filters[:]
        other.__dict__ = state
        return other

    def assume(self, cell: Cell, digit: Digit, on: bool, why: str = ASSUMED_WHY) -> None:
        """Queue the assumption "cell is digit" (``on``) or "cell is not digit"."""
        if on:
            self.places.append((cell, digit, (), why))
        else:
            self.offs.append((1 << cell, digit, (), why))

    def assume_each(
        self, compiled: Compiled, candidates: list[Candidate]
    ) -> tuple[object, list[tuple[int, bool, int]]]:
        """Each candidate assumed true on a copy of this state and run, all in one kernel call.

        Returns the kernel's handle (for its splits), and per candidate (rounds, contradicted, reached).
        """
        return compiled.trials(
            self.mode, self.loc, self.placed, self.filters, self.free, self.static_cells, candidates
        )

    def masks(self) -> tuple[list[int], list[int], list[int], int]:
        """The state as the kernel's searches from a settled state read it: loc, placed, filters, free."""
        return self.loc, self.placed, self.filters, self.free

    def candidates(self, cell: Cell) -> list[Digit]:
        """The digits still open in a cell of the current state."""
        bit = 1 << cell
        return [d + 1 for d, m in enumerate(self.loc) if m & bit]

    def pairs(self) -> int:
        """The open cells with exactly two candidates now, as a cell mask."""
        once = twice = thrice = 0
        for mask in self.loc:
            thrice |= twice & mask
            twice |= once & mask
            once |= mask
        return self.free & twice & ~thrice

    # --- the rounds ---------------------------------------------------------------------------------

    def run(self, max_rounds: int = _ALL_ROUNDS) -> None:
        """Propagate until nothing changes (or ``max_rounds``).

        Raises:
            Contradicted: when the position becomes impossible.
            Cancelled: when the job asking was cancelled (each trial of a forcing rule comes here).
        """
        checkpoint()
        if self._compiled is not None and max_rounds == _ALL_ROUNDS:
            if self.facts is None:
                self._run_compiled(self._compiled)
                return
            if self.mode is Mode.NET and (assumed := self._one_assumption()) is not None:
                self._record_compiled(self._compiled, *assumed)
                return
        run_rounds(self, max_rounds)

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
            while (self.places or self.offs) and (until is None or until not in facts):
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
        if self.offs or len(self.places) != 1 or self.places[0][2]:
            return None
        cell, digit, _, why = self.places[0]
        return cell, digit, why

    def _explain_compiled(
        self, compiled: Compiled, until: Literal | None, cell: Cell, digit: Digit, why: str
    ) -> None:
        """:meth:`explain` by the kernel: the facts it returns, worded here."""
        code, first, second, found = compiled.explain(
            self.mode, *self.masks(), self.static_cells, cell, digit, until
        )
        self.facts = dict(kernel_facts(self.geo, found, why))
        self._stop(code, first, second)

    def _record_compiled(self, compiled: Compiled, cell: Cell, digit: Digit, why: str) -> None:
        """A run with reasons by the kernel, after earlier runs whose facts it keeps (a net's branches)."""
        assert self.facts is not None
        self.places = []
        known = (self.static_cells, self.start_loc, self.facts, self.round)
        self.free, self.round, code, first, second, found = compiled.record(
            self.mode, *self.masks(), *known, cell, digit
        )
        self.facts.update(kernel_facts(self.geo, found, why))
        self._stop(code, first, second)

    def _run_compiled(self, compiled: Compiled) -> None:
        """The rounds of :meth:`run` by the compiled fixpoint, on this state's own lists."""
        self.free, self.round, self.places, self.offs, code, first, second = compiled.run(
            self.mode,
            self.loc,
            self.placed,
            self.changed,
            self.filters,
            self.free,
            self.static_cells,
            self.places,
            self.offs,
            self.round,
            _ALL_ROUNDS,
            None if self.mode is Mode.NET else self.rounds,
            NAKED_WHY,
        )
        self._stop(code, first, second)

    def _stop(self, code: int, first: int, second: int) -> None:
        """Raise the contradiction a kernel's stop code names, with its words (none for code 0)."""
        if code == _RULED_OUT:
            raise ruled_out(self, first, second)
        if code == _NO_CANDIDATE:
            raise no_candidate(self, first)
        if code == _NO_PLACE:
            raise no_place(self, first, second)

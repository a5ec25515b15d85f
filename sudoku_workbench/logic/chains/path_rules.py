"""The repetitive-cycle and conflicting-paths rules, once for either graph (and for a mix of both).

Both start from a premise "cell c is not x" and look at what it forces along nonrepetitive walks
(see :mod:`sudoku_workbench.logic.shared.chain_analysis`). If it forces c to be x after all, the walk is a
cycle repeating one label at c (Lemma 7 and its bivalue form); if it forces one digit into two cells
of a unit, the two walks are conflicting paths (Lemma 8, its bivalue form, and the mixed rule). Either
way the premise is false, so c is x.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_workbench.core import Candidate, Cell, Chain, Digit, Grid, Step, digit_char
from sudoku_workbench.logic.chains.chain_text import (
    bilocation_clauses,
    bivalue_clauses,
    chain_highlights,
    chain_name,
    conflict_sentence,
    placement_step,
    sentence,
)
from sudoku_workbench.logic.shared.chain_analysis import ChainAnalysis, Walks, analysis_of

__all__ = ["BILOCATION", "BIVALUE", "Graph", "conflicting_path_steps", "repetitive_cycle_steps"]


@dataclass(frozen=True)
class Graph:
    """One of the two link graphs, as the path rules see it."""

    bivalue: bool
    description: str

    def walks(self, analysis: ChainAnalysis) -> Walks:
        """This graph's walks in the position."""
        return analysis.bivalue_walks if self.bivalue else analysis.bilocation_walks

    def walk(self, analysis: ChainAnalysis, premise: Candidate, end: Cell, digit: Digit) -> Chain:
        """The shortest walk by which ``premise`` forces ``end`` to ``digit``."""
        walk = analysis.bivalue_walk if self.bivalue else analysis.bilocation_walk
        return walk(*premise, end, digit)

    def clauses(self, grid: Grid, chain: Chain) -> list[str]:
        """The forcing along a chain of this graph, link by link."""
        return bivalue_clauses(grid, chain) if self.bivalue else bilocation_clauses(grid, chain)

    def premise(self, analysis: ChainAnalysis, cell: Cell, digit: Digit) -> str:
        """The premise "c is not x" in the words this graph's chains start from."""
        name = analysis.geo.cell_name(cell)
        if self.bivalue:
            return f"{name} is {digit_char(analysis.other(cell, digit))}"
        return f"{name} is not {digit_char(digit)}"


BILOCATION = Graph(False, "bilocation graph (each link joins the only two places for its digit in a unit)")
BIVALUE = Graph(
    True,
    "bivalue graph (each cell has two candidates; each link joins two cells that see each other and"
    " share its digit)",
)


def repetitive_cycle_steps(grid: Grid, graph: Graph, rule: str) -> Iterator[Step]:
    """Premises that force their own cell back to the excluded digit, around a cycle of ``graph``."""
    analysis = analysis_of(grid)
    geo = grid.geometry
    for cell, digit in graph.walks(analysis).returning:
        walk = graph.walk(analysis, (cell, digit), cell, digit)
        chain = Chain(walk.cells[:-1], walk.labels, closed=True)
        name = geo.cell_name(cell)
        text = (
            f"{chain_name(grid, chain)} is a cycle in the {graph.description} that repeats only "
            f"{digit_char(chain.labels[0])}, on both links at {name}. "
            + sentence(graph.premise(analysis, cell, digit), graph.clauses(grid, chain))
            + f", against the premise. So {name} is {digit_char(digit)}."
        )
        yield Step(
            rule,
            placements=((cell, digit),),
            highlights=chain_highlights((chain,), (graph.bivalue,)),
            explanation=text,
        )


def conflicting_path_steps(grid: Grid, first: Graph, second: Graph, rule: str) -> Iterator[Step]:
    """Premises that force one digit into two cells of a unit, by a walk in each of two graphs."""
    analysis = analysis_of(grid)
    geo = grid.geometry
    for premise, conflict in analysis.conflicts(first.walks(analysis), second.walks(analysis)):
        chains = (
            first.walk(analysis, premise, conflict.first, conflict.digit),
            second.walk(analysis, premise, conflict.second, conflict.digit),
        )
        cell, digit = premise
        words = first.premise(analysis, cell, digit)
        if first != second:
            other = digit_char(analysis.other(cell, digit))
            words = f"{geo.cell_name(cell)} is not {digit_char(digit)} (so it is {other})"
        parts = [(chains[0], first.clauses(grid, chains[0])), (chains[1], second.clauses(grid, chains[1]))]
        reason = conflict_sentence(grid, words, parts, conflict.digit, conflict.unit)
        bivalue = (first.bivalue, second.bivalue)
        yield placement_step(grid, rule, premise, reason, chains, bivalue, conflict.unit)

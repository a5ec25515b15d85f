"""Words for chains: names of cycles and paths, and the forcing they carry, link by link.

In a bilocation chain the premise is "the first cell is not the first label"; each link then puts its
label in its far cell. In a bivalue chain the premise is "the first cell is the first label"; each link
then takes its label away from its far cell, which is left with its other candidate.
"""

from __future__ import annotations

from sudoku_workbench.core import Candidate, Cell, Chain, Digit, Grid, Highlights, Link, Step, digit_char

__all__ = [
    "bilocation_clauses",
    "bilocation_unit",
    "bivalue_clauses",
    "chain_highlights",
    "chain_name",
    "conflict_sentence",
    "links_of",
    "placement_step",
    "sentence",
]


def chain_name(grid: Grid, chain: Chain) -> str:
    """``r2c1 -7- r2c5 -3- r4c5`` (a closed chain returns to its first cell)."""
    geo = grid.geometry
    cells = (*chain.cells, chain.cells[0]) if chain.closed else chain.cells
    parts = [geo.cell_name(cells[0])]
    for label, cell in zip(chain.labels, cells[1:], strict=False):
        parts.append(f"-{digit_char(label)}- {geo.cell_name(cell)}")
    return " ".join(parts)


def links_of(chain: Chain) -> list[tuple[Cell, Digit, Cell]]:
    """The chain's links as ``(from cell, label, to cell)``, the closing link included."""
    cells = (*chain.cells, chain.cells[0]) if chain.closed else chain.cells
    return list(zip(cells, chain.labels, cells[1:], strict=False))


def bilocation_unit(grid: Grid, a: Cell, b: Cell, digit: Digit) -> int:
    """A unit in which ``a`` and ``b`` are the only places for ``digit`` (-1 if there is none)."""
    bit = 1 << (digit - 1)
    for unit in grid.geometry.shared_units(a, b):
        if [c for c in grid.geometry.units[unit] if grid.candidates[c] & bit] == sorted((a, b)):
            return unit
    return -1


def bilocation_clauses(grid: Grid, chain: Chain) -> list[str]:
    """``r2c5 is 7 (the other place for 7 in row 2)`` for each link of a bilocation chain."""
    geo = grid.geometry
    clauses = []
    for a, label, b in links_of(chain):
        unit = bilocation_unit(grid, a, b, label)
        clauses.append(
            f"{geo.cell_name(b)} is {digit_char(label)} (the other place for it in {geo.unit_name(unit)})"
        )
    return clauses


def bivalue_clauses(grid: Grid, chain: Chain) -> list[str]:
    """``r1c7 is 6 (it sees r1c1 and holds only 4 or 6)`` for each link of a bivalue chain."""
    geo = grid.geometry
    clauses = []
    for a, label, b in links_of(chain):
        other = (grid.candidates[b] & ~(1 << (label - 1))).bit_length()
        clauses.append(
            f"{geo.cell_name(b)} is {digit_char(other)} (not {digit_char(label)}: it {geo.sight(b, a)})"
        )
    return clauses


def sentence(premise: str, clauses: list[str]) -> str:
    """``If <premise>, then <c1>, so <c2>, so …``."""
    if not clauses:
        return f"If {premise}"
    return f"If {premise}, then " + ", so ".join(clauses)


def chain_highlights(
    chains: tuple[Chain, ...],
    bivalue: tuple[bool, ...],
    units: tuple[int, ...] = (),
) -> Highlights:
    """Highlights for a step that rests on chains: their cells, labelled candidates, links and order."""
    cells: dict[Cell, None] = {}
    pattern: dict[Candidate, None] = {}
    links: list[Link] = []
    for chain, is_bivalue in zip(chains, bivalue, strict=True):
        cells.update(dict.fromkeys(chain.cells))
        for a, label, b in links_of(chain):
            pattern.update(dict.fromkeys([(a, label), (b, label)]))
            links.append(Link((a, label), (b, label), strong=not is_bivalue))
    return Highlights(
        cells=tuple(cells), units=units, pattern=tuple(pattern), links=tuple(links), chains=chains
    )


def conflict_sentence(
    grid: Grid, premise: str, paths: list[tuple[Chain, list[str]]], digit: Digit, unit: int
) -> str:
    """``If <premise>: along <path 1>, then …; along <path 2>, then …. Both … in <unit>.``."""
    geo = grid.geometry
    ends = [geo.cell_name(chain.cells[-1]) for chain, _ in paths]
    walks = "; ".join(
        f"along {chain_name(grid, chain)}, " + ", so ".join(clauses) for chain, clauses in paths
    )
    return (
        f"If {premise}: {walks}. Then {ends[0]} and {ends[1]} would both be {digit_char(digit)} "
        f"in {geo.unit_name(unit)}, which is impossible"
    )


def placement_step(
    grid: Grid,
    rule: str,
    placement: Candidate,
    reason: str,
    chains: tuple[Chain, ...],
    bivalue: tuple[bool, ...],
    unit: int,
) -> Step:
    """A step placing one digit, justified by ``reason`` and drawn with its chains and conflict unit."""
    cell, digit = placement
    text = f"{reason}. So {grid.geometry.cell_name(cell)} is {digit_char(digit)}."
    return Step(
        rule,
        placements=(placement,),
        highlights=chain_highlights(chains, bivalue, (unit,)),
        explanation=text,
    )

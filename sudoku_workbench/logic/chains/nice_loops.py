"""Alternating inference chains and nice loops, with grouped nodes.

A *node* is a digit in one cell, or a digit in a group of two or more cells where a line meets a box
("d is in one of these cells"). Nodes are joined by

* **strong links** (at least one end is true): the only two places for d in a unit (either place may be
  a group), or the two candidates of a cell that holds only two — the edges of the bilocation and
  bivalue graphs the graph pane draws;
* **weak links** (not both ends are true): two digits of one cell, or one digit in two nodes whose cells
  all see each other.

An alternating inference chain (AIC) starts and ends with a strong link, alternating with weak links:
if its first node is false, the strong link makes the next one true, the weak link makes the one after
false, and so on, so the last node is true. Either end is therefore true, and

* a candidate that is weakly linked to both ends goes (same digit seeing both ends; or, when the ends
  are two digits of one cell, every other digit of that cell; or, when the ends are digit x in one
  cell and y in a cell it sees, y leaves the first cell and x the second) — a discontinuous nice loop
  with two weak links at the eliminated candidate;
* if the chain leads from "A is false" back to "A is true", A is true — a discontinuous nice loop with
  two strong links at A;
* if the two ends are themselves weakly linked, the chain closes into a *continuous* nice loop: every
  weak link of the loop is then also strong, so each one's other candidates go (other cells of the
  unit seeing both ends for a digit link, other digits of the cell for a cell link).

The chains, and what each removes, come from :mod:`~sudoku_workbench.logic.chains.aic_search`; this module
explains them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, Geometry, digit_char
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Chain, Form, Highlights, Link, Step
from sudoku_workbench.logic.chains.aic_graph import Node, als_link
from sudoku_workbench.logic.chains.aic_search import Found, found_chains
from sudoku_workbench.logic.shared._digit_links import bits_of, lowest_cell
from sudoku_workbench.logic.shared._memos import by_content
from sudoku_workbench.logic.shared._text import cells_text, mask_text

__all__ = ["NICE_LOOP", "Node", "nice_loop", "node_name", "uses_almost_locked_sets"]

NICE_LOOP = "nice_loop"
#: How an explanation names the almost locked sets its strong links run through.
ALS_NOTE = "Strong links inside almost locked sets"


def node_name(geo: Geometry, node: Node) -> str:
    """``(5)r1c7`` for a candidate, ``(5)r1c78`` or ``(5)r12c3`` for a line group, else ``(5)r1c1/r2c3``."""
    digit, mask = node
    if not mask & (mask - 1):  # one cell (most nodes): its own name
        return f"({digit_char(digit)}){geo.cell_names[mask.bit_length() - 1]}"
    cells = list(bits_of(mask))
    rows = sorted({geo.row_of[c] + 1 for c in cells})
    cols = sorted({geo.col_of[c] + 1 for c in cells})
    if len(rows) > 1 and len(cols) > 1:
        return f"({digit_char(digit)})" + "/".join(geo.cell_name(c) for c in cells)
    sep = "," if geo.n > 9 else ""
    return f"({digit_char(digit)})r{sep.join(map(str, rows))}c{sep.join(map(str, cols))}"


def _notation(geo: Geometry, nodes: tuple[Node, ...], closed: bool) -> str:
    parts = [node_name(geo, nodes[0])]
    for index, node in enumerate(nodes[1:]):
        parts.append(f"{'=' if index % 2 == 0 else '-'} {node_name(geo, node)}")
    if closed:
        parts.append(f"- {node_name(geo, nodes[0])}")
    return " ".join(parts)


def _highlights(nodes: tuple[Node, ...], closed: bool) -> Highlights:
    cells: dict[Cell, None] = {}
    pattern: dict[Candidate, None] = {}
    for digit, mask in nodes:
        for cell in bits_of(mask):
            cells[cell] = None
            pattern[cell, digit] = None
    ring = (*nodes, nodes[0]) if closed else nodes
    links = tuple(
        Link((lowest_cell(a[1]), a[0]), (lowest_cell(b[1]), b[0]), strong=index % 2 == 0)
        for index, (a, b) in enumerate(itertools.pairwise(ring))
    )
    return Highlights(
        cells=tuple(cells), pattern=tuple(pattern), links=links, chains=(_cell_walk(nodes, closed),)
    )


def _cell_walk(nodes: tuple[Node, ...], closed: bool) -> Chain:
    """The chain as a walk over cells, the band the board and the graph pane draw under the links.

    A group stands at its first cell; each label is the digit that leads on to the next cell.
    """
    cells: list[Cell] = []
    labels: list[Digit] = []
    for digit, mask in nodes:
        cell = lowest_cell(mask)
        if cells and cells[-1] == cell:
            continue
        if cells:
            labels.append(digit)
        cells.append(cell)
    if closed and len(cells) > 1 and cells[0] != cells[-1]:
        labels.append(nodes[0][0])
    elif closed and len(cells) > 1:
        cells.pop()
    return Chain(tuple(cells), tuple(labels), closed=closed and len(cells) > 2)


def _link_sets(grid: Grid, nodes: tuple[Node, ...]) -> tuple[tuple[int, int], ...]:
    """The almost locked sets the chain's strong links run through, each once: (cells, digits)."""
    sets = (als_link(grid, a, b) for a, b in zip(nodes[::2], nodes[1::2], strict=False))
    return tuple(dict.fromkeys((als.cells, als.digits) for als in sets if als is not None))


@by_content
def _step(geo: Geometry, found: Found, sets: tuple[tuple[int, int], ...]) -> Step:
    """The step of a chain through these almost locked sets (``(cells, digits)``, in order).

    Kept by content: a chain not taken on one position is often found again on the next (about half
    the steps nice loops build on top1465's SE paths are such repeats).
    """
    nodes = found.nodes
    closed = found.kind == "continuous"
    chain = _notation(geo, nodes, closed)
    loop = found.kind != "chain"
    first, last = node_name(geo, nodes[0]), node_name(geo, nodes[-1])
    if found.kind == "discontinuous":
        cell, digit = found.placements[0]
        reason = (
            f"Discontinuous nice loop: {chain} = {first}. If {first} were false, the chain would make it "
            f"true; so {geo.cell_name(cell)} is {digit_char(digit)}."
        )
    else:
        effects = ", ".join(f"{geo.cell_name(c)}<>{digit_char(d)}" for c, d in found.eliminations)
        if closed:
            reason = (
                f"Continuous nice loop: {chain}. Along the loop strong links (=) and weak links (-) "
                f"alternate and the ends {first} and {last} are weakly linked, so exactly one of each "
                f"weakly linked pair is true: every weak link acts as a strong one. So {effects}."
            )
        else:
            reason = (
                f"Alternating inference chain: {chain}. If {first} is false, each strong link (=) makes "
                f"the next node true and each weak link (-) the next one false, so {last} is true: one of "
                f"the two ends is true. The candidates that see both ends go: {effects}."
            )
    return Step(
        NICE_LOOP,
        placements=found.placements,
        eliminations=found.eliminations,
        highlights=_highlights(nodes, loop),
        explanation=reason + _cells_note(geo, nodes, sets),
        form=Form(grouped=any(mask.bit_count() > 1 for _d, mask in nodes), almost_locked_sets=len(sets)),
    )


def _cells_note(geo: Geometry, nodes: tuple[Node, ...], sets: tuple[tuple[int, int], ...]) -> str:
    """Name the grouped nodes and the almost locked sets the chain's strong links run through."""
    groups = [mask for _d, mask in nodes if mask.bit_count() > 1]
    note = ""
    if groups:
        note += " Grouped nodes: " + "; ".join(cells_text(geo, bits_of(mask)) for mask in groups) + "."
    if sets:
        names = [
            f"{cells_text(geo, bits_of(cells))} (holding only {mask_text(digits)})" for cells, digits in sets
        ]
        note += (
            f" {ALS_NOTE} (N cells with N + 1 digits: if one digit is missing, every other one is there): "
        )
        note += f"{'; '.join(names)}."
    return note


def nice_loop(grid: Grid) -> Iterator[Step]:
    """Alternating inference chains and nice loops (grouped nodes allowed), shortest first."""
    geo = grid.geometry
    for found in found_chains(grid):
        yield _step(geo, found, _link_sets(grid, found.nodes))


def uses_almost_locked_sets(step: Step) -> bool:
    """True for a chain with a strong link inside an almost locked set (a node many solvers lack)."""
    return step.rule == NICE_LOOP and step.form.almost_locked_sets > 0

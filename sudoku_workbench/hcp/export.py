"""One export of a puzzle as a graph: the chosen variant, optionally reduced, with its map back.

``export_graph`` is what the command line, the window and the tests call. The record keeps the graph
before reduction and, per vertex of it, the directed vertex it came from, so ``hcp.tour`` can read any
tour of any variant back into a grid. Its text (TSPLIB, arc list or GraphML) is written by ``hcp.files``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.tsplib import HcpProblem
from sudoku_workbench.hcp.numbering import Numbering, numbering
from sudoku_workbench.hcp.reduction import GIVEN_SETS, GivenSet, compact_edges, puzzle_arcs, undirected_edges
from sudoku_workbench.hcp.shrink import Shrunk, shrink

__all__ = [
    "DEFAULT_OPTIONS",
    "REDUCE_BY_DEFAULT",
    "VARIANTS",
    "ExportOptions",
    "HcpExport",
    "Variant",
    "decode_masks",
    "default_reduce",
    "encode_masks",
    "export_graph",
    "parse_options",
    "position_masks",
]

Variant = Literal["undirected", "directed", "compact"]
VARIANTS: tuple[Variant, ...] = ("undirected", "directed", "compact")
Edge = tuple[int, int]


@dataclass(frozen=True)
class HcpExport:
    """A puzzle's graph as exported (``dimension``, ``edges``) and what is needed to read tours back.

    ``base_dimension``/``base_edges`` are the graph before reduction (equal to the export when not
    reduced); ``origin[v - 1]`` is the directed vertex that base vertex v comes from; ``shrunk`` is the
    reduction's map, None when not reduced. For the directed variant ``edges`` are arcs. ``allowed`` is the
    digit mask per cell whose eliminated candidates lost their arcs (None: givens only).
    """

    puzzle: Grid
    variant: Variant
    givens_mode: GivenSet
    base_dimension: int
    base_edges: tuple[Edge, ...]
    origin: tuple[int, ...]
    shrunk: Shrunk | None
    allowed: tuple[int, ...] | None = None

    @property
    def directed(self) -> bool:
        """True for the arc-list variant."""
        return self.variant == "directed"

    @property
    def dimension(self) -> int:
        """Vertices of the exported graph."""
        return self.shrunk.dimension if self.shrunk else self.base_dimension

    @property
    def edges(self) -> tuple[Edge, ...]:
        """Edges (arcs for the directed variant) of the exported graph, 1-based."""
        return self.shrunk.edges if self.shrunk else self.base_edges

    @property
    def comment(self) -> str:
        """The puzzle and options, so a file says how to read its tours back."""
        reduced = "yes" if self.shrunk else "no"
        masks = "" if self.allowed is None else f" candidates={encode_masks(self.puzzle, self.allowed)}"
        return (
            f"Haythorpe Sudoku-to-HCP; puzzle={self.puzzle.to_line()} variant={self.variant} "
            f"reduce={reduced} givens={self.givens_mode}{masks}"
        )

    def problem(self, name: str = "sudoku") -> HcpProblem:
        """The TSPLIB record (undirected variants only)."""
        if self.directed:
            raise WorkbenchError(
                "TSPLIB HCP is undirected; write the directed graph as an arc list or GraphML"
            )
        return HcpProblem(name, self.comment, self.dimension, self.edges)


#: Section 7's reduction is on unless asked otherwise (it shrinks the graph a solver must search);
#: the command line, the window's dialog and :func:`export_graph` all take their default from here.
REDUCE_BY_DEFAULT = True


def default_reduce(variant: Variant) -> bool:
    """Whether a graph of ``variant`` is reduced when nobody says: the directed graph cannot be."""
    return REDUCE_BY_DEFAULT and variant != "directed"


@dataclass(frozen=True)
class ExportOptions:
    """Every choice of an export, as the command line, the window's dialog and the study pass them.

    ``reduce`` None means :func:`default_reduce` for the variant.
    """

    variant: Variant = "undirected"
    reduce: bool | None = None
    givens: GivenSet = "full"
    candidates: bool = False

    def build(self, grid: Grid) -> HcpExport:
        """The export of ``grid`` with these options."""
        return export_graph(grid, self.variant, self.reduce, self.givens, self.candidates)


#: The options nobody changed.
DEFAULT_OPTIONS = ExportOptions()


def position_masks(grid: Grid) -> tuple[int, ...]:
    """Per cell, the digits the position still allows: its entry, else its candidates (givens: all)."""
    full = grid.geometry.full_mask
    return tuple(
        full if g else (1 << (e - 1) if e else mask)
        for g, e, mask in zip(grid.givens, grid.entries, grid.candidates, strict=True)
    )


def encode_masks(puzzle: Grid, masks: tuple[int, ...]) -> str:
    """The masks as one word of fixed-width hex digits, one group per cell (for the COMMENT line)."""
    width = (puzzle.geometry.n + 3) // 4
    return "".join(f"{mask:0{width}x}" for mask in masks)


def decode_masks(puzzle: Grid, text: str) -> tuple[int, ...]:
    """The inverse of :func:`encode_masks`.

    Raises:
        WorkbenchError: when the word does not hold one hex group per cell.
    """
    geo = puzzle.geometry
    width = (geo.n + 3) // 4
    try:
        masks = tuple(int(text[p : p + width], 16) for p in range(0, len(text), width))
    except ValueError:
        raise WorkbenchError(f"candidates={text[:20]}…: not hexadecimal digit masks") from None
    if len(masks) != geo.size or len(text) != width * geo.size or max(masks) > geo.full_mask:
        raise WorkbenchError(
            f"candidates= needs {geo.size} groups of {width} hex digits for a {geo.label} grid"
        )
    return masks


def export_graph(
    grid: Grid,
    variant: Variant = "undirected",
    reduce: bool | None = None,
    givens: GivenSet = "full",
    candidates: bool | tuple[int, ...] = False,
) -> HcpExport:
    """Build the graph of a puzzle's givens (entries are ignored unless ``candidates``: they may be wrong).

    With ``candidates`` (True: the grid's position, see :func:`position_masks`; or the masks themselves)
    every digit an unfilled cell no longer allows also loses its arcs (``reduction.candidate_arcs``).
    ``reduce`` None is the default for the variant (:func:`default_reduce`).

    Raises:
        WorkbenchError: for an unknown variant or givens mode, or reduction asked of the directed graph.
    """
    if variant not in VARIANTS:
        raise WorkbenchError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    if givens not in GIVEN_SETS:
        raise WorkbenchError(f"unknown givens mode {givens!r}; choose one of {', '.join(GIVEN_SETS)}")
    if reduce is None:
        reduce = default_reduce(variant)
    if reduce and variant == "directed":
        raise WorkbenchError("the reduction works on undirected graphs; use --variant undirected or compact")
    geo = grid.geometry
    num = numbering(geo.n)
    puzzle = Grid.from_values(geo, grid.givens)
    allowed: tuple[int, ...] | None = None
    if candidates is True:
        allowed = position_masks(grid)
    elif candidates is not False:
        allowed = candidates
    count, edges, origin = _variant_graph(
        variant, puzzle_arcs(geo, grid.givens, GIVEN_SETS[givens], allowed), num
    )
    shrunk = shrink(count, edges) if reduce else None
    return HcpExport(puzzle, variant, givens, count, edges, origin, shrunk, allowed)


def _variant_graph(
    variant: Variant, arcs: list[Edge], num: Numbering
) -> tuple[int, tuple[Edge, ...], tuple[int, ...]]:
    """The graph of ``variant`` built on the directed arcs: its vertex count, edges and origins.

    A function of its own so that the arcs (35 MB on a near-empty 25x25) are gone before the
    reduction, the export's largest step, begins.
    """
    if variant == "directed":
        return num.count, tuple(arcs), tuple(range(1, num.count + 1))
    if variant == "undirected":
        count = 3 * num.count
        return (
            count,
            tuple(undirected_edges(arcs, num.count)),
            tuple((v + 2) // 3 for v in range(1, count + 1)),
        )
    edges, origin = compact_edges(arcs, num)
    return len(origin), tuple(edges), tuple(origin)


def parse_options(comment: str) -> dict[str, str]:
    """The ``key=value`` words of an export's COMMENT line (empty when it has none)."""
    return dict(word.split("=", 1) for word in comment.split() if "=" in word)

"""X-Wing, Swordfish and Jellyfish, found by looking at line masks directly.

Take one digit and k base rows whose places for it lie in only k columns: the k rows fill those
columns, so the digit leaves the rest of them. These are the small cases of Eppstein's digit matching
rule (:mod:`~sudoku_workbench.logic.fish.matching_rules`), which finds them through a matching and strong
components per digit; for k = 2, 3, 4 a few bit operations per combination of lines answer the same
question far faster. Lines with more than k places cannot take part and are left out.

A fish of k rows is the same deduction as its complement, a fish of (open lines - k) columns. Like the
matching rule, each is reported once, from its smaller side (rows when both sides are equal), so the
two searches name the same fish the same way; :func:`fish_step` builds the step for both.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from sudoku_workbench.core.geometry import Digit
from sudoku_workbench.core.grid import Grid, set_bits
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.logic.shared._memos import forgettable
from sudoku_workbench.logic.shared._positions import unit_positions
from sudoku_workbench.logic.shared._text import and_list, cells_text, digits_text

__all__ = [
    "FISH_NAMES",
    "JELLYFISH",
    "SWORDFISH",
    "X_WING",
    "fish_step",
    "jellyfish",
    "places_per_line",
    "swordfish",
    "x_wing",
]

X_WING = "x_wing"
SWORDFISH = "swordfish"
JELLYFISH = "jellyfish"
#: Rule id by fish size (base lines).
FISH_NAMES = {2: X_WING, 3: SWORDFISH, 4: JELLYFISH}
_DISPLAY = {X_WING: "X-Wing", SWORDFISH: "Swordfish", JELLYFISH: "Jellyfish"}


def _lines(kind: str, indices: tuple[int, ...]) -> str:
    return f"{kind} {and_list([str(i + 1) for i in indices])}"


def fish_step(
    grid: Grid, digit: Digit, by_rows: bool, base: tuple[int, ...], cover: tuple[int, ...], rule: str
) -> Step:
    """The step for: in ``base`` lines (rows when ``by_rows``) the digit lies only in the ``cover`` lines.

    Line numbers are 0-based and ascending; the digit leaves the cover lines outside the base lines.
    ``rule`` is the step's id (another size than 2-4 comes from the digit matching rule).
    """
    geo = grid.geometry
    n = geo.n
    bit = 1 << (digit - 1)
    cands = grid.candidates
    if by_rows:
        spots = [geo.cell(r, c) for c in cover for r in range(n) if r not in base]
        base_units, cover_units = base, tuple(n + c for c in cover)
        base_kind, cover_kind = "rows", "columns"
    else:
        spots = [geo.cell(r, c) for c in range(n) if c not in base for r in cover]
        base_units, cover_units = tuple(n + c for c in base), cover
        base_kind, cover_kind = "columns", "rows"
    eliminations = tuple((cell, digit) for cell in spots if cands[cell] & bit)
    base_cells = [c for u in base_units for c in geo.units[u] if cands[c] & bit]
    name = _DISPLAY.get(rule, "digit matching rule")
    count = len(base)
    d = digits_text([digit])
    return Step(
        rule,
        eliminations=eliminations,
        highlights=Highlights(
            cells=tuple(base_cells),
            units=base_units + cover_units,
            pattern=tuple((c, digit) for c in base_cells),
        ),
        explanation=(
            f"{d} can go in {_lines(base_kind, base)} only within {_lines(cover_kind, cover)}: {count} lines "
            f"whose {d}s fill {count} crossing lines ({name}). So {d} leaves the rest of those crossing "
            f"lines: {cells_text(geo, [c for c, _ in eliminations])}."
        ),
    )


def _spans(
    masks: tuple[int, ...], lines: list[int], size: int, start: int, base: int, union: int
) -> Iterator[int]:
    """Base-line masks (growing ``base`` from ``lines[start:]``) whose places span exactly ``size`` lines.

    A partial set whose places already span more lines is dropped: adding lines never shrinks the union.
    """
    missing = size - base.bit_count()
    for pos in range(start, len(lines) - missing + 1):
        line = lines[pos]
        grown = union | masks[line]
        if grown.bit_count() > size:
            continue
        if missing == 1:
            if grown.bit_count() == size:
                yield base | 1 << line
        else:
            yield from _spans(masks, lines, size, pos + 1, base | 1 << line, grown)


def _union(masks: tuple[int, ...], lines: tuple[int, ...]) -> int:
    union = 0
    for line in lines:
        union |= masks[line]
    return union


def _inner_cover(masks: tuple[int, ...], base: tuple[int, ...]) -> int:
    """The cover lines of smaller fish made of some of these base lines (a line with one place is one).

    X-Wing rows plus any row that fits make a Swordfish, but in the X-Wing's columns it proves only what
    the X-Wing proves: a fish is reported for what it adds, as the matching rule's closures are.
    """
    inner = 0
    for count in range(1, len(base)):
        for part in itertools.combinations(base, count):
            spanned = _union(masks, part)
            if spanned.bit_count() == count:
                inner |= spanned
    return inner


@forgettable
@functools.lru_cache(maxsize=4096)
def _digit_fish(
    size: int, rows: tuple[int, ...], cols: tuple[int, ...]
) -> tuple[tuple[bool, tuple[int, ...], tuple[int, ...]], ...]:
    """One digit's fish as (by rows, base lines, cover lines), from its places per row and per column.

    Cached: most digits keep their places from one step to the next.
    """
    found = []
    for by_rows, masks, crossing in ((True, rows, cols), (False, cols, rows)):
        open_lines = sum(1 for m in masks if m)
        # The complement, (open_lines - size) lines the other way, is the smaller side: it names it.
        if 2 * size > open_lines or (2 * size == open_lines and not by_rows):
            continue
        lines = [i for i, m in enumerate(masks) if m.bit_count() <= size and m]
        for base in _spans(masks, lines, size, 0, 0, 0):
            chosen = tuple(set_bits(base))
            cover = _union(masks, chosen)
            own = cover & ~_inner_cover(masks, chosen)
            if any(crossing[i] & ~base for i in set_bits(own)):
                found.append((by_rows, chosen, tuple(set_bits(cover))))
    return tuple(found)


def places_per_line(
    where: Sequence[tuple[int, ...]], n: int
) -> Iterator[tuple[Digit, tuple[int, ...], tuple[int, ...]]]:
    """Per digit, its places in each row and in each column, from the unit places.

    The fish rules read each digit line by line: transposing the table in C beats a tuple per digit.
    """
    return zip(
        range(1, n + 1), zip(*where[:n], strict=True), zip(*where[n : 2 * n], strict=True), strict=True
    )


def _fish(grid: Grid, size: int) -> Iterator[Step]:
    """Each fish of ``size`` base lines that removes more than its smaller fish (by digit, rows first)."""
    n = grid.geometry.n
    where = unit_positions(grid)  # row r's masks are over columns, column c's over rows
    for digit, rows, cols in places_per_line(where, n):
        for by_rows, base, cover in _digit_fish(size, rows, cols):
            yield fish_step(grid, digit, by_rows, base, cover, FISH_NAMES[size])


def x_wing(grid: Grid) -> Iterator[Step]:
    """A digit confined, in two rows (columns), to the same two columns (rows), leaves the rest of those."""
    return _fish(grid, 2)


def swordfish(grid: Grid) -> Iterator[Step]:
    """The X-Wing pattern on three rows and three columns."""
    return _fish(grid, 3)


def jellyfish(grid: Grid) -> Iterator[Step]:
    """The X-Wing pattern on four rows and four columns."""
    return _fish(grid, 4)

"""The constraints of modern puzzles as data: thermometers, arrows, kropki dots and XV pairs.

Interface (what solvers, rules, formats and the board code against):

- ``Thermo(cells)``: digits strictly increase from the bulb (``cells[0]``) along the line.
- ``Arrow(bulb, shaft)``: the shaft's digits add up to the bulb's number; a bulb of several cells is
  read as a number in reading order (cells sorted), as f-puzzles does: bulb r1c1, r1c2 holding 1, 2
  is 12. Several shafts from one bulb are several arrows with that bulb.
- ``Dot(a, b, black)``: a white dot joins consecutive digits, a black one digits in ratio 2:1.
- ``XV(a, b, total)``: the two digits add up to 10 (X) or 5 (V).
- ``NoOtherDots(white, black)``, ``NoOtherXV()``: the negative constraints, "all dots (all X and V)
  are given": two orthogonal neighbours without a dot are not consecutive (all white dots given) and
  not in ratio 2 (all black dots given); without an X or V they add up to neither 10 nor 5.
  f-puzzles keeps the two kropki halves apart (``negative: ["difference", "ratio"]``, and its
  ``nonconsecutive`` is the white half), so they are two flags here.
- ``Geometry.constraints`` holds them in the order of :func:`checked_constraints`; ``geometry.
  with_constraints(geo, items)`` lays them on a shape (validated here), ``Geometry.has_arithmetic``
  says a search must know more than "digits differ".
- :func:`pair_tables` and :func:`arrow_sums` are the constraints reduced to the two forms every
  search and rule reads: a relation between two cells (which digits of the second each digit of the
  first allows) and a weighted sum that must be zero.

Validation raises :class:`ShapeError` naming the constraint: a cell off the grid, a thermometer that
runs through a cell twice, steps that are not between touching cells, a dot between non-neighbours…
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from sudoku_workbench.core.errors import ShapeError

__all__ = [
    "XV",
    "Arrow",
    "Constraint",
    "Dot",
    "NoOtherDots",
    "NoOtherXV",
    "Thermo",
    "arrow_sums",
    "broken",
    "bulb_weights",
    "checked_constraints",
    "describe",
    "pair_tables",
    "partners",
    "transposed",
]


@dataclass(frozen=True)
class Thermo:
    """Digits strictly increasing from the bulb, ``cells[0]``, to the tip."""

    cells: tuple[int, ...]


@dataclass(frozen=True)
class Arrow:
    """The shaft's digits add up to the bulb's number (several bulb cells: read in reading order)."""

    bulb: tuple[int, ...]
    shaft: tuple[int, ...]


@dataclass(frozen=True)
class Dot:
    """A kropki dot between orthogonal neighbours: white, consecutive digits; black, one twice the other."""

    a: int
    b: int
    black: bool


@dataclass(frozen=True)
class XV:
    """Orthogonal neighbours whose digits add up to ``total``: 10 (an X) or 5 (a V)."""

    a: int
    b: int
    total: int


@dataclass(frozen=True)
class NoOtherDots:
    """The negative kropki rule: every white dot is given (``white``), every black dot (``black``)."""

    white: bool = True
    black: bool = True


@dataclass(frozen=True)
class NoOtherXV:
    """The negative XV rule: every X and V is given."""


Constraint = Thermo | Arrow | Dot | XV | NoOtherDots | NoOtherXV
_ORDER = (Thermo, Arrow, Dot, XV, NoOtherDots, NoOtherXV)


def _name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def _span(cells: tuple[int, ...], n: int) -> str:
    return _name(cells[0], n) if len(cells) == 1 else f"{_name(cells[0], n)}–{_name(cells[-1], n)}"


def describe(item: Constraint, n: int) -> str:
    """How messages and steps name a constraint: "thermometer r1c1–r3c1", "white dot r1c1–r1c2"."""
    if isinstance(item, Thermo):
        return f"thermometer {_span(item.cells, n)}"
    if isinstance(item, Arrow):
        return f"arrow {_span(item.bulb, n)}→{_span(item.shaft, n)}" if item.shaft else "arrow without shaft"
    if isinstance(item, Dot):
        return f"{'black' if item.black else 'white'} dot {_name(item.a, n)}–{_name(item.b, n)}"
    if isinstance(item, XV):
        mark = {10: "X", 5: "V"}.get(item.total, f"XV total {item.total}")
        return f"{mark} {_name(item.a, n)}–{_name(item.b, n)}"
    if isinstance(item, NoOtherDots):
        return {(True, False): "negative white-dot rule", (False, True): "negative black-dot rule"}.get(
            (item.white, item.black), "negative kropki rule"
        )
    return "negative XV rule"


def _touch(a: int, b: int, n: int, diagonal: bool) -> bool:
    dr, dc = abs(a // n - b // n), abs(a % n - b % n)
    return a != b and max(dr, dc) == 1 and (diagonal or dr + dc == 1)


def _check_cells(item: Constraint, cells: tuple[int, ...], n: int) -> None:
    off = [c for c in cells if not 0 <= c < n * n]
    if off:
        raise ShapeError(f"the {describe(item, n)} has cell {off[0]}, which is off the {n}x{n} grid")
    twice = [c for c in cells if cells.count(c) > 1]
    if twice:
        raise ShapeError(f"the {describe(item, n)} runs through {_name(twice[0], n)} twice")


def _check_line(item: Constraint, line: tuple[int, ...], n: int) -> None:
    for a, b in itertools.pairwise(line):
        if not _touch(a, b, n, diagonal=True):
            raise ShapeError(
                f"the {describe(item, n)} jumps from {_name(a, n)} to {_name(b, n)}, which do not touch"
            )


def bulb_weights(bulb: tuple[int, ...]) -> tuple[int, ...]:
    """The place value of each bulb cell when the bulb is read as a number: (10, 1) for two cells."""
    return tuple(10 ** (len(bulb) - 1 - i) for i in range(len(bulb)))


def _checked(item: Constraint, n: int) -> Constraint:
    """The item in its normal form (pairs low cell first, a bulb's cells sorted), or ShapeError."""
    if isinstance(item, Thermo):
        _check_cells(item, item.cells, n)
        if len(item.cells) < 2:
            raise ShapeError(
                f"the {describe(item, n) if item.cells else 'thermometer'} has fewer than 2 cells"
            )
        _check_line(item, item.cells, n)
        if len(item.cells) > n:
            raise ShapeError(f"the {describe(item, n)} is longer than the {n} digits can climb")
        return item
    if isinstance(item, Arrow):
        return _checked_arrow(item, n)
    if isinstance(item, Dot | XV):
        a, b = sorted((item.a, item.b))
        item = Dot(a, b, item.black) if isinstance(item, Dot) else XV(a, b, item.total)
        _check_cells(item, (a, b), n)
        if not _touch(a, b, n, diagonal=False):
            raise ShapeError(f"the {describe(item, n)} is not between two cells side by side")
        if isinstance(item, XV) and (item.total not in (5, 10) or item.total > 2 * n - 1):
            raise ShapeError(
                f"the {describe(item, n)} asks for a total of {item.total}, which two digits cannot make"
            )
        return item
    if isinstance(item, NoOtherDots) and not (item.white or item.black):
        raise ShapeError("a negative kropki rule must be about white dots, black dots or both")
    return item


def _checked_arrow(given: Arrow, n: int) -> Arrow:
    item = Arrow(tuple(sorted(given.bulb)), tuple(given.shaft))
    if not item.bulb or not item.shaft:
        raise ShapeError(f"an arrow has {'no bulb' if not item.bulb else 'an empty shaft'}")
    _check_cells(item, item.bulb + item.shaft, n)
    _check_line(item, item.shaft, n)
    if not any(_touch(b, item.shaft[0], n, diagonal=True) for b in item.bulb):
        raise ShapeError(f"the {describe(item, n)} starts its shaft away from the bulb")
    if len(item.bulb) > 1 and n > 9:
        raise ShapeError(f"the {describe(item, n)} has a bulb of several cells, read as decimal digits 1..9")
    if len(item.shaft) > sum(w * n for w in bulb_weights(item.bulb)):
        raise ShapeError(f"the {describe(item, n)} has a shaft longer than its bulb can total")
    return item


def _sort_key(item: Constraint) -> tuple[int, tuple[int, ...]]:
    rank = _ORDER.index(type(item))
    if isinstance(item, Thermo):
        return rank, item.cells
    if isinstance(item, Arrow):
        return rank, (*item.bulb, -1, *item.shaft)
    if isinstance(item, Dot):
        return rank, (item.a, item.b, item.black)
    if isinstance(item, XV):
        return rank, (item.a, item.b, item.total)
    return rank, (item.white, item.black) if isinstance(item, NoOtherDots) else ()


def checked_constraints(n: int, items: Iterable[Constraint]) -> tuple[Constraint, ...]:
    """The constraints in normal form and order (kind, then cells), after checking they fit an N×N grid.

    Raises:
        ShapeError: naming the constraint: a cell off the grid or listed twice, a line between cells
            that do not touch, a dot or X/V not between side-by-side cells or given twice, an arrow
            without bulb or shaft, a thermometer too long to climb, an unknown constraint.
    """
    found: dict[tuple[int, tuple[int, ...]], Constraint] = {}
    marks: dict[tuple[type, int, int], Constraint] = {}
    for given in items:
        if not isinstance(given, _ORDER):
            raise ShapeError(f"{given!r} is not a constraint the workbench knows")
        item = _checked(given, n)
        if isinstance(item, Dot | XV):
            other = marks.setdefault((type(item), item.a, item.b), item)
            if other != item:
                raise ShapeError(
                    f"the {describe(item, n)} and the {describe(other, n)} mark the same two cells"
                )
        found.setdefault(_sort_key(item), item)
    return tuple(found[key] for key in sorted(found))


def _relation(item: Constraint, x: int, y: int) -> bool:
    """Whether digits x (in the first cell) and y (in the second) keep the two-cell constraint."""
    if isinstance(item, Thermo):
        return x < y
    if isinstance(item, Dot):
        return (x == 2 * y or y == 2 * x) if item.black else abs(x - y) == 1
    if isinstance(item, XV):
        return x + y == item.total
    if isinstance(item, NoOtherDots):
        return not (item.white and abs(x - y) == 1) and not (item.black and (x == 2 * y or y == 2 * x))
    return x + y not in (5, 10)


def pair_tables(n: int, items: tuple[Constraint, ...]) -> dict[tuple[int, int], tuple[int, ...]]:
    """Every two-cell relation, by cell pair ``(a, b)``: for each digit of a, the digits of b it allows.

    Digit x of a is index x−1, its value a mask (digit d is bit d−1); relations on one pair are joined.

    A thermometer gives a pair per step (bulb side first); dots and X/V their pair (low cell first);
    a negative rule every side-by-side pair without its marks.
    """
    found: dict[tuple[int, int], list[Constraint]] = {}
    for item in items:
        if not isinstance(item, Arrow):
            for pair in _pairs_of(item, n, items):
                found.setdefault(pair, []).append(item)
    digits = range(1, n + 1)
    return {
        pair: tuple(
            sum(1 << (y - 1) for y in digits if all(_relation(i, x, y) for i in rules)) for x in digits
        )
        for pair, rules in found.items()
    }


def partners(mask: int, table: tuple[int, ...]) -> int:
    """The digits of the other cell that some digit of ``mask`` allows (a pair's table, one way)."""
    allowed = 0
    while mask:
        low = mask & -mask
        mask ^= low
        allowed |= table[low.bit_length() - 1]
    return allowed


def transposed(table: tuple[int, ...], n: int) -> tuple[int, ...]:
    """A pair's relation read from its second cell: for each digit y, the digits x allowing it."""
    return tuple(sum(1 << x for x in range(n) if table[x] >> y & 1) for y in range(n))


def arrow_sums(items: tuple[Constraint, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Each arrow as a sum that must be zero: (cells, weights), bulb place values, −1 per shaft cell."""
    return tuple(
        (item.bulb + item.shaft, bulb_weights(item.bulb) + (-1,) * len(item.shaft))
        for item in items
        if isinstance(item, Arrow)
    )


def _pairs_of(item: Constraint, n: int, items: tuple[Constraint, ...]) -> list[tuple[int, int]]:
    """The cell pairs a two-cell rule binds (a negative rule: the unmarked side-by-side pairs)."""
    if isinstance(item, Thermo):
        return list(zip(item.cells, item.cells[1:], strict=False))
    if isinstance(item, Dot | XV):
        return [(item.a, item.b)]
    marked = Dot if isinstance(item, NoOtherDots) else XV
    taken = {(i.a, i.b) for i in items if isinstance(i, marked)}
    sides = [(c, c + 1) for c in range(n * n) if c % n < n - 1] + [(c, c + n) for c in range(n * n - n)]
    return [pair for pair in sides if pair not in taken]


def broken(
    n: int, items: tuple[Constraint, ...], values: tuple[int, ...]
) -> list[tuple[int, tuple[int, ...]]]:
    """The constraints the filled cells break, as (index in ``items``, the cells at fault)."""
    found: list[tuple[int, tuple[int, ...]]] = []
    for index, item in enumerate(items):
        if isinstance(item, Arrow):
            cells = item.bulb + item.shaft
            if all(values[c] for c in cells):
                bulb = sum(w * values[c] for w, c in zip(bulb_weights(item.bulb), item.bulb, strict=True))
                if bulb != sum(values[c] for c in item.shaft):
                    found.append((index, cells))
            continue
        found.extend(
            (index, (a, b))
            for a, b in _pairs_of(item, n, items)
            if values[a] and values[b] and not _relation(item, values[a], values[b])
        )
    return found

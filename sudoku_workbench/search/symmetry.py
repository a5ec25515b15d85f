"""Symmetries of the given-cell pattern: cell permutations, their orbits, and a checker.

A symmetry is a group of geometric maps of the square (rotations, reflections). A puzzle has the
symmetry when its set of given cells is unchanged by every map of the group, i.e. each orbit of cells
is either all given or all empty. A map only makes sense for Sudoku when it sends rows, columns and
boxes to rows, columns and boxes; reflecting in a diagonal (or turning by 90°) swaps the roles of box
rows and box columns, so it fits only square boxes and is refused for 2x3, 2x4 and 3x4 boxes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from sudoku_workbench.core import Cell, Geometry, Grid, WorkbenchError

__all__ = [
    "DEFAULT_SYMMETRY",
    "SYMMETRIES",
    "SymmetryError",
    "check_symmetry",
    "fitting_symmetries",
    "has_symmetry",
    "orbit_index",
    "orbits",
    "symmetry_maps",
    "symmetry_name",
]

_Point = Callable[[int, int, int], tuple[int, int]]


# The eight maps of the square on (row, col) with side n.
def _identity(r: int, c: int, n: int) -> tuple[int, int]:
    return r, c


def _rot90(r: int, c: int, n: int) -> tuple[int, int]:
    return c, n - 1 - r


def _rot180(r: int, c: int, n: int) -> tuple[int, int]:
    return n - 1 - r, n - 1 - c


def _rot270(r: int, c: int, n: int) -> tuple[int, int]:
    return n - 1 - c, r


def _mirror_lr(r: int, c: int, n: int) -> tuple[int, int]:
    return r, n - 1 - c


def _mirror_tb(r: int, c: int, n: int) -> tuple[int, int]:
    return n - 1 - r, c


def _diagonal(r: int, c: int, n: int) -> tuple[int, int]:
    return c, r


def _antidiagonal(r: int, c: int, n: int) -> tuple[int, int]:
    return n - 1 - c, n - 1 - r


#: Each symmetry as the full group of maps it stands for (the identity included).
_GROUPS: dict[str, tuple[_Point, ...]] = {
    "none": (_identity,),
    "rot180": (_identity, _rot180),
    "rot90": (_identity, _rot90, _rot180, _rot270),
    "mirror_lr": (_identity, _mirror_lr),
    "mirror_tb": (_identity, _mirror_tb),
    "diagonal": (_identity, _diagonal),
    "antidiagonal": (_identity, _antidiagonal),
    "both_diagonals": (_identity, _diagonal, _antidiagonal, _rot180),
    "full": (_identity, _rot90, _rot180, _rot270, _mirror_lr, _mirror_tb, _diagonal, _antidiagonal),
}

_NAMES: dict[str, str] = {
    "none": "no symmetry",
    "rot180": "180° rotation",
    "rot90": "90° rotation",
    "mirror_lr": "left–right mirror",
    "mirror_tb": "top–bottom mirror",
    "diagonal": "main-diagonal reflection",
    "antidiagonal": "anti-diagonal reflection",
    "both_diagonals": "reflection in both diagonals",
    "full": "all eight symmetries of the square",
}

#: The symmetry names the generator, the CLI and the GUI accept.
SYMMETRIES: tuple[str, ...] = tuple(_GROUPS)

#: What newspapers print, and what the generator uses unless told otherwise.
DEFAULT_SYMMETRY = "rot180"


class SymmetryError(WorkbenchError, ValueError):
    """An unknown symmetry name, or one that does not fit the box shape."""


def symmetry_name(name: str) -> str:
    """The display name of a symmetry (``rot180`` → ``180° rotation``).

    Raises:
        SymmetryError: when the name is not one of :data:`SYMMETRIES`.
    """
    _known(name)
    return _NAMES[name]


def _known(name: str) -> None:
    if name not in _GROUPS:
        raise SymmetryError(f"unknown symmetry {name!r}; choose one of {', '.join(SYMMETRIES)}")


@functools.cache
def _permutations(geo: Geometry, name: str) -> tuple[tuple[Cell, ...], ...]:
    """The group as cell permutations, without checking that it fits the boxes."""
    _known(name)
    n = geo.n
    return tuple(
        tuple(geo.cell(*point(geo.row_of[c], geo.col_of[c], n)) for c in range(geo.size))
        for point in _GROUPS[name]
    )


def _maps_units_to_units(geo: Geometry, perm: tuple[Cell, ...]) -> bool:
    unit_sets = {frozenset(unit) for unit in geo.units}
    return all(frozenset(perm[c] for c in unit) in unit_sets for unit in geo.units)


@functools.cache
def _fits(geo: Geometry, name: str) -> bool:
    return all(_maps_units_to_units(geo, perm) for perm in _permutations(geo, name))


def fitting_symmetries(geo: Geometry) -> tuple[str, ...]:
    """The symmetries whose maps send every row, column and box of this geometry to one."""
    return tuple(name for name in SYMMETRIES if _fits(geo, name))


def check_symmetry(geo: Geometry, name: str) -> None:
    """Refuse a symmetry that is unknown or does not fit the box shape, with a message saying why.

    Raises:
        SymmetryError: naming the symmetry, the geometry and the symmetries that do fit.
    """
    _known(name)
    if not _fits(geo, name):
        why = (
            f"it turns {geo.box_rows}x{geo.box_cols} boxes into {geo.box_cols}x{geo.box_rows} regions that "
            "are not boxes"
            if geo.classic
            else "it does not map this shape's regions and extra houses onto themselves"
        )
        raise SymmetryError(
            f"{_NAMES[name]} ({name}) does not fit {geo.label}: {why}; "
            f"choose one of {', '.join(fitting_symmetries(geo))}"
        )


def symmetry_maps(geo: Geometry, name: str) -> tuple[tuple[Cell, ...], ...]:
    """The symmetry's group as cell permutations (``perm[cell]`` is the image), identity first.

    Raises:
        SymmetryError: see :func:`check_symmetry`.
    """
    check_symmetry(geo, name)
    return _permutations(geo, name)


@functools.cache
def orbits(geo: Geometry, name: str) -> tuple[tuple[Cell, ...], ...]:
    """The cells grouped into orbits (cells any map of the group sends to each other).

    Each orbit is sorted, and the orbits are ordered by their first cell; together they partition
    the grid.

    Raises:
        SymmetryError: see :func:`check_symmetry`.
    """
    perms = symmetry_maps(geo, name)
    seen: set[Cell] = set()
    found: list[tuple[Cell, ...]] = []
    for cell in range(geo.size):
        if cell not in seen:
            orbit = tuple(sorted({perm[cell] for perm in perms}))
            seen.update(orbit)
            found.append(orbit)
    return tuple(found)


@functools.cache
def orbit_index(geo: Geometry, name: str) -> tuple[int, ...]:
    """For each cell, the index of its orbit in :func:`orbits`.

    Raises:
        SymmetryError: see :func:`check_symmetry`.
    """
    index = [0] * geo.size
    for i, orbit in enumerate(orbits(geo, name)):
        for cell in orbit:
            index[cell] = i
    return tuple(index)


def has_symmetry(grid: Grid, name: str) -> bool:
    """True when the pattern of given cells is unchanged by every map of the symmetry.

    A symmetry that does not fit the box shape is never had (rather than raising), so the checker
    can be asked about any name.
    """
    geo = grid.geometry
    _known(name)
    if not _fits(geo, name):
        return False
    given = [bool(d) for d in grid.givens]
    return all(given[c] == given[perm[c]] for perm in _permutations(geo, name) for c in range(geo.size))

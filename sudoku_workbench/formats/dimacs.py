"""DIMACS exports of a puzzle: CNF for SAT solvers, graph colouring (``.col``), and models read back.

**CNF** (the standard encoding): variable ``cell · N + digit`` (cells row-major from 0, digits 1 … N,
so variables run 1 … N³) is true when the cell holds the digit. Clauses: every cell holds at least one
digit and at most one (pairwise), every unit holds every digit at least once and at most once
(pairwise), and every filled cell gives a unit clause. A killer cage's cells never share a digit
(pairwise); a cage with a sum adds one *selector* variable per digit set that makes the sum (numbered
after the N³ cell variables, cage by cage): some selector holds, and a selector forbids the digits
outside its set in the cage's cells, so the cage shows exactly that set. Thermometers, arrows, dots
and XV follow (:mod:`.dimacs_constraints`; arrows' partial-sum variables come after the selectors).

**Colouring** (Routledge 2023, section 2.2.6): vertex ``cell + 1`` per cell, an edge between every
two cells that share a unit; an N-colouring is a solution. Given digits become *precoloured* vertices
through N extra vertices ``N² + d``, one per digit, joined in a clique: they take N different colours,
and the colour of vertex ``N² + d`` *is* digit d. A cell holding d is joined to every digit vertex but
its own, which leaves it only d's colour. (Stated again in the file's ``c`` lines.)

Models come back in the usual shapes: SAT-competition output (``s SATISFIABLE`` and ``v …`` lines),
MiniSat's result file (``SAT`` then literals) or bare literals; ``0`` ends a model.
"""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sudoku_workbench.core.cages import sum_combinations
from sudoku_workbench.core.errors import FormatError, ShapeError
from sudoku_workbench.core.geometry import Cell, Digit, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.dimacs_constraints import constraint_clauses
from sudoku_workbench.formats.reading import read_text

__all__ = [
    "CnfFormula",
    "ColGraph",
    "cnf_variable",
    "format_cnf",
    "format_col",
    "format_export",
    "grid_from_model",
    "parse_cnf",
    "parse_col",
    "parse_model",
    "read_model",
    "rule_clauses",
    "rule_variables",
    "sudoku_cnf",
    "sudoku_col",
    "write_export",
]

#: The largest model file read: a 25x25 model is about 100 KB, even with a solver's comment lines.
MODEL_LIMIT = 4 << 20
_CNF_NOTE = "variable cell*N + digit (cells row-major from 0, digits 1..N) means: the cell holds the digit"
_COL_NOTE = (
    "vertex cell+1 per cell; vertices N*N+1 .. N*N+N form a clique, one per digit: the colour of\n"
    "vertex N*N+d stands for digit d; a cell given d is joined to every digit vertex except N*N+d"
)


@dataclass(frozen=True)
class CnfFormula:
    """A CNF formula: variables ``1 … variables``; each clause a tuple of non-zero literals."""

    variables: int
    clauses: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class ColGraph:
    """An undirected graph in DIMACS terms: vertices ``1 … vertices``, edges as ``(low, high)`` pairs."""

    vertices: int
    edges: tuple[tuple[int, int], ...]


def cnf_variable(geo: Geometry, cell: Cell, digit: Digit) -> int:
    """The CNF variable meaning "``cell`` holds ``digit``"."""
    return cell * geo.n + digit


def _exactly_one(literals: list[int]) -> Iterator[tuple[int, ...]]:
    yield tuple(literals)
    for a, b in itertools.combinations(literals, 2):
        yield (-a, -b)


@functools.cache
def rule_clauses(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """The rules of an empty grid: each cell holds exactly one digit, each unit each digit exactly once.

    "Exactly one" is one at-least-one clause followed by the pairwise at-most-one clauses; cells come
    first, then units (rows, columns, regions, extra houses) with their digits in order, then the
    variants' neighbours (a knight's or king's move apart, or the same cage: never the same digit),
    then the cage sums through their selectors (see the module notes and :func:`rule_variables`).
    """
    digits = range(1, geo.n + 1)
    clauses: list[tuple[int, ...]] = []
    for cell in range(geo.size):
        clauses.extend(_exactly_one([cnf_variable(geo, cell, d) for d in digits]))
    for unit in geo.units:
        for digit in digits:
            clauses.extend(_exactly_one([cnf_variable(geo, cell, digit) for cell in unit]))
    for cell, near in enumerate(geo.neighbours):
        clauses.extend(
            (-cnf_variable(geo, cell, d), -cnf_variable(geo, other, d))
            for other in near
            if cell < other
            for d in digits
        )
    selector = geo.size * geo.n
    for cage in geo.cages:
        if cage.total is None:
            continue
        combos = sum_combinations(geo.n, len(cage.cells), cage.total)
        clauses.append(tuple(range(selector + 1, selector + 1 + len(combos))))
        for combo in combos:
            selector += 1
            clauses.extend(
                (-selector, -cnf_variable(geo, cell, d))
                for d in digits
                if not combo >> (d - 1) & 1
                for cell in cage.cells
            )
    return tuple(clauses) + constraint_clauses(geo, selector + 1)[0]


def rule_variables(geo: Geometry) -> int:
    """How many variables :func:`rule_clauses` uses: N³ cell variables, selectors, arrows' partial sums."""
    selectors = geo.size * geo.n + sum(
        len(sum_combinations(geo.n, len(cage.cells), cage.total))
        for cage in geo.cages
        if cage.total is not None
    )
    return selectors + constraint_clauses(geo, selectors + 1)[1]


def sudoku_cnf(grid: Grid) -> CnfFormula:
    """The standard CNF of a position; its filled cells (givens and entries) become unit clauses."""
    geo = grid.geometry
    givens = tuple((cnf_variable(geo, c, v),) for c, v in enumerate(grid.values) if v)
    return CnfFormula(rule_variables(geo), rule_clauses(geo) + givens)


def sudoku_col(grid: Grid) -> ColGraph:
    """The colouring graph of a position, filled cells precoloured through the N digit vertices.

    Raises:
        ShapeError: for killer cages with sums (a colouring knows "different", not "adds up to").
    """
    geo = grid.geometry
    if geo.has_arithmetic:
        what = "killer cage sums" if geo.has_sums else "thermometers, arrows, dots or XV"
        raise ShapeError(f"a colouring graph cannot hold {what} ({geo.label}); export CNF instead")
    edges = {(a + 1, b + 1) for a in range(geo.size) for b in geo.peers[a] if a < b}
    digit_vertex = [0] + [geo.size + d for d in range(1, geo.n + 1)]
    edges.update(itertools.combinations(digit_vertex[1:], 2))
    for cell, value in enumerate(grid.values):
        if value:
            edges.update((cell + 1, digit_vertex[d]) for d in range(1, geo.n + 1) if d != value)
    return ColGraph(geo.size + geo.n, tuple(sorted(edges)))


def _comment_lines(comments: Iterable[str]) -> list[str]:
    return [f"c {line}".rstrip() for text in comments for line in text.splitlines()]


def format_cnf(formula: CnfFormula, comments: Iterable[str] = ()) -> str:
    """DIMACS CNF text: comment lines, ``p cnf V C``, one clause per line ending in ``0``."""
    lines = _comment_lines(comments)
    lines.append(f"p cnf {formula.variables} {len(formula.clauses)}")
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in formula.clauses)
    return "\n".join(lines) + "\n"


def format_col(graph: ColGraph, comments: Iterable[str] = ()) -> str:
    """DIMACS graph text: comment lines, ``p edge V E``, one ``e u v`` line per edge."""
    lines = _comment_lines(comments)
    lines.append(f"p edge {graph.vertices} {len(graph.edges)}")
    lines.extend(f"e {u} {v}" for u, v in graph.edges)
    return "\n".join(lines) + "\n"


def _ints(words: list[str], source: str, number: int, line: str) -> list[int]:
    values = []
    for word in words:
        try:
            values.append(int(word))
        except ValueError:
            raise FormatError(
                f"{word[:20]!r} is not an integer", source, number, line.find(word) + 1
            ) from None
    return values


def _problem_line(text: str, kind: str, source: str) -> tuple[list[tuple[int, str]], int, int]:
    """The numbered data lines after ``p KIND a b``, and ``a`` and ``b``."""
    header: tuple[int, int] | None = None
    data: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        if words[0] == "p":
            if header is not None or len(words) != 4 or words[1] != kind:
                raise FormatError(f"expected one header line 'p {kind} <count> <count>'", source, number)
            first, second = _ints(words[2:], source, number, line)
            header = (first, second)
        elif header is None:
            raise FormatError(f"data before the 'p {kind}' header line", source, number)
        else:
            data.append((number, line))
    if header is None:
        raise FormatError(f"no 'p {kind}' header line", source)
    return data, header[0], header[1]


def parse_cnf(text: str, source: str = "<cnf>") -> CnfFormula:
    """Read DIMACS CNF text (clauses may span lines; each ends at ``0``).

    Raises:
        FormatError: for a missing header, a bad number, a variable out of range or a wrong clause count.
    """
    data, variables, count = _problem_line(text, "cnf", source)
    clauses: list[tuple[int, ...]] = []
    current: list[int] = []
    for number, line in data:
        for literal in _ints(line.split(), source, number, line):
            if abs(literal) > variables:
                raise FormatError(f"literal {literal} exceeds the {variables} variables", source, number)
            if literal:
                current.append(literal)
            else:
                clauses.append(tuple(current))
                current = []
    if current or len(clauses) != count:
        found = len(clauses) + bool(current)
        raise FormatError(f"the header promises {count} clauses, the file has {found}", source)
    return CnfFormula(variables, tuple(clauses))


def parse_col(text: str, source: str = "<col>") -> ColGraph:
    """Read a DIMACS graph (``p edge V E`` and ``e u v`` lines).

    Raises:
        FormatError: for a missing header, a malformed edge line, a vertex out of range or a wrong count.
    """
    data, vertices, count = _problem_line(text, "edge", source)
    edges = []
    for number, line in data:
        words = line.split()
        if words[0] != "e" or len(words) != 3:
            raise FormatError("expected an edge line 'e <u> <v>'", source, number)
        u, v = _ints(words[1:], source, number, line)
        if not (1 <= u <= vertices and 1 <= v <= vertices):
            raise FormatError(f"edge {u}-{v} names a vertex outside 1..{vertices}", source, number)
        edges.append((min(u, v), max(u, v)))
    if len(edges) != count:
        raise FormatError(f"the header promises {count} edges, the file has {len(edges)}", source)
    return ColGraph(vertices, tuple(edges))


def parse_model(text: str, source: str = "<model>") -> frozenset[int]:
    """The variables a SAT solver's model sets true (its positive literals).

    Raises:
        FormatError: when the solver reports no model (UNSAT/UNKNOWN), a word is no integer, a variable
            is set both true and false, or the text holds no literal at all.
    """
    literals: list[int] = []
    signs: dict[int, tuple[bool, int]] = {}  # variable -> (sign, line) as first seen
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        status = " ".join(words[1:] if words[0] == "s" else words).upper()
        if status in {"SAT", "SATISFIABLE"}:
            continue
        if status in {"UNSAT", "UNSATISFIABLE", "UNKNOWN", "INDETERMINATE", "INDET"}:
            raise FormatError(f"the solver found no model ({status.lower()})", source, number)
        for literal in _ints(words[1:] if words[0] == "v" else words, source, number, line):
            _check_consistent(signs, literal, source, number)
            literals.append(literal)
    if not literals:
        raise FormatError("no literals found: is this a solver's model?", source)
    return frozenset(lit for lit in literals if lit > 0)


def _check_consistent(signs: dict[int, tuple[bool, int]], literal: int, source: str, number: int) -> None:
    """Refuse a model that sets a variable both ways (no solver writes one: the file is damaged)."""
    if literal == 0:
        return
    sign, first = signs.setdefault(abs(literal), (literal > 0, number))
    if sign != (literal > 0):
        raise FormatError(
            f"variable {abs(literal)} is set both true and false (line {first} and here): not a model",
            source,
            number,
        )


def grid_from_model(grid: Grid, true_variables: frozenset[int], source: str = "<model>") -> Grid:
    """The position a model describes (the puzzle's givens kept, every other cell as an entry).

    Raises:
        FormatError: when a cell gets no digit or several, or the model contradicts a given.
    """
    geo = grid.geometry
    entries = [0] * geo.size
    for cell in range(geo.size):
        digits = [d for d in range(1, geo.n + 1) if cnf_variable(geo, cell, d) in true_variables]
        if len(digits) != 1:
            said = "no digit" if not digits else f"digits {', '.join(map(str, digits))}"
            raise FormatError(f"the model gives {geo.cell_name(cell)} {said}", source)
        given = grid.givens[cell]
        if given and digits[0] != given:
            raise FormatError(f"the model puts {digits[0]} at {geo.cell_name(cell)}, given {given}", source)
        entries[cell] = 0 if given else digits[0]
    return Grid.from_values(geo, grid.givens, entries)


def format_export(grid: Grid, kind: str, source: str = "") -> str:
    """The ``cnf`` or ``col`` file of a position, its comment lines naming the puzzle and the convention."""
    title = f"Sudoku {grid.geometry.label}{' from ' + source if source else ''}: {grid.to_line()}"
    if kind == "cnf":
        return format_cnf(sudoku_cnf(grid), [title, _CNF_NOTE])
    if kind == "col":
        return format_col(sudoku_col(grid), [title, _COL_NOTE])
    raise ValueError(f"unknown DIMACS kind {kind!r}; expected 'cnf' or 'col'")


def write_export(path: str | os.PathLike[str], grid: Grid) -> str:
    """Write a position as ``.col`` (graph colouring) if the name ends so, else as CNF; say what it wrote."""
    kind = "col" if Path(path).suffix.lower() == ".col" else "cnf"
    write_atomic(path, format_export(grid, kind))
    return f"{grid.geometry.label} as DIMACS {kind.upper()} to {path}"


def read_model(path: str | os.PathLike[str], grid: Grid) -> Grid:
    """The position a SAT solver's model file describes (see :func:`grid_from_model`).

    Raises:
        FormatError: when the file cannot be read or the model does not fit the puzzle.
    """
    source = str(path)
    return grid_from_model(grid, parse_model(read_text(path, source, MODEL_LIMIT), source), source)

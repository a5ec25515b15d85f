"""Thermo, arrow, kropki and XV puzzles with one solution, made for the tests and counted by CP-SAT.

A random solution grid gets constraints that hold in it (thermometers climbing its digits, arrows
whose shafts add up to their bulbs, dots and X/V between the pairs that have them, the negative rules
when every such pair is marked); then givens are removed, in random order, while CP-SAT (an
independent counter: it reads the rules from this file, not from the engine) still finds one
solution. Seeded, so a failing test can be replayed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from sudoku_workbench.core.constraints import XV, Arrow, Constraint, Dot, NoOtherDots, NoOtherXV, Thermo
from sudoku_workbench.core.geometry import Geometry, geometry, with_constraints
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.solve import solutions

__all__ = ["KINDS", "constraint_puzzle", "cp_sat_count"]

KINDS = ("thermo", "arrow", "kropki", "xv", "negative")


def _white(x: int, y: int) -> bool:
    return abs(x - y) == 1


def _black(x: int, y: int) -> bool:
    return x == 2 * y or y == 2 * x


def _pairs(
    model: cp_model.CpModel,
    a: cp_model.IntVar,
    b: cp_model.IntVar,
    n: int,
    test: Callable[[int, int], bool],
    allow: bool,
) -> None:
    chosen = [(x, y) for x in range(1, n + 1) for y in range(1, n + 1) if test(x, y)]
    (model.add_allowed_assignments if allow else model.add_forbidden_assignments)([a, b], chosen)


def cp_sat_model(grid: Grid) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The puzzle for OR-tools from the rules as a setter states them."""
    geo, n = grid.geometry, grid.geometry.n
    model = cp_model.CpModel()
    x = [model.new_int_var(1, n, f"c{c}") for c in range(geo.size)]
    for unit in geo.units:
        model.add_all_different([x[c] for c in unit])
    for item in geo.constraints:
        _add(model, x, item, n)
    marked = {(min(i.a, i.b), max(i.a, i.b), type(i)) for i in geo.constraints if isinstance(i, Dot | XV)}
    for item in geo.constraints:
        if isinstance(item, NoOtherDots | NoOtherXV):
            kind = Dot if isinstance(item, NoOtherDots) else XV
            banned = _banned(item)
            for a, b in _sides(n):
                if (a, b, kind) not in marked:
                    _pairs(model, x[a], x[b], n, banned, allow=False)
    for cell, value in enumerate(grid.values):
        if value:
            model.add(x[cell] == value)
    return model, x


def _banned(rule: NoOtherDots | NoOtherXV) -> Callable[[int, int], bool]:
    """The pairs of digits a negative rule forbids on an unmarked pair of neighbours."""
    if isinstance(rule, NoOtherXV):
        return _xv
    return lambda x, y: (rule.white and _white(x, y)) or (rule.black and _black(x, y))


def _xv(x: int, y: int) -> bool:
    return x + y in (5, 10)


def _add(model: cp_model.CpModel, x: list[cp_model.IntVar], item: Constraint, n: int) -> None:
    """One thermometer, arrow, dot or X/V, stated directly."""
    if isinstance(item, Thermo):
        for a, b in zip(item.cells, item.cells[1:], strict=False):
            model.add(x[a] < x[b])
    elif isinstance(item, Arrow):
        bulb = sorted(item.bulb)
        places = [10 ** (len(bulb) - 1 - i) for i in range(len(bulb))]
        model.add(sum(p * x[c] for p, c in zip(places, bulb, strict=True)) == sum(x[c] for c in item.shaft))
    elif isinstance(item, Dot):
        _pairs(model, x[item.a], x[item.b], n, _black if item.black else _white, allow=True)
    elif isinstance(item, XV):
        model.add(x[item.a] + x[item.b] == item.total)


def cp_sat_count(grid: Grid, limit: int = 2) -> int:
    """Solutions of the position up to ``limit``, by CP-SAT (each found one is excluded in turn)."""
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        model, x = cp_sat_model(grid)
        for other in found:
            model.add_bool_or([_differs(model, x[c], v) for c, v in enumerate(other)])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found.append(tuple(solver.value(v) for v in x))
    return len(found)


def _differs(model: cp_model.CpModel, var: cp_model.IntVar, value: int) -> cp_model.IntVar:
    flag = model.new_bool_var("")
    model.add(var != value).only_enforce_if(flag)
    model.add(var == value).only_enforce_if(~flag)
    return flag


def _sides(n: int) -> list[tuple[int, int]]:
    return [(c, c + 1) for c in range(n * n) if c % n < n - 1] + [(c, c + n) for c in range(n * n - n)]


def _touching(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [
        (r + dr) * n + c + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
    ]


def _thermos(truth: Sequence[int], n: int, rng: random.Random, count: int) -> list[Constraint]:
    found: list[Constraint] = []
    used: set[int] = set()
    for _ in range(count * 20):
        if len(found) == count:
            break
        line = [rng.randrange(n * n)]
        while len(line) < 6:
            up = [
                c
                for c in _touching(line[-1], n)
                if truth[c] > truth[line[-1]] and c not in used and c not in line
            ]
            if not up:
                break
            line.append(rng.choice(up))
        if len(line) >= 3 and not set(line) & used:
            found.append(Thermo(tuple(line)))
            used.update(line)
    return found


def _arrows(truth: Sequence[int], n: int, rng: random.Random, count: int) -> list[Constraint]:
    found: list[Constraint] = []
    for _ in range(count * 40):
        if len(found) == count:
            break
        bulb: tuple[int, ...] = (rng.randrange(n * n),)
        if rng.random() < 0.25:
            bulb += (rng.choice([c for c in _touching(bulb[0], n) if abs(c - bulb[0]) == 1]),)
        ordered = sorted(bulb)
        target = int("".join(str(truth[c]) for c in ordered))
        shaft: list[int] = []
        total = 0
        while total < target and len(shaft) < 5:
            last = shaft[-1] if shaft else rng.choice(ordered)
            steps = [c for c in _touching(last, n) if c not in bulb and c not in shaft]
            if not steps:
                break
            shaft.append(rng.choice(steps))
            total += truth[shaft[-1]]
        if total == target and len(shaft) >= 2:
            found.append(Arrow(tuple(bulb), tuple(shaft)))
    return found


def _marks(truth: Sequence[int], n: int, rng: random.Random, kind: str, everyone: bool) -> list[Constraint]:
    found: list[Constraint] = []
    for a, b in _sides(n):
        x, y = truth[a], truth[b]
        if not (everyone or rng.random() < 0.5):
            continue
        if kind == "kropki" and (_white(x, y) or _black(x, y)):
            found.append(Dot(a, b, black=not _white(x, y) or (_black(x, y) and rng.random() < 0.5)))
        elif kind == "xv" and x + y in (5, 10):
            found.append(XV(a, b, x + y))
    return found


def constrained(base: Geometry, truth: Sequence[int], kinds: Sequence[str], rng: random.Random) -> Geometry:
    """The shape with constraints of these kinds that hold in the solution ``truth``."""
    n = base.n
    items: list[Constraint] = []
    negative = "negative" in kinds
    if "thermo" in kinds:
        items += _thermos(truth, n, rng, 6)
    if "arrow" in kinds:
        items += _arrows(truth, n, rng, 6)
    if "kropki" in kinds:
        items += _marks(truth, n, rng, "kropki", negative)
        items += [NoOtherDots()] if negative else []
    if "xv" in kinds:
        items += _marks(truth, n, rng, "xv", negative)
        items += [NoOtherXV()] if negative else []
    return with_constraints(base, items)


def constraint_puzzle(
    seed: int, kinds: Sequence[str], box: tuple[int, int] = (3, 3)
) -> tuple[Grid, tuple[int, ...]]:
    """A puzzle of these constraint kinds with one solution (by CP-SAT), and that solution."""
    rng = random.Random(seed)
    base = geometry(*box)
    truth = next(solutions(Grid.empty(base), rng=rng)).values
    geo = constrained(base, truth, kinds, rng)
    givens = list(truth)
    for cell in rng.sample(range(geo.size), geo.size):
        kept, givens[cell] = givens[cell], 0
        if cp_sat_count(Grid.from_values(geo, givens)) != 1:
            givens[cell] = kept
    return Grid.from_values(geo, givens), tuple(truth)

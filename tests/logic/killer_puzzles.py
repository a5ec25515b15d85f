"""Killer puzzles with no givens and one solution, made for the tests and counted by CP-SAT.

A random solution grid is cut into random cages of connected cells with different digits (as the
generator cuts them); while
CP-SAT (an independent counter: it knows nothing of the engine's rules) finds a second solution, a
cage holding a cell where the two differ is split in two. Seeded, so a failing test can be replayed.
"""

from __future__ import annotations

import random

from ortools.sat.python import cp_model

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import Geometry, geometry, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.killer_generate import cut_cages
from sudoku_workbench.search.solve import solutions

__all__ = ["cp_sat_model", "cp_sat_solutions", "killer_puzzle"]


def cp_sat_model(grid: Grid) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The puzzle for OR-tools from the rules alone: AllDifferent per house and cage, a sum per cage,
    different digits a variant's move apart."""
    geo = grid.geometry
    model = cp_model.CpModel()
    x = [model.new_int_var(1, geo.n, f"c{c}") for c in range(geo.size)]
    for unit in geo.units:
        model.add_all_different([x[c] for c in unit])
    for cell, near in enumerate(geo.neighbours):  # a variant's moves (and cage mates, again)
        for other in near:
            if other > cell:
                model.add(x[cell] != x[other])
    for cage in geo.cages:
        model.add_all_different([x[c] for c in cage.cells])
        if cage.total is not None:
            model.add(sum(x[c] for c in cage.cells) == cage.total)
    for cell, value in enumerate(grid.values):
        if value:
            model.add(x[cell] == value)
    return model, x


def cp_sat_solutions(geo: Geometry, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of the empty killer grid on ``geo``, found by CP-SAT."""
    found: list[tuple[int, ...]] = []
    while len(found) < limit:
        model, x = cp_sat_model(Grid.empty(geo))
        for other in found:
            differs = [model.new_bool_var("") for _ in range(geo.size)]
            for c, b in enumerate(differs):
                model.add(x[c] != other[c]).only_enforce_if(b)
                model.add(x[c] == other[c]).only_enforce_if(~b)
            model.add_bool_or(differs)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found.append(tuple(solver.value(v) for v in x))
    return found


def _caged(base: Geometry, groups: list[list[int]], truth: tuple[int, ...]) -> Geometry:
    return with_cages(base, [Cage(tuple(g), sum(truth[c] for c in g)) for g in groups])


def _merged(
    base: Geometry, groups: list[list[int]], truth: tuple[int, ...], rng: random.Random, tries: int
) -> None:
    """Merge neighbouring cages (digits still different, at most 6 cells) while the answer stays unique."""
    n = base.n
    for _ in range(tries):
        a = rng.choice(groups)
        owner = {c: g for g in groups for c in g}
        near = {
            id(owner[c + d]): owner[c + d]
            for c in a
            for d in (-n, n, -1, 1)
            if 0 <= c + d < n * n and abs((c + d) % n - c % n) <= 1 and owner[c + d] is not a
        }
        choices = [
            b
            for b in near.values()
            if len(a) + len(b) <= 6 and not {truth[c] for c in a} & {truth[c] for c in b}
        ]
        if not choices:
            continue
        b = rng.choice(choices)
        trial = [g for g in groups if g is not a and g is not b] + [a + b]
        if len(cp_sat_solutions(_caged(base, trial, truth))) == 1:
            groups[:] = trial


def killer_puzzle(seed: int, box: tuple[int, int] = (3, 3), merges: int = 0) -> tuple[Grid, tuple[int, ...]]:
    """A no-givens killer with one solution (by CP-SAT) and that solution; ``merges`` tries make it harder."""
    rng = random.Random(seed)
    base = geometry(*box)
    truth = next(solutions(Grid.empty(base), rng=rng)).values
    groups = cut_cages(truth, base.n, rng)
    while True:
        geo = _caged(base, groups, truth)
        found = cp_sat_solutions(geo)
        if len(found) == 1:
            assert found[0] == truth
            if merges:
                _merged(base, groups, truth, rng, merges)
                geo = _caged(base, groups, truth)
            return Grid.empty(geo), truth
        other = next(s for s in found if s != truth)
        differ = [c for c in range(geo.size) if other[c] != truth[c]]
        splittable = [g for g in groups if len(g) > 1 and set(g) & set(differ)]
        group = rng.choice(splittable)
        groups.remove(group)
        cut = rng.randint(1, len(group) - 1)
        groups += [group[:cut], group[cut:]]


#: How hard the corpus puzzles are made: merge tries, by seed (none, few, some, many merges).
MERGES = (0, 6, 12, 24)


def corpus_line(seed: int) -> str:
    """One corpus line: the seed, the solution and the cages as ``total:cell.cell.…``."""
    grid, truth = killer_puzzle(seed, merges=MERGES[seed % len(MERGES)])
    cages = " ".join(f"{cage.total}:{'.'.join(map(str, cage.cells))}" for cage in grid.geometry.cages)
    return f"{seed} {''.join(map(str, truth))} {cages}"


def read_corpus_line(line: str) -> tuple[int, Grid, tuple[int, ...]]:
    """A corpus line back as (seed, the empty killer grid, its solution)."""
    seed, truth, *cages = line.split()
    parsed = []
    for text in cages:
        total, cells = text.split(":")
        parsed.append(Cage(tuple(int(c) for c in cells.split(".")), int(total)))
    geo = with_cages(geometry(3, 3), parsed)
    return int(seed), Grid.empty(geo), tuple(int(d) for d in truth)


if __name__ == "__main__":
    import sys

    for number in range(int(sys.argv[1]), int(sys.argv[2])):
        print(corpus_line(number), flush=True)

"""Check a file of generated puzzles (``generate`` output) with the independent counter.

    python -m tests.search.verify_generated FILE --symmetry rot180 [--loose] [--jobs 2]

Counts, per puzzle: exactly one solution (Algorithm X, not the package's solver), the symmetry,
minimality (emptying any given orbit yields a second solution), solved by the logic engine, and the
level written after the puzzle agrees with ``rate``. With ``--loose`` (``--no-unique`` output) it
checks at least one solution and the symmetry, and reports how many have several.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import sys
from functools import partial

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import rate, solve_by_logic
from sudoku_workbench.search.symmetry import has_symmetry, orbits
from tests.search.exact_cover import count_solutions
from tests.search.test_generate import without


def check(line: str, symmetry: str, loose: bool) -> dict[str, bool | str]:
    text, level = line.split()
    grid = parse_line(text)
    solutions = count_solutions(grid, 2)
    result: dict[str, bool | str] = {"symmetric": has_symmetry(grid, symmetry), "level": level}
    if loose:
        result |= {"solvable": solutions >= 1, "several": solutions == 2}
        return result
    result["unique"] = solutions == 1
    result["minimal"] = all(
        count_solutions(without(grid, orbit), 2) == 2
        for orbit in orbits(grid.geometry, symmetry)
        if grid.givens[orbit[0]]
    )
    result["logic_solved"] = solve_by_logic(grid).status == "solved"
    result["level_agrees"] = rate(grid).level.name.lower() == level
    return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--symmetry", default="rot180")
    parser.add_argument("--loose", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as handle:
        lines = [line for line in handle if line.strip()]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(partial(check, symmetry=args.symmetry, loose=args.loose), lines, chunksize=8)
    print(f"{args.file}: {len(results)} puzzles, symmetry {args.symmetry}")
    for key in [k for k in results[0] if k != "level"]:
        print(f"  {key}: {sum(bool(r[key]) for r in results)}/{len(results)}")
    levels = collections.Counter(str(r["level"]) for r in results)
    print("  levels:", ", ".join(f"{name} {n}" for name, n in sorted(levels.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

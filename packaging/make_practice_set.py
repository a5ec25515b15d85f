"""Make the practice set, ``resources/puzzles/practice.tsv``, with the program's own generator and rules.

Every technique the default rules use on the first ``--count`` generated puzzles of ``--seed`` (9x9,
rot180) gets its ``--per-rule`` puzzles with the earliest first use (see
:mod:`sudoku_workbench.search.practice_set`). The same options give the same file.

Usage: PYTHONPATH=$PWD python packaging/make_practice_set.py [--seed 28] [--count 100000] [--per-rule 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.search.practice_set import PracticeSet, make_practice_set

OUT = Path(__file__).resolve().parent.parent / "resources" / "puzzles" / "practice.tsv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--per-rule", type=int, default=5)
    args = parser.parse_args()
    started = time.process_time()

    def report(done: int, found: PracticeSet) -> None:
        if done % 1000 == 0 or done == args.count:
            full = sum(len(kept) >= args.per_rule for kept in found.found.values())
            print(
                f"{done} puzzles, {time.process_time() - started:.0f} s CPU, "
                f"{len(found.found)} techniques, {full} with {args.per_rule}",
                file=sys.stderr,
                flush=True,
            )
            write(found, done)  # a long run stopped early still leaves the set of the puzzles so far

    def write(found: PracticeSet, done: int) -> None:
        header = [
            "# Practise a technique: rule_id<TAB>puzzle, made by packaging/make_practice_set.py",
            f"# --seed {args.seed} --count {done} --per-rule {args.per_rule} (9x9, rot180, default rules);",
            "# per technique, the puzzles whose logic path uses it first the earliest.",
        ]
        write_atomic(OUT, "\n".join(header + found.lines(rule.id for rule in TABLE)) + "\n")

    make_practice_set(geometry_for_size(9), args.seed, args.count, args.per_rule, progress=report)


if __name__ == "__main__":
    main()

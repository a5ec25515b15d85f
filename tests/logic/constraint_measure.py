"""How many counted constraint puzzles Logic explains to the end (default rules, and no forcing).

The puzzles are :func:`tests.logic.constraint_puzzles.constraint_puzzle` for every kind set of the
soundness test and ``COUNT`` seeds from ``FIRST`` (CP-SAT checks each has one solution); a wrong
step is one that removes a solution digit or places another.

``PYTHONPATH=. python -m tests.logic.constraint_measure [FIRST [COUNT]]`` (default 100 10: 70 puzzles)
"""

from __future__ import annotations

import sys

from sudoku_workbench.logic.engine import RULES
from sudoku_workbench.logic.rule_types import Level
from tests.logic.constraint_puzzles import constraint_puzzle
from tests.logic.killer_measure import measure
from tests.logic.test_constraint_rules import KIND_SETS

if __name__ == "__main__":
    first, count = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (100, 10)
    corpus = [constraint_puzzle(first + seed, kinds) for kinds in KIND_SETS for seed in range(count)]
    print(measure(corpus, "default", RULES), flush=True)
    print(measure(corpus, "no forcing", tuple(r for r in RULES if r.level is not Level.FORCING)))

"""Chain Exclusion shows the same matching and search in every run, whatever Python's hash seed.

The highlights once followed ``PYTHONHASHSEED``: networkx's Hopcroft–Karp walked a set of
``("L", i)`` nodes, whose order changes with the seed of string hashing. Each run here is a fresh
interpreter with its own seed, since the seed cannot change inside one process.
"""

from __future__ import annotations

import os
import subprocess
import sys

# Puzzle 31 of tests/data/top1465.txt where SE's path takes its first Chain Exclusion (row 7 has
# several perfect matchings, and two seeds drew different ones).
POSITION = """\
16  2     1368   | 4     57    57    | 168   368   9
4   3579  35679  | 1     8     29    | 267   2367  236
17  1789  1789   | 3     6     29    | 12478 5     1248
1257 145789 145789 | 257 1257  6     | 3     789   48
3   178   1678   | 9     4     17    | 5     2678  268
2567 4579 45679  | 257   3     8     | 4679  1     46
157 1357  1357   | 25678 12579 1357  | 12689 4     123568
8   13457 2      | 567   1579  13457 | 169   369   1356
9   6     1345   | 258   125   1345  | 128   238   7
"""

_STEPS = """\
import sys
from sudoku_workbench.formats.block import parse_pencilmarks
from sudoku_workbench.logic.singles.exclusion import chain_exclusion
for step in chain_exclusion(parse_pencilmarks(sys.stdin.read())):
    print(repr(step))
"""


def _steps_with_hash_seed(seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    done = subprocess.run(
        [sys.executable, "-c", _STEPS],
        input=POSITION,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout


def test_chain_exclusion_steps_do_not_depend_on_the_hash_seed() -> None:
    runs = {seed: _steps_with_hash_seed(seed) for seed in range(4)}
    assert "chain_exclusion" in runs[0]
    assert len(set(runs.values())) == 1, runs

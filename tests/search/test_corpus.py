"""A sample of every corpus file: unique puzzles count 1, Serg's count 2, solutions verified."""

from __future__ import annotations

import pytest

from sudoku_workbench.search.sat import sat_search
from sudoku_workbench.search.solve import count, search_count, solve
from tests.conftest import HAVE_SHARED_DATA, corpus, data_file, data_files, needs_shared_data
from tests.search.checker import solution_faults

#: Puzzles sampled per file (evenly spread), and the step that spreads them.
SAMPLE = 8
FILES = [p.name for p in data_files()]


def sampled(name: str):
    with data_file(name).open(encoding="utf-8") as handle:
        lines = sum(1 for line in handle if line.strip())
    return corpus(name, SAMPLE, every=max(1, lines // SAMPLE))


def test_every_data_file_is_covered():
    assert len(FILES) >= (13 if HAVE_SHARED_DATA else 11)
    assert "serg_benchmark.txt" in FILES


@pytest.mark.parametrize("name", FILES)
def test_sampled_puzzles_count_as_documented_and_solutions_check(name):
    expected = 2 if name == "serg_benchmark.txt" else 1
    for puzzle in sampled(name):
        geo = puzzle.geometry
        assert count(puzzle, 2) == expected
        assert search_count(puzzle, 2) == expected
        for solution in (solve(puzzle), sat_search(geo).search(puzzle, 1, keep=1)[1][0]):
            assert solution is not None
            assert solution_faults(solution.values, puzzle.values, geo.box_rows, geo.box_cols) == []


@needs_shared_data
def test_the_worst_sixteen_by_sixteen_of_the_corpus_is_solved():
    # line 85 took a plain singles-only bitmask search 22 s (and this search 16 s before its fixes)
    puzzle = corpus("sixteen_vu100.txt")[84]
    assert search_count(puzzle, 2) == 1

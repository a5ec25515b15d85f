import itertools
import random
from typing import Any

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core import Cancelled, CancelToken, Contradiction, Grid, geometry
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search.anneal import AnnealSettings, anneal, conflict_cost, temperature
from tests.conftest import corpus, corpus_lines, data_file

# Norvig's 10k file: the 30-clue and fuller puzzles are the easy end of the public corpora.
EASY_9X9 = [parse_line(line) for line in corpus_lines("norvig_sudoku10k.txt") if line.count(".") <= 51][:3]


def _pair_cost(geo, values):
    """J by pairs of cells: each equal pair counts once per unit the two cells share."""
    return sum(
        len(geo.shared_units(a, b))
        for a, b in itertools.combinations(range(geo.size), 2)
        if values[a] and values[a] == values[b]
    )


def test_conflict_cost_counts_equal_pairs_per_shared_unit(rng):
    geo = geometry(3, 3)
    for _ in range(5):
        values = [rng.randint(0, 9) for _ in range(geo.size)]
        assert conflict_cost(geo, values) == _pair_cost(geo, values)


def test_conflict_cost_of_a_two_in_one_row_and_box():
    geo = geometry(2, 2)
    values = [1, 1] + [0] * 14
    assert conflict_cost(geo, values) == 2


@pytest.mark.parametrize("moves", ["box", "cell"])
def test_reported_cost_matches_the_fill_and_givens_stay(moves):
    puzzle = corpus("top95.txt", 1)[0]
    geo = puzzle.geometry
    seen: list[Any] = []
    settings = AnnealSettings(moves=moves, max_iterations=5000, report_every=500)
    anneal(puzzle, settings, random.Random(3), progress=seen.append)
    assert len(seen) == 11
    for snap in seen:
        assert snap.cost == conflict_cost(geo, snap.values)
        assert all(v == g for v, g in zip(snap.values, puzzle.givens, strict=True) if g)
        if moves == "box":
            assert all(sorted(snap.values[c] for c in box) == list(range(1, 10)) for box in geo.boxes)
    assert [s.iteration for s in seen] == [*range(500, 5001, 500), 5000]


@pytest.mark.parametrize(("schedule", "count"), [("geometric", 3), ("log", 1)])
def test_easy_puzzles_are_solved_correctly(schedule, count):
    for seed, puzzle in enumerate(EASY_9X9[:count]):
        result = anneal(puzzle, AnnealSettings(schedule=schedule), random.Random(seed))
        assert result.solved
        assert result.grid.is_solved()
        assert result.grid.givens == puzzle.givens


@pytest.mark.parametrize(
    ("name", "moves"), [("four_vu100.txt", "cell"), ("sixbysix_2x3_examples.txt", "box")]
)
def test_small_grids_are_solved(load_corpus, name, moves):
    for puzzle in load_corpus(name, 10):
        result = anneal(puzzle, AnnealSettings(moves=moves), random.Random(1))
        assert result.solved
        assert result.grid.is_solved()


def test_same_seed_same_run_and_restarts_happen():
    puzzle = corpus("top95.txt", 1)[0]
    settings = AnnealSettings(max_iterations=20000, restart_after=3000)
    first = anneal(puzzle, settings, random.Random(7))
    again = anneal(puzzle, settings, random.Random(7))
    assert first == again
    assert first.restarts >= 1
    assert first.cost == conflict_cost(puzzle.geometry, first.grid.values)


def test_schedules_cool():
    log = AnnealSettings(schedule="log", start=2.0)
    geo = AnnealSettings(schedule="geometric", start=1.0, ratio=0.5)
    assert temperature(log, 1) > temperature(log, 10) > temperature(log, 1000) > 0
    assert temperature(geo, 3) == pytest.approx(0.125)


def test_cancel_stops_the_run():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        anneal(corpus("top95.txt", 1)[0], cancel=token)


def test_clashing_givens_are_refused():
    geo = geometry(2, 2)
    with pytest.raises(Contradiction, match="more than once") as info:
        anneal(Grid.from_values(geo, [1, 1] + [0] * 14))
    assert info.value.cells == (0, 1)


def test_cli_reports_each_puzzle_and_a_summary(capsys):
    path = str(data_file("four_vu100.txt"))
    assert main(["anneal", path, "--count", "3", "--seed", "5", "--schedule", "log", "--compare"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:3]] == ["puzzle 1", "puzzle 2", "puzzle 3"]
    assert out[3].startswith("3/3 solved")
    assert out[4].startswith("fewest-candidates search: 3/3 solved")

"""Killer puzzles outside the window: every command reads them (a line, a file, -, a link, f-puzzles JSON)
and either honours the sums or refuses, saying why.

The puzzles come from the killer generator and are checked unique by CP-SAT, an independent counter.
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from ortools.sat.python import cp_model

from sudoku_workbench.cli import main
from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.errors import ShapeError
from sudoku_workbench.core.geometry import geometry, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.fpuzzles import format_fpuzzles, format_link
from sudoku_workbench.hcp.reduction import blank_arcs
from sudoku_workbench.library.rating import rate_line
from sudoku_workbench.logic.engine import RULES
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.search.anneal import anneal
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.estimate import estimate_count
from sudoku_workbench.search.generate import generate, loose_puzzle
from sudoku_workbench.search.grid_count import count_grids
from sudoku_workbench.search.killer_generate import generate_killer
from sudoku_workbench.search.minimize import redundant_clues
from sudoku_workbench.search.targets import Target, make_target
from tests.logic.killer_puzzles import cp_sat_model, cp_sat_solutions


@pytest.fixture(scope="module")
def killer() -> tuple[Grid, str]:
    """A no-givens 9x9 killer from the generator and its one solution (CP-SAT finds only it)."""
    grid = generate_killer(geometry(3, 3), random.Random(1))
    found = cp_sat_solutions(grid.geometry)
    assert len(found) == 1
    return grid, "".join(map(str, found[0]))


@pytest.fixture(scope="module")
def small_killer() -> Grid:
    """A no-givens 6x6 killer from the generator, unique by CP-SAT (logic finishes it quickly)."""
    grid = generate_killer(geometry(2, 3), random.Random(3))
    assert len(cp_sat_solutions(grid.geometry)) == 1
    return grid


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def _inputs(grid: Grid, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The same killer as a line argument, a text file, standard input, a link and an f-puzzles file."""
    text = tmp_path / "killer.txt"
    text.write_text(grid.to_line() + "\n", encoding="utf-8")
    json_file = tmp_path / "killer.json"
    json_file.write_text(format_fpuzzles(grid), encoding="utf-8")
    stdin = io.TextIOWrapper(io.BytesIO((grid.to_line() + "\n").encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    return {
        "line": grid.to_line(),
        "file": str(text),
        "stdin": "-",
        "link": format_link(grid),
        "json": str(json_file),
    }


@pytest.mark.parametrize("form", ["line", "file", "stdin", "link", "json"])
def test_solve_and_count_honour_the_sums_whatever_the_input_form(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    killer: tuple[Grid, str],
    form: str,
) -> None:
    grid, solution = killer
    argument = _inputs(grid, tmp_path, monkeypatch)[form]
    code, lines, err = run(capsys, "solve", argument)
    assert (code, err) == (0, "")
    assert lines == [f"{solution} {grid.geometry.shape_words[0]}"]
    if form != "stdin":  # standard input is read once
        assert run(capsys, "count", argument)[:2] == (0, ["1"])


def test_a_blank_killer_is_counted_not_refused_as_a_blank_grid(
    capsys: pytest.CaptureFixture[str], killer: tuple[Grid, str]
) -> None:
    assert run(capsys, "count", killer[0].to_line())[:2] == (0, ["1"])
    loose = with_cages(geometry(2, 2), [Cage((0, 1), 3), Cage((14, 15), None)])
    expected = len(cp_sat_solutions(loose, limit=300))
    assert 0 < expected < 288  # fewer than a blank 4x4 has: the sum is a clue
    assert run(capsys, "count", Grid.empty(loose).to_line())[:2] == (0, [str(expected)])


def test_true_candidates_of_a_unique_killer_are_its_solution(
    capsys: pytest.CaptureFixture[str], killer: tuple[Grid, str]
) -> None:
    grid, solution = killer
    code, lines, _ = run(capsys, "true-candidates", grid.to_line())
    assert code == 0
    assert "".join("".join(line.split()) for line in lines) == solution


def test_check_names_a_broken_cage_sum(capsys: pytest.CaptureFixture[str], killer: tuple[Grid, str]) -> None:
    grid, solution = killer
    cage = grid.geometry.cages[0]
    filled = list(map(int, solution))
    geo = grid.geometry
    a = cage.cells[0]
    b = next(y for y in geo.rows[geo.row_of[a]] if geo.cage_of[y] != geo.cage_of[a])
    filled[a], filled[b] = filled[b], filled[a]
    broken = Grid.from_values(grid.geometry, filled).to_line()
    code, lines, _ = run(capsys, "check", broken)
    assert code != 0
    assert any(f"the {grid.geometry.cage_names[0]} has digits adding up to" in line for line in lines)


def test_logic_and_rate_read_a_killer_and_print_it_back(
    capsys: pytest.CaptureFixture[str], small_killer: Grid
) -> None:
    line = small_killer.to_line()
    code, lines, _ = run(capsys, "logic", line)
    assert code == 0
    assert lines[-1].endswith(" solved")
    assert small_killer.geometry.shape_words[0] in lines[-1]
    assert any("cage" in step.lower() for step in lines[:-1])
    code, lines, _ = run(capsys, "rate", line)
    assert code == 0
    assert lines[-1].split()[0] != "needs_search"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["rate", "--scale", "se"], "Sudoku Explainer has no rules for killer cages"),
        (["rate", "--scale", "hodoku"], "use the level scale"),
        (["anneal"], "the killer cages of 9x9 (3x3 boxes), killer"),
        (
            ["solve-hcp"],
            "Haythorpe's reduction has gadgets for rows, columns and blocks only; the killer cages",
        ),
        (["hcp-stats"], "the killer cages of"),
        (["canonical"], "no canonical form here (classic 9x9 only)"),
    ],
)
def test_commands_that_cannot_honour_the_sums_refuse_saying_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, killer: tuple[Grid, str], argv: list[str], words: str
) -> None:
    path = tmp_path / "killer.txt"
    path.write_text(killer[0].to_line() + "\n", encoding="utf-8")
    code, lines, err = run(capsys, *argv, str(path))
    assert code != 0
    assert words in err
    assert not any(len(line) >= 81 and "." not in line[:81] for line in lines)  # no "solution" printed


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["export-hcp", "-o"], "the killer cages of"),
        (["export-dimacs", "--col", "-o"], "a colouring graph cannot hold killer cage sums"),
        (["booklet", "-o"], "a booklet page draws no killer cages yet"),
    ],
)
def test_exports_that_cannot_hold_the_sums_refuse_and_write_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, killer: tuple[Grid, str], argv: list[str], words: str
) -> None:
    out = tmp_path / ("out.pdf" if argv[0] == "booklet" else "out.txt")
    code, _, err = run(capsys, *argv, str(out), killer[0].to_line())
    assert code != 0
    assert words in err
    assert not out.exists()


def test_the_cnf_export_keeps_the_sums(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, killer: tuple[Grid, str]
) -> None:
    out = tmp_path / "k.cnf"
    assert run(capsys, "export-dimacs", "--cnf", "-o", str(out), killer[0].to_line())[0] == 0
    plain = tmp_path / "plain.cnf"
    assert run(capsys, "export-dimacs", "--cnf", "-o", str(plain), "." * 81)[0] == 0
    assert len(out.read_text().splitlines()) > len(plain.read_text().splitlines())


def test_searches_that_cannot_honour_cages_refuse_by_name(killer: tuple[Grid, str]) -> None:
    geo = killer[0].geometry
    for make in (
        lambda: generate(geo, random.Random(1)),
        lambda: generate(geo, random.Random(1), unique=False),
        lambda: loose_puzzle(geo, random.Random(1)),
        lambda: generate_eppstein(geo, random.Random(1)),
    ):
        with pytest.raises(ShapeError, match="killer generator"):
            make()
    with pytest.raises(ShapeError, match="killer generator"):
        make_target(geo, random.Random(1), "none", Target(RULES, se=(1.0, 2.0)), budget=1)
    with pytest.raises(ShapeError, match="outside its cost"):
        anneal(killer[0])
    small = with_cages(geometry(2, 2), [Cage((0, 1), 3)])
    with pytest.raises(ShapeError, match="only classic box shapes allow"):
        count_grids(small)  # it would count all 288 grids of a 4x4, as if the sum were not there
    with pytest.raises(ShapeError, match="Haythorpe's reduction"):
        blank_arcs(geo)


def test_ratings_on_scales_without_killer_rules_are_left_out(
    killer: tuple[Grid, str], small_killer: Grid
) -> None:
    assert rate_se(small_killer).status == "refused"
    rating = rate_line((7, small_killer.to_line())).rated
    assert (rating.solutions, rating.se, rating.hodoku_score, rating.techniques) == (1, None, None, ())


def test_the_estimate_and_the_redundant_clues_honour_the_sums(small_killer: Grid) -> None:
    loose = with_cages(geometry(2, 2), [Cage((0, 1), 3), Cage((14, 15), 5)])
    exact = len(cp_sat_solutions(loose, limit=300))
    estimate = estimate_count(Grid.empty(loose), 4000, random.Random(1))
    assert abs(estimate.mean - exact) <= 5 * estimate.error + 0.5 < exact  # 288 without the sums
    solution = cp_sat_solutions(small_killer.geometry)[0]
    kept = (0, 7, 14, 21, 35)
    puzzle = Grid.from_values(small_killer.geometry, [solution[c] if c in kept else 0 for c in range(36)])
    loose_clues = redundant_clues(puzzle)
    assert loose_clues is not None
    for cell in loose_clues:  # each may go alone and one solution stays, by CP-SAT
        fewer = [solution[c] if c in kept and c != cell else 0 for c in range(36)]
        model, _ = cp_sat_model(Grid.from_values(small_killer.geometry, fewer))
        assert len(_all_solutions(model)) == 1


def _all_solutions(model: cp_model.CpModel) -> list[int]:
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    found: list[int] = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.append(1)
            if len(found) > 1:
                self.stop_search()

    solver.solve(model, Collect())
    return found

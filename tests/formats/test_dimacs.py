import itertools
import re

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from sudoku_workbench.cli import main
from sudoku_workbench.core import FormatError, Grid, geometry
from sudoku_workbench.formats.dimacs import (
    cnf_variable,
    format_cnf,
    format_col,
    grid_from_model,
    parse_cnf,
    parse_col,
    parse_model,
    sudoku_cnf,
    sudoku_col,
)
from tests.conftest import corpus


def _is_valid_sudoku(values, n, box_rows, box_cols):
    """Independent checker: every row, column and box holds 1..n once."""
    rows = [values[r * n : (r + 1) * n] for r in range(n)]
    cols = [[rows[r][c] for r in range(n)] for c in range(n)]
    boxes = [
        [rows[r][c] for r in range(br, br + box_rows) for c in range(bc, bc + box_cols)]
        for br in range(0, n, box_rows)
        for bc in range(0, n, box_cols)
    ]
    return all(sorted(unit) == list(range(1, n + 1)) for unit in rows + cols + boxes)


def _model_text(model):
    return "c from pysat\ns SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n"


@pytest.mark.parametrize("index", [0, 1])
def test_cnf_of_a_9x9_solved_by_a_sat_solver_reads_back_to_the_unique_solution(index):
    puzzle = corpus("top95.txt", 2)[index]
    text = format_cnf(sudoku_cnf(puzzle), ["a comment"])
    formula = CNF(from_string=text)
    assert formula.nv == 729
    with Solver(name="g4", bootstrap_with=formula.clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
        solver.add_clause([-lit for lit in model if lit > 0])
        assert not solver.solve(), "a second solution: the puzzle is not unique"
    grid = grid_from_model(puzzle, parse_model(_model_text(model)))
    assert grid.givens == puzzle.givens
    assert _is_valid_sudoku(list(grid.values), 9, 3, 3)
    assert all(g in (0, v) for g, v in zip(puzzle.givens, grid.values, strict=True))


def test_cnf_round_trips_and_counts_clauses(any_geometry):
    geo = any_geometry
    grid = Grid.empty(geo).place(0, 1)
    formula = sudoku_cnf(grid)
    pairs = geo.n * (geo.n - 1) // 2
    assert len(formula.clauses) == (geo.size + 3 * geo.n * geo.n) * (1 + pairs) + 1
    assert parse_cnf(format_cnf(formula, ["x"])) == formula


def test_empty_4x4_cnf_has_exactly_288_models():
    formula = sudoku_cnf(Grid.empty(geometry(2, 2)))
    with Solver(name="m22", bootstrap_with=formula.clauses) as solver:
        models = sum(1 for _ in itertools.islice(solver.enum_models(), 300))
    assert models == 288


def test_col_graph_counts_and_a_solution_is_a_proper_colouring():
    puzzle = corpus("top95.txt", 1)[0]
    graph = parse_col(format_col(sudoku_col(puzzle), ["sudoku", "second line"]))
    givens = sum(1 for v in puzzle.givens if v)
    assert graph.vertices == 81 + 9
    assert len(graph.edges) == 81 * 20 // 2 + 36 + givens * 8
    solution = _solve_by_sat(puzzle)
    colour = {c + 1: v for c, v in enumerate(solution.values)} | {81 + d: d for d in range(1, 10)}
    assert all(colour[u] != colour[v] for u, v in graph.edges)
    wrong_given = next(c for c, v in enumerate(puzzle.givens) if v)
    colour[wrong_given + 1] = colour[wrong_given + 1] % 9 + 1
    assert any(colour[u] == colour[v] for u, v in graph.edges if wrong_given + 1 in (u, v))


def _solve_by_sat(puzzle):
    with Solver(name="g4", bootstrap_with=sudoku_cnf(puzzle).clauses) as solver:
        assert solver.solve()
        return grid_from_model(puzzle, frozenset(lit for lit in solver.get_model() if lit > 0))


def test_minisat_style_and_bare_models_are_read():
    assert parse_model("SAT\n1 -2 3 0\n") == {1, 3}
    assert parse_model("c x\nv 4 -5\nv 6 0\n") == {4, 6}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("s UNSATISFIABLE\n", "no model (unsatisfiable)"),
        ("UNSAT\n", "no model"),
        ("v 1 x 0\n", "'x' is not an integer"),
        ("c nothing\n", "no literals"),
    ],
)
def test_bad_models_are_reported(text, message):
    with pytest.raises(FormatError, match=re.escape(message)):
        parse_model(text, "m.txt")


def test_model_contradicting_a_given_or_a_cell_is_located():
    geo = geometry(2, 2)
    puzzle = Grid.from_values(geo, [1] + [0] * 15)
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    true = frozenset(cnf_variable(geo, c, d) for c, d in enumerate(solution))
    assert grid_from_model(puzzle, true).is_solved()
    with pytest.raises(FormatError, match="puts 2 at r1c1, given 1"):
        grid_from_model(puzzle, true - {1} | {2})
    with pytest.raises(FormatError, match="r1c2 no digit"):
        grid_from_model(puzzle, true - {cnf_variable(geo, 1, 2)})


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("1 2 0\n", "before the 'p cnf' header", 1),
        ("p cnf 3 1\n1 9 0\n", "exceeds the 3 variables", 2),
        ("p cnf 3 2\n1 2 0\n", "promises 2 clauses, the file has 1", 0),
        ("c only\n", "no 'p cnf' header", 0),
    ],
)
def test_bad_cnf_is_located(text, message, line):
    with pytest.raises(FormatError, match=re.escape(message)) as info:
        parse_cnf(text, "f.cnf")
    assert info.value.line == line


def test_bad_col_is_located():
    with pytest.raises(FormatError, match=r"outside 1\.\.3") as info:
        parse_col("p edge 3 1\ne 1 4\n", "g.col")
    assert info.value.line == 2


def test_cli_export_solve_import(tmp_path, capsys):
    puzzle_file = tmp_path / "p.txt"
    puzzle = corpus("top95.txt", 1)[0]
    puzzle_file.write_text(puzzle.to_line() + "\n")
    cnf_file, col_file, model_file = tmp_path / "p.cnf", tmp_path / "p.col", tmp_path / "p.model"
    assert main(["export-dimacs", str(puzzle_file), "--cnf", "-o", str(cnf_file)]) == 0
    assert main(["export-dimacs", str(puzzle_file), "--col", "-o", str(col_file)]) == 0
    assert parse_col(col_file.read_text()).vertices == 90
    with Solver(name="g4", bootstrap_with=CNF(from_file=str(cnf_file)).clauses) as solver:
        assert solver.solve()
        model_file.write_text(_model_text(solver.get_model()))
    assert main(["import-model", str(puzzle_file), str(model_file)]) == 0
    line = capsys.readouterr().out.strip()
    assert _is_valid_sudoku([int(ch) for ch in line], 9, 3, 3)
    model_file.write_text("s UNSATISFIABLE\n")
    assert main(["import-model", str(puzzle_file), str(model_file)]) == 2
    assert "p.model, line 1: the solver found no model" in capsys.readouterr().err


def test_a_model_that_sets_a_variable_both_ways_is_refused():
    with pytest.raises(FormatError, match=r"line 3: variable 7 is set both true and false \(line 2"):
        parse_model("s SATISFIABLE\nv 1 7 0\nv -7 0\n", "model.txt")

"""The HCP subcommands end to end: export files, stats, and solve-hcp with no, a fake LKH and a fake elkai."""

from __future__ import annotations

import json
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core import Grid
from sudoku_workbench.formats.tours import Tour, write_tour
from sudoku_workbench.formats.tsplib import read_hcp
from sudoku_workbench.hcp.export import HcpExport, export_graph
from sudoku_workbench.hcp.files import write_export
from sudoku_workbench.hcp.solver import LKH_ENV
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus, data_file
from tests.hcp.helpers import tour_of


@pytest.fixture(scope="module")
def four() -> tuple[Grid, Grid]:
    puzzle = corpus("four_vu100.txt", 1)[0]
    solution = solve(puzzle)
    assert solution is not None
    return puzzle, solution


def test_export_hcp_writes_the_reduced_tsplib_file(four: tuple[Grid, Grid], tmp_path: Path) -> None:
    puzzle_file = tmp_path / "p.txt"
    puzzle_file.write_text("# a comment line\n" + four[0].to_line() + "\n")
    assert main(["export-hcp", str(puzzle_file), "-o", str(tmp_path / "p.hcp"), "--reduce"]) == 0
    problem = read_hcp(tmp_path / "p.hcp")
    export = export_graph(four[0], reduce=True)
    assert (problem.dimension, problem.edges) == (export.dimension, export.edges)
    assert f"puzzle={four[0].to_line()} variant=undirected reduce=yes givens=full" in problem.comment


def test_export_directed_as_arcs_and_graphml(four: tuple[Grid, Grid], tmp_path: Path) -> None:
    line = four[0].to_line()
    assert main(["export-hcp", line, "-o", str(tmp_path / "d.arcs"), "--variant", "directed"]) == 0
    rows = (tmp_path / "d.arcs").read_text().splitlines()
    export = export_graph(four[0], "directed")
    assert rows[0].startswith("# Haythorpe")
    assert rows[1] == f"{export.dimension} {len(export.edges)}"
    assert [tuple(map(int, r.split())) for r in rows[2:]] == list(export.edges)
    assert main(["export-hcp", line, "-o", str(tmp_path / "d.graphml"), "--variant", "directed"]) == 0
    graph = nx.read_graphml(tmp_path / "d.graphml", node_type=int)
    assert graph.is_directed()
    assert set(graph.edges) == set(export.edges)


def test_export_refuses_reducing_the_directed_graph(
    four: tuple[Grid, Grid], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["export-hcp", four[0].to_line(), "-o", str(tmp_path / "x"), "--variant", "directed", "--reduce"]
    assert main(args) == 2
    assert "reduction works on undirected graphs" in capsys.readouterr().err


def test_export_names_a_bad_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export-hcp", "12x4" + "." * 12, "-o", str(tmp_path / "x.hcp")]) == 2
    assert "column 3: 'x' is not a digit of a 4x4 grid" in capsys.readouterr().err


def test_hcp_stats_prints_rows_and_means(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hcp-stats", str(data_file("four_vu100.txt")), "--limit", "4", "--jobs", "2"]) == 0
    out = capsys.readouterr()
    rows = [line.split("\t") for line in out.out.splitlines() if line[:1].isdigit()]
    assert len(rows) == 4
    blank = export_graph(Grid.empty(corpus("four_vu100.txt", 1)[0].geometry), reduce=False)
    assert all(int(r[2]) == blank.dimension and int(r[3]) < len(blank.edges) for r in rows)
    assert all(int(r[4]) < int(r[2]) and int(r[5]) < int(r[3]) for r in rows)
    means = next(line for line in out.out.splitlines() if line.startswith("# all"))
    assert float(means.split("\t")[2]) == pytest.approx(sum(int(r[2]) for r in rows) / 4)
    assert "hcp-stats: 4 puzzles in" in out.err


def _no_solver(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(LKH_ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setitem(sys.modules, "elkai", None)  # find_spec answers None for a blocked module


def _reduced_tour(four: tuple[Grid, Grid]) -> tuple[HcpExport, list[int]]:
    """The reduced export of the 4x4 puzzle and its solution's tour (1-based vertices)."""
    export = export_graph(four[0], reduce=True)
    return export, tour_of(export, four[1].values)


def _stand_in(path: Path, body: str) -> None:
    """An executable Python script at ``path`` (a solver program the test pretends is installed)."""
    path.write_text(f"#!{sys.executable}\n" + textwrap.dedent(body))
    path.chmod(0o755)


@dataclass
class SolveHcp:
    """What every solve-hcp test sets up: the 4x4 puzzle and its solution, a scratch folder, patching."""

    four: tuple[Grid, Grid]
    tmp_path: Path
    monkeypatch: pytest.MonkeyPatch
    capsys: pytest.CaptureFixture[str]

    def run(self, *options: str) -> tuple[int, str, str]:
        """``solve-hcp`` on the puzzle with these options: exit code, standard output and error."""
        code = main(["solve-hcp", self.four[0].to_line(), *options])
        captured = self.capsys.readouterr()
        return code, captured.out, captured.err


@pytest.fixture
def hcp(
    four: tuple[Grid, Grid],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> SolveHcp:
    """One object for the four fixtures each solve-hcp test needs."""
    return SolveHcp(four, tmp_path, monkeypatch, capsys)


def test_solve_hcp_runs_concorde_and_reads_its_solution_file(hcp: SolveHcp) -> None:
    """A stand-in ``concorde`` is called as ``concorde -o FILE.sol FILE.hcp`` and writes a 0-based tour."""
    nodes = [v - 1 for v in _reduced_tour(hcp.four)[1]]
    (hcp.tmp_path / "bin").mkdir()
    _stand_in(
        hcp.tmp_path / "bin" / "concorde",
        f"""
        import sys
        assert sys.argv[1] == "-o" and open(sys.argv[3]).read().count("TYPE : HCP") == 1
        open(sys.argv[2], "w").write("{len(nodes)}\\n" + " ".join(map(str, {nodes!r})) + "\\n")
        """,
    )
    hcp.monkeypatch.setenv("PATH", str(hcp.tmp_path / "bin"))
    code, out, err = hcp.run("--solver", "concorde")
    assert (code, out.strip()) == (0, hcp.four[1].to_line())
    assert "Concorde" in err


def test_solve_hcp_without_a_solver_says_so(hcp: SolveHcp) -> None:
    _no_solver(hcp.monkeypatch, hcp.tmp_path)
    code, out, err = hcp.run("--solver", "lkh")
    assert (code, out) == (3, "")
    assert "lkh is not installed" in err


def test_solve_hcp_runs_lkh_and_reads_its_tour(hcp: SolveHcp) -> None:
    """A stand-in LKH copies a prepared tour to the TOUR_FILE its parameter file names."""
    prepared = hcp.tmp_path / "prepared.tour"
    write_tour(prepared, Tour("p", "", tuple(_reduced_tour(hcp.four)[1])))
    fake = hcp.tmp_path / "LKH"
    _stand_in(
        fake,
        f"""
        import shutil, sys
        settings = dict(line.split(" = ", 1) for line in open(sys.argv[1]).read().splitlines())
        assert settings["SUBGRADIENT"] == "NO"
        assert open(settings["PROBLEM_FILE"]).read().count("TYPE : HCP") == 1
        shutil.copy({str(prepared)!r}, settings["TOUR_FILE"])
        """,
    )
    hcp.monkeypatch.setenv(LKH_ENV, str(fake))
    code, out, _err = hcp.run("--time-limit", "20", "--solver", "lkh")
    assert (code, out.strip()) == (0, hcp.four[1].to_line())


def test_solve_hcp_with_elkai(hcp: SolveHcp) -> None:
    """A stand-in elkai module checks the distance matrix and answers with a closed 0-based tour."""
    export, tour = _reduced_tour(hcp.four)
    nodes = [v - 1 for v in tour]
    (hcp.tmp_path / "elkai.py").write_text(
        textwrap.dedent(
            f"""
            class DistanceMatrix:
                def __init__(self, matrix):
                    assert len(matrix) == {export.dimension} and matrix[0][0] == 0
                def solve_tsp(self):
                    return {json.dumps(nodes + nodes[:1])}
            """
        )
    )
    hcp.monkeypatch.delenv(LKH_ENV, raising=False)
    hcp.monkeypatch.setenv("PATH", str(hcp.tmp_path / "empty"))
    hcp.monkeypatch.syspath_prepend(str(hcp.tmp_path))
    hcp.monkeypatch.setenv("PYTHONPATH", str(hcp.tmp_path))
    code, out, _err = hcp.run("--solver", "elkai")
    assert (code, out.strip()) == (0, hcp.four[1].to_line())


def test_the_command_line_writes_what_the_library_writes_by_default(
    four: tuple[Grid, Grid], tmp_path: Path
) -> None:
    """One writer, one default: `export-hcp` with no options equals write_export with none (reduced)."""
    line = four[0].to_line()
    assert main(["export-hcp", line, "-o", str(tmp_path / "cli.hcp")]) == 0
    write_export(tmp_path / "lib.hcp", four[0])
    cli, lib = ((tmp_path / name).read_text() for name in ("cli.hcp", "lib.hcp"))
    assert cli == lib
    assert "reduce=yes" in cli
    assert main(["export-hcp", line, "-o", str(tmp_path / "d.arcs"), "--variant", "directed"]) == 0
    assert "reduce=no" in (tmp_path / "d.arcs").read_text()


def test_hcp_stats_writes_its_table_in_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    """A tab-separated header and rows, --no-header, CSV and JSON lines, the means apart from the records."""
    import csv
    import io

    args = ["hcp-stats", str(data_file("four_vu100.txt")), "--limit", "3"]
    assert main(args) == 0
    header, *rest = capsys.readouterr().out.splitlines()
    columns = header.removeprefix("# ").split("\t")
    rows = [line.split("\t") for line in rest if not line.startswith("#")]
    assert len(rows) == 3
    assert main([*args, "--no-header"]) == 0
    assert capsys.readouterr().out.splitlines() == rest
    assert main([*args, "--format", "csv"]) == 0
    out = capsys.readouterr()
    assert [list(row.values()) for row in csv.DictReader(io.StringIO(out.out))] == rows
    assert "# all\t3\t" in out.err
    assert main([*args, "--format", "jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [list(record) for record in records] == [columns] * 3
    assert [[str(value) for value in record.values()] for record in records] == rows

"""CP-SAT finds, checks and decodes cycles; it reports time-outs with sizes and stops when cancelled."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core import Grid
from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.hcp.cpsat import find_cycle, worker_count
from sudoku_workbench.hcp.export import ExportOptions, export_graph
from sudoku_workbench.hcp.solve import solve_through_hcp
from sudoku_workbench.hcp.tour import check_cycle
from sudoku_workbench.search.solve import solve
from tests.conftest import corpus
from tests.hcp.conftest import SAMPLES

NEWSPAPER = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def hard() -> Grid:
    """The third puzzle of top1465 (9,219 reduced vertices): CP-SAT needs minutes on its undirected graph."""
    return corpus("top1465.txt", 3)[2]


SMALL = [grid for name, grid in SAMPLES if name in ("4x4-0", "6x6-0", "8x8-0", "9x9-0")]


@pytest.mark.parametrize("puzzle", SMALL, ids=[f"{p.geometry.n}x{p.geometry.n}" for p in SMALL])
def test_a_found_cycle_is_a_hamiltonian_cycle_of_the_graph(puzzle: Grid) -> None:
    export = export_graph(puzzle, "directed")
    found = find_cycle(export.dimension, export.edges, directed=True, time_limit=60)
    assert found.status == "found"
    assert found.order is not None
    check_cycle(export.dimension, export.edges, found.order, directed=True)


@pytest.mark.parametrize(
    "options", [ExportOptions(), ExportOptions("compact", False), ExportOptions(candidates=True)]
)
def test_solving_through_hcp_gives_the_solution_and_its_cycle(options: ExportOptions) -> None:
    puzzle = corpus("four_vu100.txt", 1, every=13)[0]
    solution = solve(puzzle)
    result = solve_through_hcp(puzzle, options, time_limit=60)
    assert result.status == "found"
    assert result.grid is not None
    assert result.cycle is not None
    assert solution is not None
    assert result.grid.values == solution.values
    directed = export_graph(puzzle, "directed")
    check_cycle(directed.dimension, directed.edges, result.cycle, directed=True)
    assert "found a Hamiltonian cycle of the directed graph" in result.message()


def test_the_export_itself_can_be_searched() -> None:
    puzzle = corpus("four_vu100.txt", 1, every=17)[0]
    result = solve_through_hcp(puzzle, ExportOptions(reduce=True), graph="export", time_limit=60)
    assert result.grid is not None
    assert result.grid.is_solved()
    assert f"reduced graph ({result.export.dimension:,} vertices" in result.message()


def test_the_newspaper_puzzle_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve-hcp", NEWSPAPER, "--time-limit", "60"]) == 0
    out = capsys.readouterr()
    solution = solve(parse_line(NEWSPAPER, "test"))
    assert solution is not None
    assert out.out.strip() == solution.to_line()
    assert "directed graph (4,799 vertices" in out.err


def test_no_cycle_in_time_names_the_sizes_and_the_time(
    hard: Grid, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["solve-hcp", hard.to_line(), "--graph", "export", "--time-limit", "0.5", "--workers", "1"]
    assert main(args) == 1
    err = capsys.readouterr().err
    export = export_graph(hard, reduce=True)
    sizes = f"{export.dimension:,} vertices, {len(export.edges):,} edges"
    assert f"no Hamiltonian cycle of the reduced graph ({sizes})" in err
    assert "within the time limit of 0.5 s" in err
    assert "s spent" in err


def test_cancel_stops_the_search_at_once(hard: Grid) -> None:
    export = export_graph(hard, reduce=True)
    token = CancelToken()
    ticks: list[float] = []
    threading.Timer(0.5, token.cancel).start()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        find_cycle(export.dimension, export.edges, time_limit=120, cancel=token, progress=ticks.append)
    assert time.monotonic() - started < 10
    assert ticks
    assert ticks == sorted(ticks)


def test_a_signal_during_the_search_stops_it_and_is_never_a_time_out(hard: Grid) -> None:
    """SIGINT sent once the search reports progress: CP-SAT must not take it (it used to, and call it a
    time-out); Python's KeyboardInterrupt comes out, and the search thread is gone by then."""
    export = export_graph(hard, reduce=True)

    def interrupt(_seconds: float) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        find_cycle(export.dimension, export.edges, time_limit=60, progress=interrupt)
    assert not [thread for thread in threading.enumerate() if thread.name == "cp-sat search"]


def test_the_written_tour_reads_back_through_import_tour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = corpus("four_vu100.txt", 1, every=11)[0].to_line()
    hcp, tour = str(tmp_path / "p.hcp"), str(tmp_path / "p.tour")
    assert main(["export-hcp", line, "-o", hcp, "--reduce", "--candidates"]) == 0
    assert main(["solve-hcp", line, "--candidates", "--tour", tour]) == 0
    solved = capsys.readouterr().out.strip()
    assert main(["import-tour", line, tour, "--hcp", hcp]) == 0
    assert capsys.readouterr().out.strip() == solved


def test_workers_left_open_are_one_on_the_directed_graph_and_two_on_an_undirected_one() -> None:
    assert worker_count(None, directed=True) == 1
    assert worker_count(None, directed=False) == 2
    assert worker_count(3, directed=True) == 3

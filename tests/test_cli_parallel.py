"""The shared batch runner without Dask: ``--jobs`` refused below 1, capped, and the output in input order."""

from __future__ import annotations

import concurrent.futures
import functools
from concurrent.futures import ProcessPoolExecutor
from typing import Any, ClassVar

import pytest

from sudoku_workbench.cli import _parallel, build_parser, main
from sudoku_workbench.cli._parallel import ordered_map
from tests.cluster_tasks import late_square
from tests.conftest import corpus_lines

BATCH = ["solve", "count", "logic", "rate", "soundness", "generate", "experiment eppstein", "hcp-stats"]


def subparser(name: str):
    parser = build_parser()
    for word in name.split():
        choices: Any = next(a for a in parser._actions if a.dest in ("command", "experiment")).choices
        parser = choices[word]
    return parser


@pytest.mark.parametrize("command", BATCH)
def test_every_batch_command_takes_jobs_and_cluster(command):
    options = subparser(command)._option_string_actions
    assert "--jobs" in options
    assert "--cluster" in options


def test_commands_without_jobs_get_no_cluster():
    assert "--cluster" not in subparser("check")._option_string_actions


@pytest.mark.parametrize("jobs", ["0", "-5"])
@pytest.mark.parametrize("command", BATCH)
def test_jobs_below_one_is_refused_by_the_parser(command, jobs, tmp_path, capsys):
    path = tmp_path / "one.txt"
    path.write_text(corpus_lines("top95.txt", 1)[0] + "\n", encoding="utf-8")
    needs_file = command not in ("generate", "experiment eppstein")
    argv = [*command.split(), *([str(path)] if needs_file else []), "--jobs", jobs]
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[0].endswith(f"argument --jobs: {jobs} is not a positive number (1 or more)")


class CountingPool(ProcessPoolExecutor):
    """The real pool, remembering how many workers each instance was asked for."""

    sizes: ClassVar[list[int]] = []

    def __init__(self, workers: int, **kwargs) -> None:
        CountingPool.sizes.append(workers)
        super().__init__(workers, **kwargs)


@pytest.fixture
def pools(monkeypatch):
    CountingPool.sizes = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", CountingPool)  # imported on first use
    return CountingPool.sizes


def test_jobs_are_capped_at_the_cpus(monkeypatch, pools):
    monkeypatch.setattr(_parallel, "usable_cpus", lambda: 3)
    assert list(ordered_map(abs, range(-40, 0), jobs=1000, chunk=2)) == list(range(40, 0, -1))
    assert pools == [3]


def test_jobs_are_capped_at_the_chunks(monkeypatch, pools):
    monkeypatch.setattr(_parallel, "usable_cpus", lambda: 64)
    assert list(ordered_map(abs, range(-30, 0), jobs=1000, chunk=10)) == list(range(30, 0, -1))
    assert pools == [3]


def test_thirty_puzzles_with_a_thousand_jobs_start_no_pool(monkeypatch, pools, tmp_path, capsys):
    monkeypatch.setattr(_parallel, "usable_cpus", lambda: 64)
    path = tmp_path / "thirty.txt"
    path.write_text("\n".join(corpus_lines("top95.txt", 30)) + "\n", encoding="utf-8")
    assert main(["solve", str(path), "--jobs", "1000"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 30
    assert pools == []  # one chunk of 32: answered here, no process started


def test_results_keep_the_input_order_when_chunks_finish_out_of_order(pools):
    items = [(value, 0.02 if value < 4 else 0.0) for value in range(12)]  # the first chunks are slowest
    assert list(ordered_map(late_square, items, jobs=2, chunk=2)) == [v * v for v in range(12)]
    assert pools == [2]


def test_the_stream_is_read_only_a_window_ahead(pools):
    pulled = []

    def stream():
        for value in range(1000):
            pulled.append(value)
            yield value, 0.0

    results = ordered_map(late_square, stream(), jobs=2, chunk=5)
    assert next(results) == 0
    assert len(pulled) <= 5 * (2 * 2 + 1)  # the window of 2 * jobs chunks, and the one topped up
    results.close()


def test_an_isolated_single_job_runs_in_a_worker(pools):
    assert list(ordered_map(functools.partial(pow, 2), range(5), jobs=1, chunk=1, isolate=True)) == [
        1,
        2,
        4,
        8,
        16,
    ]
    assert pools == [1]

"""Shared fixtures: the puzzle corpora, geometries, a seeded random generator.

The corpora are the public sets in ../shared/data when that folder sits beside the checkout (CI has
it); a bare clone uses the samples in tests/data instead (see its README), with each test's stride
scaled to the sample. Tests that need particular lines of the full sets skip with a reason there.
"""

from __future__ import annotations

import itertools
import json
import random
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_workbench.core import BOX_SHAPES, Geometry, Grid, geometry
from sudoku_workbench.formats.text import parse_line


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C as a terminal delivers it, even when the suite was started in a script's background.

    POSIX shells start background jobs with SIGINT ignored, Python then leaves it ignored, and so do the
    commands the tests start (a signal ignored at start stays ignored): the tests of Ctrl-C would wait
    for a stop that never comes.
    """
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"
SAMPLE_DATA = REPO / "tests" / "data"
HAVE_SHARED_DATA = SHARED_DATA.is_dir()
DATA = SHARED_DATA if HAVE_SHARED_DATA else SAMPLE_DATA
ARTIFACTS = REPO / "tests" / "artifacts"

#: Sets without a stated licence, replaced in tests/data by the workbench's own generated puzzles.
_STAND_INS = {
    "four_vu100.txt": "four_generated.txt",
    "sixteen_vu100.txt": "sixteen_generated.txt",
    "sixbysix_2x3_examples.txt": "sixbysix_generated.txt",
    "top95.txt": "top1465.txt",
    "norvig_hardest11.txt": "forum_hardest_1106.txt",
}
_HOW_TO_GET = "needs the full public sets in ../shared/data beside the checkout (see tests/data/README.md)"

needs_shared_data = pytest.mark.skipif(not HAVE_SHARED_DATA, reason=_HOW_TO_GET)


#: The user property under which a GUI test reports its longest UI-thread gap (tests/gui/conftest.py).
UI_STALL = "ui_stall"

#: Longest UI-thread gap (seconds) during each GUI test's body, by test id.
STALLS: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Gather the GUI tests' stalls from their reports, which pytest-xdist's workers send here too."""
    if report.when == "call":
        for name, value in report.user_properties:
            if name == UI_STALL and isinstance(value, float):
                STALLS[report.nodeid] = value


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The five GUI tests with the longest UI stall, and the file tests/artifacts/gui-stalls.txt."""
    if not STALLS:
        return
    worst = sorted(STALLS.items(), key=lambda kv: -kv[1])
    lines = [f"{gap * 1000:8.0f} ms  {test}" for test, gap in worst]
    terminalreporter.write_sep("-", f"longest UI stall per GUI test (top 5 of {len(worst)})")
    for line in lines[:5]:
        terminalreporter.write_line(line)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "gui-stalls.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _sample_strides() -> dict[str, int]:
    manifest = json.loads((SAMPLE_DATA / "sources.json").read_text(encoding="utf-8"))
    return {name: int(entry["stride"]) for name, entry in manifest.items()}


def data_file(name: str) -> Path:
    """The corpus file ``name``: the full public set, or its sample or stand-in in a bare clone."""
    if HAVE_SHARED_DATA:
        return SHARED_DATA / name
    path = SAMPLE_DATA / _STAND_INS.get(name, name)
    if not path.exists():
        pytest.skip(f"{name} {_HOW_TO_GET}")
    return path


def data_files() -> list[Path]:
    """Every corpus file of the data folder in use."""
    return sorted(DATA.glob("*.txt"))


def corpus_lines(name: str, count: int | None = None, every: int = 1) -> list[str]:
    """Puzzle lines of a corpus file: every ``every``-th line, at most ``count`` of them.

    On a sample the stride is divided by the sample's own, so the picks stay spread over it.
    """
    path = data_file(name)
    if not HAVE_SHARED_DATA:
        every = max(1, every // _sample_strides().get(path.name, 1))
    with path.open(encoding="utf-8") as handle:
        lines = (line.rstrip("\n") for line in itertools.islice(handle, 0, None, every))
        return list(itertools.islice((ln for ln in lines if ln.strip()), count))


def corpus(name: str, count: int | None = None, every: int = 1) -> list[Grid]:
    """Parsed puzzles of a corpus file (see :func:`corpus_lines`)."""
    return [parse_line(line, name, i) for i, line in enumerate(corpus_lines(name, count, every), 1)]


#: The corpus files of tests/data (what the differential tests of the compiled kernels walk).
SAMPLE_CORPORA = sorted(path.name for path in SAMPLE_DATA.glob("*.txt"))


def sparse_grid(n: int, givens: int, seed: int = 3) -> Grid:
    """``givens`` digits of the OK search's first N x N solution, in random cells: a near-empty puzzle."""
    from sudoku_workbench.core import geometry_for_size
    from sudoku_workbench.search.solve import solve

    geo = geometry_for_size(n)
    solution = solve(Grid.empty(geo))
    assert solution is not None
    grid = Grid.empty(geo)
    for cell in random.Random(seed).sample(range(geo.size), givens):
        grid = grid.with_given(cell, solution.values[cell])
    return grid


def spread_sample(name: str, count: int) -> list[Grid]:
    """``count`` puzzles of tests/data/``name`` spread evenly over the file (the same in any clone)."""
    lines = [line for line in (SAMPLE_DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    picked = [lines[i * len(lines) // count] for i in range(count)]
    return [parse_line(line, name, number) for number, line in enumerate(picked, 1)]


@pytest.fixture
def load_corpus() -> Callable[..., list[Grid]]:
    """``load_corpus("top95.txt", count=10, every=3)`` → parsed grids."""
    return corpus


@pytest.fixture(params=sorted(BOX_SHAPES.values()), ids=lambda s: f"{s[0]}x{s[1]}")
def any_geometry(request: pytest.FixtureRequest) -> Geometry:
    """Each supported box shape in turn."""
    rows, cols = request.param
    return geometry(rows, cols)


@pytest.fixture
def rng() -> random.Random:
    """A seeded generator, so every run draws the same 'random' cases."""
    return random.Random(20261121)


@pytest.fixture
def artifacts_dir() -> Path:
    """Where tests drop files meant for people to look at (screenshots, exports)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS

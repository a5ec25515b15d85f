"""Shared fixtures: the public corpora in ../shared/data, geometries, a seeded random generator."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_workbench.core import BOX_SHAPES, Geometry, Grid, geometry
from sudoku_workbench.formats.text import parse_line

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"
ARTIFACTS = REPO / "tests" / "artifacts"


def corpus_lines(name: str, count: int | None = None, every: int = 1) -> list[str]:
    """Puzzle lines of a corpus file: every ``every``-th line, at most ``count`` of them."""
    path = DATA / name
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: the shared data must sit beside the checkout")
    with path.open(encoding="utf-8") as handle:
        lines = (line.rstrip("\n") for line in itertools.islice(handle, 0, None, every))
        return list(itertools.islice((ln for ln in lines if ln.strip()), count))


def corpus(name: str, count: int | None = None, every: int = 1) -> list[Grid]:
    """Parsed puzzles of a corpus file (see :func:`corpus_lines`)."""
    return [parse_line(line, name, i) for i, line in enumerate(corpus_lines(name, count, every), 1)]


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

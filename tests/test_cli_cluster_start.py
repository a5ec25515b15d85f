"""How ``--cluster local:N`` starts: Dask imported without NumPy and frozen, the same lines as ``--jobs``.

Each test runs a fresh interpreter: the test process has imported Dask and NumPy long before, so
what the command's own start does could not be seen in it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from tests.conftest import REPO


def python(code: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    """``code`` in a new interpreter that finds this package (and ``paths`` before it)."""
    search = os.pathsep.join([*map(str, paths), str(REPO)])
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": search},
        cwd=REPO,
        timeout=120,
    )


def test_dask_is_imported_without_numpy_or_jinja2_which_still_load_when_asked_for():
    done = python(
        """
        import gc, sys
        from sudoku_workbench.cli._cluster import _import_distributed
        _import_distributed()
        print("distributed" in sys.modules, "numpy" in sys.modules, "jinja2" in sys.modules)
        print(gc.isenabled(), gc.get_count()[0] < 700, gc.get_freeze_count() > 10_000)
        import numpy, jinja2
        print(numpy.zeros(3).tolist(), jinja2.Template("{{ 6 * 7 }}").render())
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["True False False", "True True True", "[0.0, 0.0, 0.0] 42"]


def test_a_distributed_that_needs_numpy_is_imported_with_it(tmp_path):
    needy = tmp_path / "distributed"
    needy.mkdir()
    (needy / "__init__.py").write_text("import numpy\n", encoding="utf-8")
    done = python(
        """
        import sys
        from sudoku_workbench.cli._cluster import _import_distributed
        _import_distributed()
        print(sys.modules["distributed"].__file__, type(sys.modules["numpy"]).__name__)
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{needy / '__init__.py'} module"]


@pytest.mark.slow
def test_a_local_cluster_generates_the_lines_of_two_local_jobs():
    def generate(*where: str) -> subprocess.CompletedProcess[str]:
        argv = ["generate", "--count", "12", "--seed", "5", *where]
        return python(f"import sys; from sudoku_workbench.cli import main; sys.exit(main({argv!r}))")

    jobs, cluster = generate("--jobs", "2"), generate("--cluster", "local:2")
    assert jobs.returncode == cluster.returncode == 0, (jobs.stderr, cluster.stderr)
    assert len(jobs.stdout.splitlines()) == 12
    assert cluster.stdout == jobs.stdout
    assert cluster.stderr == ""

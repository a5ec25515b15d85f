"""Make this checkout's resources the ones under test.

An editable install of another checkout (a shared development venv) maps ``sudoku_workbench.resources``
to that checkout's folder; the reference tests must read the texts, examples and pictures beside the
code they check, so the package is loaded from ``REPO/resources`` when it would come from elsewhere.
"""

from __future__ import annotations

import importlib.util
import os
import sys

from tests.conftest import REPO

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _use_this_checkouts_resources() -> None:
    name = "sudoku_workbench.resources"
    here = REPO / "resources"
    spec = importlib.util.find_spec(name)
    if spec is not None and spec.origin is not None and str(here) in spec.origin:
        return
    spec = importlib.util.spec_from_file_location(
        name, here / "__init__.py", submodule_search_locations=[str(here)]
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


_use_this_checkouts_resources()

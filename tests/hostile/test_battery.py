"""The hostile battery, in this process: every case runs ``main(argv)`` with its streams replaced.

Each case must end with the documented exit code, no traceback and a message that says what is
wrong (and names the file where there is one); refused outputs leave the old file as it was.
Standard input or output closed is what Python gives a program started with ``<&-`` or ``>&-``
(``sys.stdin`` / ``sys.stdout`` set to None); ``test_streams.py`` checks the real thing in a few
subprocesses.
"""

from __future__ import annotations

import io
import os
import sys
import traceback
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from tests.hostile.cases import Case, all_cases
from tests.hostile.files import make_inputs

CASES = [pytest.param(c, id=c.id) for c in all_cases()]
#: What a refused target held before the run; it must still hold it after.
OLD = "the user's old file\n"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return make_inputs(tmp_path_factory.mktemp("hostile"))


def prepare_target(kind: str, folder: Path) -> tuple[str, Path | None]:
    """The ``{out}`` argument for a target kind, and the file whose old contents must survive."""
    if kind == "dash":
        return "-", None
    if kind == "long_name":
        return str(folder / ("y" * 300 + ".out")), None
    if kind == "missing_folder":
        return str(folder / "no such folder" / "out.txt"), None
    if kind == "empty_name":
        return "", None
    if kind == "a_folder":
        return str(folder), None
    if kind == "dev_full":
        return "/dev/full", None
    if kind == "symlink_loop":
        loop = folder / "loop"
        loop.symlink_to(loop)
        return str(loop), None
    kept = folder / "kept.out"
    kept.write_text(OLD)
    if kind == "read_only":
        kept.chmod(0o444)
    elif kind == "hard_link":
        os.link(kept, folder / "second name")
    elif kind == "other_owner":
        if os.geteuid() != 0:
            pytest.skip("giving a file to another user needs root")
        os.chown(kept, 54321, 54321)
    return str(kept), kept


def fill(case: Case, inputs: dict[str, str], out: str) -> list[str]:
    names = {**inputs, "out": out}
    argv = []
    for arg in case.argv:
        for key, value in names.items():
            arg = arg.replace(f"{{{key}}}", value)
        argv.append(arg)
    return argv


def blamed(case: Case, inputs: dict[str, str], out_arg: str) -> str:
    """What a refusal must name: the file at fault, standard input or output, or the option."""
    if case.category in ("numbers", "stdout"):
        return case.says
    if case.out_target:
        return out_arg or "''"
    if case.stdin is not None or case.closed_stdin:
        return "<stdin>"
    key = next(k for arg in case.argv for k in inputs if f"{{{k}}}" in arg)
    return inputs[key]


def run_case(case: Case, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of one in-process run; an escaping exception is a traceback."""
    saved_in, saved_out = sys.stdin, sys.stdout
    full = None
    if case.closed_stdin:
        sys.stdin = None  # type: ignore[assignment]
    elif case.stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(case.stdin))
    if case.stdout == "closed":
        sys.stdout = None  # type: ignore[assignment]
    elif case.stdout == "full":
        full = open("/dev/full", "w")  # noqa: SIM115 - closed below
        sys.stdout = full
    trace = ""
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        code, trace = -1, traceback.format_exc()
    finally:
        sys.stdin, sys.stdout = saved_in, saved_out
        if full is not None:
            try:
                full.close()
            except OSError:
                trace += "\n(unflushed output left for the interpreter's exit: a traceback there)"
    out, err = capsys.readouterr()
    return code, out, err + trace


@pytest.mark.parametrize("case", CASES)
def test_hostile_case(case: Case, inputs, tmp_path, capsys):
    out_arg, kept = prepare_target(case.out_target, tmp_path) if case.out_target else ("", None)
    argv = fill(case, inputs, out_arg)
    code, out, err = run_case(case, argv, capsys)
    assert "Traceback" not in err, err
    assert code == case.code, f"exit {code}, expected {case.code}; stderr: {err[-2000:]}"
    assert case.says.lower() in err.lower(), err
    if case.code == 2:
        assert err.strip(), "an error without a message"
        assert blamed(case, inputs, out_arg) in err, err
    if kept is not None:
        assert kept.read_text() == OLD, "the old file was replaced"
    if case.stdout_lines is not None:
        assert len(out.splitlines()) == case.stdout_lines, out
    assert case.stdout_has in out
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".sudoku-workbench-")]
    assert not leftovers, leftovers

"""Ctrl-C: every command exits 130 with one line on stderr and only complete lines on stdout."""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from sudoku_workbench.cli import build_parser, main

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _commands() -> list[str]:
    subparsers = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(subparsers.choices)


@pytest.mark.parametrize("command", _commands())
def test_an_interrupt_in_any_command_is_exit_130(command, monkeypatch, capsys):
    def interrupted(_args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    parsed = argparse.Namespace(command=command, run=interrupted)
    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", lambda *_args, **_kwargs: parsed)
    assert main([command]) == 130
    assert capsys.readouterr().err == f"sudoku-workbench {command}: interrupted\n"


def test_an_interrupt_while_the_parser_is_built_is_exit_130(monkeypatch, capsys):
    def interrupted(_argv: object = None) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("sudoku_workbench.cli.build_parser", interrupted)
    assert main(["count", "x"]) == 130
    assert capsys.readouterr().err == "sudoku-workbench: interrupted\n"


def _counting(puzzles: Path, limit: int) -> subprocess.Popen[str]:
    """``count --limit LIMIT`` of the file in a child process, its output read through pipes."""
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku_workbench", "count", "--limit", str(limit), str(puzzles)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("delay", [0.3, 1.5])
def test_ctrl_c_during_a_long_count_exits_130_without_an_abort(tmp_path, delay):
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(f"{EASY}\n{EASY}\n{'.' * 256}\n", encoding="utf-8")
    child = _counting(puzzles, 100_000_000)
    assert child.stdout is not None
    deadline = threading.Timer(60, child.kill)  # a count deaf to Ctrl-C fails here, never hangs the suite
    deadline.start()
    try:
        assert child.stdout.readline() == "1\n"  # the easy ones are counted: the blank 16x16 is running
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        # Read the rest through the same buffered file that readline used (communicate would bypass
        # it and lose a line that arrived together with the first).
        out = child.stdout.read()
        assert child.stderr is not None
        err = child.stderr.read()
    finally:
        deadline.cancel()
        if child.poll() is None:
            child.kill()
    assert child.wait(timeout=30) == 130, err
    assert err == "sudoku-workbench count: interrupted\n"
    assert out == "1\n"


def test_ctrl_c_during_a_band_count_exits_130(tmp_path):
    """A plain 9x9 file is counted in one compiled call (the band count): Ctrl-C stops it mid-way."""
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(f"{EASY}\n{'.' * 81}\n", encoding="utf-8")
    child = _counting(puzzles, 1_000_000_000)
    time.sleep(2)  # well into the blank grid's billion solutions (minutes of counting)
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130, err
    assert err == "sudoku-workbench count: interrupted\n"
    assert out == ""  # the batch is written whole or not at all


def test_the_interrupted_line_starts_after_a_progress_bar(monkeypatch, capsys):
    from sudoku_workbench.cli._progress import ProgressBar

    def interrupted(_args: argparse.Namespace) -> int:
        bar = ProgressBar(10, "puzzles", enabled=True)
        bar.advance()
        raise KeyboardInterrupt

    parsed = argparse.Namespace(command="experiment", run=interrupted)
    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", lambda *_args, **_kwargs: parsed)
    assert main(["experiment"]) == 130
    bar, message, end = capsys.readouterr().err.split("\n")
    assert bar.startswith("\r[")
    assert "1/10 puzzles" in bar
    assert (message, end) == ("sudoku-workbench experiment: interrupted", "")

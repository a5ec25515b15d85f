"""hcp-study: one row per puzzle and mode, a summary per mode, and an SVG with one mark per row."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from tests.conftest import data_file


def test_the_study_table_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "study.svg"
    four = str(data_file("four_vu100.txt"))
    args = ["hcp-study", four, "--limit", "3", "--every", "7", "--time-limit", "20"]
    assert main([*args, "--workers", "1", "--plot", str(plot), "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line.split("\t") for line in out if line[:1].isdigit()]
    assert [r[1] for r in rows] == ["givens", "local"] * 3
    assert {r[0] for r in rows} == {"1", "8", "15"}
    assert all(r[-1] == "found" for r in rows)
    givens_rows, local_rows = rows[0::2], rows[1::2]
    assert all(int(g[6]) >= int(c[6]) for g, c in zip(givens_rows, local_rows, strict=True))
    summary = {
        line.split("\t")[0]: line.split("\t")
        for line in out
        if line.startswith("# g") or line.startswith("# l")
    }
    assert summary["# givens"][1] == "3"
    assert summary["# givens"][4] == "100.0"
    svg = ET.parse(plot).getroot()
    marks = [c for c in svg.iter("{http://www.w3.org/2000/svg}circle") if c.get("r") == "3.5"]
    assert len(marks) == 2 * len(rows)  # each row is drawn in both panels


def test_min_givens_filters_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = tmp_path / "p.txt"
    lines = data_file("four_vu100.txt").read_text().splitlines()[:6]
    puzzles.write_text("\n".join(lines) + "\n")
    counts = [sum(c not in ".0" for c in line) for line in lines]
    threshold = sorted(counts)[3]
    args = ["hcp-study", str(puzzles), "--min-givens", str(threshold), "--time-limit", "20", "--quiet"]
    assert main(args) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines() if line[:1].isdigit()]
    assert {int(r[2]) for r in rows} <= {c for c in counts if c >= threshold}
    assert len(rows) == 2 * sum(c >= threshold for c in counts)


def test_the_study_table_in_csv_keeps_its_summary_apart(capsys: pytest.CaptureFixture[str]) -> None:
    import csv
    import io

    args = ["hcp-study", str(data_file("four_vu100.txt")), "--limit", "1", "--time-limit", "20", "--quiet"]
    assert main([*args, "--no-header"]) == 0
    text = [line.split("\t") for line in capsys.readouterr().out.splitlines() if not line.startswith("#")]
    assert main([*args, "--format", "csv"]) == 0
    out = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(out.out)))
    assert [row["mode"] for row in rows] == ["givens", "local"]
    assert [[v for k, v in row.items() if k != "seconds"] for row in rows] == [t[:7] + t[8:] for t in text]
    assert "# givens\t1\t" in out.err

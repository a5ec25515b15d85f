"""Choosing puzzles of the library: one filter (collection, SE band, level, technique, tag, text) as SQL.

The command line's ``library list|export|tag|rate`` and the window ask the same :class:`Selection`,
so a filter means the same thing everywhere. Rows come in collection order (the collection's name,
then the puzzle's position in it), one per membership: a puzzle in two collections is listed twice,
once under each.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["COLUMNS", "Entry", "Selection", "entries", "puzzle_ids"]

#: The fields of an :class:`Entry`, in order (the columns ``library list`` writes).
COLUMNS = (
    "collection",
    "number",
    "puzzle",
    "clues",
    "solutions",
    "se",
    "hodoku_score",
    "hodoku_level",
    "hardest",
    "tags",
    "canonical",
    "solved",
    "seconds",
)


@dataclass(frozen=True)
class Entry:
    """One puzzle of one collection, with what the library knows about it (None: not computed yet)."""

    collection: str
    number: int
    puzzle: str
    clues: int
    solutions: int | None
    se: float | None
    hodoku_score: int | None
    hodoku_level: str | None
    hardest: str | None
    tags: str
    canonical: str | None
    solved: bool
    seconds: float
    puzzle_id: int


@dataclass(frozen=True)
class Selection:
    """A filter; every field left as None matches everything."""

    collection: str | None = None
    se: tuple[float, float] | None = None
    level: str | None = None
    technique: str | None = None
    tag: str | None = None
    text: str | None = None
    unrated: bool = False
    solved: bool | None = None
    duplicates: bool = False
    limit: int | None = None

    def where(self) -> tuple[str, list[object]]:
        """The SQL condition over ``c`` (collections), ``p`` (puzzles), ``r`` (ratings), and its values."""
        parts: list[str] = []
        values: list[object] = []
        if self.collection is not None:
            parts.append("c.name = ?")
            values.append(self.collection)
        if self.se is not None:
            parts.append("r.se BETWEEN ? AND ?")
            values += list(self.se)
        if self.level is not None:
            parts.append("lower(r.hodoku_level) = lower(?)")
            values.append(self.level)
        if self.technique is not None:  # the hardest, or any technique the path took
            parts.append("(r.hardest = ? OR instr(',' || r.techniques || ',', ?) > 0)")
            values += [self.technique, f",{self.technique},"]
        if self.tag is not None:
            parts.append("EXISTS (SELECT 1 FROM tags t WHERE t.puzzle_id = p.id AND t.tag = ?)")
            values.append(self.tag)
        if self.text is not None:
            parts.append("(instr(p.line, ?) > 0 OR instr(coalesce(g.note, ''), ?) > 0)")
            values += [self.text, self.text]
        if self.unrated:
            parts.append("r.puzzle_id IS NULL")
        if self.solved is not None:
            parts.append("coalesce(g.solved, 0) = ?")
            values.append(int(self.solved))
        if self.duplicates:
            parts.append(
                "p.canonical IN (SELECT canonical FROM puzzles WHERE canonical IS NOT NULL "
                "GROUP BY canonical HAVING count(*) > 1)"
            )
        return (" WHERE " + " AND ".join(parts)) if parts else "", values


_FROM = (
    " FROM membership m JOIN collections c ON c.id = m.collection_id JOIN puzzles p ON p.id = m.puzzle_id"
    " LEFT JOIN ratings r ON r.puzzle_id = p.id LEFT JOIN progress g ON g.puzzle_id = p.id"
)


def entries(db: sqlite3.Connection, selection: Selection) -> Iterator[Entry]:
    """The selected puzzles, streamed in collection order."""
    where, values = selection.where()
    limit = f" LIMIT {int(selection.limit)}" if selection.limit is not None else ""
    query = (
        "SELECT c.name, m.position, p.line, p.clues, r.solutions, r.se, r.hodoku_score, r.hodoku_level,"
        " r.hardest, (SELECT group_concat(tag, ',') FROM tags t WHERE t.puzzle_id = p.id), p.canonical,"
        f" coalesce(g.solved, 0), round(coalesce(g.seconds, 0), 1), p.id{_FROM}{where}"
        f" ORDER BY c.name, m.position{limit}"
    )
    for row in db.execute(query, values):
        name, number, line, clues, solutions, se, score, level, hardest, tags, canonical, *rest = row
        solved, seconds, puzzle_id = rest
        yield Entry(
            name,
            number,
            line,
            clues,
            solutions,
            se,
            score,
            level,
            hardest,
            tags or "",
            canonical,
            bool(solved),
            seconds,
            puzzle_id,
        )


def puzzle_ids(db: sqlite3.Connection, selection: Selection) -> list[int]:
    """The distinct puzzles of the selection, in the order they are first met."""
    where, values = selection.where()
    limit = f" LIMIT {int(selection.limit)}" if selection.limit is not None else ""
    query = f"SELECT p.id, min(c.name || char(0) || printf('%012d', m.position)) AS o{_FROM}{where}"
    return [row[0] for row in db.execute(f"{query} GROUP BY p.id ORDER BY o{limit}", values)]

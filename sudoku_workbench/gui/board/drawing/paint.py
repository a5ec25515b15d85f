"""Colours by role for the board, for light and dark palettes."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette

__all__ = ["Colours", "is_dark"]


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is dark (a dark theme)."""
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.45


@dataclass(frozen=True)
class Colours:
    """What each role is painted with; highlights are translucent so they layer."""

    base: QColor
    line: QColor
    given: QColor
    entry: QColor
    candidate: QColor
    selection: QColor
    selection_line: QColor
    hover: QColor
    unit: QColor
    focus: QColor
    mark: QColor
    pattern: QColor
    placement: QColor
    placement_fill: QColor
    eliminated: QColor
    link: QColor
    chain: QColor
    digit_cell: QColor
    digit_option: QColor
    marker: tuple[QColor, QColor]
    #: A killer cage a step reads (its outline and sum), and a thermometer, arrow, dot or X/V.
    cage_used: QColor
    #: Thermometers (their bulb and thick line) and arrows (their thin line and bulb's outline).
    thermo: QColor
    arrow: QColor

    @classmethod
    def for_palette(cls, palette: QPalette) -> Colours:
        """Colours that read well on the palette's background."""
        dark = is_dark(palette)
        text = palette.color(QPalette.ColorRole.Text)
        return cls(
            base=QColor("#1e1f22") if dark else QColor("#ffffff"),
            line=text,
            given=text,
            entry=QColor("#6cb4ff") if dark else QColor("#1f5fbf"),
            candidate=QColor("#9aa0a6") if dark else QColor("#5f6368"),
            selection=QColor(80, 140, 255, 70),
            selection_line=QColor(60, 120, 255),
            hover=QColor(255, 140, 0),
            unit=QColor(255, 220, 80, 60 if dark else 80),
            focus=QColor(255, 170, 60, 90),
            mark=QColor(230, 40, 40, 110),
            pattern=QColor(70, 150, 255, 110),
            placement=QColor("#3ddc84") if dark else QColor("#138a36"),
            placement_fill=QColor(60, 200, 90, 70),
            eliminated=QColor("#ff5252") if dark else QColor("#d01010"),
            link=QColor("#c58af9") if dark else QColor("#7b1fa2"),
            chain=QColor(160, 90, 220, 120),
            digit_cell=QColor(40, 160, 220, 90),
            digit_option=QColor(40, 160, 220, 40),
            marker=(QColor(60, 190, 90, 150), QColor(235, 110, 40, 150)),
            cage_used=QColor("#ffa94d") if dark else QColor("#d9480f"),
            thermo=QColor("#4c5057") if dark else QColor("#cfcfcf"),
            arrow=QColor("#8d939a") if dark else QColor("#9a9a9a"),
        )

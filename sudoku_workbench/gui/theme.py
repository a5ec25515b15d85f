"""Light and dark palettes; the window starts with the system's choice and the View menu can switch."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

__all__ = ["apply_theme", "system_prefers_dark"]


def system_prefers_dark() -> bool:
    """True when the desktop asks for a dark colour scheme."""
    hints = QGuiApplication.styleHints()
    return bool(hints.colorScheme() == Qt.ColorScheme.Dark)


def apply_theme(app: QApplication, dark: bool) -> None:
    """Switch the whole application to a dark Fusion palette, or back to the style's own palette."""
    app.setStyle("Fusion")
    if not dark:
        app.setPalette(app.style().standardPalette())
        return
    palette = QPalette()
    role = QPalette.ColorRole
    for which, colour in (
        (role.Window, "#2b2d31"),
        (role.WindowText, "#e8eaed"),
        (role.Base, "#1e1f22"),
        (role.AlternateBase, "#2b2d31"),
        (role.Text, "#e8eaed"),
        (role.Button, "#3c3f44"),
        (role.ButtonText, "#e8eaed"),
        (role.Highlight, "#3d6fd9"),
        (role.HighlightedText, "#ffffff"),
        (role.ToolTipBase, "#3c3f44"),
        (role.ToolTipText, "#e8eaed"),
        (role.Mid, "#6b6f76"),
        (role.PlaceholderText, "#9aa0a6"),
    ):
        palette.setColor(which, QColor(colour))
    palette.setColor(QPalette.ColorGroup.Disabled, role.Text, QColor("#6b6f76"))
    palette.setColor(QPalette.ColorGroup.Disabled, role.ButtonText, QColor("#6b6f76"))
    app.setPalette(palette)

"""Help → Techniques reference: every rule with its text, source and pictured example.

The texts and examples come from :mod:`sudoku_workbench.logic.reference.techniques`; the picture is the stored
PNG when there is one, otherwise the example is drawn on the spot by the board view. The example's
explanation is produced by the rule itself, so the page shows what the code does.
"""

from __future__ import annotations

import html
import inspect

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.gui.techniques.pictures import example_step, render_example
from sudoku_workbench.logic.engine import Rule, rule_by_id
from sudoku_workbench.logic.reference.techniques import Technique, TechniqueError, picture, technique
from sudoku_workbench.logic.rule_table import TABLE

__all__ = ["TechniquesDialog", "open_techniques"]


class TechniquesDialog(QDialog):
    """A list of the rules (simplest first) beside a page for the chosen one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Techniques reference")
        self.entries = {rule.id: _entry(rule) for rule in TABLE}
        self.rules = QListWidget()
        self.rules.setAccessibleName("Techniques")
        for rule in TABLE:
            item = QListWidgetItem(f"{rule.name}  ({_level(rule)})")
            item.setData(Qt.ItemDataRole.UserRole, rule.id)
            self.rules.addItem(item)
        # The whole longest name and its level stay readable: the list is never narrower than they are.
        scroll = self.rules.verticalScrollBar().sizeHint().width()
        self.rules.setMinimumWidth(self.rules.sizeHintForColumn(0) + 2 * self.rules.frameWidth() + scroll + 8)
        self.page = QTextBrowser()
        self.page.setOpenExternalLinks(False)
        splitter = QSplitter()
        splitter.addWidget(self.rules)
        splitter.addWidget(self.page)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([self.rules.minimumWidth(), 640])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        layout.addWidget(buttons)
        self.rules.currentItemChanged.connect(self._chosen)
        self.resize(max(980, self.rules.minimumWidth() + 660), 720)
        if self.rules.count():
            self.rules.setCurrentRow(0)

    def show_rule(self, rule_id: str) -> None:
        """Select a rule's page."""
        for row in range(self.rules.count()):
            if self.rules.item(row).data(Qt.ItemDataRole.UserRole) == rule_id:
                self.rules.setCurrentRow(row)
                return

    def _chosen(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        rule_id = item.data(Qt.ItemDataRole.UserRole)
        entry = self.entries[rule_id]
        self.page.setHtml(self._page_html(entry) if entry else _missing_html(rule_id))

    def _page_html(self, entry: Technique) -> str:
        parts = [
            f"<h2>{html.escape(entry.name)}</h2>",
            f"<p><i>Level: {html.escape(_level(entry))}</i></p>",
            *(f"<p>{html.escape(p)}</p>" for p in entry.text.split("\n\n")),
            f"<p><b>Source:</b> {html.escape(entry.source)}</p>",
        ]
        if entry.example is not None:
            url = f"technique:{entry.rule_id}.png"
            image = self._picture(entry.rule_id)
            if image is not None:
                self.page.document().addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), image)
                parts.append(f'<p><img src="{url}"></p>')
            step = example_step(entry.rule_id)
            geo = entry.example.geometry
            parts.append(f"<h3>Example ({html.escape(geo.label)})</h3>")
            if step is not None:
                parts.append(f"<p>{html.escape(step.explanation)}</p>")
            if not entry.engine_first:
                parts.append(
                    "<p><small>Here a simpler rule would also apply; the engine only reaches this rule "
                    "when the simpler ones are exhausted.</small></p>"
                )
        return "\n".join(parts)

    @staticmethod
    def _picture(rule_id: str) -> QImage | None:
        data = picture(rule_id)
        if data is not None:
            image = QImage.fromData(data)
            if not image.isNull():
                return image
        return render_example(rule_id)


def _entry(rule: Rule) -> Technique | None:
    """The rule's reference entry, or None when the reference has no page for it yet."""
    try:
        return technique(rule.id)
    except TechniqueError:
        return None


def _missing_html(rule_id: str) -> str:
    """A rule without a page still gets its name, level and the finder's own summary."""
    rule = rule_by_id(rule_id)
    summary = (inspect.getdoc(rule.find) or "").split("\n\n")[0]
    return (
        f"<h2>{html.escape(rule.name)}</h2><p><i>Level: {html.escape(_level(rule))}</i></p>"
        f"<p>{html.escape(summary)}</p><p><small>The techniques reference has no page for this rule "
        "yet.</small></p>"
    )


def _level(item: Technique | Rule) -> str:
    return item.level.name.replace("_", " ").lower()


def open_techniques(parent: QWidget | None, rule_id: str | None = None) -> TechniquesDialog:
    """Show the reference (not modal, so the board stays usable) and return the dialog."""
    dialog = TechniquesDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if rule_id is not None:
        dialog.show_rule(rule_id)
    dialog.show()
    return dialog

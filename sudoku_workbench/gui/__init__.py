"""The workbench window (PySide6 and pyqtgraph); the only package that imports Qt."""

"""The graph pane and the search-tree view (pyqtgraph)."""

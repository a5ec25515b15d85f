"""Drawing a board with a QPainter, no widgets: layout, colours, lines, cages, constraints, links."""

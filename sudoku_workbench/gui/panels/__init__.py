"""The panes and docks around the board: steps, hints, digit bar, practice, study tools."""

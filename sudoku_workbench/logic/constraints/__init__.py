"""Explained rules for thermometers, arrows, kropki dots and XV pairs (see ``core.constraints``)."""

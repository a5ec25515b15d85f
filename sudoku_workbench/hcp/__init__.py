"""Haythorpe's reduction of Sudoku to the Hamiltonian cycle problem, and reading tours back.

``export.export_graph`` builds the graph of a puzzle (directed, undirected or compact, optionally
reduced); ``tour.grid_from_tour`` checks a tour against it and reads the solved grid back.
"""

"""Haythorpe's reduction of Sudoku to the Hamiltonian cycle problem, and reading tours back."""

"""Single-digit patterns: chains and rectangles on one digit, colouring, templates.

Skyscraper, 2-String Kite, Turbot fish, X-Chain, Empty Rectangle and their duals.
"""

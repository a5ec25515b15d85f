"""Chains and loops: alternating inference chains, nice loops, bivalue chains.

Also Eppstein's rules on the bilocation and bivalue graphs, with the words for their paths.
"""

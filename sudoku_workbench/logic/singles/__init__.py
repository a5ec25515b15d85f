"""Singles, locked candidates and subsets: the rules every solver starts with.

Also the locked pair and triple, Eppstein's local rules, chain and pile exclusion, Sue de Coq.
"""

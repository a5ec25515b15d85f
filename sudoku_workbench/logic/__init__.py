"""The deduction rules, the ordered rule table and the step engine (the Logic button).

Directly here: ``engine``, ``rule_table``, ``rule_types``, ``rule_choice``, ``hand_patterns``,
``singles_tally``. The rules live in rooms, one package per family, with the rating and the
reference above the engine and the shared helpers below the families (the import contract in
pyproject.toml keeps that order):

- ``singles`` (6): Singles, locked candidates and subsets: the rules every solver starts with. Also
  the locked pair and triple, Eppstein's local rules, chain and pile exclusion, Sue de Coq.
  ``local``, ``tuples``, ``locked_sets``, ``eppstein_local``, ``exclusion``, ``sue_de_coq``.
- ``fish`` (6): Fish on one digit: basic, finned and sashimi, Franken and Mutant, Siamese, Kraken.
  Eppstein's matching rules live here too: their digit rule is a fish of any size. ``basic_fish``,
  ``finned_fish``, ``complex_fish``, ``siamese_fish``, ``kraken_fish``, ``matching_rules``.
- ``digit_patterns`` (5): Single-digit patterns: chains and rectangles on one digit, colouring,
  templates. Skyscraper, 2-String Kite, Turbot fish, X-Chain, Empty Rectangle and their duals.
  ``single_digit``, ``empty_rectangle``, ``dual_patterns``, ``colouring``, ``templates``.
- ``wings`` (3): Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing, short patterns of few-candidate
  cells. ``wings``, ``short_wings``, ``wxyz_wing``.
- ``chains`` (9): Chains and loops: alternating inference chains, nice loops, bivalue chains. Also
  Eppstein's rules on the bilocation and bivalue graphs, with the words for their paths.
  ``aic_graph``, ``aic_search``, ``nice_loops``, ``bivalue_chains``, ``chain_text``, ``path_rules``,
  ``cycles``, ``bivalue_rules``, ``forcing_rules``.
- ``als`` (6): Almost locked sets: the sets of a position and the rules built on them. ALS-XZ,
  ALS-XY-Wing, ALS-XY-Chain and Death Blossom. ``als``, ``als_chain``, ``als_sets``, ``_als_links``,
  ``_bivalue_wings``, ``death_blossom``.
- ``uniqueness`` (3): Uniqueness: rules that hold only if the puzzle has exactly one solution.
  Unique and avoidable rectangles, with the rectangle helpers they share. ``uniqueness``,
  ``uniqueness_more``, ``_rectangles``.
- ``forcing`` (5): Forcing chains and nets: bit-mask propagation of assumptions and the rules that
  read it. ``forcing_chains``, ``forcing_nets``, ``forcing_story``, ``propagation``,
  ``_propagation_tables``.
- ``rating`` (3): Ratings: Sudoku Explainer's scale and solve path, HoDoKu's score and level.
  ``se_scale``, ``se_path``, ``hodoku_scale``.
- ``reference`` (3): What the program says about the rules: the techniques reference, practice,
  soundness. ``techniques``, ``practice``, ``soundness``.
- ``shared`` (7): What the rule families share, below all of them. Cell and digit text, unit places,
  memos, digit links, graph masks, a solve's memory, HoDoKu's facts. ``_text``, ``_positions``,
  ``_memos``, ``_digit_links``, ``chain_analysis``, ``solve_memory``, ``hodoku_steps``.
"""

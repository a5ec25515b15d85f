"""The rule table: every rule of the engine as one row, in the default order.

Adding a rule is one finder module and one row here (plus its page and example in
``resources/techniques``; a test fails without them). A row is a :class:`~.rule_types.Rule`:

    Rule(id, display name, family, level, finder,
         Se(base, growth, SE has it), hodoku(...) or hodoku_closest(..., why), source,
         one-solution premise, on by default, graph[, shape]),

The row's place is its default order: the engine applies the first rule, in this order, that finds a
step, so simpler rules come first. Rules that need one solution (``ONE``) run only when the user
assumes it; rules ``OFF`` by default are left out of the default set but can be enabled.
The cascade (:data:`RULES`), the SE and HoDoKu scales, the presets, the hand-pattern list, the
graph pane and the techniques reference all read this table.
"""

from __future__ import annotations

from sudoku_workbench.logic.als import als, als_chain, death_blossom
from sudoku_workbench.logic.chains import bivalue_chains, bivalue_rules, cycles, forcing_rules, nice_loops
from sudoku_workbench.logic.constraints import arrows, constraint_forcing, marks, thermometers
from sudoku_workbench.logic.digit_patterns import (
    colouring,
    dual_patterns,
    empty_rectangle,
    single_digit,
    templates,
)
from sudoku_workbench.logic.fish import (
    basic_fish,
    complex_fish,
    finned_fish,
    kraken_fish,
    matching_rules,
    siamese_fish,
)
from sudoku_workbench.logic.forcing import forcing_chains, forcing_nets
from sudoku_workbench.logic.killer import cage_forcing, combinations, rule_45
from sudoku_workbench.logic.rule_types import Family, Growth, Level, Rule, Se, Shape, Source
from sudoku_workbench.logic.shared.hodoku_steps import hodoku, hodoku_closest
from sudoku_workbench.logic.singles import (
    common_sight,
    eppstein_local,
    exclusion,
    local,
    locked_sets,
    sue_de_coq,
    tuples,
)
from sudoku_workbench.logic.uniqueness import uniqueness, uniqueness_more
from sudoku_workbench.logic.wings import short_wings, wings, wxyz_wing

__all__ = ["BILOCATION", "BIVALUE", "COVERED_BY", "RULES", "TABLE"]

#: The graphs a rule's steps are read on (the graph pane shows it).
BILOCATION, BIVALUE = "bilocation", "bivalue"

# Short names for the columns, so each row reads as a line of a table.
EASY, MEDIUM, HARD, VERY_HARD, FORCING = Level.EASY, Level.MEDIUM, Level.HARD, Level.VERY_HARD, Level.FORCING
FIXED, CHAIN, WALK, LINKS, CASES, NESTED = Growth
SE_HAS, SE_LACKS = True, False
ANY, ONE = False, True  # the premise: any puzzle, or only one with exactly one solution
ON, OFF = True, False
PAPER, PADS, HAND = Source.PAPER, Source.PADS, Source.HAND
HOUSES, BOXES, PLAIN, CAGES, SIGHT = Shape.HOUSES, Shape.BOXES, Shape.PLAIN, Shape.CAGES, Shape.SIGHT  # needs
THERMOS, ARROWS, MARKS, CONSTRAINTS = Shape.THERMOS, Shape.ARROWS, Shape.MARKS, Shape.CONSTRAINTS
F = Family
_LOOP = "HoDoKu finds these walks of strong and weak links as nice loops (X- or XY-cycles)"
_DUAL = (
    "HoDoKu finds it only with its option 'allow duals and siamese', off by default, and scores it as "
    "the single pattern"
)
_KILLER = "HoDoKu has no killer cages; the nearest in effort is its"
_MARKED = "HoDoKu has no thermometers, arrows, dots or XV; the nearest in effort is its"
_VARIANT = "HoDoKu has no variant shapes; on a classic grid this is its"
_FORCING = "a contradiction reached by following one assumption is HoDoKu's forcing chain"

# fmt: off
TABLE: tuple[Rule, ...] = (
    Rule(local.FULL_HOUSE, "Full house", F.SINGLES, EASY, local.full_house,
         Se(1.0, FIXED, SE_HAS), hodoku("FULL_HOUSE"), PAPER, ANY, ON, None),
    Rule(local.NAKED_SINGLE, "Naked single", F.SINGLES, EASY, local.naked_single,
         Se(2.3, FIXED, SE_HAS), hodoku("NAKED_SINGLE"), PAPER, ANY, ON, None),
    Rule(local.HIDDEN_SINGLE, "Hidden single", F.SINGLES, EASY, local.hidden_single,
         Se(1.2, FIXED, SE_HAS), hodoku("HIDDEN_SINGLE"), PAPER, ANY, ON, None),
    Rule(local.POINTING, "Pointing (box → line)", F.INTERSECTIONS, MEDIUM, local.pointing,
         Se(2.6, FIXED, SE_HAS), hodoku("LOCKED_CANDIDATES_1"), PAPER, ANY, ON, None),
    Rule(local.CLAIMING, "Claiming (line → box)", F.INTERSECTIONS, MEDIUM, local.claiming,
         Se(2.8, FIXED, SE_HAS), hodoku("LOCKED_CANDIDATES_2"), PAPER, ANY, ON, None),
    # Sukaku Explainer's variant rules: what pointing and claiming (and below, the naked pair) become
    # when cells also see along diagonals, windows or a knight's or king's move.
    Rule(common_sight.GENERALIZED_INTERSECTION, "Generalized intersection", F.INTERSECTIONS, MEDIUM,
         common_sight.generalized_intersection,
         Se(2.9, FIXED, SE_HAS), hodoku_closest("LOCKED_CANDIDATES_1", f"{_VARIANT} locked candidates"),
         HAND, ANY, ON, None, SIGHT),
    # Killer cages (our own SE values, SE has no cages: cage arithmetic between the singles and pairs).
    Rule(combinations.CAGE_COMBINATIONS, "Cage combinations", F.KILLER, MEDIUM,
         combinations.cage_combinations,
         Se(2.5, FIXED, SE_LACKS), hodoku_closest("LOCKED_CANDIDATES_1", f"{_KILLER} locked candidates"),
         HAND, ANY, ON, None, CAGES),
    Rule(combinations.CAGE_HOUSE, "Cage combinations and houses", F.KILLER, MEDIUM, combinations.cage_house,
         Se(2.7, FIXED, SE_LACKS), hodoku_closest("LOCKED_CANDIDATES_1", f"{_KILLER} locked candidates"),
         HAND, ANY, ON, None, CAGES),
    Rule(rule_45.RULE_45, "45 rule (innies and outies)", F.KILLER, MEDIUM, rule_45.rule_45,
         Se(2.9, FIXED, SE_LACKS), hodoku_closest("NAKED_PAIR", f"{_KILLER} naked pair"),
         HAND, ANY, ON, None, CAGES),
    Rule(marks.MARK_PAIRS, "Dot and XV pairs", F.CONSTRAINTS, MEDIUM, marks.mark_pairs,
         Se(2.3, FIXED, SE_LACKS), hodoku_closest("LOCKED_CANDIDATES_1", f"{_MARKED} locked candidates"),
         HAND, ANY, ON, None, MARKS),
    Rule(thermometers.THERMO_BOUNDS, "Thermometer bounds", F.CONSTRAINTS, MEDIUM, thermometers.thermo_bounds,
         Se(2.4, FIXED, SE_LACKS), hodoku_closest("LOCKED_CANDIDATES_1", f"{_MARKED} locked candidates"),
         HAND, ANY, ON, None, THERMOS),
    Rule(arrows.ARROW_BOUNDS, "Arrow bounds", F.CONSTRAINTS, MEDIUM, arrows.arrow_bounds,
         Se(2.6, FIXED, SE_LACKS), hodoku_closest("LOCKED_CANDIDATES_1", f"{_MARKED} locked candidates"),
         HAND, ANY, ON, None, ARROWS),
    Rule(locked_sets.LOCKED_PAIR, "Locked pair", F.INTERSECTIONS, MEDIUM, locked_sets.locked_pair,
         Se(2.8, FIXED, SE_HAS), hodoku("LOCKED_PAIR"), HAND, ANY, ON, None),
    Rule(locked_sets.LOCKED_TRIPLE, "Locked triple", F.INTERSECTIONS, MEDIUM, locked_sets.locked_triple,
         Se(3.6, FIXED, SE_HAS), hodoku("LOCKED_TRIPLE"), PAPER, ANY, ON, None),
    Rule(eppstein_local.HIDDEN_PAIR, "Hidden pair", F.SUBSETS, MEDIUM, eppstein_local.hidden_pair,
         Se(3.4, FIXED, SE_HAS), hodoku("HIDDEN_PAIR"), PAPER, ANY, ON, None),
    Rule(tuples.NAKED_PAIR, "Naked pair", F.SUBSETS, MEDIUM, tuples.naked_pair,
         Se(3.0, FIXED, SE_HAS), hodoku("NAKED_PAIR"), PAPER, ANY, ON, None),
    Rule(common_sight.GENERALIZED_NAKED_PAIR, "Generalized naked pair", F.SUBSETS, MEDIUM,
         common_sight.generalized_naked_pair,
         Se(3.0, FIXED, SE_HAS), hodoku_closest("NAKED_PAIR", f"{_VARIANT} naked pair"),
         HAND, ANY, ON, None, SIGHT),
    # Triples and quadruples are one rule; HoDoKu scores a quadruple 120 (hard), SE 5.0 (se_scale).
    Rule(tuples.NAKED_TUPLE, "Naked triple or quadruple", F.SUBSETS, HARD, tuples.naked_tuple,
         Se(3.6, FIXED, SE_HAS), hodoku("NAKED_TRIPLE"), PAPER, ANY, ON, None),
    Rule(basic_fish.X_WING, "X-Wing", F.BASIC_FISH, HARD, basic_fish.x_wing,
         Se(3.2, FIXED, SE_HAS), hodoku("X_WING"), PAPER, ANY, ON, None),
    Rule(basic_fish.SWORDFISH, "Swordfish", F.BASIC_FISH, HARD, basic_fish.swordfish,
         Se(3.8, FIXED, SE_HAS), hodoku("SWORDFISH"), PAPER, ANY, ON, None),
    Rule(basic_fish.JELLYFISH, "Jellyfish", F.BASIC_FISH, HARD, basic_fish.jellyfish,
         Se(5.2, FIXED, SE_HAS), hodoku("JELLYFISH"), PAPER, ANY, ON, None),
    Rule(single_digit.SKYSCRAPER, "Skyscraper", F.SINGLE_DIGIT, HARD, single_digit.skyscraper,
         Se(4.0, FIXED, SE_HAS), hodoku("SKYSCRAPER"), HAND, ANY, ON, BILOCATION),
    # A dual pattern comes just before its single form, so Logic reports the pair as one step. HoDoKu
    # reports duals only with "allow duals and siamese" (off by default) and scores them as the single.
    Rule(dual_patterns.DUAL_TWO_STRING_KITE, "Dual 2-String Kite", F.SINGLE_DIGIT, HARD,
         dual_patterns.dual_two_string_kite,
         Se(4.1, FIXED, SE_LACKS), hodoku_closest("TWO_STRING_KITE", _DUAL), HAND, ANY, ON, BILOCATION),
    Rule(single_digit.TWO_STRING_KITE, "2-String Kite", F.SINGLE_DIGIT, HARD, single_digit.two_string_kite,
         Se(4.1, FIXED, SE_HAS), hodoku("TWO_STRING_KITE"), HAND, ANY, ON, BILOCATION),
    Rule(single_digit.TURBOT_FISH, "Turbot fish", F.SINGLE_DIGIT, HARD, single_digit.turbot_fish,
         Se(4.2, FIXED, SE_HAS), hodoku("TURBOT_FISH"), HAND, ANY, ON, BILOCATION),
    Rule(dual_patterns.DUAL_EMPTY_RECTANGLE, "Dual Empty Rectangle", F.SINGLE_DIGIT, HARD,
         dual_patterns.dual_empty_rectangle,
         Se(4.3, FIXED, SE_LACKS), hodoku_closest("EMPTY_RECTANGLE", _DUAL), HAND, ANY, ON, BILOCATION,
         BOXES),
    Rule(empty_rectangle.EMPTY_RECTANGLE, "Empty Rectangle", F.SINGLE_DIGIT, HARD,
         empty_rectangle.empty_rectangle,
         Se(4.3, FIXED, SE_HAS), hodoku("EMPTY_RECTANGLE"), HAND, ANY, ON, BILOCATION, BOXES),
    Rule(single_digit.X_CHAIN, "X-Chain", F.CHAINS, HARD, single_digit.x_chain,
         Se(6.6, LINKS, SE_HAS), hodoku("X_CHAIN"), HAND, ANY, ON, BILOCATION),
    Rule(colouring.SIMPLE_COLOURING, "Simple colouring", F.COLOURING, HARD, colouring.simple_colouring,
         Se(6.5, CHAIN, SE_HAS), hodoku("SIMPLE_COLORS"), HAND, ANY, ON, BILOCATION),
    Rule(colouring.MULTI_COLOURING, "Multi-colouring", F.COLOURING, HARD, colouring.multi_colouring,
         Se(6.6, CHAIN, SE_HAS), hodoku("MULTI_COLORS"), HAND, ANY, ON, BILOCATION),
    # Siamese fish (sizes 2-4, one rule) come just before the finned fish they join, as the duals do.
    Rule(siamese_fish.SIAMESE_FISH, "Siamese fish", F.FINNED_FISH, HARD, siamese_fish.siamese_fish,
         Se(3.4, FIXED, SE_LACKS),
         hodoku_closest("FINNED_X_WING", "HoDoKu finds siamese fish only with its option 'allow duals and "
                        "siamese', off by default, and scores each as its finned fish (130 to 260)"),
         HAND, ANY, ON, None, BOXES),
    # Finned and sashimi forms are one rule each; HoDoKu scores sashimi 150 / 240 / 260.
    Rule(finned_fish.FINNED_X_WING, "Finned X-Wing", F.FINNED_FISH, HARD, finned_fish.finned_x_wing,
         Se(3.4, FIXED, SE_LACKS), hodoku("FINNED_X_WING"), HAND, ANY, ON, None, BOXES),
    Rule(finned_fish.FINNED_SWORDFISH, "Finned Swordfish", F.FINNED_FISH, HARD, finned_fish.finned_swordfish,
         Se(4.0, FIXED, SE_LACKS), hodoku("FINNED_SWORDFISH"), HAND, ANY, ON, None, BOXES),
    Rule(finned_fish.FINNED_JELLYFISH, "Finned Jellyfish", F.FINNED_FISH, HARD, finned_fish.finned_jellyfish,
         Se(5.4, FIXED, SE_LACKS), hodoku("FINNED_JELLYFISH"), HAND, ANY, ON, None, BOXES),
    Rule(wings.XY_WING, "XY-Wing", F.WINGS, HARD, wings.xy_wing,
         Se(4.2, FIXED, SE_HAS), hodoku("XY_WING"), PAPER, ANY, ON, None),
    Rule(short_wings.XYZ_WING, "XYZ-Wing", F.WINGS, HARD, short_wings.xyz_wing,
         Se(4.4, FIXED, SE_HAS), hodoku("XYZ_WING"), PADS, ANY, ON, None),
    Rule(short_wings.W_WING, "W-Wing", F.WINGS, HARD, short_wings.w_wing,
         Se(4.4, FIXED, SE_LACKS), hodoku("W_WING"), PADS, ANY, ON, None),
    Rule(bivalue_chains.REMOTE_PAIR, "Remote pair", F.CHAINS, HARD, bivalue_chains.remote_pair,
         Se(6.5, CHAIN, SE_HAS), hodoku("REMOTE_PAIR"), HAND, ANY, ON, BIVALUE),
    Rule(wxyz_wing.WXYZ_WING, "WXYZ-Wing", F.WINGS, HARD, wxyz_wing.wxyz_wing,
         Se(5.5, FIXED, SE_HAS),
         hodoku_closest("ALS_XZ", "HoDoKu has no WXYZ-Wing and finds it as an ALS-XZ"), HAND, ANY, ON, None),
    Rule(bivalue_chains.XY_CHAIN, "XY-Chain", F.CHAINS, HARD, bivalue_chains.xy_chain,
         Se(7.0, CHAIN, SE_HAS), hodoku("XY_CHAIN"), HAND, ANY, ON, BIVALUE),
    # Grouped nodes and almost locked sets are links too: HoDoKu's grouped nice loop scores 300.
    Rule(nice_loops.NICE_LOOP, "Nice loop / AIC", F.CHAINS, HARD, nice_loops.nice_loop,
         Se(7.0, CHAIN, SE_HAS), hodoku("NICE_LOOP"), HAND, ANY, ON, None),
    Rule(als.ALS_XZ, "ALS-XZ", F.ALS, HARD, als.als_xz,
         Se(5.5, FIXED, SE_HAS), hodoku("ALS_XZ"), HAND, ANY, ON, None),
    Rule(als.ALS_XY_WING, "ALS-XY-Wing", F.ALS, HARD, als.als_xy_wing,
         Se(6.0, FIXED, SE_LACKS), hodoku("ALS_XY_WING"), HAND, ANY, ON, None),
    # Chains of 4 or more sets; SE has none (its chains lack ALS nodes): between XY-Wing and Death Blossom.
    Rule(als_chain.ALS_XY_CHAIN, "ALS-XY-Chain", F.ALS, HARD, als_chain.als_xy_chain,
         Se(6.2, CHAIN, SE_LACKS), hodoku("ALS_XY_CHAIN"), HAND, ANY, ON, None),
    Rule(death_blossom.DEATH_BLOSSOM, "Death Blossom", F.ALS, HARD, death_blossom.death_blossom,
         Se(6.5, FIXED, SE_LACKS), hodoku("DEATH_BLOSSOM"), HAND, ANY, ON, None),
    Rule(sue_de_coq.SUE_DE_COQ, "Sue de Coq", F.ALS, HARD, sue_de_coq.sue_de_coq,
         Se(5.0, FIXED, SE_LACKS), hodoku("SUE_DE_COQ"), HAND, ANY, ON, None),
    # k digits in k cells is HoDoKu's hidden subset; left after the pairs, triples (quadruple: 150, hard).
    Rule(exclusion.PILE_EXCLUSION, "Pile Exclusion", F.MATCHING, HARD, exclusion.pile_exclusion,
         Se(4.0, FIXED, SE_HAS), hodoku("HIDDEN_TRIPLE"), PAPER, ANY, ON, None),
    Rule(exclusion.CHAIN_EXCLUSION, "Chain Exclusion", F.MATCHING, HARD, exclusion.chain_exclusion,
         Se(4.0, FIXED, SE_HAS),
         hodoku_closest("NAKED_QUADRUPLE", "a chain is a naked subset; those the tuple rules leave are "
                        "large"), PAPER, ANY, ON, None),
    Rule(matching_rules.DIGIT_MATCHING, "Digit matching rule", F.MATCHING, HARD,
         matching_rules.digit_matching,
         Se(5.0, FIXED, SE_HAS),
         hodoku_closest("SQUIRMBAG", "it reports the fish beyond the Jellyfish"), PAPER, ANY, ON, None),
    Rule(matching_rules.UNIT_MATCHING, "Unit matching rule", F.MATCHING, HARD,
         matching_rules.unit_matching,
         Se(5.0, FIXED, SE_HAS),
         hodoku_closest("NAKED_QUADRUPLE", "a Hall set of a unit is a subset, HoDoKu's largest is a "
                        "quadruple"), PAPER, ANY, ON, None),
    Rule(templates.DIGIT_TEMPLATE, "Digit templates", F.TEMPLATES, HARD, templates.digit_template,
         Se(6.9, FIXED, SE_LACKS), hodoku("TEMPLATE_DEL"), PADS, ANY, ON, None, BOXES),
    Rule(templates.TEMPLATE_SET, "Template set", F.TEMPLATES, HARD, templates.template_set,
         Se(6.9, FIXED, SE_LACKS), hodoku("TEMPLATE_SET"), HAND, ANY, OFF, None, BOXES),
    Rule(uniqueness.UNIQUE_RECTANGLE_1, "Unique rectangle type 1", F.UNIQUENESS, HARD,
         uniqueness.unique_rectangle_1,
         Se(4.5, FIXED, SE_HAS), hodoku("UNIQUENESS_1"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness.UNIQUE_RECTANGLE_2, "Unique rectangle type 2", F.UNIQUENESS, HARD,
         uniqueness.unique_rectangle_2,
         Se(4.6, FIXED, SE_HAS), hodoku("UNIQUENESS_2"), HAND, ONE, ON, None, PLAIN),
    # SE's type 3 is 4.5 + 0.1 per digit of its naked subset beyond one (4.6 is the pair's); its type 2
    # has no alignment test, so it covers type 5.
    Rule(uniqueness_more.UNIQUE_RECTANGLE_3, "Unique rectangle type 3", F.UNIQUENESS, HARD,
         uniqueness_more.unique_rectangle_3,
         Se(4.6, FIXED, SE_HAS), hodoku("UNIQUENESS_3"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness.UNIQUE_RECTANGLE_4, "Unique rectangle type 4", F.UNIQUENESS, HARD,
         uniqueness.unique_rectangle_4,
         Se(4.6, FIXED, SE_HAS), hodoku("UNIQUENESS_4"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness_more.UNIQUE_RECTANGLE_5, "Unique rectangle type 5", F.UNIQUENESS, HARD,
         uniqueness_more.unique_rectangle_5,
         Se(4.6, FIXED, SE_HAS), hodoku("UNIQUENESS_5"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness_more.UNIQUE_RECTANGLE_6, "Unique rectangle type 6", F.UNIQUENESS, HARD,
         uniqueness_more.unique_rectangle_6,
         Se(4.6, FIXED, SE_LACKS), hodoku("UNIQUENESS_6"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness.HIDDEN_RECTANGLE, "Hidden rectangle", F.UNIQUENESS, HARD, uniqueness.hidden_rectangle,
         Se(4.7, FIXED, SE_LACKS), hodoku("HIDDEN_RECTANGLE"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness.AVOIDABLE_RECTANGLE, "Avoidable rectangle", F.UNIQUENESS, HARD,
         uniqueness.avoidable_rectangle,
         Se(4.5, FIXED, SE_LACKS), hodoku("AVOIDABLE_RECTANGLE_1"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness_more.AVOIDABLE_RECTANGLE_2, "Avoidable rectangle type 2", F.UNIQUENESS, HARD,
         uniqueness_more.avoidable_rectangle_2,
         Se(4.6, FIXED, SE_LACKS), hodoku("AVOIDABLE_RECTANGLE_2"), HAND, ONE, ON, None, PLAIN),
    Rule(uniqueness.BUG_PLUS_ONE, "BUG+1", F.UNIQUENESS, HARD, uniqueness.bug_plus_one,
         Se(5.6, FIXED, SE_HAS), hodoku("BUG_PLUS_1"), HAND, ONE, ON, None, PLAIN),
    Rule(cycles.NONREPETITIVE_CYCLE, "Nonrepetitive cycle (bilocation)", F.GRAPH, VERY_HARD,
         cycles.find_bilocation_cycles,
         Se(6.5, WALK, SE_HAS), hodoku_closest("NICE_LOOP", _LOOP), PAPER, ANY, ON, BILOCATION),
    Rule(cycles.REPETITIVE_CYCLE, "Repetitive cycle (bilocation)", F.GRAPH, VERY_HARD,
         cycles.find_bilocation_repetitive_cycles,
         Se(6.6, WALK, SE_HAS), hodoku_closest("NICE_LOOP", _LOOP), PAPER, ANY, ON, BILOCATION),
    Rule(cycles.CONFLICTING_PATHS, "Conflicting paths (bilocation)", F.GRAPH, VERY_HARD,
         cycles.find_bilocation_conflicting_paths,
         Se(6.6, WALK, SE_HAS), hodoku_closest("NICE_LOOP", _LOOP), PAPER, ANY, ON, BILOCATION),
    Rule(bivalue_rules.BIVALUE_CYCLE, "Nonrepetitive cycle (bivalue)", F.GRAPH, VERY_HARD,
         bivalue_rules.find_bivalue_cycles,
         Se(6.5, WALK, SE_HAS), hodoku_closest("NICE_LOOP", _LOOP), PAPER, ANY, ON, BIVALUE, HOUSES),
    Rule(bivalue_rules.BIVALUE_REPETITIVE_CYCLE, "Repetitive cycle (bivalue)", F.GRAPH, VERY_HARD,
         bivalue_rules.find_bivalue_repetitive_cycles,
         Se(7.0, WALK, SE_HAS), hodoku_closest("NICE_LOOP", _LOOP), PAPER, ANY, ON, BIVALUE, HOUSES),
    Rule(bivalue_rules.BIVALUE_CONFLICTING_PATHS, "Conflicting paths (bivalue)", F.GRAPH, VERY_HARD,
         bivalue_rules.find_bivalue_conflicting_paths,
         Se(7.0, WALK, SE_HAS),
         hodoku_closest("XY_CHAIN", "two bivalue chains from one cell, HoDoKu's XY-chain"), PAPER, ANY, ON,
         BIVALUE, HOUSES),
    Rule(bivalue_rules.MIXED_CONFLICTING_PATHS, "Conflicting paths (mixed)", F.GRAPH, VERY_HARD,
         bivalue_rules.find_mixed_conflicting_paths,
         Se(7.0, WALK, SE_HAS), hodoku_closest("NICE_LOOP", _LOOP), PAPER, ANY, ON, None, HOUSES),
    Rule(forcing_rules.NONREPETITIVE_PATH, "Nonrepetitive path (PADS)", F.GRAPH, VERY_HARD,
         forcing_rules.find_nonrepetitive_paths,
         Se(7.0, WALK, SE_HAS), hodoku_closest("NICE_LOOP", _LOOP), PADS, ANY, ON, None, HOUSES),
    Rule(forcing_rules.FORCING_CONTRADICTION, "Forcing contradiction (PADS)", F.GRAPH, VERY_HARD,
         forcing_rules.find_forcing_contradictions,
         Se(7.0, WALK, SE_HAS), hodoku_closest("FORCING_CHAIN", _FORCING), PADS, ANY, ON, None, PLAIN),
    # Cage forcing: the forcing chains follow singles only; this one follows cage sums too (killer only).
    Rule(cage_forcing.CAGE_FORCING, "Cage forcing chain", F.KILLER, FORCING, cage_forcing.cage_forcing,
         Se(7.0, FIXED, SE_LACKS),
         hodoku_closest("FORCING_CHAIN", "HoDoKu has no killer cages; a contradiction reached by "
                        "following one assumption is its forcing chain"), HAND, ANY, ON, None, CAGES),
    # Constraint forcing: the same, following thermometers, arrows, dots and XV (those puzzles only).
    Rule(constraint_forcing.CONSTRAINT_FORCING, "Constraint forcing chain", F.CONSTRAINTS, FORCING,
         constraint_forcing.constraint_forcing,
         Se(7.0, FIXED, SE_LACKS),
         hodoku_closest("FORCING_CHAIN", "HoDoKu has no thermometers, arrows, dots or XV; a contradiction "
                        "reached by following one assumption is its forcing chain"), HAND, ANY, ON, None,
         CONSTRAINTS),
    # Kraken fish: where HoDoKu asks for them, just before the forcing chains, and off by default as
    # there; the forcing chains find what they find, and their search shares the chains' propagations.
    Rule(kraken_fish.KRAKEN_FISH, "Kraken fish", F.FINNED_FISH, FORCING, kraken_fish.kraken_fish,
         Se(8.0, CASES, SE_LACKS), hodoku("KRAKEN_FISH"), HAND, ANY, OFF, None),
    Rule(forcing_chains.CONTRADICTION_FORCING_CHAIN, "Contradiction forcing chain", F.FORCING, FORCING,
         forcing_chains.contradiction_forcing_chain,
         Se(7.0, CHAIN, SE_HAS), hodoku("FORCING_CHAIN"), Source.FORCING, ANY, ON, None),
    Rule(forcing_chains.CELL_FORCING_CHAIN, "Cell forcing chain", F.FORCING, FORCING,
         forcing_chains.cell_forcing_chain,
         Se(8.0, CASES, SE_HAS), hodoku("FORCING_CHAIN"), Source.FORCING, ANY, ON, None),
    Rule(forcing_chains.UNIT_FORCING_CHAIN, "Unit forcing chain", F.FORCING, FORCING,
         forcing_chains.unit_forcing_chain,
         Se(8.0, CASES, SE_HAS), hodoku("FORCING_CHAIN"), Source.FORCING, ANY, ON, None),
    Rule(forcing_chains.DYNAMIC_FORCING_CHAIN, "Dynamic forcing chain", F.FORCING, FORCING,
         forcing_chains.dynamic_forcing_chain,
         Se(8.5, CHAIN, SE_HAS), hodoku("FORCING_CHAIN"), Source.FORCING, ANY, ON, None),
    Rule(forcing_nets.FORCING_NET, "Forcing net", F.FORCING, FORCING, forcing_nets.forcing_net,
         Se(9.0, NESTED, SE_HAS), hodoku("FORCING_NET"), Source.FORCING, ANY, ON, None),
    # Franken and Mutant fish close the table: HoDoKu asks for them just before its forcing chains, but
    # their search costs tens of milliseconds per digit, which there made Logic 2.2 times (Franken) and
    # 4.9 times (both) slower on top1465. Here the cascade reaches them only when forcing finds nothing,
    # so their level is the forcing rules'; a user's order can move them earlier. Each row is one rule
    # for a HoDoKu family of sizes 2-4, finned or not (SE has neither: above its Jellyfish, below chains).
    Rule(complex_fish.FRANKEN_FISH, "Franken fish", F.COMPLEX_FISH, FORCING, complex_fish.franken_fish,
         Se(5.5, FIXED, SE_LACKS),
         hodoku_closest("FRANKEN_SWORDFISH", "one rule for HoDoKu's Franken fish of sizes 2-4, finned or "
                        "not; left out of the hodoku preset, whose path would run it before the forcing "
                        "chains"), HAND, ANY, ON, None),
    Rule(complex_fish.MUTANT_FISH, "Mutant fish", F.COMPLEX_FISH, FORCING, complex_fish.mutant_fish,
         Se(6.0, FIXED, SE_LACKS),
         hodoku_closest("MUTANT_SWORDFISH", "one rule for HoDoKu's Mutant fish of sizes 2-4, finned or "
                        "not"), HAND, ANY, ON, None),
)
# fmt: on

#: The default rule set, simplest first: the rows on by default that hold for every puzzle.
RULES: tuple[Rule, ...] = tuple(rule for rule in TABLE if rule.on and not rule.one_solution)

#: Rules whose every step comes with a step of each rule set beside them (a lemma each, with a randomized
#: test): a cascade that asks those rules first, or SE's path that takes the cheapest step, never takes a
#: step from them, so neither asks them. The unit matching rule removes a candidate that lies on no
#: perfect matching of its unit; with three or more open cells, Chain Exclusion's search from the cell
#: matched to that digit cannot reach the candidate's cell (the two would close an alternating cycle, a
#: perfect matching through the candidate), so it removes the candidate; with two open cells, the other
#: cell has that digit alone, a naked single.
COVERED_BY: dict[str, frozenset[str]] = {
    matching_rules.UNIT_MATCHING: frozenset({exclusion.CHAIN_EXCLUSION, local.NAKED_SINGLE}),
}

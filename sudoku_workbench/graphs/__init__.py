"""Link graphs of a position and the algorithms on them (networkx lives here)."""

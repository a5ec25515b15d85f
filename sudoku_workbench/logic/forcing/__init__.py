"""Forcing chains and nets: bit-mask propagation of assumptions and the rules that read it."""

"""Pure Python shared by the pure cores (pairing, standings, TRF): no Django."""

"""Models of the tournaments app: tournaments, entries, rounds, pairings, results (none yet)."""

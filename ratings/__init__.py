"""Club ratings (issue 31): FIDE-style Elo and Glicko-2 over the tournaments' results.

The pure arithmetic is ``ratings.core`` (plain Python, no Django). The app's Django side: the
lists and their data (``models``), the bridge from the tournaments' results to the core's game
records (``sources``) and the one owner of the derived ratings (``services.rebuild``).
docs/ratings.md says what is computed and how results move ratings.
"""

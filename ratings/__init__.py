"""Club ratings (issue 31): FIDE-style Elo and Glicko-2 over the tournaments' results.

For now only the pure core exists (``ratings.core``: plain Python over plain game records, no
Django). The app's Django side — the rating lists, their pages, tie-breaks by rating, import and
export — comes later with the rest of issue 31; until then this package is not a Django app (it
is not in ``INSTALLED_APPS``). docs/ratings.md says what the core computes.
"""

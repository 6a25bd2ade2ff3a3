"""Puzzles from the club's own games: positions of finished games where the exact solvers prove
one winning move (or one move making the most SOSs at once) that the player missed.

- :mod:`games.puzzles.models` — :class:`Puzzle` and the visitors' :class:`PuzzleAttempt`;
- :mod:`games.puzzles.making` — finding them in finished games (``manage.py make_puzzles`` and the
  worker after each analysed game), with :func:`games.engine.puzzles.find_puzzle`;
- :mod:`games.puzzles.solving` — an answer to a puzzle (counted once per visitor), the rates and
  the daily puzzle;
- :mod:`games.puzzles.views` — the list, a puzzle's page.

``docs/puzzles.md`` says how they are made and checked.
"""

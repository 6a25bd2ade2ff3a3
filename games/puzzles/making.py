"""Finding puzzles in finished games: :func:`puzzles_from_game` (one game, called by the worker
after each analysed game) and :func:`make_puzzles` (``manage.py make_puzzles``).

Each position of the game is handed to :func:`games.engine.puzzles.find_puzzle` with the move
the game went on with; the solvers spend at most ``nodes`` nodes on it (a node budget, not a
time limit: the same game gives the same puzzles on every machine). A position already a puzzle
(the same marks, turn, scores and rules, from whatever game) is not searched again and never
saved twice: ``Puzzle.position_key`` is unique.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction

from games.device_models import DeviceGame
from games.engine.puzzles import DEFAULT_NODES, Found, find_puzzle, position_key
from games.models import ENDED_STATUSES, Game
from games.puzzles.models import Puzzle


def puzzles_from_game(
    game: Game, *, nodes: int = DEFAULT_NODES, limit: int | None = None
) -> list[Puzzle]:
    """The new puzzles found in ``game``'s positions (none unless it is finished), at most
    ``limit``. A game played on one device (private to its owner) gives none, nor does one with
    a seat out on time (its positions after that are not a puzzle's turn order)."""
    if game.status not in ENDED_STATUSES or game.out_seats:
        return []
    if DeviceGame.objects.filter(game=game).exists():
        return []
    moves = game.moves_list
    rules = game.rules
    states = [rules.start()]
    for notation in moves[:-1]:
        states.append(rules.play(states[-1], notation))
    keys = [position_key(rules, state) for state in states]
    known = set(Puzzle.objects.filter(position_key__in=keys).values_list("position_key", flat=True))
    made: list[Puzzle] = []
    for ply, (state, key, played) in enumerate(zip(states, keys, moves, strict=True)):
        if key in known:
            continue
        found = find_puzzle(rules, state, played, nodes=nodes)
        if found is None:
            continue
        puzzle = _save(game, ply, key, found)
        known.add(key)
        if puzzle is not None:
            made.append(puzzle)
            if limit is not None and len(made) >= limit:
                break
    return made


def _save(game: Game, ply: int, key: str, found: Found) -> Puzzle | None:
    """The puzzle saved, or ``None`` when its position was saved meanwhile (by another worker)."""
    try:
        with transaction.atomic():
            return Puzzle.objects.create(
                game=game,
                ply=ply,
                seat=found.seat,
                kind=found.kind,
                depth=found.depth,
                points=found.points,
                solution=found.solution,
                position_key=key,
            )
    except IntegrityError:
        return None


def make_puzzles(
    games: Iterable[Game], *, limit: int | None = None, nodes: int = DEFAULT_NODES
) -> list[Puzzle]:
    """The new puzzles of ``games`` (finished ones; the others are skipped), at most ``limit``."""
    made: list[Puzzle] = []
    for game in games:
        left = None if limit is None else limit - len(made)
        if left is not None and left <= 0:
            break
        made += puzzles_from_game(game, nodes=nodes, limit=left)
    return made


def finished_games() -> Iterable[Game]:
    """The finished games with moves, oldest first (what ``make_puzzles`` scans)."""
    games = Game.objects.filter(status__in=ENDED_STATUSES, ply__gt=0, device__isnull=True)
    return games.order_by("pk").iterator(100)

"""Answering a puzzle: :func:`answer` checks a move against the one solution and counts the
visitor's first answer (one attempt a user, or a session, per puzzle); :func:`with_rates` adds how
often a puzzle is solved; :func:`daily` is the day's puzzle, the same all day."""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from games.engine.puzzles import position_key
from games.errors import MoveRefused
from games.puzzles.models import Puzzle, PuzzleAttempt
from games.rules import MoveError


@dataclass(frozen=True)
class Answer:
    """A visitor's answer: the move (canonical notation), right or not, and whether this
    answer was the one counted (his first)."""

    move: str
    solved: bool
    counted: bool


def position(puzzle: Puzzle) -> Any | None:
    """The puzzle's position (the rules' state), ``None`` if its game's moves no longer lead to
    it."""
    game = puzzle.game
    moves = game.moves_list
    if len(moves) <= puzzle.ply:
        return None
    state = game.rules.replay(moves[: puzzle.ply])
    if position_key(game.rules, state) != puzzle.position_key:
        return None
    return state


def canonical_move(puzzle: Puzzle, state: Any, notation: str) -> str:
    """``notation`` as the rules write it; :class:`MoveRefused` (translated) if illegal."""
    rules = puzzle.game.rules
    try:
        return rules.play(state, notation).moves[-1]
    except MoveError as err:
        raise MoveRefused.from_engine(err) from None


def answer(*, puzzle: Puzzle, state: Any, notation: str, user: Any, session_key: str) -> Answer:
    """Check ``notation`` at ``state`` (the puzzle's position) and count it when it is the
    visitor's first answer to this puzzle (``user`` when logged in, else ``session_key``)."""
    move = canonical_move(puzzle, state, notation)
    solved = move == puzzle.solution
    signed_in = user is not None and user.is_authenticated
    who = {"user": user} if signed_in else {"user": None, "session_key": session_key}
    if not signed_in and not session_key:
        return Answer(move, solved, False)
    try:
        with transaction.atomic():
            _, counted = PuzzleAttempt.objects.get_or_create(
                puzzle=puzzle, **who, defaults={"move": move, "solved": solved}
            )
    except IntegrityError:  # answered at the same moment in another request
        counted = False
    return Answer(move, solved, counted)


def with_rates(puzzles: QuerySet[Puzzle]) -> QuerySet[Puzzle]:
    """``puzzles`` with ``tries`` (visitors who answered) and ``solves`` (right at first)."""
    return puzzles.annotate(
        tries=Count("attempts"), solves=Count("attempts", filter=Q(attempts__solved=True))
    )


def daily(day: datetime.date | None = None) -> Puzzle | None:
    """The puzzle of ``day`` (today by default): chosen by a digest of the date among the
    puzzles made before that day (all of them while none was), so it stays the same all day."""
    day = day or timezone.localdate()
    start = timezone.make_aware(datetime.datetime.combine(day, datetime.time()))
    pool = Puzzle.objects.filter(created_at__lt=start).order_by("pk")
    count = pool.count()
    if not count:
        pool = Puzzle.objects.order_by("pk")
        count = pool.count()
        if not count:
            return None
    index = int(hashlib.sha1(day.isoformat().encode()).hexdigest(), 16) % count
    return pool.select_related("game")[index]

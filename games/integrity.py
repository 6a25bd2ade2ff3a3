"""The integrity check of the stored games: each game's moves against the rules engine.

``game_problems`` lists every inconsistency between the games and their moves: moves numbered
1…n without gaps or repeats, each legal for the seat to move when replayed through the rules
engine, and the game's cached ply, status and recorded result in line with the replay.
``manage.py check_integrity`` runs it on demand, ``manage.py restore`` before committing a
restore, the load benchmark after a load; page views never do (they show the replay of the
moves, the one record).

Apps above ``games`` add checks of their own records with :func:`register_integrity_check`
(in their ``AppConfig.ready()``); :func:`integrity_problems` is the games' problems and theirs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from django.db import DEFAULT_DB_ALIAS
from django.utils.translation import gettext as _

from games import endings, kinds
from games.models import ACTIVE_STATUSES, Game, GameStatus, Move
from games.rules import MoveError

# Checks of the apps above games: uid -> a function of the database alias giving its problems.
IntegrityCheck = Callable[[str], list[str]]
_CHECKS: dict[str, IntegrityCheck] = {}


def register_integrity_check(check: IntegrityCheck, *, uid: str) -> None:
    """Add ``check`` (the problems it finds in a database, ``[]`` if none) to
    :func:`integrity_problems`; registering the same ``uid`` again replaces it."""
    _CHECKS[uid] = check


def integrity_problems(using: str = DEFAULT_DB_ALIAS) -> list[str]:
    """The games' problems (:func:`game_problems`), then those of each registered check."""
    problems = game_problems(using)
    for check in _CHECKS.values():
        problems.extend(check(using))
    return problems


def game_problems(using: str = DEFAULT_DB_ALIAS) -> list[str]:
    """Every inconsistency between the games and their moves; ``[]`` when all is well.

    For each game: its moves are numbered 1…n without gaps or repeats, ``n`` is the game's
    ``ply``, each move is legal for the seat that the rules say is to move (with its canonical
    notation and, for SOS, its points), and the status and the recorded result of a game the
    engine ended agree with the replay.
    """
    moves: dict[int, list[tuple[int, int, str, int]]] = defaultdict(list)
    rows = (
        Move.objects.using(using)
        .order_by("game_id", "ply", "pk")
        .values_list("game_id", "ply", "seat", "notation", "points")
    )
    for game_id, ply, seat, notation, points in rows.iterator(chunk_size=5000):
        moves[game_id].append((ply, seat, notation, points))
    problems: list[str] = []
    for game in Game.objects.using(using).order_by("pk").iterator(chunk_size=500):
        problems.extend(_problems_of(game, moves.pop(game.pk, [])))
    for game_id in sorted(moves):
        problems.append(_("Moves of game %(game)s, which does not exist.") % {"game": game_id})
    return problems


def problems_of_game(game: Game) -> list[str]:
    """The inconsistencies of one game (as :func:`game_problems` lists them); ``[]`` if none."""
    moves = list(
        Move.objects.using(game._state.db or DEFAULT_DB_ALIAS)
        .filter(game_id=game.pk)
        .order_by("ply", "pk")
        .values_list("ply", "seat", "notation", "points")
    )
    return _problems_of(game, moves)


def _problems_of(game: Game, moves: list[tuple[int, int, str, int]]) -> list[str]:
    where = _("Game %(game)s") % {"game": game.pk}
    plies = [ply for ply, *_rest in moves]
    if plies != list(range(1, len(plies) + 1)):
        repeated = sorted({p for p in plies if plies.count(p) > 1})
        missing = sorted(set(range(1, max(plies, default=0) + 1)) - set(plies))
        return [
            _(
                "%(game)s: its moves are not numbered 1…n "
                "(repeated: %(repeated)s; missing: %(missing)s)."
            )
            % {"game": where, "repeated": repeated or "—", "missing": missing or "—"}
        ]
    problems = []
    if game.ply != len(moves):
        problems.append(
            _("%(game)s: it says %(ply)s moves were played, but it has %(count)s.")
            % {"game": where, "ply": game.ply, "count": len(moves)}
        )
    try:
        rules = game.rules
    except ValueError as err:
        return [*problems, f"{where}: {err}"]
    state = rules.start()
    out = list(game.out_seats)  # seats out of the game (their time ran out), by ply
    for ply, seat, notation, points in moves:
        while out and out[0][1] < ply:
            state = rules.retire(state, out.pop(0)[0])
        to_move = rules.to_move(state)
        if seat != to_move:
            problems.append(
                _(
                    "%(game)s, move %(ply)s: played by seat %(seat)s, "
                    "but seat %(to_move)s was to move."
                )
                % {"game": where, "ply": ply, "seat": seat, "to_move": to_move}
            )
        try:
            state = rules.play(state, notation)
        except MoveError as err:
            problems.append(
                _("%(game)s, move %(ply)s (%(move)s) is refused by the rules: %(error)s")
                % {"game": where, "ply": ply, "move": notation, "error": err.message}
            )
            return problems
        if state.moves[-1] != notation:
            problems.append(
                _(
                    "%(game)s, move %(ply)s: stored as %(move)s, "
                    "not in its canonical form %(canonical)s."
                )
                % {"game": where, "ply": ply, "move": notation, "canonical": state.moves[-1]}
            )
        if kinds.of(game).points and state.points[-1] != points:
            problems.append(
                _(
                    "%(game)s, move %(ply)s: stored with %(stored)s points, "
                    "the rules give %(points)s."
                )
                % {"game": where, "ply": ply, "stored": points, "points": state.points[-1]}
            )
    for gone, _ply in out:
        state = rules.retire(state, gone)
    return problems + _outcome_problems(game, where, state, len(moves))


# How a game's clock ends it (``games.timekeeping.end_by_clock``) before its moves do.
CLOCK_ENDS = (endings.TIME, endings.FORFEIT, endings.DOUBLE_FORFEIT)


def _outcome_problems(game: Game, where: str, state: object, count: int) -> list[str]:
    """The game's decided outcome and status against the replay of its moves."""
    outcome = game.rules.outcome(state)
    if game.status == GameStatus.FINISHED:
        if outcome is None and game.end_reason in CLOCK_ENDS and game.time_control:
            pass  # lost on time or forfeited: the clock ended it before the moves did
        elif outcome is None:
            return [
                _("%(game)s: it is marked finished, but its %(count)s moves do not end it.")
                % {"game": where, "count": count}
            ]
        elif list(outcome.winners) != game.winners or outcome.reason != game.end_reason:
            return [
                _("%(game)s: its recorded result differs from the end of its %(count)s moves.")
                % {"game": where, "count": count}
            ]
    elif game.status in ACTIVE_STATUSES:
        if outcome is not None:
            return [
                _("%(game)s: it is open, but its %(count)s moves have ended it.")
                % {"game": where, "count": count}
            ]
        if game.winners is not None:
            return [_("%(game)s: it is open, but has a winner.") % {"game": where}]
    if count and game.final_position is not None:
        return [
            _("%(game)s: it has both moves and a final position recorded without moves.")
            % {"game": where}
        ]
    return []

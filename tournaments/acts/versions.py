"""Versions, locks and snapshots: what an act on a result is based on and what it records.

An act is based on the *version* the arbiter saw (``version_of``: the game's ply and the number of
records of the pairing, or of the game outside tournaments; an entry's: ``entry_version``),
carried by the form, and is refused as already done (``stale``) when that version is gone
(``check_version``). Rows are locked pairing first, then game, everywhere (``lock``); a record's
before and after are ``snapshot``s. Used by the act skeleton (``tournaments.acts.skeleton``), the
results service (``tournaments.acts.results``) and the acts built on them.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from common.posted import BadInput
from games.models import Game
from tournaments import scores as S
from tournaments.errors import TournamentError
from tournaments.models import Entry, Pairing, ResultRecord


def stale() -> TournamentError:
    return TournamentError(
        _("Already done: the game has changed since you saw it. Look at it again."), "stale"
    )


# -- Versions ------------------------------------------------------------------------------------


def records_of(*, game: Game | None = None, pairing: Pairing | None = None) -> QuerySet:
    """The records of ``pairing`` (of every game it had), or of ``game`` outside tournaments."""
    if pairing is not None:
        return ResultRecord.objects.filter(pairing_id=pairing.pk)
    if game is not None:
        return ResultRecord.objects.filter(game_id=game.pk)
    return ResultRecord.objects.none()


def version_of(*, game: Game | None = None, pairing: Pairing | None = None) -> str:
    """The version an arbiter sees: ``"<ply>.<records>"``."""
    ply = game.ply if game is not None else 0
    return make_version(ply, records_of(game=game, pairing=pairing).count())


def make_version(ply: int, records: int) -> str:
    """The version of a game at ``ply`` moves whose pairing (or itself) has ``records``."""
    return f"{ply}.{records}"


def parse_version(text: object) -> tuple[int, int] | None:
    """``(ply, records)`` from a version, or ``None`` when it is not one."""
    parts = str(text).strip().split(".")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def malformed_version() -> BadInput:
    """A version that is none (a form tampered with or broken): a 400, never "no check"."""
    return BadInput(_("This form is out of date: open the page again."))


def check_version(expected: str | None, *, game: Game | None, pairing: Pairing | None) -> None:
    """Refuse the act (``stale``) when the version it was based on is gone, and as a bad request
    (``BadInput``, a 400) when ``expected`` is not a version at all. ``None``: the caller
    checks otherwise (an import's plan, an admin's bulk action)."""
    if expected is None:
        return
    if parse_version(expected) is None:
        raise malformed_version()
    if expected != version_of(game=game, pairing=pairing):
        raise stale()


def expected_ply(expected: str | None) -> int | None:
    parsed = parse_version(expected) if expected is not None else None
    return parsed[0] if parsed else None


# -- Locks and snapshots -------------------------------------------------------------------------


def entry_version(entry: Entry) -> str:
    """The version a withdrawal form carries: the round the player is withdrawn from, or 0."""
    return str(entry.withdrawn_from_round or 0)


def check_entry_version(expected: str | None, entry: Entry) -> None:
    """:func:`check_version` for an act on an entry (a withdrawal, a reinstatement)."""
    if expected is None:
        return
    if not (expected.isascii() and expected.isdigit()):
        raise malformed_version()
    if expected != entry_version(entry):
        raise stale()


def lock_entry(entry: Entry) -> Entry:
    """Lock ``entry`` and read it again (with its tournament)."""
    return Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)


def entry_state(entry: Entry) -> dict[str, Any]:
    """An entry's before or after in a record: the round it is withdrawn from (or ``None``)."""
    return {"withdrawn_from_round": entry.withdrawn_from_round}


def lock(
    *, game: Game | None = None, pairing: Pairing | None = None
) -> tuple[Game | None, Pairing | None]:
    """Lock ``pairing`` (then its game, or ``game``) and read them again."""
    if pairing is not None:
        pairing = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related("round__tournament")
            .get(pk=pairing.pk)
        )
        if game is None and pairing.game_id is not None:
            game = Game(pk=pairing.game_id)
    if game is not None:
        game = Game.objects.select_for_update().get(pk=game.pk)
    return game, pairing


def game_state(game: Game | None) -> dict[str, Any]:
    if game is None:
        return {}
    game.refresh_from_db()
    return {
        "game": game.pk,
        "status": game.status,
        "winners": game.winners,
        "scores": game.scores,
        "ply": game.ply,
        "end_reason": game.end_reason,
    }


def pairing_state(pairing: Pairing | None) -> dict[str, Any]:
    """The pairing as it stands: its result, its game and the board's scores (from their one
    place: the game played on the site, or those handed in; ``None`` where not known)."""
    if pairing is None:
        return {}
    pairing.refresh_from_db()
    for key in (S.KIND, S.PLY, S.FINAL, S.FIRST, S.SECOND):
        pairing.__dict__.pop(key, None)  # annotations of an earlier read
    first, second = pairing.game_scores
    return {
        "result": pairing.result,
        "game": pairing.game_id,
        "first_score": first,
        "second_score": second,
    }


def snapshot(game: Game | None, pairing: Pairing | None) -> dict[str, Any]:
    return {"game": game_state(game), "pairing": pairing_state(pairing)}

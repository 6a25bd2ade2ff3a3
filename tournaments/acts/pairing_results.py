"""The records a pairing's own making leaves: a result it was created with (a bye, a
withdrawal's forfeit), and a bye on record that an override of the round took back. Written
through the one record of the acts (:func:`tournaments.acts.skeleton.record`), in the caller's
transaction."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tournaments.acts.skeleton import record
from tournaments.acts.versions import game_state, pairing_state
from tournaments.authority import AnyUser
from tournaments.core import vocabulary as V
from tournaments.models import (
    BYE_REASONS,
    Act,
    Entry,
    Pairing,
    RecordReason,
    ResultRecord,
    ResultSource,
)


def _no_pairing() -> dict[str, Any]:
    """A new pairing's before-state (a fresh one each time: the record keeps it)."""
    return {"pairing": {"result": "", "game": None}}


def record_created(
    pairing: Pairing, *, user: AnyUser | None, act: str, reason: str, note: str = ""
) -> ResultRecord:
    """The record of a result a new pairing was created with (a withdrawal's forfeit)."""
    return record(
        act,
        source=ResultSource.ADJUDICATION,
        reason=reason,
        note=note,
        user=user,
        pairing=pairing,
        before=_no_pairing(),
        after={"game": {}, "pairing": pairing_state(pairing)},
    )


def record_byes(
    *,
    pairings: Iterable[Pairing],
    user: AnyUser | None,
    source: str = ResultSource.PAIRING,
    reason: str | None = None,
    note: str = "",
) -> list[ResultRecord]:
    """The one record of each bye just made with its result (a pairing-allocated bye, a
    requested bye, a late entry's missed round, a round paired elsewhere), in the caller's
    transaction: who made it (``None`` for a command), before (no pairing), after (the bye's
    result and its points). ``reason`` by default follows the result (``BYE_REASONS``)."""
    out = []
    for pairing in pairings:
        if not pairing.is_bye or not V.is_bye(pairing.result):
            raise ValueError(f"not a bye with its result: pairing {pairing.pk}")
        t = pairing.round.tournament
        after = pairing_state(pairing)
        after["points"] = V.points(pairing.result, first=True, system=t.point_system)
        out.append(
            record(
                Act.RESULT,
                source=source,
                reason=reason or BYE_REASONS[pairing.result],
                note=note,
                user=user,
                pairing=pairing,
                entry=pairing.first,
                tournament=t,
                before=_no_pairing(),
                after={"game": {}, "pairing": after},
            )
        )
    return out


def record_pairing_changed(
    *, pairing: Pairing, entry: Entry, user: AnyUser | None, before: dict[str, Any]
) -> ResultRecord:
    """The record of ``entry``'s bye on record that an override of the round took back: he is
    on a board now (``pairing``, the same row, re-paired, with its game on an online
    tournament). ``before``: the bye's ``snapshot``."""
    now = pairing_state(pairing)  # read again: with the game the round's pairing gave it
    return record(
        Act.CORRECT_RESULT,
        source=ResultSource.PAIRING,
        reason=RecordReason.PAIRING_CHANGED,
        user=user,
        pairing=pairing,
        entry=entry,
        before=before,
        after={"game": game_state(pairing.game), "pairing": now},
    )

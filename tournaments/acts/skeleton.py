"""The act skeleton: every act on a result is made the same way, written here once —

    lock → version check → act → snapshot → record

:func:`acting` locks the rows the act changes (a pairing, then its game; or an entry), refuses
it when the version the arbiter saw is gone (``tournaments.acts.versions``), takes the
before-state, lets the act change what it changes, takes the after-state and writes the one
permanent record (:func:`record`). The arbiters' decisions (``tournaments.acts.decisions``), the
clocks' acts (``tournaments.acts.clocks``) and claims (``tournaments.acts.claims``) are built on
it; the results service (``tournaments.acts.results``) and the records a pairing's making leaves
(``tournaments.acts.pairing_results``) write through :func:`record`.

Who may act is asked before (``tournaments.authority``, :func:`check`); the transaction is the
caller's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.models import Game, GameStatus
from tournaments import authority, hooks
from tournaments.acts import notes, versions
from tournaments.authority import AnyUser
from tournaments.errors import TournamentError
from tournaments.models import (
    Entry,
    Pairing,
    RecordReason,
    ResultRecord,
    ResultSource,
    Tournament,
)


def check(user: AnyUser | None, reason: str, **scope: Any) -> None:
    """Refuse an arbiter's act by someone who may not decide on ``scope`` (a game, a pairing or a
    tournament: :func:`tournaments.authority.may_adjudicate`), or without a reason."""
    if not authority.may_adjudicate(user, **scope):
        raise TournamentError(_("Only this game's arbiters may decide it."), "not_allowed")
    if reason not in RecordReason.values:
        raise TournamentError(_("Choose the reason for the decision."), "reason")


# Called with every record just written, in its transaction (a knockout's matches follow their
# games' results: ``tournaments.acts.cup_play.after_record``, added by the app's ``ready``). A
# hook that refuses (``TournamentError``) refuses the act with it.
AFTER_RECORD: list[Callable[[ResultRecord], None]] = []


def record(
    act: str,
    *,
    source: str,
    reason: str,
    note: str = "",
    user: AnyUser | None,
    game: Game | None = None,
    pairing: Pairing | None = None,
    entry: Entry | None = None,
    tournament: Tournament | None = None,
    before: dict[str, Any],
    after: dict[str, Any],
) -> ResultRecord:
    """Write the one permanent record of a change (callers hold the locks) and announce it
    once the transaction commits (``tournaments.hooks.result_recorded``). A ``notes.Note`` is
    kept as its code and parameters, any other note as its words."""
    if tournament is None and pairing is not None:
        tournament = pairing.round.tournament
    if tournament is None and entry is not None:
        tournament = entry.tournament
    coded = isinstance(note, notes.Note)  # kept as its code, worded when shown
    row = ResultRecord.objects.create(
        act=act,
        source=source,
        reason=reason,
        note="" if coded else (note or "").strip(),
        note_code=note.code if coded else "",
        note_params=note.params if coded else {},
        tournament=tournament,
        pairing=pairing,
        game=game,
        entry=entry,
        before=before,
        after=after,
        decided_by=user if user is not None and user.is_authenticated else None,
    )
    for hook in AFTER_RECORD:
        hook(row)
    hooks.announce_record(
        record_id=row.pk, act=act, tournament_id=row.tournament_id, pairing_id=row.pairing_id
    )
    return row


@dataclass
class Step:
    """An act under way: the rows read under the lock, the act's name (the act may change it on
    its way: a declared result that turns out a correction), the before-state, what the act adds
    to the after-state, and — once the act is done — its record."""

    act: str
    game: Game | None = None
    pairing: Pairing | None = None
    entry: Entry | None = None
    tournament: Tournament | None = None
    before: dict[str, Any] = field(default_factory=dict)
    after: dict[str, Any] = field(default_factory=dict)
    record: ResultRecord | None = None


def board_state(step: Step) -> dict[str, Any]:
    """A game's and its pairing's state (``versions.snapshot``): an act on a board's."""
    return versions.snapshot(step.game, step.pairing)


def entry_state(step: Step) -> dict[str, Any]:
    """An entry's state: an act on a player's entry's."""
    assert step.entry is not None
    return versions.entry_state(step.entry)


def no_state(step: Step) -> dict[str, Any]:
    """No state of its own: the act says its before and after (an act on a round's clocks)."""
    return {}


def _lock(step: Step, expected_version: str | None, annulled: str | None) -> None:
    if step.entry is not None:
        step.entry = versions.lock_entry(step.entry)
        versions.check_entry_version(expected_version, step.entry)
        return
    if step.game is None and step.pairing is None:
        return
    step.game, step.pairing = versions.lock(game=step.game, pairing=step.pairing)
    # An annulled game is no version the arbiter can have seen: refused before the version.
    if annulled is not None and step.game is not None and step.game.status == GameStatus.ANNULLED:
        raise TournamentError(annulled, "annulled")
    versions.check_version(expected_version, game=step.game, pairing=step.pairing)


@contextmanager
def acting(
    act: str,
    *,
    user: AnyUser | None,
    reason: str,
    note: str = "",
    source: str = ResultSource.ADJUDICATION,
    game: Game | None = None,
    pairing: Pairing | None = None,
    entry: Entry | None = None,
    tournament: Tournament | None = None,
    expected_version: str | None = None,
    annulled: str | None = None,
    state: Callable[[Step], dict[str, Any]] = board_state,
) -> Iterator[Step]:
    """The act skeleton, in the caller's transaction: lock ``game`` and ``pairing`` (or
    ``entry``), refuse an annulled game (with the message ``annulled``, when given) and a version
    that is gone, take the ``state`` before; the ``with`` block acts on the :class:`Step`'s rows;
    then the ``state`` after (with what the act put into ``step.after``) and the one record,
    ``step.record``. An act refused inside the block (an exception) records nothing."""
    step = Step(act, game=game, pairing=pairing, entry=entry, tournament=tournament)
    _lock(step, expected_version, annulled)
    step.before = state(step)
    yield step
    step.record = record(
        step.act,
        source=source,
        reason=reason,
        note=note,
        user=user,
        game=step.game,
        pairing=step.pairing,
        entry=step.entry,
        tournament=step.tournament,
        before=step.before,
        after={**state(step), **step.after},
    )

"""An entry's corrections, checked before the entries' service (``services.update_entry``) makes
them: the fields an arbiter corrects, the requested half-point byes as written, and the rules a
correction keeps once rounds are paired. The admin's entry form and the site's entry form check
with these too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.bidi import isolate
from tournaments.acts.tournament_settings import last_paired_round
from tournaments.errors import TournamentError
from tournaments.models import Entry

# The fields of an entry an arbiter corrects (the admin's entry form): the rest is the services'.
ENTRY_FIELDS = ("player", "rank", "rating", "half_byes")


def parse_half_byes(text: str) -> list[int]:
    """Requested half-point byes written as round numbers separated by commas: ``"2, 4"``."""
    try:
        rounds = sorted({int(part) for part in text.replace(";", ",").split(",") if part.strip()})
    except ValueError:
        raise TournamentError(_("Write round numbers separated by commas."), "half_byes") from None
    return checked_half_byes(rounds)


def checked_half_byes(rounds: object) -> list[int]:
    """Requested half-point byes: round numbers from 1, each once, in order."""
    if not isinstance(rounds, list | tuple) or not all(
        isinstance(r, int) and not isinstance(r, bool) for r in rounds
    ):
        raise TournamentError(_("Write round numbers separated by commas."), "half_byes")
    if any(r < 1 for r in rounds):
        raise TournamentError(_("Round numbers start at 1."), "half_byes")
    return sorted(set(rounds))


def validated_entry_changes(entry: Entry, changes: Mapping[str, Any]) -> dict[str, Any]:
    """``changes`` to ``entry`` (of :data:`ENTRY_FIELDS`), checked: the player changes only
    before round 1 is paired and never to one registered already; a half-point bye of a round
    already paired stays as it was; the byes are round numbers."""
    unknown = set(changes) - set(ENTRY_FIELDS)
    if unknown:
        raise ValueError(f"not a field of an entry: {sorted(unknown)}")
    clean = dict(changes)
    last = last_paired_round(entry.tournament)
    player = changes.get("player")
    if player is not None and player.pk != entry.player_id:
        if last:
            raise TournamentError(
                _("Round 1 is paired: the player of an entry can no longer change."), "player"
            )
        taken = Entry.objects.filter(tournament_id=entry.tournament_id, player=player)
        if taken.exclude(pk=entry.pk).exists():
            raise TournamentError(
                _("%(name)s is already registered.") % {"name": isolate(player.name)}, "player"
            )
    if "half_byes" in changes:
        byes = checked_half_byes(changes["half_byes"])
        for number in sorted(set(byes) ^ set(entry.half_byes or [])):
            if number <= last:
                raise TournamentError(
                    _(
                        "Round %(number)s is already paired: its half-point bye can no "
                        "longer change."
                    )
                    % {"number": number},
                    "half_byes",
                )
        clean["half_byes"] = byes
    return clean

"""The play-off of an event in stages (issue 29, docs/stages.md): the arbiter's act that, once a
stage is finished, makes the next one — a knockout fed by its standings.

From a group stage the winners and runners-up are crossed (A1–B2, B1–A2, …: the pure core's
``seeds_from_groups``); from any one table (a Swiss, a round robin) the top N are seeded in
standings order (``seeds_from_standings``; the top seeds get the byes when N is not a power of
two). The new stage carries over the players (new entries, rated and ranked as before), the
rules, the time controls, the points and the arbiters; its cup is seeded at once and records
where each qualifier came from (``Cup.origins``: "A1", or "3" for the 3rd of a single table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import pairing, queries
from tournaments.acts import revision
from tournaments.acts.skeleton import record
from tournaments.acts.stages import group_labels
from tournaments.authority import AnyUser, require_arbiter
from tournaments.errors import TournamentError
from tournaments.formats.knockout import KNOCKOUT
from tournaments.models import (
    Act,
    Cup,
    Entry,
    RecordReason,
    ResultSource,
    Tournament,
    TournamentStatus,
)

STAGE_SEEDING = "stage"  # Cup.seeding of a play-off: by the standings of the stage before
CARRIED = (
    "kind",
    "options",
    "online",
    "points_win",
    "points_draw",
    "points_loss",
    "points_bye",
    "claim_after_minutes",
    "time_control",
    "default_time",
    "engine_seconds",
)


def _top(rows: list[Any], count: int, where: str) -> list[int]:
    """The entries of the first ``count`` rows; refused when the cut falls inside a tie."""
    if len(rows) < count:
        raise TournamentError(
            _("%(where)s has fewer than %(count)s players.") % {"where": where, "count": count},
            "too_few",
        )
    for row in rows[:count]:
        if row.place_to > count:
            raise TournamentError(
                _(
                    "%(where)s: places %(first)s to %(last)s are tied across the qualifying "
                    "line; break the tie (a tie-break order or a play-off game) first."
                )
                % {"where": where, "first": row.place, "last": row.place_to},
                "tied",
            )
    return [row.entry for row in rows[:count]]


def qualified(t: Tournament, qualifiers: int) -> tuple[list[int], dict[int, str]]:
    """The play-off's seeds (entry ids of ``t``, seed 1 first) and each one's origin:
    ``qualifiers`` a group (one or two; the groups a power of two in number), or the top
    ``qualifiers`` of ``t``'s one table."""
    labels = group_labels(t)
    if labels:
        if qualifiers not in (1, 2):
            raise TournamentError(
                _("One or two players of each group go on to the play-off."), "qualifiers"
            )
        if len(labels) & (len(labels) - 1):
            raise TournamentError(
                _("The groups' winners can be crossed only when there are 1, 2, 4, 8… groups."),
                "groups",
            )
        tops = [
            _top(table.rows, qualifiers, _("Group %(group)s") % {"group": label})
            for label, table in queries.group_standings(t)
        ]
        seeds = pairing.seeds_from_groups(tops, qualifiers)
        origins = {
            pk: f"{label}{top.index(pk) + 1}"
            for label, top in zip(labels, tops, strict=True)
            for pk in top
        }
        return seeds, origins
    if not 2 <= qualifiers <= 128:
        raise TournamentError(_("From 2 to 128 players go on to the play-off."), "qualifiers")
    top = _top(queries.standings(t).rows, qualifiers, _("The standings"))
    return top, {pk: str(place) for place, pk in enumerate(top, 1)}


def playoff_problem(t: Tournament) -> str | None:
    """Why ``t`` cannot be followed by a play-off now (``None``: it can)."""
    if t.format_entry.plays_matches:
        return _("A knockout is not followed by a play-off.")
    if Tournament.objects.filter(previous_stage=t).exists():
        return _("The play-off of this stage has been started already.")
    if t.status != TournamentStatus.FINISHED:
        return _("Finish this stage first: the play-off is made from its final standings.")
    return None


@transaction.atomic
def start_playoff(
    *,
    tournament: Tournament,
    user: AnyUser | None,
    qualifiers: int,
    name: str = "",
    cup_options: Mapping[str, Any] | None = None,
) -> Tournament:
    """The arbiter's act: the knockout stage after the finished stage ``tournament``, its
    qualifiers entered and seeded (a record on the new stage)."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    if problem := playoff_problem(t):
        raise TournamentError(problem, "not_ready")
    seeds, origins = qualified(t, qualifiers)
    if len(seeds) < 2:
        raise TournamentError(_("At least two players are needed."), "too_few")
    entry = KNOCKOUT
    stage = Tournament.objects.create(
        name=(name or _("%(name)s: play-off") % {"name": t.name})[:200],
        format=entry.value,
        format_options=entry.clean_options(cup_options),
        tiebreaks=[],
        start_date=t.end_date or t.start_date,
        end_date=t.end_date,
        created_by=user if user is not None and user.is_authenticated else None,
        previous_stage=t,
        **{field: getattr(t, field) for field in CARRIED},
    )
    stage.arbiters.set(t.arbiters.all())
    old = {e.pk: e for e in t.entries.filter(pk__in=seeds)}
    new = {
        pk: Entry.objects.create(
            tournament=stage, player_id=old[pk].player_id, rank=n, rating=old[pk].rating
        )
        for n, pk in enumerate(seeds, 1)
    }
    cup = Cup.objects.create(
        tournament=stage,
        seeds=[new[pk].pk for pk in seeds],
        seeding=STAGE_SEEDING,
        origins={str(new[pk].pk): origins[pk] for pk in seeds},
    )
    record(
        Act.SEED,
        source=ResultSource.PAIRING,
        reason=RecordReason.SEEDING,
        user=user,
        tournament=stage,
        before={"seeds": []},
        after={"seeds": cup.seeds, "seeding": STAGE_SEEDING, "origins": cup.origins},
    )
    revision.bump(t)  # its page now links to the play-off
    return stage

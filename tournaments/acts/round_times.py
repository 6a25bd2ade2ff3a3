"""The arbiter's timetable of a tournament: when each round starts (``RoundTime``).

``set_round_times`` writes the whole timetable at once, checked: the starts in the rounds'
order, none before the tournament's start date or after its end date (a day's margin each side,
for time zones), and all within a year. A cleared round loses its time; a changed start grows
its ``sequence`` (so calendars replace their copy of the event).
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.authority import AnyUser, require_arbiter
from tournaments.errors import TournamentError
from tournaments.models import RoundTime, Tournament

# The most rounds a timetable plans when the tournament does not say how many (a round robin
# before its pairing): as many as its players need, at most this.
MOST_PLANNED_ROUNDS = 60
MARGIN = datetime.timedelta(days=1)
LONGEST_SPAN = datetime.timedelta(days=366)


def planned_rounds(tournament: Tournament) -> int:
    """How many rounds the timetable lists: the tournament's rounds when it has a number, else
    (a round robin not paired yet) the rounds its players need, at least one."""
    if tournament.rounds:
        return tournament.rounds
    players = tournament.entries.count()
    needed = players - 1 if players % 2 == 0 else players
    return max(1, min(MOST_PLANNED_ROUNDS, needed))


def check_round_times(
    tournament: Tournament, starts: Mapping[int, datetime.datetime | None]
) -> dict[int, datetime.datetime]:
    """The starts to keep (round number → aware time), checked; ``TournamentError`` whose code
    is ``round_<n>`` for the round at fault (``round_times`` for the whole)."""
    last = planned_rounds(tournament)
    kept: dict[int, datetime.datetime] = {}
    for number, when in sorted(starts.items()):
        if not isinstance(number, int) or not 1 <= number <= last:
            raise TournamentError(
                _("The tournament has no round %(number)s.") % {"number": number}, "round_times"
            )
        if when is None:
            continue
        if timezone.is_naive(when):
            when = timezone.make_aware(when)
        _check_dates(tournament, number, when)
        kept[number] = when
    times = list(kept.items())
    for (before, earlier), (number, later) in itertools.pairwise(times):
        if later <= earlier:
            raise TournamentError(
                _("Round %(number)s must start after round %(before)s.")
                % {"number": number, "before": before},
                f"round_{number}",
            )
    if times and times[-1][1] - times[0][1] > LONGEST_SPAN:
        raise TournamentError(
            _("The rounds cannot be more than a year apart."), f"round_{times[-1][0]}"
        )
    return kept


def _check_dates(tournament: Tournament, number: int, when: datetime.datetime) -> None:
    day = timezone.localtime(when).date()
    start, end = tournament.start_date, tournament.end_date
    if start and day < start - MARGIN:
        raise TournamentError(
            _("Round %(number)s cannot start before the tournament's start date.")
            % {"number": number},
            f"round_{number}",
        )
    if end and day > end + MARGIN:
        raise TournamentError(
            _("Round %(number)s cannot start after the tournament's end date.")
            % {"number": number},
            f"round_{number}",
        )


@transaction.atomic
def set_round_times(
    *,
    tournament: Tournament,
    user: AnyUser | None,
    starts: Mapping[int, datetime.datetime | None],
    places: Mapping[int, str] | None = None,
) -> list[RoundTime]:
    """Set ``tournament``'s timetable to ``starts`` (round → start, ``None``: no time): by one
    of its arbiters, checked by :func:`check_round_times`, all or nothing."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    kept = check_round_times(t, starts)
    places = places or {}
    now = timezone.now()
    stored = {rt.number: rt for rt in RoundTime.objects.filter(tournament=t)}
    RoundTime.objects.filter(tournament=t).exclude(number__in=list(kept)).delete()
    out = []
    for number, when in kept.items():
        place = " ".join(str(places.get(number, "")).split())[:200]
        rt = stored.get(number)
        if rt is None:
            rt = RoundTime.objects.create(
                tournament=t, number=number, starts_at=when, place=place, modified_at=now
            )
        elif rt.starts_at != when or rt.place != place:
            rt.sequence += 1
            rt.starts_at, rt.place, rt.modified_at = when, place, now
            rt.save(update_fields=["starts_at", "place", "sequence", "modified_at"])
        out.append(rt)
    return out

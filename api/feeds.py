"""The calendar feeds (RFC 5545, built with ``icalendar``): a tournament's timetable and a
player's rounds. One VEVENT per planned round (``tournaments.models.RoundTime``): a UID stable
for the tournament and round, DTSTART and DTEND in UTC (DTEND: the round's length, or the next
round's start when that comes first), SEQUENCE and LAST-MODIFIED from the timetable (they change
when the time does) and DTSTAMP the same (a feed that did not change reads the same, byte for
byte: its ETag too). Texts in the current language, names isolated (FSI…PDI)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import icalendar
from django.conf import settings
from django.db.models import Q
from django.utils.translation import gettext as _

from games.bidi import isolate, text_sentence
from games.models import Player
from tournaments.models import Pairing, Round, RoundTime, Tournament, TournamentStatus

UTC = datetime.UTC
# How long a round lasts in a calendar when the next round does not start sooner (minutes).
DEFAULT_ROUND_MINUTES = 120
PRODID = "-//SOS and ultimate tic-tac-toe club//Tournaments//EN"


def round_length() -> datetime.timedelta:
    return datetime.timedelta(
        minutes=getattr(settings, "CALENDAR_ROUND_MINUTES", DEFAULT_ROUND_MINUTES)
    )


@dataclass(frozen=True)
class Feed:
    """A calendar's bytes and when its content last changed (``None``: no event)."""

    content: bytes
    last_modified: datetime.datetime | None


def _calendar(name: str) -> icalendar.Calendar:
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", name)
    # How often a calendar should fetch the feed again (RFC 7986, and Outlook's own name).
    cal.add(
        "refresh-interval",
        icalendar.vDuration(datetime.timedelta(hours=1)),
        parameters={"VALUE": "DURATION"},
    )
    cal.add("x-published-ttl", "PT1H")
    return cal


def _ends(times: list[RoundTime]) -> dict[int, datetime.datetime]:
    """Each round's end: its start plus the round's length, or the next round's start."""
    ends = {}
    for i, rt in enumerate(times):
        end = rt.starts_at + round_length()
        if i + 1 < len(times) and times[i + 1].starts_at < end:
            end = times[i + 1].starts_at
        ends[rt.number] = end
    return ends


def _event(
    rt: RoundTime,
    *,
    uid: str,
    end: datetime.datetime,
    summary: str,
    url: str,
    changed: datetime.datetime,
) -> icalendar.Event:
    event = icalendar.Event()
    event.add("uid", uid)
    event.add("dtstamp", changed.astimezone(UTC))
    event.add("dtstart", rt.starts_at.astimezone(UTC))
    event.add("dtend", end.astimezone(UTC))
    event.add("summary", summary)
    event.add("url", url)
    event.add("last-modified", changed.astimezone(UTC))
    event.add("sequence", rt.sequence)
    if rt.place:
        event.add("location", rt.place)
    return event


def round_summary(tournament: Tournament, number: int) -> str:
    return text_sentence(
        _("%(tournament)s — round %(number)s"), {"tournament": tournament.name, "number": number}
    )


def uid(tournament: Tournament, number: int, host: str, player: Player | None = None) -> str:
    """An event's UID: the same for a tournament's round in every fetch, whatever its time."""
    who = f"-player-{player.pk}" if player is not None else ""
    return f"tournament-{tournament.pk}-round-{number}{who}@{host}"


def _round_urls(
    tournament: Tournament, numbers: Iterable[int], absolute: Callable[[str], str]
) -> dict[int, str]:
    paired = set(
        Round.objects.filter(tournament=tournament, number__in=list(numbers)).values_list(
            "number", flat=True
        )
    )
    return {
        n: absolute(
            Round(tournament=tournament, number=n).get_absolute_url()
            if n in paired
            else tournament.get_absolute_url()
        )
        for n in numbers
    }


def tournament_feed(tournament: Tournament, *, host: str, absolute: Callable[[str], str]) -> Feed:
    """``tournament``'s timetable: an event per planned round."""
    cal = _calendar(tournament.name)
    times = list(tournament.round_times.all())
    ends = _ends(times)
    urls = _round_urls(tournament, ends, absolute)
    for rt in times:
        cal.add_component(
            _event(
                rt,
                uid=uid(tournament, rt.number, host),
                end=ends[rt.number],
                summary=round_summary(tournament, rt.number),
                url=urls[rt.number],
                changed=rt.modified_at,
            )
        )
    last = max((rt.modified_at for rt in times), default=None)
    return Feed(cal.to_ical(), last)


def _board_text(number: int, pairing: Pairing | None, player: Player) -> str:
    """``Round 3: board 2 vs Anna (first move)``, ``Round 3: bye`` or ``Round 3``."""
    if pairing is None:
        return _("Round %(number)s") % {"number": number}
    if pairing.second_id is None:
        return _("Round %(number)s: bye") % {"number": number}
    first = pairing.first.player_id == player.pk
    opponent = pairing.second if first else pairing.first
    text = (
        _("Round %(number)s: board %(board)s vs %(name)s (first move)")
        if first
        else _("Round %(number)s: board %(board)s vs %(name)s (second move)")
    )
    return text_sentence(
        text, {"number": number, "board": pairing.board, "name": opponent.player.name}
    )


def player_feed(player: Player, *, host: str, absolute: Callable[[str], str]) -> Feed:
    """Every planned round of every tournament ``player`` is entered in that is not finished,
    with his board, opponent and seat once the round is paired."""
    cal = _calendar(text_sentence(_("Rounds of %(name)s"), {"name": player.name}))
    tournaments = list(
        Tournament.objects.filter(entries__player=player)
        .exclude(status=TournamentStatus.FINISHED)
        .prefetch_related("round_times")
        .order_by("pk")
    )
    boards = {
        (p.round.tournament_id, p.round.number): p
        for p in Pairing.objects.filter(round__tournament__in=tournaments)
        .filter(Q(first__player=player) | Q(second__player=player))
        .select_related("round", "first__player", "second__player")
    }
    changes: list[datetime.datetime] = []
    for t in tournaments:
        times = list(t.round_times.all())
        ends = _ends(times)
        urls = _round_urls(t, ends, absolute)
        for rt in times:
            pairing = boards.get((t.pk, rt.number))
            changed = (
                max(rt.modified_at, pairing.round.paired_at or rt.modified_at)
                if pairing
                else rt.modified_at
            )
            summary = _("%(tournament)s: %(round)s") % {
                "tournament": isolate(t.name),
                "round": _board_text(rt.number, pairing, player),
            }
            cal.add_component(
                _event(
                    rt,
                    uid=uid(t, rt.number, host, player),
                    end=ends[rt.number],
                    summary=summary,
                    url=urls[rt.number],
                    changed=changed,
                )
            )
            changes.append(changed)
    return Feed(cal.to_ical(), max(changes, default=None))

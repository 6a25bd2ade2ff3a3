"""The drawn bracket of a knockout (issue 29) as plain data for its page, its widget and the
API: sections (the winners' bracket — or the bracket —, the losers' bracket, the grand final,
the third-place match), each a row of columns (its rounds), each a list of match boxes of two
slots. Built from the cup as it stands (``tournaments.acts.cup.read_cup``): nothing here is
stored.

Two steps, so the layout can be tested without a database: :func:`plan` lays out a
``tournaments.pairing`` ``Bracket`` (sections, columns and their titles, the match numbers in
each), and :func:`build` fills each match of a ``CupView`` in (names, seeds, where each player
came from, the score, the winner, the games and the match's page).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.acts import cup
from tournaments.models import Tournament
from tournaments.pairing.knockout_bracket import (
    BYE,
    GRAND_FINAL,
    LOSERS,
    THIRD_PLACE,
    WINNERS,
)
from tournaments.web import cup_page

SIDES = (WINNERS, LOSERS, GRAND_FINAL, THIRD_PLACE)


@dataclass
class ColumnPlan:
    """One round of a section: its title and its matches (numbers), top to bottom."""

    title: str
    matches: list[int]


@dataclass
class SectionPlan:
    side: str
    title: str
    columns: list[ColumnPlan]


def _round_title(bracket: pairing.Bracket, side: str, number: int, count: int) -> str:
    """A column's title: "Final", "Semi-finals", "Losers' round 2", "Grand final reset", …"""
    if side == THIRD_PLACE:
        return _("Third-place match")
    if side == GRAND_FINAL:
        return _("Grand final") if number == 1 else _("Grand final reset")
    if side == LOSERS:
        if number == count:
            return _("Losers' final")
        return _("Losers' round %(number)s") % {"number": number}
    if bracket.double:
        if number == count:
            return _("Winners' final")
        return _("Winners' round %(number)s") % {"number": number}
    left = count - number  # rounds after this one
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round %(number)s") % {"number": number}


def _section_title(bracket: pairing.Bracket, side: str) -> str:
    if side == WINNERS:
        return _("Winners' bracket") if bracket.double else _("Bracket")
    if side == LOSERS:
        return _("Losers' bracket")
    if side == GRAND_FINAL:
        return _("Grand final")
    return _("Third-place match")


def plan(bracket: pairing.Bracket) -> list[SectionPlan]:
    """The sections of ``bracket`` in the order they are drawn, each with its rounds as
    columns (the matches top to bottom, as the bracket numbers them)."""
    sections = []
    for side in SIDES:
        rounds = bracket.rounds(side)
        if not rounds:
            continue
        columns = [
            ColumnPlan(_round_title(bracket, side, number, len(rounds)), [m.id for m in matches])
            for number, matches in enumerate(rounds, start=1)
        ]
        sections.append(SectionPlan(side, _section_title(bracket, side), columns))
    return sections


# -- The filled bracket -------------------------------------------------------------------------


@dataclass
class SlotBox:
    """One slot of a match: who stands in it (``name`` empty while not known), the seed, where
    the player came from (``origin``: "seed 3", "winner of match 5", "bye"), the score."""

    name: str
    url: str
    entry: int | None
    seed: int | None
    origin: str
    origin_kind: str
    origin_ref: int
    winner: bool = False
    loser: bool = False
    score: float | None = None
    tiebreak: float | None = None


@dataclass
class GameLink:
    number: int
    result: str
    url: str


@dataclass
class MatchBox:
    """One match as the bracket draws it."""

    number: int
    side: str
    round: int
    status: str  # the core's: waiting / ready / played / walkover / bye / not_needed
    slots: tuple[SlotBox, SlotBox]
    text: str  # how it stands, safe HTML with the names in <bdi> ("P04 wins by armageddon")
    url: str = ""  # the match on its round's page, once paired
    decided_by: str | None = None
    if_needed: bool = False
    games: list[GameLink] = field(default_factory=list)

    @property
    def plain_text(self) -> str:
        return strip_tags(self.text)


@dataclass
class ColumnBox:
    title: str
    matches: list[MatchBox]


@dataclass
class SectionBox:
    side: str
    title: str
    columns: list[ColumnBox]


@dataclass
class Layout:
    """The whole bracket: its sections, the champion (once the final is decided), the
    tournament's change stamp it was drawn at."""

    tournament: Tournament
    revision: int
    sections: list[SectionBox]
    seeding: str = ""
    champion: str = ""
    champion_url: str = ""
    champion_entry: int | None = None
    matches: dict[int, MatchBox] = field(default_factory=dict)


def _slot(view: cup.CupView, m: cup.MatchView, index: int, line: cup_page.MatchLine) -> SlotBox:
    source = m.match.sources[index]
    status = m.status
    seat = (status.first, status.second)[index]
    entry = view.entrant(seat)
    slot = SlotBox(
        name=entry.player.name if entry is not None else "",
        url=entry.player.get_absolute_url() if entry is not None else "",
        entry=entry.pk if entry is not None else None,
        seed=seat or None,
        origin=view.source_text(source),
        origin_kind=source.kind,
        origin_ref=source.ref,
    )
    if source.kind == BYE and not seat:
        slot.origin = _("bye")
    if status.winner and seat:
        slot.winner = status.winner == seat
        slot.loser = status.status in ("played", "walkover") and not slot.winner
    elif seat and status.status == "walkover":  # both had withdrawn: nobody goes on
        slot.loser = True
    if line.score is not None:
        slot.score = line.score[index]
    if line.tiebreak is not None:
        slot.tiebreak = line.tiebreak[index]
    return slot


def _games(line: cup_page.MatchLine, round_url: str) -> list[GameLink]:
    out = []
    for number, game in enumerate(line.games, start=1):
        url = game.game.get_absolute_url() if game.game_id else f"{round_url}#board-{game.board}"
        out.append(GameLink(number, game.result, url))
    return out


def match_box(view: cup.CupView, m: cup.MatchView, rounds: dict[int, int]) -> MatchBox:
    """One match of ``view`` filled in (``rounds``: each round's number by its pk)."""
    line = cup_page.match_lines(view, m)
    round_url = ""
    if m.row is not None:
        round_url = reverse("tournaments:round", args=[view.tournament.pk, rounds[m.row.round_id]])
    return MatchBox(
        number=m.number,
        side=m.match.side,
        round=m.match.round,
        status=m.status.status,
        slots=(_slot(view, m, 0, line), _slot(view, m, 1, line)),
        text=line.text,
        url=f"{round_url}#match-{m.number}" if round_url else "",
        decided_by=m.decided_by,
        if_needed=m.match.if_needed,
        games=_games(line, round_url),
    )


def build(t: Tournament) -> Layout | None:
    """The bracket of the knockout ``t`` as it stands (``None`` before it is seeded)."""
    view = cup.read_cup(t)
    if view is None:
        return None
    rounds = dict(t.round_set.values_list("pk", "number"))
    boxes = {number: match_box(view, m, rounds) for number, m in view.matches.items()}
    sections = [
        SectionBox(
            s.side,
            s.title,
            [ColumnBox(c.title, [boxes[n] for n in c.matches]) for c in s.columns],
        )
        for s in plan(view.bracket)
    ]
    layout = Layout(t, t.revision, sections, matches=boxes)
    layout.seeding = view.seeding_text()
    champion = view.entrant(view.state.champion)
    if champion is not None:
        layout.champion = champion.player.name
        layout.champion_url = champion.player.get_absolute_url()
        layout.champion_entry = champion.pk
    return layout

"""A knockout's bracket in the API (``GET /tournaments/{pk}/bracket``, issue 29): the drawn
bracket of the bracket page (``tournaments.web.bracket_page``) as JSON — its sections and
rounds, every match with its two slots (who, the seed, where the player came from), its score,
its winner, its games — and the champion. Read as the page reads it: no second computation;
its ETag is a digest of the tournament's change stamp, as the other tournament reads'."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Router, Schema
from ninja.errors import HttpError

from api.http import cached_conditional, conditional_openapi
from tournaments.models import Tournament
from tournaments.web import bracket_page

router = Router(tags=["tournaments"])


class BracketOriginOut(Schema):
    kind: str  # seed / winner / loser / bye
    ref: int  # the seed, or the match number (0 for a bye)
    label: str  # "seed 3", "winner of match 5", "bye"


class BracketSlotOut(Schema):
    entry: int | None
    name: str
    seed: int | None
    origin: BracketOriginOut
    winner: bool
    score: float | None
    tiebreak: float | None


class BracketGameOut(Schema):
    number: int
    result: str
    url: str


class BracketMatchOut(Schema):
    number: int
    side: str  # W, L, GF, 3rd
    round: int
    status: str  # waiting, ready, played, walkover, bye, not_needed
    if_needed: bool
    decided_by: str | None
    state: str
    url: str
    slots: list[BracketSlotOut]
    games: list[BracketGameOut]


class BracketRoundOut(Schema):
    number: int
    title: str
    matches: list[int]


class BracketSectionOut(Schema):
    side: str
    title: str
    rounds: list[BracketRoundOut]


class BracketChampionOut(Schema):
    entry: int
    name: str


class BracketOut(Schema):
    tournament: int
    format: str
    seeded: bool
    seeding: str
    sections: list[BracketSectionOut]
    matches: list[BracketMatchOut]
    champion: BracketChampionOut | None


def _match_out(m: bracket_page.MatchBox) -> dict[str, Any]:
    return {
        "number": m.number,
        "side": m.side,
        "round": m.round,
        "status": m.status,
        "if_needed": m.if_needed,
        "decided_by": m.decided_by,
        "state": m.plain_text,
        "url": m.url,
        "slots": [
            {
                "entry": s.entry,
                "name": s.name,
                "seed": s.seed,
                "origin": {"kind": s.origin_kind, "ref": s.origin_ref, "label": s.origin},
                "winner": s.winner,
                "score": s.score,
                "tiebreak": s.tiebreak,
            }
            for s in m.slots
        ],
        "games": [{"number": g.number, "result": g.result, "url": g.url} for g in m.games],
    }


def bracket_out(t: Tournament) -> BracketOut:
    layout = bracket_page.build(t)
    if layout is None:
        return BracketOut(
            tournament=t.pk,
            format=t.format,
            seeded=False,
            seeding="",
            sections=[],
            matches=[],
            champion=None,
        )
    champion = None
    if layout.champion_entry is not None:
        champion = {"entry": layout.champion_entry, "name": layout.champion}
    return BracketOut(
        tournament=t.pk,
        format=t.format,
        seeded=True,
        seeding=layout.seeding,
        sections=[
            {
                "side": s.side,
                "title": s.title,
                "rounds": [
                    {"number": i, "title": c.title, "matches": [m.number for m in c.matches]}
                    for i, c in enumerate(s.columns, start=1)
                ],
            }
            for s in layout.sections
        ],
        matches=[_match_out(m) for _n, m in sorted(layout.matches.items())],
        champion=champion,
    )


@router.get(
    "/tournaments/{int:pk}/bracket",
    response=BracketOut,
    url_name="bracket",
    openapi_extra=conditional_openapi(),
)
def tournament_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """A knockout's bracket (404 for another format): its sections (the winners' bracket, the
    losers' bracket, the grand final, the third-place match), each round's matches, and every
    match's slots (the player, the seed, where the player came from), score, winner and games;
    the champion once the final is decided. Before the cup is seeded: ``seeded`` false."""
    t = get_object_or_404(Tournament, pk=pk)
    if not t.format_entry.plays_matches:
        raise HttpError(404, _("This tournament is not a knockout: it has no bracket."))
    stamp = ":".join(str(part) for part in (t.pk, t.revision))
    return cached_conditional(request, stamp, lambda: bracket_out(t))

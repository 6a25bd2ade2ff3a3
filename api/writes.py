"""The API's writes, each through the site's own service and authority function (docs/api.md,
"Tokens and writes"): a move (scope *play*: ``games.services.submit_move``), results
(``tournaments.acts.services.record_result``), pairing the next round
(``tournaments.pairings.pair_round``) and registering players (``tournaments.acts.services``,
the site's entry form) — scope *arbitrate*, for the tournaments the token's owner arbitrates
(``tournaments.authority``). Refusals are problems with the services' own codes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import Max
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Schema
from pydantic import Field

from api import schemas
from api.auth import token_auth, token_of
from api.game_reads import router as games_router
from api.http import Refusal
from api.models import Scope
from api.tournament_reads import entry_out
from api.tournament_reads import router as tournaments_router
from common.posted import BadInput
from games import player_services
from games import services as game_services
from games.errors import GameError
from games.models import Game
from tournaments import authority, pairings
from tournaments.acts import services
from tournaments.errors import TournamentError
from tournaments.models import Pairing, ResultSource, Round, Tournament
from tournaments.web.forms import EntryForm, ResultForm

T = TypeVar("T")
WRITE = {"auth": token_auth, "openapi_extra": {"x-writes": True}}
# Service codes that mean "already done / changed since you read it": a 409.
CONFLICTS = {"stale", "not_active", "decided", "annulled", "all_paired"}


@contextmanager
def refusals() -> Iterator[None]:
    """The services' refusals as problems: a stale write 409, a permission 403, else 400."""
    try:
        yield
    except (TournamentError, GameError) as err:
        if err.code in CONFLICTS:
            raise Refusal("conflict", err.message, err.code) from None
        if err.code == "not_allowed":
            raise Refusal("forbidden", err.message, err.code) from None
        raise Refusal("refused", err.message, err.code) from None
    except BadInput as err:
        raise Refusal("bad_request", err.message) from None


def _arbitrated(request: HttpRequest, pk: int) -> Tournament:
    """The tournament ``pk``, which the arbitrate token's owner must arbitrate (else 403)."""
    token_of(request, Scope.ARBITRATE)
    t = get_object_or_404(Tournament, pk=pk)
    if not authority.may_arbitrate(request.user, t):
        raise Refusal("forbidden", _("Only this tournament's arbiters may do that."), "not_allowed")
    return t


def _all_or_none(acts: list[Callable[[], T]]) -> list[T]:
    with refusals(), transaction.atomic():
        return [act() for act in acts]


class MoveIn(Schema):
    notation: str = Field(max_length=40, description="The move, as the game page's form posts it.")
    expected_ply: int | None = Field(
        None,
        ge=0,
        description="The moves you saw (the game's `ply`): a stale move is 409.",
    )


@games_router.post(
    "/games/{int:pk}/moves", response=schemas.MoveAccepted, url_name="moves", **WRITE
)
def post_move(request: HttpRequest, pk: int, body: MoveIn) -> dict[str, Any]:
    """Submit the token owner's move (scope *play*): it must be their turn."""
    token_of(request, Scope.PLAY)
    game = Game(pk=pk)
    with refusals():
        try:
            move = game_services.submit_move(
                game=game, user=request.user, notation=body.notation, expected_ply=body.expected_ply
            )
        except Game.DoesNotExist:
            raise Refusal("not_found") from None
    return {"game": pk, "ply": move.ply, "notation": move.notation}


class ResultIn(Schema):
    board: int = Field(ge=1, description="The board's number in the round.")
    result: str = Field(max_length=8, description="A result code: 1-0, 0-1, 1/2, +/-, -/+, -/-.")
    version: str = Field(max_length=40, description="The board's `version` as read: stale is 409.")
    first_score: int | None = Field(None, ge=0, le=10**6)
    second_score: int | None = Field(None, ge=0, le=10**6)


class ResultsIn(Schema):
    results: list[ResultIn] = Field(min_length=1, max_length=200)


@tournaments_router.post(
    "/tournaments/{int:pk}/rounds/{int:number}/results",
    response=schemas.ResultsAccepted,
    url_name="results",
    **WRITE,
)
def post_results(request: HttpRequest, pk: int, number: int, body: ResultsIn) -> dict[str, Any]:
    """Enter (or correct) one board's result or several, all or none (scope *arbitrate*)."""
    t = _arbitrated(request, pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    acts = []
    for item in body.results:
        form = ResultForm(item.dict())
        if not form.is_valid():
            raise Refusal("bad_request", _("Choose a result."), "bad_result")
        d = form.cleaned_data
        pairing = get_object_or_404(Pairing, round=rnd, board=item.board)
        acts.append(
            lambda pairing=pairing, d=d: services.record_result(
                pairing=pairing,
                result=d["result"],
                user=request.user,
                first_score=d["first_score"],
                second_score=d["second_score"],
                expected_version=d["version"],
                source=ResultSource.API,
            )
        )
    done = _all_or_none(acts)
    return {"round": number, "boards": [{"board": p.board, "result": p.result} for p in done]}


class PairIn(Schema):
    number: int | None = Field(
        None, ge=1, description="The round you mean to pair: another is 409 (none: the next)."
    )


@tournaments_router.post(
    "/tournaments/{int:pk}/rounds", response=schemas.Paired, url_name="pair", **WRITE
)
def post_round(request: HttpRequest, pk: int, body: PairIn | None = None) -> dict[str, Any]:
    """Pair the next round (scope *arbitrate*), as the tournament page's button does."""
    t = _arbitrated(request, pk)
    expected = body.number if body is not None else None

    def pair() -> Round:
        locked = Tournament.objects.select_for_update().get(pk=t.pk)
        last = locked.round_set.aggregate(n=Max("number"))["n"] or 0
        if expected is not None and expected != last + 1:
            raise TournamentError(
                _("Already done: the tournament has changed since you saw it. Look at it again."),
                "stale",
            )
        return pairings.pair_round(tournament=locked, user=request.user)

    rnd = _all_or_none([pair])[0]
    return {"round": rnd.number, "boards": rnd.pairings.count()}


class EntryIn(Schema):
    player: int | None = Field(None, description="An existing player's id …")
    new_name: str = Field("", max_length=200, description="… or a new player's name.")
    rating: int | None = Field(None, ge=0, le=10**5)
    half_byes: str = Field("", max_length=200, description="Round numbers, comma-separated.")


class EntriesIn(Schema):
    entries: list[EntryIn] = Field(min_length=1, max_length=200)


@tournaments_router.post(
    "/tournaments/{int:pk}/entries", response=list[schemas.EntryOut], url_name="register", **WRITE
)
def post_entries(request: HttpRequest, pk: int, body: EntriesIn) -> list[dict[str, Any]]:
    """Register existing players or new names, all or none (scope *arbitrate*), as the
    tournament page's form does."""
    t = _arbitrated(request, pk)
    acts = []
    for item in body.entries:
        form = EntryForm(item.dict(), tournament=t)
        if not form.is_valid():
            message = " ".join(str(e) for errors in form.errors.values() for e in errors)
            raise Refusal("bad_request", message, "bad_entry")
        d = form.cleaned_data

        def register(d: dict[str, Any] = d) -> Any:
            player = d["player"] or player_services.create_player(
                name=d["new_name"], rating=d["rating"]
            )
            return services.register(
                tournament=t,
                player=player,
                user=request.user,
                rating=d["rating"],
                half_byes=d["half_byes"],
            )

        acts.append(register)
    return [entry_out(e) for e in _all_or_none(acts)]

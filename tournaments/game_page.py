"""The tournaments app's part of a game page (answering :mod:`games.hooks`): where the game
belongs (tournament, round, board), the replay of an annulled game, the results and decisions
recorded on it, the arbiter's actions and a player's claim on time."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games.authority import may_arbitrate_game
from games.hooks import ASIDE, HEAD, STATUS, Item, Link, Panel
from games.models import Game, GameStatus
from tournaments.models import Act, Adjudication, Pairing


def game_page(request: HttpRequest, game: Game) -> Iterator[Item]:
    """Links and panels of ``game``'s page: two queries (its pairing, its records)."""
    records = list(
        Adjudication.objects.filter(game=game).select_related(
            "decided_by", "entry__player", "pairing__round__tournament"
        )
    )
    pairing = Pairing.objects.select_related("round__tournament").filter(game=game).first()
    if pairing is None:  # an annulled game: its annulment keeps the link to the pairing
        pairing = next(
            (r.pairing for r in records if r.act == Act.ANNUL and r.pairing_id is not None), None
        )
    if pairing is not None:
        rnd = pairing.round
        tournament = rnd.tournament
        name = format_html("<bdi>{}</bdi>", tournament.name)  # a name, isolated (bidi)
        yield Link(name, tournament.get_absolute_url(), order=10, slot=HEAD)
        yield Link(str(rnd), rnd.get_absolute_url(), order=20, slot=HEAD)
        yield Link(
            _("board %(board)s") % {"board": pairing.board},
            f"{rnd.get_absolute_url()}#board-{pairing.board}",
            order=30,
            slot=HEAD,
        )
        if (
            game.status == GameStatus.ANNULLED
            and pairing.game_id is not None
            and pairing.game_id != game.pk
        ):
            yield Link(
                _("Game %(number)s") % {"number": pairing.game_id},
                reverse("games:detail", args=[pairing.game_id]),
                order=10,
                slot=STATUS,
                prefix=_("It is replayed in"),
            )
    if records:
        yield Panel("tournaments/_game_records.html", {"records": records}, order=200, slot=ASIDE)
    user = request.user
    if may_arbitrate_game(user, game):
        yield Link(
            _("Arbiter's actions"),
            reverse("tournaments:game_arbiter", args=[game.pk]),
            order=300,
            slot=ASIDE,
            button=True,
        )
    if (
        pairing is not None
        and pairing.round.tournament.claim_after_minutes
        and not game.time_control  # with a clock, a flag ends the game by itself
        and game.is_active
        and user.is_authenticated
        and _waits_for_opponent(game, user.pk)
    ):
        yield Panel("tournaments/_game_claim.html", {}, order=400, slot=ASIDE)


def _waits_for_opponent(game: Game, user_id: int) -> bool:
    """Is the user seated in ``game`` and not to move (the one who may claim on time)?"""
    seat = game.seats.filter(player__user_id=user_id).values_list("number", flat=True).first()
    if seat is None:
        return False
    return game.rules.to_move(game.current_state()) != seat

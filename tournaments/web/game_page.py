"""The tournaments app's part of a game page (answering :mod:`games.hooks`): where the game
belongs (tournament, round, board), the replay of an annulled game, the results and decisions
recorded on it, the arbiter's actions and a player's claim on time.

Two queries, compiled once (:class:`games.queries.CompiledQuery`): the game's records and its
pairing (with its round and tournament). The pairing is read through the page's read-once scope
(:mod:`games.memo`), under the key :mod:`tournaments.authority` reads it with: whichever asks
first reads it, the other (:func:`games.authority.may_arbitrate_game`) reads nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db import router
from django.db.models import Exists, OuterRef
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games import memo
from games.authority import may_arbitrate_game
from games.hooks import ASIDE, HEAD, STATUS, Html, Item, Link, Panel
from games.models import Game, GameStatus
from games.panel import url_with_pk
from games.queries import GAME_ID, CompiledQuery
from tournaments.authority import PAIRING_KEY
from tournaments.models import Act, Pairing, ResultRecord, TableSeating
from tournaments.templatetags.results_tags import records_section

# The records with what their list shows (tournaments.templatetags.results_tags.record_html):
# the concerned player's name and the arbiter's username, no other column of theirs (a record's
# pairing, round and tournament are read only for an annulled game, below).
RECORDS_OF_GAME = CompiledQuery(
    lambda pk: (
        ResultRecord.objects.filter(game_id=pk)
        .select_related("decided_by", "entry__player")
        .only(
            *(
                f.name
                for f in ResultRecord._meta.concrete_fields
                if f.name not in ("tournament", "entry", "decided_by")
            ),
            "entry__player__name",
            "decided_by__username",
        )
    ),
    GAME_ID,
)
PAIRING_OF_GAME = CompiledQuery(
    lambda pk: Pairing.objects.filter(game_id=pk).order_by().select_related("round__tournament"),
    GAME_ID,
)
PAIRING_BY_ID = CompiledQuery(
    lambda pk: Pairing.objects.filter(pk=pk).order_by().select_related("round__tournament"),
    GAME_ID,
)


# Read with the page's game (games.hooks.register_game_page_flag): whether it has records and
# whether a pairing names it. A game without either (a casual game never recorded) needs neither
# query below.
PAGE_FLAGS = {
    "tournaments_has_records": lambda: Exists(ResultRecord.objects.filter(game=OuterRef("pk"))),
    "tournaments_in_pairing": lambda: Exists(Pairing.objects.filter(game=OuterRef("pk"))),
    "tournaments_at_table": lambda: Exists(TableSeating.objects.filter(game=OuterRef("pk"))),
}


def _table_links(game: Game) -> Iterator[Item]:
    """A table's game at an event at tables (issue 30): its tournament, round and table."""
    if not getattr(game, "tournaments_at_table", True):
        return
    row = TableSeating.objects.filter(game=game).select_related("round__tournament").first()
    if row is None:
        return
    rnd = row.round
    name = format_html("<bdi>{}</bdi>", rnd.tournament.name)  # a name, isolated (bidi)
    yield Link(name, rnd.tournament.get_absolute_url(), order=10, slot=HEAD)
    yield Link(str(rnd), rnd.get_absolute_url(), order=20, slot=HEAD)
    yield Link(str(row), row.get_absolute_url(), order=30, slot=HEAD)


def game_page(request: HttpRequest, game: Game) -> Iterator[Item]:
    """Links and panels of ``game``'s page: at most two queries (its records, its pairing),
    none for what the page's game says is not there."""
    using = router.db_for_read(ResultRecord)
    has_records = getattr(game, "tournaments_has_records", True)
    records = RECORDS_OF_GAME.objects(using, game.pk) if has_records else []

    def read_pairing() -> Pairing | None:
        found = (
            PAIRING_OF_GAME.objects(using, game.pk)
            if getattr(game, "tournaments_in_pairing", True)
            else None
        )
        if found:
            return found[0]
        # An annulled game: its annulment keeps the link to the pairing.
        pairing_id = next(
            (r.pairing_id for r in records if r.act == Act.ANNUL and r.pairing_id is not None),
            None,
        )
        if pairing_id is None:
            return None
        linked = PAIRING_BY_ID.objects(using, pairing_id)
        return linked[0] if linked else None

    # The same fact as tournaments.authority.pairing_of, read once for both.
    pairing = memo.read_once((PAIRING_KEY, game.pk), read_pairing)
    if pairing is None:
        yield from _table_links(game)
    if pairing is not None:
        rnd = pairing.round
        tournament = rnd.tournament
        name = format_html("<bdi>{}</bdi>", tournament.name)  # a name, isolated (bidi)
        round_url = rnd.get_absolute_url()
        yield Link(name, tournament.get_absolute_url(), order=10, slot=HEAD)
        yield Link(str(rnd), round_url, order=20, slot=HEAD)
        yield Link(
            _("board %(board)s") % {"board": pairing.board},
            f"{round_url}#board-{pairing.board}",
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
                url_with_pk("games:detail", pairing.game_id),
                order=10,
                slot=STATUS,
                prefix=_("It is replayed in"),
            )
    if records:
        yield Html(records_section(records), order=200, slot=ASIDE)
    user = request.user
    if not user.is_authenticated:
        return  # a visitor is no arbiter and claims nothing
    if may_arbitrate_game(user, game):
        yield Link(
            _("Arbiter's actions"),
            url_with_pk("tournaments:game_arbiter", game.pk),
            order=300,
            slot=ASIDE,
            button=True,
        )
    if (
        pairing is not None
        and pairing.round.tournament.claim_after_minutes
        and not game.time_control  # with a clock, a flag ends the game by itself
        and game.is_active
        and _waits_for_opponent(game, user.pk)
    ):
        yield Panel("tournaments/_game_claim.html", {}, order=400, slot=ASIDE)


def _waits_for_opponent(game: Game, user_id: int) -> bool:
    """Is the user seated in ``game`` and not to move (the one who may claim on time)?"""
    seat = game.seats.filter(player__user_id=user_id).values_list("number", flat=True).first()
    if seat is None:
        return False
    return game.rules.to_move(game.current_state()) != seat

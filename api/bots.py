"""Bots (docs/api.md, "Bots"): accounts marked as bots (``api.models.BotAccount``, by staff in
the admin), their "bot" badge beside their name on the game page and in the players' list
(``games.hooks.player_tags``), and ``GET /bot/turns``: the games where it is the token owner's
move, long-polled with ``wait``.

The long poll checks with one indexed query a second (the token owner's seats in active games,
with each game's ``ply`` and ``status``) — the same cheap fact the game page's own poll
(``/games/<pk>/live``, every second) watches: the site has no change notification to wait on.
Only a game whose ``ply`` or ``status`` changed since the last check is read in full (its moves
replayed) to see whose move it is."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import router as db_router
from django.db.models import Exists, OuterRef
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from pydantic import Field

from api import schemas
from api.auth import token_auth, token_of
from api.game_reads import position_out
from api.models import BotAccount, Scope
from games import clock_pages, queries, timekeeping
from games.models import ACTIVE_STATUSES, Game, Player, Seat

router = Router(tags=["bots"])

# The longest ``wait`` (seconds) a turns request may hold a server thread; the setting
# ``API_BOT_WAIT_MAX`` lowers it (0: no long poll, every call answers at once).
WAIT_MAX = 30
# Seconds between two checks of a long poll (the game page's poll's period).
CHECK_EVERY = 1.0
# The page's flag (games.hooks.register_game_page_flag): does a bot sit at the game?
BOT_SEAT_FLAG = "api_bot_seat"


def is_bot(user: Any) -> bool:
    """Is ``user``'s account marked as a bot?"""
    return bool(user and user.pk) and BotAccount.objects.filter(user_id=user.pk).exists()


def bot_seat() -> Any:
    """The page's game has a bot at one of its seats (read with the game, one query)."""
    return Exists(BotAccount.objects.filter(user__player__seats__game=OuterRef("pk")))


def player_tags(players: Sequence[Player], game: Game | None) -> dict[int, str]:
    """The "bot" badge of the bots among ``players`` (no query when the page's game has none)."""
    if game is not None and not getattr(game, BOT_SEAT_FLAG, True):
        return {}
    accounts = {p.user_id: p.pk for p in players if p.user_id is not None}
    if not accounts:
        return {}
    bots = BotAccount.objects.filter(user_id__in=accounts).values_list("user_id", flat=True)
    label = _("bot")
    return {accounts[user_id]: label for user_id in bots}


class TurnsQuery(Schema):
    wait: int = Field(
        0,
        ge=0,
        description=f"Seconds to wait for a turn when there is none now (at most {WAIT_MAX}: "
        "more is taken as the most); 0 answers at once.",
    )


def _max_wait() -> int:
    return max(0, min(WAIT_MAX, int(getattr(settings, "API_BOT_WAIT_MAX", WAIT_MAX))))


def _seats(user_id: int) -> list[tuple[int, int, str, int]]:
    """The check: ``(game, ply, status, seat)`` of the user's seats in active games."""
    rows = (
        Seat.objects.filter(player__user_id=user_id, game__status__in=ACTIVE_STATUSES)
        .order_by("game_id")
        .values_list("game_id", "game__ply", "game__status", "number")
    )
    return [tuple(row) for row in rows]  # type: ignore[misc]


def _turn(using: str, pk: int, seat: int) -> dict[str, Any] | None:
    """Game ``pk`` as a turn of ``seat``, or ``None`` when it is not that seat's move now."""
    game = queries.game_or_none(using, pk)
    if game is None or not game.is_active:
        return None
    clock = None
    if game.time_control:
        figures = clock_pages.figures(game, timekeeping.live_clocks(game, timezone.now()))
        if figures["waiting"] or not game.is_active:
            return None
        clock = figures
    rows = queries.MOVE_ROWS_UNTIMED.rows(using, game.pk)
    game.use_moves([row[2] for row in rows])
    position = position_out(game, game.state_at(len(rows)), len(rows))
    if position["to_move"] != seat:
        return None
    return {
        "game": game.pk,
        "kind": game.kind,
        "seat": seat,
        # The moves the position was read from: the game's row, read just before them, may
        # still say one move fewer (a move committed between the two reads).
        "ply": len(rows),
        "url": game.get_absolute_url(),
        "position": position,
        "clock": clock,
    }


class TurnOut(Schema):
    game: int = Field(description="The game's id (GET /games/{game} reads it all).")
    kind: str
    seat: int = Field(description="Your seat (0: the first player).")
    ply: int = Field(description="The moves played: send it as `expected_ply` with your move.")
    url: str
    position: schemas.PositionOut
    clock: schemas.ClockOut | None


class TurnsOut(Schema):
    turns: list[TurnOut]


@router.get("/bot/turns", response=TurnsOut, url_name="bot_turns", auth=token_auth)
def bot_turns(request: HttpRequest, query: Query[TurnsQuery]) -> dict[str, Any]:
    """The games where it is the token owner's move now (scope *play*; a bot's or a person's).
    With ``wait``, answers as soon as there is one, or with none when the wait is over."""
    user_id = token_of(request, Scope.PLAY).owner_id
    using = db_router.db_for_read(Game)
    deadline = time.monotonic() + min(query.wait, _max_wait())
    known: dict[tuple[int, int, str, int], dict[str, Any] | None] = {}
    while True:
        seats = _seats(user_id)
        for key in seats:
            if key not in known:
                known[key] = _turn(using, key[0], key[3])
        turns = [known[key] for key in seats if known[key] is not None]
        remaining = deadline - time.monotonic()
        if turns or remaining <= 0:
            return {"turns": turns}
        time.sleep(min(CHECK_EVERY, remaining))

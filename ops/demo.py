"""The demo club: accounts, players and a few games played through the services.

Idempotent: loading it again changes nothing. Refuses with DEBUG off unless forced, since the
demo accounts have well-known passwords. ``manage.py load_demo [--force]`` is the command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.utils.translation import gettext as _

from games import player_services, services
from games.models import Game, Player
from tournaments import pairings
from tournaments.acts import decisions
from tournaments.acts import services as tournament_services
from tournaments.core import vocabulary

# username, password, player name, club, rating, staff
DEMO_ACCOUNTS = (
    ("admin", "admin", None, "", None, True),
    ("arbiter", "arbiter", None, "", None, True),
    ("alice", "alice", "Алиса Петрова", "Клуб «Ладья»", 1650),
    ("bob", "bob", "Bob Smith", "Riverside TTT", 1580),
    ("carol", "carol", "Carol Jones", "Riverside TTT", 1490),
    ("dara", "dara", "دارا رضایی", "Клуб «Ладья»", 1530),
)
# A 31-move ultimate tic-tac-toe game that X wins (found by random play, checked by the engine).
X_WINS = [
    "D4",
    "A1",
    "B3",
    "F9",
    "I9",
    "H9",
    "D9",
    "C9",
    "I7",
    "I3",
    "G7",
    "C3",
    "G8",
    "A4",
    "B2",
    "F6",
    "I8",
    "G6",
    "B9",
    "E7",
    "D1",
    "C1",
    "G3",
    "B8",
    "F4",
    "G1",
    "B1",
    "D2",
    "C6",
    "H8",
    "E4",
]


class DemoRefused(ImproperlyConfigured):
    """The demo was asked for with DEBUG off and without ``force``."""


def load_demo(*, force: bool = False, write: Callable[[str], object] = print) -> None:
    """Create the demo club (once) and ``write`` its accounts, a line each."""
    Demo().load(force=force, write=write)


class Demo:
    """The demo's parts, in the order they are made."""

    def load(self, *, force: bool, write: Callable[[str], object]) -> None:
        if not settings.DEBUG and not force:
            raise DemoRefused(
                _("The demo has well-known passwords: use --force to load it anyway.")
            )
        with transaction.atomic():
            created = self._accounts()
            if created or not Game.objects.exists():
                self._games()
        write(_("Demo accounts (username / password):"))
        for row in DEMO_ACCOUNTS:
            role = (
                _("superuser")
                if row[0] == "admin"
                else _("arbiter")
                if row[0] == "arbiter"
                else row[2]
            )
            write(f"  {row[0]} / {row[1]}  ({role})")

    def _accounts(self) -> bool:
        User = get_user_model()
        created_any = False
        for username, password, name, club, rating, *staff in DEMO_ACCOUNTS:
            user, created = User.objects.get_or_create(username=username)
            if created:
                created_any = True
                user.set_password(password)
                user.is_staff = bool(staff and staff[0])
                user.is_superuser = username == "admin"
                user.save()
            if username == "arbiter":
                user.groups.add(Group.objects.get(name="Arbiter"))
            if name and not Player.objects.filter(user=user).exists():
                player_services.create_player(name=name, club=club, rating=rating, user=user)
        return created_any

    def _games(self) -> None:
        User = get_user_model()
        users = {u.username: u for u in User.objects.all()}
        p = {u: users[u].player for u in ("alice", "bob", "carol", "dara")}
        uttt = services.create_game(
            kind="uttt", options={}, players=[p["alice"], p["bob"]], created_by=users["arbiter"]
        )
        self._play(uttt, ["E5", "E4", "D2", "B6", "E8", "F6"])
        sos = services.create_game(
            kind="sos",
            options={"rows": 5, "cols": 5},
            players=[p["carol"], p["dara"], p["bob"]],
            created_by=users["arbiter"],
        )
        self._play(sos, ["A1=S", "B1=O", "C1=S", "C2=O", "C3=S", "E5=S"])
        done = services.create_game(
            kind="sos",
            options={"rows": 3},
            players=[p["dara"], p["alice"]],
            created_by=users["arbiter"],
        )
        self._play(done, ["A1=S", "B2=O", "C3=S", "C1=S", "A3=O", "B1=O", "B3=S", "A2=O", "C2=O"])
        self._tournament(users, p)

    def _tournament(self, users: dict[str, Any], p: dict[str, Player]) -> None:

        arbiter = users["arbiter"]
        cup = tournament_services.create_tournament(
            name="Осенний кубок / Autumn Cup",
            kind="uttt",
            format="swiss",
            rounds=3,
            created_by=arbiter,
        )
        for player in p.values():
            tournament_services.register(tournament=cup, player=player, user=arbiter)
        first = pairings.pair_round(tournament=cup, user=arbiter)
        board1 = first.pairings.get(board=1)
        # Board 1 is played to the end (X wins); board 2 is under way.
        self._play(board1.game, X_WINS)
        self._play(first.pairings.get(board=2).game, ["E5", "E4", "D2"])
        # One game decided by the arbiter: a draw agreed over the board.
        agreed = services.create_game(
            kind="uttt", options={}, players=[p["carol"], p["bob"]], created_by=arbiter
        )
        self._play(agreed, ["E5", "E4", "D2", "B6"])
        decisions.decide(
            user=arbiter,
            game=agreed,
            result=vocabulary.DRAW,
            reason="agreement",
            note="Draw agreed at the board / Ничья по соглашению",
        )

    @staticmethod
    def _play(game: Game, moves: list[str]) -> None:
        for notation in moves:
            state = game.current_state()
            seat = game.seats.get(number=game.rules.to_move(state))
            services.submit_move(game=game, user=seat.player.user, notation=notation)
            game.refresh_from_db()

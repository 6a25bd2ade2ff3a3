"""Short-hands for the adjudication tests: a small online SOS tournament with every role that
matters for permissions, moves played through the game service, and read-backs.

Set-up goes through the services (``tournaments.acts.services``, ``tournaments.pairings``,
``games.services``) as the views do; the only direct writes are back-dated move times for claims.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any

from django.conf import settings
from django.contrib.auth.models import Group, Permission, User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services as game_services
from games.models import Game, Move, Player
from tests import factories
from tournaments import pairings, queries
from tournaments.acts import services
from tournaments.models import Entry, Pairing, Round, Tournament

PASSWORD = "correct-horse-battery-staple"
ARBITER_GROUP = "Arbiter"

# 3×3 SOS. The first mover writes S at A1 and C1, the second O at B1: the first mover scores
# A1-B1-C1 (1:0), and the grid then fills with O without another SOS. The ninth move (C3=O,
# by the second mover) ends the game: the first mover wins 1:0.
SOS_FIRST_WINS = ["A1=S", "B1=O", "C1=S", "A2=O", "B2=O", "C2=O", "A3=O", "B3=O", "C3=O"]
# Only O: nobody ever scores; nine moves end the game 0:0, a draw.
SOS_DRAW = [f"{col}{row}=O" for row in "123" for col in "ABC"]


def make_user(username: str, **fields: Any) -> User:
    return factories.make_user(username, password=PASSWORD, **fields)


def arbiter_group() -> Group:
    """The group made by migrations 0003 and 0006 (whose record permissions migration 0016
    renamed), made again if an earlier transactional test (a live-server test) flushed the tables
    after it."""
    group = Group.objects.filter(name=ARBITER_GROUP).first()
    if group is None:
        from django.apps import apps
        from django.contrib.auth.management import create_permissions

        for label in ("games", "tournaments"):
            create_permissions(apps.get_app_config(label), verbosity=0)
        group = Group.objects.create(name=ARBITER_GROUP)
        for name in ("0003_arbiter_group", "0006_arbiter_group_admin_permissions"):
            migration = importlib.import_module(f"tournaments.migrations.{name}")
            for app_label, codename in migration.PERMISSIONS:
                group.permissions.add(
                    Permission.objects.get(
                        content_type__app_label=app_label,
                        codename=codename.replace("_adjudication", "_resultrecord"),
                    )
                )
    return group


def in_arbiter_group(user: User, *, staff: bool = False) -> User:
    """Put ``user`` in the Arbiter group (and the staff); read again: permissions are cached."""
    user.groups.add(arbiter_group())
    if staff and not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return User.objects.get(pk=user.pk)


def reload(obj: Any) -> Any:
    return type(obj).objects.get(pk=obj.pk)


@dataclass
class World:
    """An online SOS Swiss (3×3, three rounds) of four players with accounts, round 1 paired.

    ``board1`` (``game``) is Alice (seat 0, first mover) against Carol, ``board2`` Dmitri against
    Борис. ``arbiter`` created the tournament and is its only named arbiter besides
    ``staff_arbiter``; ``other_arbiter`` arbitrates another tournament (staff, Arbiter group).
    """

    tournament: Tournament
    other_tournament: Tournament
    round1: Round
    board1: Pairing
    board2: Pairing
    arbiter: User
    staff_arbiter: User
    other_arbiter: User
    superuser: User

    @property
    def game(self) -> Game:
        return reload(self.board1).game

    def entry(self, name: str) -> Entry:
        return Entry.objects.get(tournament=self.tournament, player__name=name)

    def user(self, name: str) -> User:
        user = Player.objects.get(name=name).user
        assert user is not None
        return user

    @property
    def seated(self) -> User:
        """The first mover of board 1."""
        return self.user(self.board1.first.player.name)

    @property
    def opponent(self) -> User:
        """The second mover of board 1."""
        return self.user(self.board1.second.player.name)

    @property
    def another_player(self) -> User:
        """A player of the tournament who does not play on board 1."""
        return self.user(self.board2.first.player.name)


def build_world(**tournament_fields: Any) -> World:
    arbiter = make_user("arbiter")
    staff_arbiter = in_arbiter_group(make_user("staff-arbiter"), staff=True)
    other_arbiter = in_arbiter_group(make_user("elsewhere"), staff=True)
    superuser = User.objects.create_superuser(username="root", password=PASSWORD)
    fields: dict[str, Any] = {
        "name": "Club Open",
        "kind": "sos",
        "format": "swiss",
        "rounds": 3,
        "online": True,
        "tiebreaks": ["buchholz"],
    }
    fields.update(tournament_fields)
    t = services.create_tournament(created_by=arbiter, arbiters=[staff_arbiter], **fields)
    other = services.create_tournament(
        name="Another Open", kind="sos", rounds=3, online=True, created_by=other_arbiter
    )
    for name, rating in (("Alice", 2000), ("Борис", 1900), ("Carol", 1800), ("Dmitri", 1700)):
        user = make_user(name.lower() if name != "Борис" else "boris")
        player = factories.make_player(name, user, rating=rating)
        services.register(tournament=t, player=player, user=arbiter)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    board1, board2 = boards(rnd)
    return World(t, other, rnd, board1, board2, arbiter, staff_arbiter, other_arbiter, superuser)


def boards(rnd: Round) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round=rnd, second__isnull=False)
        .select_related("round__tournament", "first__player", "second__player", "game")
        .order_by("board")
    )


def play(game: Game, *moves: str) -> Game:
    """Play ``moves`` through ``submit_move``, each by the account of the seat to move."""
    for notation in moves:
        game = Game.objects.get(pk=game.pk)
        seat = game.seats.select_related("player__user").get(
            number=game.rules.to_move(game.current_state())
        )
        with factories.committed():
            game_services.submit_move(game=game, user=seat.player.user, notation=notation)
    return Game.objects.get(pk=game.pk)


def finish_round_one(world: World, board1: list[str], board2: list[str]) -> Round:
    """Play both games of round 1 to their end and close the round."""
    play(world.board1.game, *board1)
    play(world.board2.game, *board2)
    return services.finish_round(round=world.round1, user=world.arbiter)


def age_moves(game: Game, minutes: int) -> None:
    """Pretend the game's moves (and its creation) happened ``minutes`` ago."""
    then = timezone.now() - timedelta(minutes=minutes)
    Move.objects.filter(game=game).update(created_at=then)
    Game.objects.filter(pk=game.pk).update(created_at=then)


def points(tournament: Tournament) -> dict[str, float]:
    """Each player's points in the standings, by name."""
    table = queries.standings(tournament)
    return {entry.player.name: row.points for row, entry in table.lines()}


def tiebreak(tournament: Tournament, key: str) -> dict[str, float]:
    table = queries.standings(tournament)
    index = [k for k, _label, _abbr in table.labels].index(key)
    return {entry.player.name: row.tiebreaks[index] for row, entry in table.lines()}


def state_is_replay_of_moves(game: Game) -> bool:
    """The game's cached ply counts its ``Move`` rows and its status and result agree with their
    replay (the integrity check finds nothing)."""
    from games.integrity import problems_of_game

    game = reload(game)
    return problems_of_game(game) == [] and game.ply == len(game.moves_list)


def game_arbiter_url(game: Game) -> str:
    return reverse("tournaments:game_arbiter", args=[game.pk])


def pairing_arbiter_url(pairing: Pairing) -> str:
    return reverse("tournaments:decide", args=[pairing.round.tournament_id, pairing.pk])


def is_login_redirect(response: HttpResponse, login: str = "/accounts/login/") -> bool:
    return response.status_code == 302 and response["Location"].startswith(login)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def text_of(html: str, start: str = "", end: str = "") -> str:
    """The visible text of ``html`` (optionally only between two markers), white space collapsed."""
    if start:
        html = html[html.index(start) :]
    if end and end in html:
        html = html[: html.index(end)]
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def page_text(response: HttpResponse, start: str = "", end: str = "") -> str:
    assert response.status_code == 200, response.status_code
    return text_of(response.content.decode(), start, end)


def build_paper_round(world: World, *, bye: bool = False) -> Pairing:
    """A paper tournament of three (no accounts) by the world's arbiter, round 1 paired: its
    board with two players, or with ``bye`` the bye."""
    t = services.create_tournament(
        name="Paper Cup", kind="sos", rounds=3, online=False, created_by=world.arbiter
    )
    for name, rating in (("Eve", 1600), ("Fyodor", 1500), ("Gleb", 1400)):
        player = factories.make_player(name, rating=rating)
        services.register(tournament=t, player=player, user=world.arbiter)
    rnd = pairings.pair_round(tournament=t, user=world.arbiter)
    return rnd.pairings.select_related("round__tournament").get(second__isnull=bye)


def session_of(user: User) -> str:
    """A fresh session cookie value of ``user`` (no login form, no password hashing)."""
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def page_version(client: Client, url: str) -> str:
    """The version the arbiter's page at ``url`` carries in its forms (as a browser sends it)."""
    import re

    found = re.search(r'name="version" value="([^"]*)"', client.get(url).content.decode())
    assert found, "the page carries no version"
    return found.group(1)

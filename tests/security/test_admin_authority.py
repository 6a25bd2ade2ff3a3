"""The Django admin asks the one authority: an arbiter (staff, Arbiter group) of tournament B sees
and touches nothing of tournament A — not its tournament, rounds, pairings, entries, games, moves,
records or claims — on any admin page: changelist, change, add, delete, history, actions. Only a
superuser names a tournament's arbiters or links a player to an account.

Each refusal is checked against a control: A's own arbiter, on the same page, may.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games import services as game_services
from games.models import Game, Move, Player
from tests import factories
from tests.adjudication.helpers import arbiter_group
from tournaments import pairings
from tournaments.acts import claims, decisions, services, tournament_settings
from tournaments.models import Claim, ClaimStatus, Entry, Pairing, ResultRecord, Round, Tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def staff_arbiter(username: str) -> User:
    user = factories.make_user(username, is_staff=True)
    user.groups.add(arbiter_group())
    return User.objects.get(pk=user.pk)


@dataclass
class Side:
    """One online SOS tournament, its arbiter, round 1 paired, a move played on board 1, and a
    withdrawal on record."""

    tournament: Tournament
    arbiter: User
    round: Round
    pairing: Pairing
    entry: Entry
    game: Game
    move: Move
    record: ResultRecord
    claim: Claim

    def objects(self) -> dict[str, Any]:
        return {
            "tournaments/tournament": self.tournament,
            "tournaments/round": self.round,
            "tournaments/pairing": self.pairing,
            "tournaments/entry": self.entry,
            "tournaments/resultrecord": self.record,
            "tournaments/claim": self.claim,
            "games/game": self.game,
            "games/move": self.move,
            "games/player": self.pairing.first.player,
        }


def make_side(name: str, arbiter: User) -> Side:
    t = services.create_tournament(name=name, kind="sos", rounds=3, online=True, created_by=arbiter)
    for n in range(4):
        user = factories.make_user(f"{name.lower().replace(' ', '-')}-{n}")
        player = factories.make_player(f"{name} player {n}", user)
        services.register(tournament=t, player=player, user=arbiter)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    pairing = rnd.pairings.filter(second__isnull=False).order_by("board").first()
    game = pairing.game
    seat = game.seats.select_related("player__user").get(number=0)
    move = game_services.submit_move(game=game, user=seat.player.user, notation="A1=S")
    entry = t.entries.order_by("pk").last()
    record = decisions.withdraw(user=arbiter, entry=entry, reason="no_show", from_round=2)
    # The second mover has not moved for 10 minutes: the first claims the win.
    tournament_settings.update_tournament(
        tournament=t, user=arbiter, changes={"claim_after_minutes": 5}
    )
    Move.objects.filter(game=game).update(created_at=timezone.now() - timedelta(minutes=10))
    claim = claims.claim_win(user=seat.player.user, game=game)
    t = Tournament.objects.get(pk=t.pk)
    return Side(t, arbiter, rnd, pairing, entry, game, move, record, claim)


@pytest.fixture
def side_a(db: None) -> Side:
    return make_side("Open A", staff_arbiter("arbiter-a"))


@pytest.fixture
def side_b(db: None) -> Side:
    return make_side("Open B", staff_arbiter("arbiter-b"))


@pytest.fixture
def superuser(db: None) -> User:
    return User.objects.create_superuser(username="root", password="x")


def client(user: User) -> Client:
    c = Client(**EN)
    c.force_login(user)
    return c


def url(key: str, obj: Any = None, view: str = "change") -> str:
    if obj is None:
        return f"/admin/{key}/"
    return f"/admin/{key}/{obj.pk}/{view}/"


def refused(response: Any) -> bool:
    """How Django's admin answers for a row outside the user's queryset: the "does not exist"
    redirect to the admin's index, or 403/404."""
    if response.status_code == 302:
        return response["Location"] == "/admin/"
    return response.status_code in (403, 404)


def snapshot(side: Side) -> tuple[Any, ...]:
    t = side.tournament
    return (
        Tournament.objects.filter(pk=t.pk).values().get(),
        sorted(t.arbiters.values_list("pk", flat=True)),
        list(Round.objects.filter(tournament=t).values().order_by("pk")),
        list(Pairing.objects.filter(round__tournament=t).values().order_by("pk")),
        list(Entry.objects.filter(tournament=t).values().order_by("pk")),
        list(Game.objects.filter(pk=side.game.pk).values()),
        list(Move.objects.filter(game=side.game).values()),
        ResultRecord.objects.filter(tournament=t).count(),
        list(Claim.objects.filter(pk=side.claim.pk).values()),
        list(Player.objects.filter(entries__tournament=t).values().order_by("pk")),
    )


class _Form(HTMLParser):
    """The fields of a page's form as a browser would post them."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, Any] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.data[name] = a.get("value") or "on"
            else:
                self.data[name] = a.get("value") or ""
        elif tag == "select" and name:
            self.select = name
            self.data.setdefault(name, [] if "multiple" in a else "")
        elif tag == "option" and self.select and "selected" in a:
            value = a.get("value") or ""
            if isinstance(self.data[self.select], list):
                self.data[self.select].append(value)
            else:
                self.data[self.select] = value
        elif tag == "textarea" and name:
            self.textarea = name
            self.data[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.data[self.textarea] += data.lstrip("\n") if not self.data[self.textarea] else data


def form_of(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.status_code
    parser = _Form()
    parser.feed(response.content.decode())
    parser.data.pop("_addanother", None)
    parser.data.pop("_continue", None)
    return parser.data


# -- every admin page of another tournament's rows ------------------------------------------------

KEYS = [
    "tournaments/tournament",
    "tournaments/round",
    "tournaments/pairing",
    "tournaments/entry",
    "tournaments/resultrecord",
    "tournaments/claim",
    "games/game",
    "games/move",
    "games/player",
]


@pytest.mark.parametrize("key", KEYS)
def test_the_changelist_shows_only_his_own_tournaments_rows(
    side_a: Side, side_b: Side, key: str
) -> None:
    own = side_b.objects()[key]
    theirs = side_a.objects()[key]
    response = client(side_b.arbiter).get(url(key))
    assert response.status_code == 200
    body = response.content.decode()
    assert f"/admin/{key}/{own.pk}/change/" in body
    assert f"/admin/{key}/{theirs.pk}/change/" not in body


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("view", ["change", "history", "delete"])
def test_another_tournaments_row_cannot_be_opened(
    side_a: Side, side_b: Side, key: str, view: str
) -> None:
    theirs = side_a.objects()[key]
    own = side_b.objects()[key]
    c = client(side_b.arbiter)
    assert refused(c.get(url(key, theirs, view))), (key, view)
    if view != "delete":  # the control: his own row opens
        assert c.get(url(key, own, view)).status_code == 200


@pytest.mark.parametrize("key", KEYS)
def test_another_tournaments_row_cannot_be_changed_or_deleted(
    side_a: Side, side_b: Side, key: str
) -> None:
    theirs = side_a.objects()[key]
    before = snapshot(side_a)
    c = client(side_b.arbiter)
    # His own row's form, posted at theirs: every field a browser would send.
    data = form_of(c.get(url(key, side_b.objects()[key])))
    assert refused(c.post(url(key, theirs), data))
    assert refused(c.post(url(key, theirs, "delete"), {"post": "yes"}))
    assert snapshot(side_a) == before


@pytest.mark.parametrize(
    "key",
    ["tournaments/round", "tournaments/pairing", "tournaments/entry", "games/game", "games/move"],
)
def test_rows_that_services_make_cannot_be_added_in_the_admin(
    side_a: Side, side_b: Side, superuser: User, key: str
) -> None:
    """Rounds, pairings, entries, games and moves are made by their services only."""
    for user in (side_b.arbiter, side_a.arbiter, superuser):
        assert client(user).get(f"/admin/{key}/add/").status_code == 403, (key, user)


def test_an_arbiter_may_add_a_tournament_and_arbitrates_it(side_b: Side) -> None:
    c = client(side_b.arbiter)
    data = form_of(c.get("/admin/tournaments/tournament/add/"))
    data.update(
        name="Admin Cup",
        kind="uttt",
        format="swiss",
        rounds="5",
        options="{}",
        tiebreaks="[]",
        points_win="1",
        points_draw="0.5",
        points_loss="0",
        points_bye="1",
    )
    response = c.post("/admin/tournaments/tournament/add/", data)
    assert response.status_code == 302, form_errors(response)
    t = Tournament.objects.get(name="Admin Cup")
    assert list(t.arbiters.all()) == [side_b.arbiter]
    assert t.created_by == side_b.arbiter
    assert t.options["preset"] == "tactical"  # normalised by the service


@pytest.mark.parametrize(
    ("key", "action"),
    [
        ("games/game", "adjudicate_annul"),
        ("games/game", "adjudicate_take_back"),
        ("games/game", "adjudicate_decide"),
        ("tournaments/pairing", "adjudicate_decide"),
        ("tournaments/tournament", "delete_selected"),
        ("tournaments/entry", "delete_selected"),
        ("tournaments/claim", "accept_claims"),
        ("tournaments/claim", "reject_claims"),
    ],
)
def test_actions_on_another_tournaments_rows_do_nothing(
    side_a: Side, side_b: Side, superuser: User, key: str, action: str
) -> None:
    theirs = side_a.objects()[key]
    data = {
        "action": action,
        "_selected_action": [str(theirs.pk)],
        "apply": "1",
        "post": "yes",
        "reason": "correction",
        "note": "",
        "result": "1-0",
        "count": "1",
        "replay": "on",
    }
    before = snapshot(side_a)
    response = client(side_b.arbiter).post(url(key), data)
    assert response.status_code in (200, 302, 403)
    assert snapshot(side_a) == before


def test_his_own_game_takes_the_action(side_b: Side) -> None:
    """The control of the actions above."""
    data = {
        "action": "adjudicate_take_back",
        "_selected_action": [str(side_b.game.pk)],
        "apply": "1",
        "reason": "correction",
        "note": "",
        "count": "1",
        # The version the action's form page shows for the row.
        f"version-{side_b.game.pk}": decisions.version(
            game=Game.objects.get(pk=side_b.game.pk), pairing=decisions.pairing_of(side_b.game)
        ),
    }
    response = client(side_b.arbiter).post("/admin/games/game/", data)
    assert response.status_code == 302
    assert Game.objects.get(pk=side_b.game.pk).ply == 0


def test_his_own_claim_is_decided_in_the_admin(side_b: Side) -> None:
    data = {"action": "reject_claims", "_selected_action": [str(side_b.claim.pk)]}
    response = client(side_b.arbiter).post("/admin/tournaments/claim/", data)
    assert response.status_code == 302
    assert Claim.objects.get(pk=side_b.claim.pk).status == ClaimStatus.REJECTED


def test_the_list_filters_name_only_his_tournaments(side_a: Side, side_b: Side) -> None:
    for key in ("tournaments/pairing", "tournaments/entry", "tournaments/round"):
        body = client(side_b.arbiter).get(url(key)).content.decode()
        assert "Open B" in body
        assert "Open A" not in body, key


def test_the_entry_form_offers_no_other_tournament(side_a: Side, side_b: Side) -> None:
    body = client(side_b.arbiter).get(url("tournaments/entry", side_b.entry)).content.decode()
    assert "Open A" not in body


# -- naming arbiters, linking players ------------------------------------------------------------


def test_an_arbiter_cannot_add_himself_to_another_tournaments_arbiters(
    side_a: Side, side_b: Side
) -> None:
    c = client(side_b.arbiter)
    data = form_of(c.get(url("tournaments/tournament", side_b.tournament)))
    data["arbiters"] = [str(side_b.arbiter.pk)]
    assert refused(c.post(url("tournaments/tournament", side_a.tournament), data))
    assert list(side_a.tournament.arbiters.all()) == [side_a.arbiter]


def test_an_arbiter_cannot_name_arbiters_even_of_his_own_tournament(
    side_a: Side, side_b: Side
) -> None:
    c = client(side_b.arbiter)
    page = c.get(url("tournaments/tournament", side_b.tournament))
    assert 'name="arbiters"' not in page.content.decode()
    data = form_of(page)
    data["arbiters"] = [str(side_a.arbiter.pk), str(side_b.arbiter.pk)]
    data["name"] = "Open B, renamed"
    response = c.post(url("tournaments/tournament", side_b.tournament), data)
    assert response.status_code == 302, form_errors(response)
    t = Tournament.objects.get(pk=side_b.tournament.pk)
    assert t.name == "Open B, renamed"  # the rest of the form is saved
    assert list(t.arbiters.all()) == [side_b.arbiter]


def test_a_superuser_names_arbiters(side_a: Side, side_b: Side, superuser: User) -> None:
    c = client(superuser)
    data = form_of(c.get(url("tournaments/tournament", side_a.tournament)))
    data["arbiters"] = [str(side_a.arbiter.pk), str(side_b.arbiter.pk)]
    response = c.post(url("tournaments/tournament", side_a.tournament), data)
    assert response.status_code == 302, form_errors(response)
    assert set(side_a.tournament.arbiters.all()) == {side_a.arbiter, side_b.arbiter}


def test_an_arbiter_cannot_relink_a_player(side_a: Side, side_b: Side) -> None:
    player = side_a.pairing.first.player
    owner = player.user
    c = client(side_b.arbiter)
    # Not even one of his own tournament's players: the form has no such field.
    own = side_b.pairing.first.player
    page = c.get(f"/admin/games/player/{own.pk}/change/")
    assert 'name="user"' not in page.content.decode()
    data = form_of(page)
    data["user"] = str(side_b.arbiter.pk)
    assert c.post(f"/admin/games/player/{own.pk}/change/", data).status_code == 302
    assert Player.objects.get(pk=own.pk).user == own.user
    assert refused(c.post(f"/admin/games/player/{player.pk}/change/", data))
    assert Player.objects.get(pk=player.pk).user == owner
    # …and so he cannot play that player's moves either.
    response = c.post(f"/games/{side_a.game.pk}/move/", {"cell": "B1", "letter": "O"})
    assert Game.objects.get(pk=side_a.game.pk).ply == 1, response.status_code


def test_a_superuser_links_a_player(side_a: Side, superuser: User) -> None:
    player = factories.make_player("Unlinked")
    account = factories.make_user("new-account")
    c = client(superuser)
    data = form_of(c.get(f"/admin/games/player/{player.pk}/change/"))
    data["user"] = str(account.pk)
    response = c.post(f"/admin/games/player/{player.pk}/change/", data)
    assert response.status_code == 302, form_errors(response)
    assert Player.objects.get(pk=player.pk).user == account


# -- the tournament form checks what the site's form checks -------------------------------------


def form_errors(response: Any) -> str:
    if response.status_code != 200:
        return str(response.status_code)
    body = response.content.decode()
    start = body.find("errornote")
    return body[start : start + 3000] if start >= 0 else body[:200]


@pytest.fixture
def unpaired(side_b: Side) -> Tournament:
    """A tournament of B's arbiter with no round paired yet."""
    return services.create_tournament(
        name="Spring B", kind="uttt", rounds=5, online=True, created_by=side_b.arbiter
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("options", '{"preset": "bogus", "rows": 999}', "These rules options are not allowed"),
        ("options", '"tactical"', "The rules options must be named values"),
        ("points_win", "-1", "Points are numbers from 0 to 999.9"),
        ("tiebreaks", '["buchholz", "buchholz"]', "Each tie-break can be chosen only once."),
        ("tiebreaks", '["luck"]', "Unknown tie-break: luck."),
        ("tiebreaks", '["sos_points"]', "SOS points tie-breaks need an SOS tournament."),
        ("rounds", "", "A Swiss tournament needs its number of rounds."),
    ],
)
def test_bad_settings_are_refused_with_the_sites_message(
    side_b: Side, unpaired: Tournament, field: str, value: str, message: str
) -> None:
    c = client(side_b.arbiter)
    before = Tournament.objects.filter(pk=unpaired.pk).values().get()
    data = form_of(c.get(url("tournaments/tournament", unpaired)))
    data[field] = value
    response = c.post(url("tournaments/tournament", unpaired), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Tournament.objects.filter(pk=unpaired.pk).values().get() == before


def test_good_options_are_stored_normalised(side_b: Side, unpaired: Tournament) -> None:
    c = client(side_b.arbiter)
    data = form_of(c.get(url("tournaments/tournament", unpaired)))
    data["options"] = '{"preset": "classic"}'
    response = c.post(url("tournaments/tournament", unpaired), data)
    assert response.status_code == 302, form_errors(response)
    stored = Tournament.objects.get(pk=unpaired.pk).options
    assert stored["preset"] == "classic"
    assert stored == game_services.validate_game_options("uttt", {"preset": "classic"}, 2)
    assert len(stored) > 1  # the engine's defaults filled in


def test_kind_format_and_rules_are_frozen_once_round_1_is_paired(side_b: Side) -> None:
    c = client(side_b.arbiter)
    page = c.get(url("tournaments/tournament", side_b.tournament))
    body = page.content.decode()
    for field in ("kind", "format", "options"):
        assert f'name="{field}"' not in body, field
    data = form_of(page)
    data.update(kind="uttt", format="round_robin", options='{"rows": 5}')
    c.post(url("tournaments/tournament", side_b.tournament), data)
    t = Tournament.objects.get(pk=side_b.tournament.pk)
    assert (t.kind, t.format, t.options) == (
        side_b.tournament.kind,
        side_b.tournament.format,
        side_b.tournament.options,
    )


def test_the_status_is_not_an_admin_field(side_b: Side, superuser: User) -> None:
    for user in (side_b.arbiter, superuser):
        body = client(user).get(url("tournaments/tournament", side_b.tournament)).content.decode()
        assert 'name="status"' not in body

"""Names are text, never markup: a player and a tournament named with HTML, script and quotes are
shown escaped on every page that shows them, to every kind of visitor."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.db.models import Q

from games.models import Game, Player
from tests.security.conftest import ClientFor, make_player, make_user
from tournaments import pairings
from tournaments.acts import services
from tournaments.models import Entry, Pairing, Round, Tournament

pytestmark = pytest.mark.django_db

# Each closes a text node, a double- and a single-quoted attribute, then tries script and handlers.
EVIL_PLAYER = "</td><script>alert('p')</script>\"'><img src=x onerror=alert(1)>"
EVIL_TOURNAMENT = '<script>alert("t")</script>\'"><svg onload=alert(2)>'
RAW_MARKUP = ["<script>alert", "<img src=x", "<svg onload", "onerror=alert(1)>"]
ESCAPED_NAMES = ["&lt;script&gt;alert(&#x27;p&#x27;)", "&lt;script&gt;alert(&quot;t&quot;)"]


class _Audit(HTMLParser):
    """Collects what injected markup would have added: scripts without src, on* handlers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value for name, value in attrs}
        if tag == "script" and "src" not in values:
            self.problems.append("inline <script>")
        if tag == "img" and values.get("src") == "x":
            self.problems.append("<img src=x>")
        self.problems.extend(f"{name}= on <{tag}>" for name in values if name.startswith("on"))


def assert_escaped(text: str, where: str) -> None:
    for markup in RAW_MARKUP:
        assert markup not in text, f"{markup!r} unescaped on {where}"
    audit = _Audit()
    audit.feed(text)
    assert audit.problems == [], where
    assert any(name in text for name in ESCAPED_NAMES), f"no name shown on {where}"


@dataclass
class Scene:
    tournament: Tournament
    arbiter: User
    evil: Player
    evil_entry: Entry
    round: Round
    pairing: Pairing
    game: Game


@pytest.fixture
def scene(alice: Player, boris: Player) -> Scene:
    """An online SOS Swiss with the evil name, the evil player among four, round 1 paired."""
    arbiter = make_user("arbiter")
    evil = make_player(EVIL_PLAYER, make_user("mallory"))
    carol = make_player("Carol", make_user("carol"))
    tournament = services.create_tournament(
        name=EVIL_TOURNAMENT, kind="sos", format="swiss", rounds=3, online=True, created_by=arbiter
    )
    entries = {
        p.pk: services.register(tournament=tournament, player=p, user=arbiter)
        for p in (evil, alice, boris, carol)
    }
    rnd = pairings.pair_round(tournament=tournament, user=arbiter)
    entry = entries[evil.pk]
    pairing = Pairing.objects.get(Q(first=entry) | Q(second=entry), round=rnd)
    assert pairing.game is not None
    return Scene(tournament, arbiter, evil, entry, rnd, pairing, pairing.game)


PUBLIC_PAGES = [
    "/",
    "/games/",
    "/games/{game}/",
    "/games/{game}/panel/",
    "/players/",
    "/players/?q=script",
    "/players/{player}/",
    "/tournaments/",
    "/tournaments/{t}/",
    "/tournaments/{t}/rounds/1/",
    "/tournaments/{t}/standings/",
    "/tournaments/{t}/standings/?explain={entry}",
    "/tournaments/{t}/crosstable/",
    "/tournaments/{t}/log/",
]
ARBITER_PAGES = [
    *PUBLIC_PAGES,
    "/tournaments/{t}/rounds/1/override/",
    "/tournaments/{t}/pairings/{pairing}/decide/",
    "/tournaments/{t}/entries/{entry}/withdrawal/",
    "/tournaments/games/{game}/arbiter/",
]


def fill(url: str, scene: Scene) -> str:
    return url.format(
        t=scene.tournament.pk,
        game=scene.game.pk,
        player=scene.evil.pk,
        entry=scene.evil_entry.pk,
        pairing=scene.pairing.pk,
    )


@pytest.mark.parametrize("url", PUBLIC_PAGES)
def test_public_pages_escape_the_names(client_for: ClientFor, scene: Scene, url: str) -> None:
    response = client_for(None).get(fill(url, scene))
    assert response.status_code == 200, url
    assert_escaped(response.content.decode(), url)


@pytest.mark.parametrize("url", ARBITER_PAGES)
def test_the_arbiters_pages_escape_the_names(client_for: ClientFor, scene: Scene, url: str) -> None:
    response = client_for(scene.arbiter).get(fill(url, scene))
    assert response.status_code == 200, url
    assert_escaped(response.content.decode(), url)


def test_the_evil_players_own_board_escapes_the_names(client_for: ClientFor, scene: Scene) -> None:
    """The evil player's own view: his move forms and the status line."""
    response = client_for(scene.evil.user).get(f"/games/{scene.game.pk}/")
    assert_escaped(response.content.decode(), "the evil player's board")


def test_a_message_naming_the_player_is_escaped(client_for: ClientFor, scene: Scene) -> None:
    """Registering the evil player twice: the refusal names him, in the page's messages."""
    client = client_for(scene.arbiter)
    response = client.post(
        f"/tournaments/{scene.tournament.pk}/entries/add/",
        {"player": str(scene.evil.pk)},
        follow=True,
    )
    assert response.status_code == 200
    text = response.content.decode()
    assert_escaped(text, "the refusal message")
    assert "is already registered" in text


@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/player/",
        "/admin/games/player/{player}/change/",
        "/admin/tournaments/tournament/",
        "/admin/tournaments/tournament/{t}/change/",
    ],
)
def test_the_admin_escapes_the_names(
    client_for: ClientFor, scene: Scene, superuser: User, url: str
) -> None:
    response = client_for(superuser).get(fill(url, scene))
    assert response.status_code == 200, url
    text = response.content.decode()
    for markup in RAW_MARKUP:
        assert markup not in text, f"{markup!r} unescaped on {url}"

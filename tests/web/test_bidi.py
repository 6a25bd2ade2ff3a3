"""Every name on the site is bidi-isolated (``<bdi>``, ``dir="auto"``, or FSI…PDI in a title).

Players, the tournament and the arbiter are given names holding U+202E (RIGHT-TO-LEFT OVERRIDE).
Each page is parsed; every piece of text holding such a name must sit in an isolating element
whose whole text is that one name, so the override cannot reorder the words around it.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from games.presenters import score_sheet_html
from tests.tournaments import helpers as h
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

RLO = "\u202e"
FSI, PDI = "\u2068", "\u2069"
PLAYERS = [f"Ann{RLO}abc", f"Bob{RLO}def", f"Cyd{RLO}ghi", f"Dan{RLO}jkl"]
TOURNAMENT = f"Cup{RLO}xyz"
ARBITER = f"arb{RLO}iter"
NAMES = {*PLAYERS, TOURNAMENT, ARBITER}
# Elements whose content is text only (no <bdi> inside): a name there is between FSI and PDI.
PLAIN_TEXT = {"title", "option", "textarea"}
# Attributes read as text (an accessible name, a tooltip): a name there is between FSI and PDI.
TEXT_ATTRIBUTES = {"aria-label", "title", "alt", "placeholder"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


class IsolationChecker(HTMLParser):
    """Collects every place a text holding U+202E is not isolated as one whole name."""

    def __init__(self, names: set[str] | frozenset[str] = frozenset(NAMES)) -> None:
        super().__init__(convert_charrefs=True)
        self.names = names
        self.stack: list[dict] = []
        self.problems: list[str] = []
        self.isolated = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        for name, value in attributes.items():
            if RLO in value and not (
                attributes.get("dir") == "auto"
                and value in self.names
                and name in ("value", "title")
            ):
                if name in TEXT_ATTRIBUTES and self._isolated_text(value):
                    self.isolated += 1
                    continue
                self.problems.append(f"<{tag} {name}={value!r}> is not isolated")
        if tag in VOID:
            return
        isolating = tag == "bdi" or attributes.get("dir") == "auto"
        self.stack.append({"tag": tag, "isolating": isolating, "text": []})

    def _isolated_text(self, text: str) -> bool:
        """Every name in ``text`` between FSI and PDI (the plain-text form of ``<bdi>``)."""
        for name in self.names:
            text = text.replace(f"{FSI}{name}{PDI}", "")
        return RLO not in text

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        while self.stack:
            element = self.stack.pop()
            if element["isolating"]:
                text = "".join(element["text"]).strip()
                if RLO in text:
                    if text in self.names:
                        self.isolated += 1
                    else:
                        self.problems.append(f"<{element['tag']}> isolates {text!r}, not one name")
            if element["tag"] == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self.stack:
            element["text"].append(data)
        if RLO not in data:
            return
        if self.stack and self.stack[-1]["tag"] in PLAIN_TEXT and not self.stack[-1]["isolating"]:
            stripped = data
            for name in self.names:
                stripped = stripped.replace(f"{FSI}{name}{PDI}", "")
            if RLO in stripped:
                tag = self.stack[-1]["tag"]
                self.problems.append(f"<{tag}> {data.strip()!r} is not isolated")
            else:
                self.isolated += 1
            return
        if not any(element["isolating"] for element in self.stack):
            where = " > ".join(element["tag"] for element in self.stack[-3:])
            self.problems.append(f"{where}: {data.strip()!r} is not isolated")


def check(client: Client, url: str) -> int:
    response = client.get(url)
    assert response.status_code == 200, url
    checker = IsolationChecker()
    checker.feed(response.content.decode())
    checker.close()
    assert not checker.problems, f"{url}:\n" + "\n".join(checker.problems)
    return checker.isolated


@pytest.fixture
def arbiter() -> User:
    return h.make_creator(ARBITER)


@pytest.fixture
def tournament(arbiter: User) -> Tournament:
    """An online round robin of four, round 1 played (a game won, one finished by a decision
    in the log), round 2 paired, one player withdrawn."""
    t = h.new_tournament(arbiter, name=TOURNAMENT, format="round_robin", online=True)
    h.register_all(t, arbiter, [(name, None) for name in PLAYERS], account=True)
    h.play_round(t, arbiter)
    h.pair(t, arbiter)
    return t


def pages(t: Tournament) -> list[str]:
    entry = Entry.objects.filter(tournament=t).order_by("rank").first()
    player = entry.player
    return [
        "/",
        "/games/",
        f"/players/?q={PLAYERS[0][:3]}",
        "/players/",
        player.get_absolute_url(),
        "/tournaments/",
        t.get_absolute_url(),
        f"/tournaments/{t.pk}/standings/",
        f"/tournaments/{t.pk}/standings/?explain={entry.pk}",
        f"/tournaments/{t.pk}/crosstable/",
        f"/tournaments/{t.pk}/rounds/1/",
        f"/tournaments/{t.pk}/rounds/2/",
        f"/tournaments/{t.pk}/log/",
        f"/tournaments/{t.pk}/wallchart/",
        # The game page: a game of round 1 (over, with its winner) and one of round 2 (to move).
        *(
            g.get_absolute_url()
            for g in Game.objects.filter(pairing__round__tournament=t).order_by("pk")
        ),
    ]


@pytest.mark.parametrize("who", ["anonymous", "arbiter"])
def test_every_name_on_the_main_pages_is_isolated(
    tournament: Tournament, arbiter: User, who: str
) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="fa")
    if who == "arbiter":
        client.force_login(arbiter)
    for url in pages(tournament):
        check(client, url)


def test_the_names_are_there_and_isolated(tournament: Tournament, arbiter: User) -> None:
    """Not a vacuous pass: the pages do show the names, each one isolated."""
    client = Client(HTTP_ACCEPT_LANGUAGE="fa")
    client.force_login(arbiter)
    assert check(client, tournament.get_absolute_url()) >= 1 + 2 * len(PLAYERS)
    assert check(client, f"/tournaments/{tournament.pk}/standings/") >= len(PLAYERS) + 2
    assert check(client, f"/tournaments/{tournament.pk}/log/") >= 1


def test_the_arbiters_pages_isolate_names(tournament: Tournament, arbiter: User) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(arbiter)
    entry = Entry.objects.filter(tournament=tournament).first()
    pairing = tournament.round_set.get(number=2).pairings.exclude(second=None).first()
    for url in [
        f"/tournaments/{tournament.pk}/settings/",
        f"/tournaments/{tournament.pk}/entries/{entry.pk}/withdrawal/",
        f"/tournaments/{tournament.pk}/pairings/{pairing.pk}/decide/",
    ]:
        check(client, url)


def test_the_score_sheet_isolates_names(
    tournament: Tournament,
) -> None:
    """The game page's score sheet (its seats' panel is the games app's own template)."""
    game = Game.objects.filter(pairing__round__tournament=tournament, pairing__round__number=2)[0]
    game = h.play(game, "A1=S", "B1=O")
    names = {0: PLAYERS[0], 1: PLAYERS[1]}
    rows = score_sheet_html(game.moves.order_by("ply"), names, at=1, sos=True)
    checker = IsolationChecker()
    checker.feed(f"<table><tbody>{rows}</tbody></table>")
    assert not checker.problems and checker.isolated == game.moves.count() > 0


def test_the_checker_catches_a_bare_name() -> None:
    checker = IsolationChecker()
    checker.feed(f"<p>Winner: <a href='#'>{PLAYERS[0]}</a> (1½)</p><p><bdi>{PLAYERS[1]}</bdi></p>")
    assert len(checker.problems) == 1 and checker.isolated == 1
    checker = IsolationChecker()
    checker.feed(f"<td dir='auto'>{PLAYERS[0]} (withdrawn)</td><title>{TOURNAMENT}</title>")
    assert len(checker.problems) == 2


@pytest.mark.parametrize("language", ["fa", "en"])
def test_my_games_and_its_news_isolate_names(tournament: Tournament, language: str) -> None:
    """A player's "My games": his news (paired against…, an arbiter's decision in the
    tournament), his pairings and results, each name isolated; then the news seen before."""
    player = Entry.objects.filter(tournament=tournament).order_by("rank").first().player
    User.objects.filter(pk=player.user_id).update(username=player.name)  # a name checked too
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(player.user)
    assert "badge--news" in client.get("/").content.decode()
    check(client, "/")  # the header, with its news badge
    assert check(client, "/accounts/games/") >= 4
    assert check(client, "/accounts/games/") >= 4  # now as news seen before
    page = client.get("/accounts/games/").content.decode()
    assert "my-news--seen" in page and "my-news--new" not in page

"""*Add players* from a tournament enters the listed players in it (through the tournament's
entry service, shown in the preview first), and the tournament's entry form offers only the
players not entered yet."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Player
from tests.accounts.conftest import EN
from tests.factories import make_player, make_user, with_permission
from tests.tournaments.helpers import play_round, seed_players
from tournaments.acts import services as tournament_services
from tournaments.models import Entry, Pairing, RecordReason, Result, ResultRecord, Tournament
from tournaments.web.forms import EntryForm

pytestmark = pytest.mark.django_db

URL = "/accounts/players/add/"


@pytest.fixture
def chief(arbiter: User) -> User:
    """The cup's arbiter, who may also add players."""
    return with_permission(arbiter, "games.add_player")


def _url(tournament: Tournament) -> str:
    return f"{URL}?tournament={tournament.pk}"


def test_the_tournaments_link_names_the_tournament(client: Client, chief: User, cup: Tournament):
    client.force_login(chief)
    page = client.get(cup.get_absolute_url(), **EN).content.decode()
    assert f'href="{URL}?tournament={cup.pk}"' in page


def test_preview_then_every_player_is_entered_once(
    client: Client, chief: User, cup: Tournament, listed: Player
) -> None:
    known = make_player("Known Player")  # registered, not entered in the cup
    client.force_login(chief)
    text = "New One, 1500\nKnown Player\nВера Листова\nNew One\n"
    preview = client.post(_url(cup), {"players": text, "preview": "1"}, **EN).content.decode()
    assert "Added and entered" in preview
    assert "Registered already: entered" in preview
    assert "Entered already: skipped" in preview
    assert "Twice in the list: skipped" in preview
    assert "1 player will be added." in preview
    assert "2 players will be entered." in preview
    assert "Add and enter these players" in preview
    assert cup.entries.count() == 1  # nothing yet

    done = client.post(_url(cup), {"players": text, "confirm": "1"}, **EN)
    assert done.status_code == 302 and done["Location"] == cup.get_absolute_url()
    entered = sorted(cup.entries.values_list("player__name", flat=True))
    assert entered == ["Known Player", "New One", "Вера Листова"]
    assert Entry.objects.filter(tournament=cup, player=known).count() == 1
    assert Player.objects.get(name="New One").rating == 1500
    assert Entry.objects.get(tournament=cup, player__name="New One").rating == 1500


def test_late_entries_get_their_byes_as_the_service_gives_them(
    client: Client, chief: User, cup: Tournament
) -> None:
    seed_players(cup, chief, 4)
    play_round(cup, chief)
    client.force_login(chief)
    preview = client.post(_url(cup), {"players": "Late Comer", "preview": "1"}, **EN)
    assert "Round 1 is paired: each player entered now is a late entry" in preview.content.decode()
    client.post(_url(cup), {"players": "Late Comer", "confirm": "1"}, **EN)
    late = Entry.objects.get(tournament=cup, player__name="Late Comer")
    assert late.joined_round == 2
    bye = Pairing.objects.get(first=late, round__number=1)
    assert bye.result == Result.ZERO_BYE and bye.second is None
    assert ResultRecord.objects.filter(pairing=bye, reason=RecordReason.LATE_ENTRY).exists()


def test_a_tournament_that_takes_no_entry_says_why_and_adds_nobody(
    client: Client, chief: User
) -> None:
    robin = tournament_services.create_tournament(
        name="Robin", kind="sos", format="round_robin", created_by=chief
    )
    seed_players(robin, chief, 4)
    play_round(robin, chief)
    client.force_login(chief)
    preview = client.post(_url(robin), {"players": "Late Comer", "preview": "1"}, **EN)
    text = preview.content.decode()
    assert "A round robin cannot take new players once it has started." in text
    assert "Add and enter these players" not in text
    client.post(_url(robin), {"players": "Late Comer", "confirm": "1"}, **EN)
    assert not Player.objects.filter(name="Late Comer").exists()


def test_only_the_tournaments_arbiters_enter_players_in_it(client: Client, cup: Tournament) -> None:
    other = with_permission(make_user("other"), "games.add_player")
    client.force_login(other)
    assert client.get(_url(cup), **EN).status_code == 403
    assert client.post(_url(cup), {"players": "X", "confirm": "1"}, **EN).status_code == 403
    assert not Player.objects.filter(name="X").exists()
    assert client.get(f"{URL}?tournament=abc", **EN).status_code == 404
    assert client.get(f"{URL}?tournament=99999", **EN).status_code == 404


def test_the_entry_form_offers_only_players_not_entered(cup: Tournament, listed: Player):
    free = make_player("Free Player")
    offered = [str(value) for value, _ in EntryForm(tournament=cup)["player"].field.widget.choices]
    assert str(free.pk) in offered and str(listed.pk) not in offered


def test_the_tournament_page_lists_only_players_not_entered(
    client: Client, chief: User, cup: Tournament, listed: Player
) -> None:
    make_player("Free Player")
    client.force_login(chief)
    page = client.get(cup.get_absolute_url(), **EN).content.decode()
    form = page[page.index('class="stacked-form entry-form"') :]
    assert "Free Player" in form and "Вера Листова" not in form

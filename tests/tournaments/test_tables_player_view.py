"""A player's own table in an SOS event at tables (issue 30), as his phone shows it: the
tournament page and *My games* say "Table 2, seat 3 (you move third)", list everyone at the
table in seat order (names isolated), link the table's game when it is played on the site, and
tell a player with a bye so; in en, ru and fa. The round's score slips print one a table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games import services as game_services
from tests.tournaments.helpers import make_player, new_tournament, register_all
from tests.web.test_bidi import IsolationChecker
from tests.web.test_every_page_bidi import NAMES, PLAYERS, TOURNAMENT
from tournaments import pairings
from tournaments.acts import services, tables
from tournaments.models import Pairing, TableSeat, Tournament
from tournaments.web.tables_mine import my_tables

pytestmark = pytest.mark.django_db
ClientFor = Callable[..., Client]


def _event(arbiter: User, players: int, size: int = 4) -> Tournament:
    t = new_tournament(
        arbiter, name="Table Night", format="sos_tables", format_options={"size": size}
    )
    names = [(f"P{n:02d}", 2000 - 10 * n) for n in range(1, players + 1)]
    register_all(t, arbiter, names, account=True)
    pairings.pair_round(tournament=t, user=arbiter)
    return t


def _seat_of(t: Tournament, name: str) -> TableSeat:
    return TableSeat.objects.select_related("table").get(
        table__round__tournament=t, entry__player__name=name
    )


def test_the_tournament_page_shows_my_table_and_seat(arbiter: User, client_for: ClientFor) -> None:
    t = _event(arbiter, 8)
    seat = TableSeat.objects.filter(table__round__tournament=t, seat=2).order_by("table")[1]
    me = seat.entry.player
    others = [
        s.entry.player.name
        for s in TableSeat.objects.filter(table=seat.table).order_by("seat")
        if s.pk != seat.pk
    ]
    html = client_for(me.user).get(t.get_absolute_url()).content.decode()
    assert "Your table in round 1" in html
    assert f"Table {seat.table.number}, seat 3" in html and "(you move third)" in html
    at = [html.index(f"<bdi>{name}</bdi>") for name in others]
    assert at == sorted(at)  # the others in seat order
    assert "(you)" in html and 'aria-current="true"' in html
    assert "my-table-game" not in html  # no game on the site yet
    # The table's game, once it is made, is one tap away.
    players = [s.entry.player for s in seat.table.seats.select_related("entry__player")]
    game = game_services.create_game(kind="sos", options={}, players=players)
    seat.table.game = game
    seat.table.save(update_fields=["game"])
    html = client_for(me.user).get(t.get_absolute_url()).content.decode()
    assert f'class="my-table-game" href="{game.get_absolute_url()}"' in html
    # Others see no table of theirs; nor does a visitor.
    outsider = client_for(None).get(t.get_absolute_url()).content.decode()
    assert "my-table" not in outsider
    assert "my-table" not in client_for(arbiter).get(t.get_absolute_url()).content.decode()


def test_my_games_lists_my_table_and_my_bye(arbiter: User, client_for: ClientFor) -> None:
    t = _event(arbiter, 5, size=4)  # five at tables of four: a table and … a bye
    bye = Pairing.objects.filter(round__tournament=t, second__isnull=True).first()
    seated = TableSeat.objects.filter(table__round__tournament=t).first()
    page = client_for(seated.entry.player.user).get(reverse("accounts:my_games"))
    html = page.content.decode()
    assert "Table Night</bdi></a>, round 1" in html
    assert f"Table {seated.table.number}, seat {seated.seat + 1}" in html
    if bye is not None:
        mine = my_tables(bye.first.player.user)
        assert len(mine) == 1 and mine[0].bye == bye
        html = client_for(bye.first.player.user).get(reverse("accounts:my_games")).content.decode()
        assert "You have a bye this round." in html
        html = client_for(bye.first.player.user).get(t.get_absolute_url()).content.decode()
        assert "You have a bye this round." in html


def test_a_finished_round_is_no_longer_shown(arbiter: User) -> None:
    t = _event(arbiter, 6, size=3)
    user = TableSeat.objects.filter(table__round__tournament=t).first().entry.player.user
    assert len(my_tables(user, t)) == 1
    for row in t.round_set.get().tables.all():
        tables.record_table(table=row, counts=[1, 2, 3], user=arbiter)
    services.finish_round(round=t.round_set.get(), user=arbiter)
    assert my_tables(user, t) == []


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_my_table_in_every_language(arbiter: User, language: str) -> None:
    t = new_tournament(arbiter, name=TOURNAMENT, format="sos_tables", format_options={"size": 3})
    players = [make_player(name, account=True) for name in PLAYERS]
    register_all(t, arbiter, players)
    pairings.pair_round(tournament=t, user=arbiter)
    seat = TableSeat.objects.filter(table__round__tournament=t, seat=1).first()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(seat.entry.player.user)
    for url in (t.get_absolute_url(), reverse("accounts:my_games")):
        html = client.get(url).content.decode()
        assert "my-table-seat" in html
        names = IsolationChecker(NAMES)
        names.feed(html)
        names.close()
        assert not names.problems, (url, names.problems)
        if language == "ru":
            assert "вы ходите вторым" in html
        if language == "fa":
            assert "you move second" not in html


def test_score_slips_print_one_a_table(arbiter: User, client_for: ClientFor) -> None:
    t = _event(arbiter, 7)
    html = client_for(None).get(reverse("tournaments:table_slips", args=[t.pk, 1])).content
    text = html.decode()
    assert text.count('class="table-slip"') == 2  # 4 + 3
    assert 'href="/static/css/tables.css' in text or "css/tables.css" in text
    assert text.count('class="slip-box"') == 7  # an SOS box a seat
    round_page = client_for(arbiter).get(reverse("tournaments:round", args=[t.pk, 1]))
    assert reverse("tournaments:table_slips", args=[t.pk, 1]) in round_page.content.decode()
    # Another format's round has no slips, and says so.
    other = new_tournament(arbiter, name="Swiss Night")
    register_all(other, arbiter, [("A", 1500), ("B", 1400)])
    pairings.pair_round(tournament=other, user=arbiter)
    page = client_for(None).get(reverse("tournaments:table_slips", args=[other.pk, 1]))
    assert page.status_code == 200 and b"table-slip" not in page.content.replace(
        b"table-slips", b""
    )


def test_the_print_css_prints_the_tables_and_the_slips() -> None:
    """The round's tables print (their form is not hidden, the typed counts print as text) and
    each slip stays whole on its A4 page."""
    root = Path(__file__).resolve().parents[2]
    printing = (root / "static/css/print.css").read_text()
    assert "form:not(.board-form, .table-result-form)" in printing
    tables_css = (root / "static/css/tables.css").read_text()
    media = tables_css[tables_css.index("@media print") :]
    slip = media[media.index(".table-slip {") :]
    assert "break-inside: avoid" in slip[: slip.index("}")]
    assert ".print-only" in media and ".table-result-actions" in media

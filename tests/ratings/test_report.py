"""The tournament's rating report, on a small tournament checked by hand (tests/ratings/pages.py).

Every player has 40 games and no year of birth: K = 20 (FIDE 8.3.3). PD from table 8.1.2: a
difference of 100 is in the row 99-106, PD 0.64 (the lower-rated 0.36).

- Ann 1600: beat Ben 1500 (expected 0.64), drew Cyd 1700 (0.36). Expected 1.00, score 1½,
  change 20 × (1.5 − 1.00) = +10 → 1610. Opponents' average (1500 + 1700) / 2 = 1600;
  p = 0.75, dp 193 (table 8.1.1): performance 1793.
- Ben 1500: lost to Ann (0.36): 20 × −0.36 = −7.2 → −7 → 1493; p = 0: 1600 − 800 = 800.
- Cyd 1700: drew Ann (0.64): 20 × −0.14 = −2.8 → −3 → 1697; p = 0.5: 1600 + 0 = 1600.
The byes are not rated: Ann 2 games, Ben 1, Cyd 1.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ratings import acts, queries
from ratings.errors import RatingError
from ratings.models import RatedTournament
from tests.ratings.helpers import make_list, month_list_event
from tests.ratings.pages import make_club
from tests.tournaments.helpers import new_tournament

pytestmark = pytest.mark.django_db


def test_the_reports_figures(arbiter: User) -> None:
    club = make_club(arbiter)
    rated = RatedTournament.objects.get(tournament=club.tournament)
    rows = {r.player.name: r for r in queries.report_rows(rated)}
    got = {
        name: (
            r.rating,
            r.games,
            r.opponents,
            r.score,
            r.expected,
            r.change,
            r.after,
            r.performance,
            r.k,
        )
        for name, r in rows.items()
    }
    assert got["Ann"][:4] == (1600, 2, 1600, 1.5)
    assert got["Ann"][4] == pytest.approx(1.0)
    assert got["Ann"][5:] == (10, 1610, 1793, 20)
    assert got["Ben"][:4] == (1500, 1, 1600, 0.0)
    assert got["Ben"][4] == pytest.approx(0.36)
    assert got["Ben"][5:] == (-7, 1493, 800, 20)
    assert got["Cyd"][:4] == (1700, 1, 1600, 0.5)
    assert got["Cyd"][4] == pytest.approx(0.64)
    assert got["Cyd"][5:] == (-3, 1697, 1600, 20)
    assert list(rows) == ["Cyd", "Ann", "Ben"]  # by rating


def test_the_report_page_and_its_tab(arbiter: User) -> None:
    club = make_club(arbiter)
    html = (
        Client(HTTP_ACCEPT_LANGUAGE="en")
        .get(f"/ratings/tournaments/{club.tournament.pk}/report/")
        .content.decode()
    )
    for figure in ("1793", "+10", "1610", "-7", "1493", "1.00", "0.36"):
        assert figure in html, figure
    tabs = Client().get(club.tournament.get_absolute_url()).content.decode()
    assert f"/ratings/tournaments/{club.tournament.pk}/report/" in tabs


def test_an_unrated_tournament_has_no_report(arbiter: User) -> None:
    t = new_tournament(arbiter, name="Friendly")
    assert Client().get(f"/ratings/tournaments/{t.pk}/report/").status_code == 404
    assert "/report/" not in Client().get(t.get_absolute_url()).content.decode()


def test_a_month_lists_report_gives_the_tournaments_own_figures(arbiter: User) -> None:
    """A list rated by month rates the tournament with the other games of its month: the tab
    still gives the tournament's own games, opponents' average, score, expected score and
    performance (the same computation as the standings' columns), but no change, new rating or
    K, which are the month's."""
    t = month_list_event(arbiter)
    rated = RatedTournament.objects.get(tournament=t)
    rows = {r.player.name: r for r in queries.report_rows(rated)}
    assert (rows["Ann"].rating, rows["Ann"].games, rows["Ann"].opponents) == (1600, 1, 1500)
    assert rows["Ann"].expected == pytest.approx(0.64)
    assert rows["Ann"].performance == 1500 + 800  # p = 1: dp 800 (table 8.1.1)
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/ratings/tournaments/{t.pk}/report/")
    page = html.content.decode()
    assert "rated by calendar month" in page and 'id="rating-report"' in page
    assert "2300" in page and "Rating change" not in page and "New rating" not in page


def test_an_event_at_tables_is_not_rated_yet(arbiter: User) -> None:
    """SOS at tables has no pairwise games for a list to rate: rating it is refused with a
    message (docs/ratings.md), not accepted to rate nothing."""
    rating_list = make_list()
    t = new_tournament(arbiter, name="Table Night", format="sos_tables")
    with pytest.raises(RatingError) as refused:
        acts.mark_rated(tournament=t, rating_list=rating_list, user=arbiter)
    assert refused.value.code == "tables" and "SOS at tables is not rated yet" in str(
        refused.value.message
    )
    assert not RatedTournament.objects.filter(tournament=t).exists()

"""The player's page: each list's rating and the history chart, an inline SVG drawn by the
server — a point per period, the deviation band for Glicko-2, titles for screen readers, and
the time axis mirrored in Persian."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ratings.chart import history_svg
from ratings.models import RatingChange
from tests.ratings.helpers import make_list, play, rated_tournament
from tests.ratings.pages import make_club, make_history
from tests.tournaments.helpers import make_player

pytestmark = pytest.mark.django_db


def svg_of(html: str) -> str:
    found = re.search(r'<svg[^>]*class="rating-chart".*?</svg>', html, re.S)
    assert found, "no chart"
    return found.group(0)


def points(svg: str) -> list[tuple[float, float]]:
    return [
        (float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    ]


def test_a_point_per_period_and_the_glicko_band(arbiter: User) -> None:
    _list, ann = make_history(arbiter)
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(ann.get_absolute_url()).content.decode()
    svg = svg_of(html)
    assert len(points(svg)) == 3 == RatingChange.objects.filter(player=ann).count()
    assert 'class="chart-band"' in svg
    assert 'role="img"' in svg and "<title id=" in svg and "<desc id=" in svg
    assert "Rating periods: 3;" in svg and "two deviations" in svg
    ratings = [c.rating_after for c in RatingChange.objects.filter(player=ann)]
    assert ratings == sorted(ratings)  # Ann won every time: the line rises
    ys = [y for _x, y in points(svg)]
    assert ys == sorted(ys, reverse=True)  # …and so goes up the drawing
    assert "Deviation" in html


def test_the_elo_chart_has_no_band_and_shows_k(arbiter: User) -> None:
    club = make_club(arbiter)
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(club.ann.get_absolute_url()).content.decode()
    svg = svg_of(html)
    assert len(points(svg)) == 1 and 'class="chart-band"' not in svg
    assert "<dt>K</dt><dd>20</dd>" in html.replace("\n", "").replace("        ", "")
    assert 'data-rating="1610"' in svg


def test_the_time_axis_runs_right_to_left_in_persian(arbiter: User) -> None:
    _list, ann = make_history(arbiter)
    en = svg_of(Client(HTTP_ACCEPT_LANGUAGE="en").get(ann.get_absolute_url()).content.decode())
    fa = svg_of(Client(HTTP_ACCEPT_LANGUAGE="fa").get(ann.get_absolute_url()).content.decode())
    assert 'direction="ltr" data-direction="ltr"' in en
    assert 'direction="rtl" data-direction="rtl"' in fa
    xs_en = [x for x, _y in points(en)]
    xs_fa = [x for x, _y in points(fa)]
    assert xs_en == sorted(xs_en) and xs_fa == sorted(xs_fa, reverse=True)
    # Every number and date of the axes reads left to right; the list's name is isolated.
    labels = re.findall(r"<text [^>]*>", fa)
    assert labels and all('direction="ltr"' in label for label in labels)
    assert "\u2068Glicko\u2069" in fa


def test_no_chart_without_a_published_rating(arbiter: User) -> None:
    rating_list = make_list()
    ann, ben = make_player("Ann"), make_player("Ben")
    t = rated_tournament(arbiter, rating_list, [ann, ben], dt.date(2026, 3, 1), rounds=1)
    play(t, arbiter, [(ann, ben, "1-0")])  # both unrated: no Elo rating yet
    history = list(RatingChange.objects.filter(player=ann))
    assert (
        history and str(history_svg(history, list_name="x", glicko=False, rtl=False, uid="c")) == ""
    )
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(ann.get_absolute_url()).content.decode()
    assert "unrated" in html and "rating-chart" not in html


def test_a_player_on_no_list_has_no_ratings_section(arbiter: User) -> None:
    lone = make_player("Lone")
    assert 'id="ratings"' not in Client().get(lone.get_absolute_url()).content.decode()

"""The engine's analysis jobs in the admin: read-only, and seen through the one authority — a
superuser sees every job, a tournament's arbiter those of the games he arbitrates, nobody else any.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import analysis, analysis_tasks
from games.analysis_models import AnalysisStatus, GameAnalysis, PositionAnalysis
from tests import factories
from tests.security.test_admin_authority import Side, make_side, staff_arbiter
from tournaments.acts import tournament_settings

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
POSITIONS = "/admin/games/positionanalysis/"
GAMES = "/admin/games/gameanalysis/"


def client(user: User) -> Client:
    c = Client(**EN)
    c.force_login(user)
    return c


def jobs_of(side: Side) -> tuple[PositionAnalysis, GameAnalysis]:
    """A position analysis asked for and run (one CPU second), and a game analysis half done."""
    job, created = analysis.request_position_analysis(game=side.game, seconds=1, user=side.arbiter)
    assert created
    analysis_tasks.run_position_analysis(job.pk)
    game_job = GameAnalysis.objects.create(
        game=side.game,
        ply=4,
        moves_key="k" * 40,
        seconds=0.5,
        status=AnalysisStatus.RUNNING,
        positions=[{"best_move": None}, {"best_move": None}],
    )
    job.refresh_from_db()
    assert job.status == AnalysisStatus.DONE, job.status
    return job, game_job


@pytest.fixture
def two_sides(db: None) -> tuple[Side, Side, tuple, tuple]:
    a = make_side("Open A", staff_arbiter("arbiter-a"))
    b = make_side("Open B", staff_arbiter("arbiter-b"))
    return a, b, jobs_of(a), jobs_of(b)


def test_superuser_sees_every_job_and_its_figures(two_sides) -> None:
    _a, _b, (pos_a, game_a), (pos_b, game_b) = two_sides
    root = client(User.objects.create_superuser(username="root", password="x"))
    listing = root.get(POSITIONS)
    assert listing.status_code == 200
    assert set(listing.context["cl"].result_list) == {pos_a, pos_b}
    page = root.get(f"{POSITIONS}{pos_a.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert pos_a.result["best_move"] in text
    assert "for the player to move" in text
    assert f"{pos_a.result['nodes']:,}" in text
    assert 'name="_save"' not in text  # read-only: no save button
    games = root.get(GAMES)
    assert set(games.context["cl"].result_list) == {game_a, game_b}
    assert "2 / 5" in root.get(f"{GAMES}{game_a.pk}/change/").content.decode()


def test_an_arbiter_sees_only_the_jobs_of_his_games(two_sides) -> None:
    a, b, (pos_a, game_a), (pos_b, game_b) = two_sides
    arbiter = client(a.arbiter)
    assert set(arbiter.get(POSITIONS).context["cl"].result_list) == {pos_a}
    assert set(arbiter.get(GAMES).context["cl"].result_list) == {game_a}
    assert arbiter.get(f"{POSITIONS}{pos_a.pk}/change/").status_code == 200
    assert arbiter.get(f"{GAMES}{game_a.pk}/change/").status_code == 200
    for url in (f"{POSITIONS}{pos_b.pk}/change/", f"{GAMES}{game_b.pk}/change/"):
        response = arbiter.get(url)
        # Outside his queryset: the admin's "does not exist" redirect, as for other rows.
        assert response.status_code == 302 and response["Location"] == "/admin/", url
    # The other tournament's arbiter: the mirror.
    assert set(client(b.arbiter).get(POSITIONS).context["cl"].result_list) == {pos_b}


def test_nobody_writes_a_job_in_the_admin(two_sides) -> None:
    a, _b, (pos_a, game_a), _ = two_sides
    root = client(User.objects.create_superuser(username="root", password="x"))
    before = list(PositionAnalysis.objects.values().order_by("pk"))
    for user in (root, client(a.arbiter)):
        assert user.get(f"{POSITIONS}add/").status_code == 403
        assert user.post(f"{POSITIONS}add/", {"ply": 0, "seconds": 1}).status_code == 403
        assert user.post(f"{POSITIONS}{pos_a.pk}/delete/", {"post": "yes"}).status_code == 403
        assert user.post(f"{GAMES}{game_a.pk}/delete/", {"post": "yes"}).status_code == 403
        user.post(f"{POSITIONS}{pos_a.pk}/change/", {"status": "failed", "seconds": 9})
    assert list(PositionAnalysis.objects.values().order_by("pk")) == before
    assert GameAnalysis.objects.filter(pk=game_a.pk).exists()


def test_staff_who_arbitrate_nothing_are_refused(two_sides) -> None:
    _a, _b, (pos_a, _game_a), _ = two_sides
    staff = client(factories.make_user("clerk", is_staff=True))
    assert staff.get(POSITIONS).status_code == 403
    assert staff.get(GAMES).status_code == 403
    assert staff.get(f"{POSITIONS}{pos_a.pk}/change/").status_code in (302, 403)
    member = factories.make_user("member")  # logged in, not staff: the site's 403 page
    assert client(member).get(POSITIONS).status_code == 403


def test_a_co_arbiter_outside_the_arbiter_group_sees_his_tournaments_jobs(two_sides) -> None:
    """Whoever the tournament names arbiter sees its jobs: the authority decides, not a group."""
    a, _b, (pos_a, game_a), (pos_b, _game_b) = two_sides
    helper = factories.make_user("co-arbiter", is_staff=True)
    tournament_settings.set_arbiters(
        tournament=a.tournament, user=a.arbiter, arbiters=[a.arbiter, helper]
    )
    co = client(helper)
    assert set(co.get(POSITIONS).context["cl"].result_list) == {pos_a}
    assert co.get(f"{GAMES}{game_a.pk}/change/").status_code == 200
    assert co.get(f"{POSITIONS}{pos_b.pk}/change/").status_code == 302

"""A finished game's analysis in a real browser: a player asks for it, the page shows the engine's
progress and refreshes by itself (no JavaScript needed), and the chart appears once the worker of
the task queue (``manage.py db_worker``, run here in the test's process) is done."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from games.analysis_models import AnalysisStatus, GameAnalysis
from tests.browser.conftest import PageFactory, make_user_player
from tests.engine.site_helpers import over_the_board_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SOS_FIRST_WINS = ["A1=S", "B1=O", "C1=S", "A2=O", "B2=O", "C2=O", "A3=O", "B3=O", "C3=O"]


@pytest.mark.parametrize("javascript", [True, False])
def test_ask_for_an_analysis_and_see_the_chart(
    open_page: PageFactory, settings, javascript: bool
) -> None:
    settings.ENGINE_ANALYSIS_SECONDS = 0.05
    arbiter = User.objects.create_superuser(username="root", password=None)
    game = over_the_board_game(arbiter, "sos", {"rows": 3, "cols": 3}, SOS_FIRST_WINS)
    user, _player = make_user_player("Zoe", "zoe")

    page = open_page(game.get_absolute_url(), user=user, javascript=javascript)
    page.get_by_role("button", name="Analyse the game with the engine").click()
    progress = page.locator(".analysis-progress")
    expect(progress).to_contain_text("of 10 positions analysed")
    assert GameAnalysis.objects.get().status == AnalysisStatus.QUEUED

    call_command("db_worker", "--batch", "--no-reload", "--no-startup-delay", verbosity=0)
    assert GameAnalysis.objects.get().status == AnalysisStatus.DONE

    # The page refreshes itself while the analysis runs: the chart appears without a click.
    chart = page.locator("svg.analysis-chart")
    expect(chart).to_be_visible(timeout=15_000)
    expect(chart.locator("polyline")).to_have_count(1)
    expect(page.locator("table.analysis-moves tbody tr")).to_have_count(len(SOS_FIRST_WINS))
    expect(page.locator(".analysis-progress")).to_have_count(0)

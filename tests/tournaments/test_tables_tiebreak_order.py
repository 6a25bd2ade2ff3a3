"""The tie-breaks of an event at tables on the site (issue 30): the usual order, an order the
arbiter chooses, the refusal of another format's tie-breaks, and *how?* in en/ru/fa."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import new_tournament, seed_players
from tournaments import pairings, queries
from tournaments.acts import services, tables, tournament_settings
from tournaments.errors import TournamentError
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

USUAL = [
    "tables_opponents",
    "tables_sos",
    "tables_sos_difference",
    "tables_wins",
    "tables_direct",
]


def played_event(arbiter: User, **fields: object) -> Tournament:
    t = new_tournament(arbiter, name="Table Night", format="sos_tables", **fields)
    seed_players(t, arbiter, 8)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    for row in rnd.tables.all():
        tables.record_table(table=row, counts=[3, 1, 2, 0], user=arbiter)
    services.finish_round(round=rnd, user=arbiter)
    return t


def test_an_event_at_tables_gets_the_tables_usual_order(arbiter: User) -> None:
    t = played_event(arbiter)
    assert t.tiebreaks == USUAL
    assert [key for key, _label, _abbr in queries.standings(t).labels] == USUAL
    assert tournament_settings.default_tiebreaks("sos_tables", "sos") == USUAL
    # an event stored without an order (made before it could be chosen) reads the usual one
    Tournament.objects.filter(pk=t.pk).update(tiebreaks=[])
    t.refresh_from_db()
    assert [key for key, _label, _abbr in queries.standings(t).labels] == USUAL


def test_the_arbiter_orders_the_tables_tiebreaks(arbiter: User) -> None:
    t = played_event(arbiter, tiebreaks=["tables_direct", "tables_sos_difference"])
    table = queries.standings(t)
    assert [key for key, _label, _abbr in table.labels] == [
        "tables_direct",
        "tables_sos_difference",
    ]
    assert all(len(row.tiebreaks) == 2 for row in table.rows)
    tournament_settings.update_tournament(
        tournament=t, user=arbiter, changes={"tiebreaks": ["tables_wins"]}
    )
    t.refresh_from_db()
    assert [key for key, _label, _abbr in queries.standings(t).labels] == ["tables_wins"]


def test_another_formats_tiebreaks_are_refused(arbiter: User) -> None:
    with translation.override("en"), pytest.raises(TournamentError) as err:
        new_tournament(arbiter, format="sos_tables", tiebreaks=["buchholz"])
    assert err.value.code == "tiebreaks"
    assert err.value.message == "Not a tie-break of this format: buchholz."
    with translation.override("ru"), pytest.raises(TournamentError) as err:
        new_tournament(arbiter, format="swiss", tiebreaks=["tables_sos_difference"])
    assert "tables_sos_difference" in err.value.message
    assert not err.value.message.startswith("Not a tie-break")
    with pytest.raises(TournamentError):
        new_tournament(arbiter, format="sos_tables", tiebreaks=["sos_points"])


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("SOS difference", "Direct placings", "SOSD", "DP")),
        ("ru", ("Разница SOS", "Места в личных встречах", "РSOS", "МЛВ")),
        ("fa", ("تفاضل SOS", "رتبه‌های رویارویی مستقیم", "SOSD", "DP")),
    ],
)
def test_the_standings_explain_the_new_tiebreaks(
    arbiter: User, language: str, words: tuple[str, ...]
) -> None:
    t = played_event(arbiter)
    entry = t.entries.order_by("pk").first()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    url = reverse("tournaments:standings", args=[t.pk]) + f"?explain={entry.pk}"
    page = client.get(url).content.decode()
    for word in words:
        assert word in page
    with translation.override(language):
        helps = {row["key"]: row["help"] for row in queries.standings(t).explain(entry.pk)}
    assert helps["tables_sos_difference"] and helps["tables_direct"]
    if language != "en":
        assert not helps["tables_direct"].startswith("Among the players")


def test_the_settings_form_offers_the_tables_tiebreaks(arbiter: User) -> None:
    t = played_event(arbiter)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(arbiter)
    page = client.get(reverse("tournaments:settings", args=[t.pk])).content.decode()
    assert '<optgroup label="At tables">' in page
    assert 'value="tables_direct" selected' in page

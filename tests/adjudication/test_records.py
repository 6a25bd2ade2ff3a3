"""The result records (``ResultRecord``): written by every act, shown where the game and the
pairing are, never changed nor deleted — not by the app, not by the admin, not by a cascade."""

from __future__ import annotations

import contextlib

import pytest
from django.contrib.admin.sites import site
from django.db.models import ProtectedError
from django.test import RequestFactory
from django.urls import reverse

from games.models import Game
from tests.adjudication.helpers import World, page_text, play, reload
from tournaments.acts import decisions, given_pairings
from tournaments.errors import TournamentError
from tournaments.models import Act, ResultRecord, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def record(world: World) -> ResultRecord:
    game = play(world.game, "A1=S", "B1=O", "C1=S")
    decisions.take_back(
        user=world.arbiter, game=game, count=1, reason="illegal_conduct", note="  phone rang  "
    )
    return decisions.decide(
        user=world.arbiter, game=game, result="+/-", reason="no_show", note="Carol left"
    )


# -- What a record holds -----------------------------------------------------------------------


def test_a_record_says_who_when_what_and_why(world: World, record: ResultRecord) -> None:
    take_back, forfeit = ResultRecord.objects.order_by("pk")
    assert take_back.note == "phone rang"  # stripped
    assert (forfeit.act, forfeit.reason, forfeit.note) == (Act.FORFEIT, "no_show", "Carol left")
    assert forfeit.decided_by == world.arbiter
    assert forfeit.decided_at is not None and forfeit.decided_at >= take_back.decided_at
    assert forfeit.before == {
        "game": {
            "game": world.game.pk,
            "status": "in_progress",
            "winners": None,
            "scores": [0, 0],
            "ply": 2,
            "end_reason": "",
        },
        "pairing": {"result": "", "game": world.game.pk, "first_score": 0, "second_score": 0},
    }
    assert forfeit.after["game"]["winners"] == [0]
    assert forfeit.after["game"]["end_reason"] == "forfeit"
    assert forfeit.after["pairing"] == {
        "result": "+/-",
        "game": world.game.pk,
        "first_score": 0,
        "second_score": 0,
    }
    assert {take_back.source, forfeit.source} == {"adjudication"}
    assert take_back.after["removed"] == ["C1=S"]
    assert (take_back.before["game"]["ply"], take_back.after["game"]["ply"]) == (3, 2)


def test_str_is_the_act_and_reason(record: ResultRecord) -> None:
    from django.utils import translation

    with translation.override("en"):
        assert str(record) == "Forfeit · No-show"


# -- Never changed, never deleted --------------------------------------------------------------


def test_saving_an_existing_record_raises(record: ResultRecord) -> None:
    record.note = "rewritten"
    record.act = Act.DECLARE_RESULT
    with pytest.raises(PermissionError):
        record.save()
    stored = reload(record)
    assert (stored.note, stored.act) == ("Carol left", Act.FORFEIT)


def test_deleting_a_record_raises(record: ResultRecord) -> None:
    with pytest.raises(PermissionError):
        record.delete()
    assert ResultRecord.objects.filter(pk=record.pk).exists()


@pytest.mark.parametrize("target", ["game", "pairing", "tournament"])
def test_what_a_record_is_about_cannot_be_deleted_under_it(
    world: World, record: ResultRecord, target: str
) -> None:
    obj = {"game": world.game, "pairing": world.board1, "tournament": world.tournament}[target]
    with pytest.raises(ProtectedError):
        obj.delete()
    assert ResultRecord.objects.count() == 2


def test_the_admin_grants_no_add_change_or_delete_even_to_a_superuser(world: World) -> None:
    admin = site._registry[ResultRecord]
    request = RequestFactory().get("/admin/")
    request.user = world.superuser
    assert admin.has_view_permission(request)
    assert not admin.has_add_permission(request)
    assert not admin.has_change_permission(request)
    assert not admin.has_delete_permission(request)


def change_url(record: ResultRecord) -> str:
    return reverse("admin:tournaments_resultrecord_change", args=[record.pk])


def test_the_admin_shows_a_record_read_only(world: World, record: ResultRecord, client_for) -> None:
    response = client_for(world.superuser).get(change_url(record))

    assert response.status_code == 200
    body = response.content.decode()
    assert 'name="_save"' not in body
    assert "Carol left" in body
    listing = client_for(world.superuser).get(reverse("admin:tournaments_resultrecord_changelist"))
    assert listing.status_code == 200
    assert "Forfeit" in listing.content.decode()


def test_a_post_to_the_admin_change_page_is_refused(
    world: World, record: ResultRecord, client_for
) -> None:
    data = {"act": Act.DECLARE_RESULT, "reason": "agreement", "note": "rewritten", "_save": "1"}

    response = client_for(world.superuser).post(change_url(record), data)

    assert response.status_code == 403
    stored = reload(record)
    assert (stored.act, stored.reason, stored.note) == (Act.FORFEIT, "no_show", "Carol left")


def test_the_admin_has_no_add_or_delete_page(
    world: World, record: ResultRecord, client_for
) -> None:
    client = client_for(world.superuser)
    add = reverse("admin:tournaments_resultrecord_add")
    delete = reverse("admin:tournaments_resultrecord_delete", args=[record.pk])

    assert client.get(add).status_code == 403
    assert client.post(add, {"act": "forfeit", "reason": "time"}).status_code == 403
    assert client.get(delete).status_code == 403
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert ResultRecord.objects.count() == 2


def test_the_admin_has_no_delete_action_for_records(
    world: World, record: ResultRecord, client_for
) -> None:
    data = {"action": "delete_selected", "_selected_action": [str(record.pk)], "post": "yes"}

    client_for(world.superuser).post(
        reverse("admin:tournaments_resultrecord_changelist"), {**data, "index": "0"}
    )

    assert ResultRecord.objects.count() == 2


def test_reasons_are_the_issues_list_and_those_of_the_other_sources() -> None:
    from tournaments.models import ARBITER_REASONS, RecordReason

    assert [value for value, _label in ARBITER_REASONS] == [
        "agreement",
        "no_show",
        "time",
        "illegal_conduct",
        "unfinished",
        "correction",
        "reported",
    ]
    assert set(RecordReason.values) - {v for v, _label in ARBITER_REASONS} == {
        "played",
        "withdrawal",
        "interruption",  # the reason of stopping and starting a round's clocks (issue 14)
        "round_start",  # the reason of the act that starts a round (issue 26)
        # the reasons of a bye's record, given when the bye is made (issue 10)
        "pairing_bye",
        "requested_bye",
        "late_entry",
        "not_paired",
        "pairing_changed",
        # the reasons of a knockout match's records, given by its matches (issue 29)
        "tiebreak_started",
        "decider_started",
        "by_armageddon",
        "by_sudden_death",
        "by_lot",
        "seeding",
    }


def test_re_pairing_a_round_keeps_the_records_of_its_boards(world: World) -> None:
    """An annulled game replayed before a move leaves round 1 re-pairable: the override must
    either refuse (with a message) or keep the records of the old boards — not crash on them."""
    decisions.annul(user=world.arbiter, game=world.game, reason="no_show")
    before = ResultRecord.objects.count()
    entries = {e.player.name: e.pk for e in world.tournament.entries.select_related("player")}

    with contextlib.suppress(TournamentError):  # a refusal is fine
        given_pairings.set_pairings(
            round=world.round1,
            boards=[(entries["Alice"], entries["Борис"]), (entries["Carol"], entries["Dmitri"])],
            user=world.arbiter,
        )
    assert ResultRecord.objects.count() == before


# -- Where the records are shown ---------------------------------------------------------------


def test_the_game_page_shows_the_records(world: World, record: ResultRecord, client_for) -> None:
    response = client_for(world.seated).get(world.game.get_absolute_url())

    records = page_text(response, 'class="adjudications"', "</section>")
    assert "Results and decisions" in records
    assert "Moves taken back" in records and "moves removed: C1=S" in records
    assert "Forfeit" in records and "No-show" in records and "Carol left" in records
    assert "result: +/-" in records
    assert "arbiter" in records  # who decided


def test_the_round_page_shows_the_records_under_the_pairing(
    world: World, record: ResultRecord, client_for
) -> None:
    response = client_for(None).get(world.round1.get_absolute_url())

    board = page_text(response, 'id="board-1"', 'id="board-2"')
    assert "+/-" in board
    assert "Forfeit" in board and "Moves taken back" in board and "Carol left" in board
    other = page_text(response, 'id="board-2"')
    assert "Forfeit" not in other


def test_the_arbiters_log_lists_every_record(
    world: World, record: ResultRecord, client_for
) -> None:
    decisions.withdraw(user=world.arbiter, entry=world.entry("Dmitri"), reason="no_show")
    response = client_for(None).get(reverse("tournaments:log", args=[world.tournament.pk]))

    table = page_text(response, "<table", "</table>")
    for words in ("Forfeit", "Moves taken back", "Player withdrawn", "Dmitri", "Carol left"):
        assert words in table
    assert "withdrawn from round 2" in table
    assert "−C1=S" in table  # the removed move, in the after column


def test_another_tournaments_log_does_not_show_these_records(
    world: World, record: ResultRecord, client_for
) -> None:
    response = client_for(None).get(reverse("tournaments:log", args=[world.other_tournament.pk]))
    assert "No decisions yet." in page_text(response)


def test_the_arbiters_page_lists_the_records_of_the_game(
    world: World, record: ResultRecord, client_for
) -> None:
    response = client_for(world.arbiter).get(
        reverse("tournaments:game_arbiter", args=[world.game.pk])
    )
    text = page_text(response, "Decisions so far")
    assert "Forfeit" in text and "Moves taken back" in text


def test_records_of_games_outside_tournaments_belong_to_no_tournament(world: World) -> None:
    from games import services as game_services

    game = game_services.create_game(
        kind="uttt", options={}, players=[world.board1.first.player, world.board1.second.player]
    )
    record = decisions.decide(user=world.superuser, game=game, result="1/2", reason="agreement")
    assert (record.tournament, record.pairing, record.game) == (
        None,
        None,
        Game.objects.get(pk=game.pk),
    )
    assert not Tournament.objects.filter(result_records=record).exists()
    assert reload(world.board1).result == ""  # the tournament's boards are untouched


def test_the_admins_entry_form_does_not_withdraw_around_the_service(
    world: World, client_for
) -> None:
    entry = world.entry("Alice")
    data = {
        "tournament": str(world.tournament.pk),
        "player": str(entry.player_id),
        "rank": str(entry.rank),
        "rating": "2000",
        "joined_round": "1",
        "withdrawn_from_round": "1",  # round 1 is paired: the service refuses this
        "half_byes": "[]",
        "_save": "1",
    }

    client_for(world.superuser).post(
        reverse("admin:tournaments_entry_change", args=[entry.pk]), data
    )

    withdrawn = reload(entry).withdrawn_from_round
    recorded = ResultRecord.objects.filter(entry=entry, act=Act.WITHDRAW).exists()
    assert withdrawn is None or recorded


def test_the_records_speak_russian_by_default(world: World, record: ResultRecord) -> None:
    from django.test import Client
    from django.utils import translation

    with translation.override("ru"):
        expected = [str(Act.TAKE_BACK.label), str(Act.FORFEIT.label), "Неявка"]
    assert expected[0] != "Moves taken back"

    response = Client().get(world.game.get_absolute_url())  # no Accept-Language: Russian

    records = page_text(response, 'class="adjudications"', "</section>")
    for words in expected:
        assert words in records


def test_the_old_admin_address_of_the_records_still_lands(
    world: World, record: ResultRecord, client_for
) -> None:
    """The records were ``Adjudication`` until tournaments migration 0016: a bookmark of the old
    admin pages (the list, one record, with its query) is sent to the new ones."""
    client = client_for(world.superuser)
    listing = client.get("/admin/tournaments/adjudication/?act__exact=decided")
    assert listing.status_code == 302
    assert listing["Location"] == (
        reverse("admin:tournaments_resultrecord_changelist") + "?act__exact=decided"
    )
    one = client.get(f"/admin/tournaments/adjudication/{record.pk}/change/", follow=True)
    assert one.redirect_chain[-1][0] == change_url(record)
    assert one.status_code == 200

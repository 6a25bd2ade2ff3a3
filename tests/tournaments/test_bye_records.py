"""Every bye leaves one record (issue 10): the pairing-allocated bye, a requested half-point bye,
a round robin's free round, a late entry's missed rounds, a reinstated player's rounds, the byes
of a TRF import and of an override — each with its source, reason, who, before (nothing) and
after (the result and its points), shown on the arbiter's log, the round page and the
workbook's log sheet, in ru/en/fa."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.adjudication.helpers import page_text
from tests.tournaments.helpers import (
    boards,
    enter_results,
    finish,
    make_creator,
    make_player,
    new_tournament,
    pair,
    play_round,
    reload,
    seed_players,
    set_boards,
)
from tournaments import trf_io
from tournaments.acts import decisions, given_pairings, results, services, versions
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Pairing,
    RecordReason,
    Result,
    ResultRecord,
    ResultSource,
    Tournament,
)

pytestmark = pytest.mark.django_db


def bye_records(t: Tournament) -> list[ResultRecord]:
    return list(
        ResultRecord.objects.filter(
            tournament=t, pairing__isnull=False, pairing__second__isnull=True
        )
        .select_related("pairing__round", "entry__player", "decided_by")
        .order_by("pk")
    )


def byes(t: Tournament) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__tournament=t, second__isnull=True).order_by(
            "round__number", "board"
        )
    )


def assert_bye_record(
    record: ResultRecord,
    pairing: Pairing,
    *,
    source: str,
    reason: str,
    user: User | None,
    points: float,
) -> None:
    assert record.pairing_id == pairing.pk and record.entry_id == pairing.first_id
    assert (record.act, record.source, record.reason) == (Act.RESULT, source, reason)
    assert record.decided_by == user
    assert record.before == {"pairing": {"result": "", "game": None}}
    assert record.after["pairing"]["result"] == pairing.result
    assert record.after["pairing"]["points"] == points


# -- Each way a bye is made ------------------------------------------------------------------------


def test_the_pairing_allocated_bye_has_one_record(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 5)

    pair(t, arbiter)

    [bye] = byes(t)
    assert bye.result == Result.BYE
    [record] = bye_records(t)
    assert_bye_record(
        record,
        bye,
        source=ResultSource.PAIRING,
        reason=RecordReason.PAIRING_BYE,
        user=arbiter,
        points=1.0,
    )
    assert ResultRecord.objects.filter(tournament=t).count() == 1  # the games have none yet


def test_the_bye_is_worth_the_tournaments_points(arbiter: User) -> None:
    t = new_tournament(arbiter, points_win=3, points_draw=1, points_bye=3)
    seed_players(t, arbiter, 3)

    pair(t, arbiter)

    [record] = bye_records(t)
    assert record.after["pairing"]["points"] == 3.0


def test_a_requested_half_point_bye_has_one_record(arbiter: User) -> None:
    t = new_tournament(arbiter)
    entries = seed_players(t, arbiter, 4)
    services.update_entry(entry=entries[1], user=arbiter, changes={"half_byes": [1]})

    pair(t, arbiter)

    half = Pairing.objects.get(round__tournament=t, result=Result.HALF_BYE)
    full = Pairing.objects.get(round__tournament=t, result=Result.BYE)
    by_pairing = {r.pairing_id: r for r in bye_records(t)}
    assert len(by_pairing) == 2
    assert_bye_record(
        by_pairing[half.pk],
        half,
        source=ResultSource.PAIRING,
        reason=RecordReason.REQUESTED_BYE,
        user=arbiter,
        points=0.5,
    )
    assert by_pairing[full.pk].reason == RecordReason.PAIRING_BYE


def test_a_round_robins_free_round_has_one_record(arbiter: User) -> None:
    t = new_tournament(arbiter, format="round_robin")
    seed_players(t, arbiter, 3)

    pair(t, arbiter)

    [bye] = byes(t)
    [record] = bye_records(t)
    assert_bye_record(
        record,
        bye,
        source=ResultSource.PAIRING,
        reason=RecordReason.PAIRING_BYE,
        user=arbiter,
        points=0.0,
    )


def test_a_late_entrys_missed_rounds_have_one_record_each(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=4)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    pair(t, arbiter)

    late = services.register(tournament=t, player=make_player("Late"), user=arbiter, half_byes=[2])

    missed = list(Pairing.objects.filter(first=late).order_by("round__number"))
    assert [p.result for p in missed] == [Result.ZERO_BYE, Result.HALF_BYE]
    records = [r for r in bye_records(t) if r.entry_id == late.pk]
    assert [r.pairing_id for r in records] == [p.pk for p in missed]
    for record, p, points in zip(records, missed, (0.0, 0.5), strict=True):
        assert_bye_record(
            record,
            p,
            source=ResultSource.PAIRING,
            reason=RecordReason.LATE_ENTRY,
            user=arbiter,
            points=points,
        )


def test_a_reinstated_players_rounds_without_him_have_one_record(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=4)
    entries = seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    services.withdraw(entry=entries[3], user=arbiter, from_round=2)
    pair(t, arbiter)
    before = ResultRecord.objects.filter(entry=entries[3]).count()

    services.reinstate(entry=entries[3], user=arbiter)

    [zero] = Pairing.objects.filter(first=entries[3], round__number=2)
    assert zero.result == Result.ZERO_BYE
    [record] = ResultRecord.objects.filter(pairing=zero)
    assert_bye_record(
        record,
        zero,
        source=ResultSource.PAIRING,
        reason=RecordReason.WITHDRAWAL,
        user=arbiter,
        points=0.0,
    )
    assert ResultRecord.objects.filter(entry=entries[3]).count() == before + 1


def test_the_byes_of_a_trf_import_have_one_record_each_with_source_trf(arbiter: User) -> None:
    t = new_tournament(arbiter)
    entries = seed_players(t, arbiter, 5)
    services.update_entry(entry=entries[0], user=arbiter, changes={"half_byes": [2]})
    play_round(t, arbiter)
    play_round(t, arbiter)
    text = trf_io.export_trf(t)
    creator = make_creator()

    with translation.override("en"):
        copy = trf_io.import_trf(text=text, user=creator, name="Copy")

    made = byes(copy)
    assert sorted(p.result for p in made) == sorted(p.result for p in byes(t))
    records = {r.pairing_id: r for r in bye_records(copy)}
    assert sorted(records) == [p.pk for p in sorted(made, key=lambda p: p.pk)]
    for p in made:
        record = records[p.pk]
        assert (record.source, record.decided_by, record.act) == (
            ResultSource.TRF,
            creator,
            Act.RESULT,
        )
        assert (
            record.reason
            == {
                Result.BYE: RecordReason.PAIRING_BYE,
                Result.HALF_BYE: RecordReason.REQUESTED_BYE,
                Result.ZERO_BYE: RecordReason.NOT_PAIRED,
            }[p.result]
        )
        assert (record.note_code, record.note) == ("trf_file", "")  # worded when shown


def test_a_trf_import_by_a_command_records_no_one(arbiter: User, tmp_path) -> None:
    from django.core.management import call_command

    t = new_tournament(arbiter)
    seed_players(t, arbiter, 3)
    play_round(t, arbiter)
    path = tmp_path / "club.trf"
    path.write_text(trf_io.export_trf(t), encoding="utf-8")
    make_creator("importer")

    call_command("import_trf", str(path), "--user", "importer", stdout=io.StringIO())

    copy = Tournament.objects.exclude(pk=t.pk).get()
    [record] = bye_records(copy)
    assert record.source == ResultSource.TRF and record.decided_by.username == "importer"


def test_add_round_refuses_a_bye_without_a_bye_result(arbiter: User) -> None:
    t = new_tournament(arbiter, online=False)
    a, b, c = seed_players(t, arbiter, 3)

    with pytest.raises(TournamentError) as err:
        given_pairings.add_round(
            tournament=t, boards=[(a.pk, b.pk, ""), (c.pk, None, "")], user=arbiter
        )

    assert err.value.code == "bad_result"
    assert not t.round_set.exists() and not ResultRecord.objects.exists()


# -- Once, whatever happens ------------------------------------------------------------------------


def test_pairing_twice_does_not_record_a_bye_twice(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 5)
    pair(t, arbiter)

    with pytest.raises(TournamentError):
        pair(t, arbiter)  # the round is paired already

    assert len(byes(t)) == 1 and len(bye_records(t)) == 1


def test_a_bye_records_nothing_when_pairing_fails(arbiter: User) -> None:
    t = new_tournament(arbiter, rounds=2)
    seed_players(t, arbiter, 3)
    play_round(t, arbiter)
    play_round(t, arbiter)

    with pytest.raises(TournamentError):
        pair(t, arbiter)  # every round paired

    assert len(bye_records(t)) == 2


def test_a_correction_of_a_bye_is_recorded_as_usual(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 3)
    rnd = pair(t, arbiter)
    [bye] = byes(t)

    results.enter_result(
        pairing=bye,
        result=Result.HALF_BYE,
        user=arbiter,
        reason=RecordReason.CORRECTION,
        expected_version=versions.version_of(pairing=bye),
    )

    first, second = ResultRecord.objects.filter(pairing=bye).order_by("pk")
    assert first.reason == RecordReason.PAIRING_BYE
    assert (second.act, second.source, second.reason) == (
        Act.CORRECT_RESULT,
        ResultSource.PAPER,
        RecordReason.CORRECTION,
    )
    assert second.before["pairing"]["result"] == Result.BYE
    assert second.after["pairing"]["result"] == Result.HALF_BYE
    assert reload(rnd).pairings.get(pk=bye.pk).result == Result.HALF_BYE


def test_the_bye_record_counts_in_the_pairings_version(arbiter: User) -> None:
    t = new_tournament(arbiter)
    seed_players(t, arbiter, 3)
    pair(t, arbiter)
    [bye] = byes(t)

    assert versions.version_of(pairing=bye) == "0.1"
    with pytest.raises(TournamentError) as err:
        results.enter_result(
            pairing=bye, result=Result.ZERO_BYE, user=arbiter, expected_version="0.0"
        )
    assert err.value.code == "stale"


# -- An override of the round --------------------------------------------------------------------


def test_an_override_moving_the_bye_records_both_changes(arbiter: User) -> None:
    t = new_tournament(arbiter)
    a, b, c = seed_players(t, arbiter, 3)
    rnd = pair(t, arbiter)
    [old] = byes(t)
    assert old.first_id == c.pk
    [given] = bye_records(t)

    set_boards(rnd, arbiter, [(c, b), (a, None)])

    rows = boards(rnd)
    assert [(p.first_id, p.second_id, p.result) for p in rows] == [
        (c.pk, b.pk, ""),
        (a.pk, None, Result.BYE),
    ]
    assert rows[0].pk == old.pk  # the row on record is C's board now
    changed = ResultRecord.objects.get(pairing=old, act=Act.CORRECT_RESULT)
    assert (changed.source, changed.reason, changed.entry_id, changed.decided_by) == (
        ResultSource.PAIRING,
        RecordReason.PAIRING_CHANGED,
        c.pk,
        arbiter,
    )
    assert changed.before["pairing"]["result"] == Result.BYE
    assert changed.after["pairing"]["result"] == ""
    new = ResultRecord.objects.get(pairing=rows[1])
    assert_bye_record(
        new,
        rows[1],
        source=ResultSource.PAIRING,
        reason=RecordReason.PAIRING_CHANGED,
        user=arbiter,
        points=1.0,
    )
    assert ResultRecord.objects.filter(pk=given.pk).exists()
    # Results of the override's boards are entered as usual, and the round finishes.
    enter_results(rnd, arbiter)
    finish(rnd, arbiter)


def test_on_an_online_tournament_the_record_names_the_new_game(arbiter: User) -> None:
    """The board the bye's player is put on gets its game with the round's other boards; the
    record of the change says which (its after-state), as every other result record does."""
    t = new_tournament(arbiter, online=True)
    a, b, c = seed_players(t, arbiter, 3)
    rnd = pair(t, arbiter)
    [old] = byes(t)
    assert old.first_id == c.pk and old.game_id is None

    set_boards(rnd, arbiter, [(c, b), (a, None)])

    board = Pairing.objects.get(pk=old.pk)
    assert (board.first_id, board.second_id) == (c.pk, b.pk) and board.game_id
    changed = ResultRecord.objects.get(pairing=old, act=Act.CORRECT_RESULT)
    assert changed.after["game"]["game"] == board.game_id
    assert changed.after["game"]["ply"] == 0
    assert changed.after["pairing"]["game"] == board.game_id
    assert changed.before["game"] == {}  # a bye has no game
    assert changed.before["pairing"]["result"] == Result.BYE


def test_an_override_keeping_the_bye_writes_nothing(arbiter: User) -> None:
    t = new_tournament(arbiter)
    a, b, c, d, _e = seed_players(t, arbiter, 5)
    rnd = pair(t, arbiter)
    [old] = byes(t)
    before = ResultRecord.objects.count()

    set_boards(rnd, arbiter, [(a, d), (c, b), (old.first, None)])

    assert ResultRecord.objects.count() == before
    assert Pairing.objects.get(pk=old.pk).board == 3


def test_an_override_keeps_a_requested_bye_and_its_record(arbiter: User) -> None:
    t = new_tournament(arbiter, online=True)
    a, b, c = seed_players(t, arbiter, 3)
    services.update_entry(entry=c, user=arbiter, changes={"half_byes": [1]})
    rnd = pair(t, arbiter)
    half = Pairing.objects.get(round=rnd, result=Result.HALF_BYE)
    before = ResultRecord.objects.count()

    set_boards(rnd, arbiter, [(b, a)])

    assert Pairing.objects.get(pk=half.pk).board == 2
    [board] = [p for p in boards(rnd) if p.second_id]
    assert (board.first_id, board.second_id) == (b.pk, a.pk) and board.game_id
    assert ResultRecord.objects.count() == before


def test_an_override_leaving_out_the_recorded_bye_is_refused(arbiter: User) -> None:
    t = new_tournament(arbiter)
    a, b, _c = seed_players(t, arbiter, 3)
    rnd = pair(t, arbiter)
    before = [(p.pk, p.first_id, p.second_id, p.board) for p in boards(rnd)]

    with translation.override("en"), pytest.raises(TournamentError) as err:
        set_boards(rnd, arbiter, [(a, b)])

    assert err.value.code == "bye_on_record"
    assert "P03" in err.value.message
    assert [(p.pk, p.first_id, p.second_id, p.board) for p in boards(rnd)] == before


def test_the_override_page_says_why_it_refuses(arbiter: User, client_for) -> None:
    t = new_tournament(arbiter)
    a, b, _c = seed_players(t, arbiter, 3)
    rnd = pair(t, arbiter)
    url = reverse("tournaments:override", args=[t.pk, rnd.number])

    response = client_for(arbiter).post(url, {"first_0": a.pk, "second_0": b.pk})

    assert response.status_code == 200
    assert "bye of this round is on record" in response.content.decode()


# -- Where they are shown ----------------------------------------------------------------------


@pytest.fixture
def with_byes(arbiter: User) -> Tournament:
    """Round 1 paired with a pairing-allocated bye (P05) and a requested half-point bye (P02)."""
    t = new_tournament(arbiter)
    entries = seed_players(t, arbiter, 6)
    services.update_entry(entry=entries[1], user=arbiter, changes={"half_byes": [1]})
    pair(t, arbiter)
    return t


LABELS = {
    "en": ("Pairing", "Bye given by the pairing", "Bye asked for", "points: 1", "points: 0.5"),
    "ru": (
        "Жеребьёвка",
        "Свободный тур по жеребьёвке",
        "Свободный тур по просьбе игрока",
        "очки: 1",
        "очки: 0.5",
    ),
    "fa": (
        "جفت‌بندی",
        "استراحت از جفت‌بندی",
        "استراحت به درخواست بازیکن",
        "امتیاز: 1",
        "امتیاز: 0.5",
    ),
}


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_the_log_and_the_round_page_show_the_byes(with_byes: Tournament, language: str) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    log = page_text(client.get(reverse("tournaments:log", args=[with_byes.pk])), "<table")
    rnd = with_byes.round_set.get(number=1)
    page = client.get(rnd.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    for word in LABELS[language]:
        assert word in log, (word, log[:1500])
        assert word in html, word
    bye = Pairing.objects.get(round=rnd, result=Result.BYE)
    board = page_text(page, f'id="board-{bye.board}"')
    assert LABELS[language][1] in board and bye.first.player.name in board


@pytest.mark.parametrize("language", ["en", "ru", "fa"])
def test_the_workbook_log_sheet_carries_the_byes(with_byes: Tournament, language: str) -> None:
    from python_calamine import CalamineWorkbook

    from sheets import services as sheets

    with translation.override(language):
        book = CalamineWorkbook.from_filelike(io.BytesIO(sheets.export_tournament(with_byes)))
        title = translation.gettext("Arbiter's log")
    rows = book.get_sheet_by_name(title).to_python()[3:]
    source, pairing_bye, asked, one, half = LABELS[language]
    reasons = sorted(str(row[2]) for row in rows)
    assert reasons == sorted([pairing_bye, asked])
    assert all(str(row[8]) == source for row in rows)
    after = {str(row[2]): str(row[5]) for row in rows}
    assert one in after[pairing_bye] and half in after[asked]
    names = {str(row[2]): str(row[3]) for row in rows}
    assert "P02" in names[asked]


def test_an_exported_workbook_with_bye_records_imports_again_as_it_is(arbiter: User) -> None:
    from sheets import services as sheets

    t = new_tournament(arbiter, rounds=4)
    entries = seed_players(t, arbiter, 5)
    services.update_entry(entry=entries[0], user=arbiter, changes={"half_byes": [2]})
    play_round(t, arbiter)
    pair(t, arbiter)
    services.register(tournament=t, player=make_player("Late"), user=arbiter)
    records = ResultRecord.objects.count()
    assert len(bye_records(t)) == 1 + 1 + 2  # round 1's, round 2's asked for, the late entry's

    for language in ("en", "ru"):
        with translation.override(language):
            data = sheets.export_tournament(t)
            plan = sheets.read_workbook(data, tournament=t)
        assert plan.errors == [] and plan.empty
    assert ResultRecord.objects.count() == records


def test_a_late_entry_from_a_workbook_import_records_its_byes_as_imported(arbiter: User) -> None:
    from sheets.imports import apply
    from sheets.imports.plan import ImportPlan, NewEntry

    t = new_tournament(arbiter)
    seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    plan = ImportPlan(tournament_id=t.pk)
    plan.new_entries.append(
        NewEntry(
            sheet="Players",
            cell="B9",
            name="Imported",
            rating=1400,
            club="",
            rank=None,
            player_id=None,
        )
    )

    apply.apply_plan(plan, user=arbiter)

    [record] = [r for r in bye_records(t) if r.entry.player.name == "Imported"]
    assert (record.source, record.reason, record.decided_by) == (
        ResultSource.IMPORT,
        RecordReason.LATE_ENTRY,
        arbiter,
    )


def test_a_withdrawals_forfeit_is_still_recorded_once(arbiter: User) -> None:
    t = new_tournament(arbiter, format="round_robin")
    entries = seed_players(t, arbiter, 4)
    play_round(t, arbiter)
    decisions.withdraw(user=arbiter, entry=entries[0], reason="no_show")

    pair(t, arbiter)

    assert ResultRecord.objects.filter(act=Act.FORFEIT).count() == 1
    assert bye_records(t) == []

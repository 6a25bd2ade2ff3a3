"""One record for every change of a result, whatever its source — online, paper, workbook import,
TRF import, adjudication, claim, a withdrawal's forfeit — each saying who, when, before, after
and why, and shown on the arbiter's log, the game page and the pairing (the round page)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games import services as game_services
from games.models import Game
from games.signals import game_result_changed
from tests import factories
from tests.adjudication.helpers import (
    SOS_DRAW,
    SOS_FIRST_WINS,
    World,
    age_moves,
    build_paper_round,
    page_text,
    play,
    points,
    reload,
)
from tests.factories import committed
from tournaments import pairings, queries, trf_io
from tournaments.acts import claims, decisions, services, versions
from tournaments.errors import TournamentError
from tournaments.models import Act, Result, ResultRecord, ResultSource, Tournament

pytestmark = pytest.mark.django_db


def log_text(client, tournament: Tournament) -> str:
    return page_text(client.get(reverse("tournaments:log", args=[tournament.pk])), "<table")


def round_text(client, pairing) -> str:
    return page_text(client.get(pairing.round.get_absolute_url()), "<table")


def game_text(client, game: Game) -> str:
    return page_text(client.get(game.get_absolute_url()), 'class="records"')


def assert_shown(client_for, record: ResultRecord, *words: str) -> None:
    """The record's source, act and ``words`` on the log, the round page and the game page —
    to anyone (records are public)."""
    anyone = client_for(None)
    with translation.override("en"):  # the pages are asked for in English
        source, act = str(record.get_source_display()), str(record.get_act_display())
    places = [log_text(anyone, record.tournament), round_text(anyone, record.pairing)]
    if record.game is not None:
        places.append(game_text(anyone, record.game))
    for text in places:
        for word in (source, act, *words):
            assert word in text, (word, text[:1500])
    # …and on the workbook's log sheet: the record's own row, with its source and act.
    assert (source, act) in log_sheet_rows(record.tournament), (source, act)


def log_sheet_rows(tournament: Tournament) -> list[tuple[str, str]]:
    """The (source, act) of each record on the workbook's log sheet (English)."""
    from python_calamine import CalamineWorkbook

    from sheets import services as sheets

    with translation.override("en"):
        book = CalamineWorkbook.from_filelike(io.BytesIO(sheets.export_tournament(tournament)))
    rows = book.get_sheet_by_name("Arbiter's log").to_python()
    header = [str(cell) for cell in rows[2]]
    source, act = header.index("Source"), header.index("Act")
    return [(str(row[source]), str(row[act])) for row in rows[3:]]


def only(source: str) -> ResultRecord:
    return ResultRecord.objects.get(source=source)


# -- Online -------------------------------------------------------------------------------------


def test_an_online_game_finishing_writes_one_record(world: World, client_for) -> None:
    game = play(world.game, *SOS_FIRST_WINS)

    record = only(ResultSource.ONLINE)
    assert (record.act, record.reason) == (Act.RESULT, "played")
    assert record.decided_by == world.opponent  # who made the last, finishing move
    assert record.decided_at is not None
    assert record.before["pairing"]["result"] == ""
    assert record.after["pairing"]["result"] == Result.WIN
    assert (record.pairing, record.game, record.tournament) == (
        world.board1,
        game,
        world.tournament,
    )
    assert_shown(client_for, record, "Played on the site", "1-0")


def test_the_pairing_is_written_after_the_game_commits_not_inside_it(world: World) -> None:
    game = play(world.game, *SOS_FIRST_WINS[:-1])
    last = game.seats.select_related("player__user").get(
        number=game.rules.to_move(game.current_state())
    )
    with committed() as callbacks:
        game_services.submit_move(game=game, user=last.player.user, notation=SOS_FIRST_WINS[-1])
        # The game is over, its transaction not committed: the pairing has not been written.
        assert reload(game).winners == [0]
        assert reload(world.board1).result == ""
    assert callbacks  # the signal waited for the commit
    assert reload(world.board1).result == Result.WIN
    assert ResultRecord.objects.filter(source=ResultSource.ONLINE).count() == 1


def test_a_signal_sent_again_writes_nothing_new(world: World) -> None:
    game = play(world.game, *SOS_FIRST_WINS)
    assert ResultRecord.objects.count() == 1

    for _ in range(3):
        game_result_changed.send(sender=Game, game=game, game_id=game.pk)

    assert ResultRecord.objects.count() == 1
    assert reload(world.board1).result == Result.WIN


# -- Paper --------------------------------------------------------------------------------------


def test_a_paper_result_writes_one_record(world: World, client_for) -> None:
    pairing = build_paper_round(world)
    services.record_result(pairing=pairing, result="0-1", user=world.arbiter)

    record = only(ResultSource.PAPER)
    assert (record.act, record.reason, record.decided_by) == (
        Act.RESULT,
        "reported",
        world.arbiter,
    )
    assert (record.before["pairing"]["result"], record.after["pairing"]["result"]) == (
        "",
        Result.LOSS,
    )
    assert_shown(client_for, record, "Result handed in", "0-1")


def test_a_forfeit_entered_as_a_result_is_logged_as_a_forfeit(world: World, client_for) -> None:
    """The issue: a forfeit through *Enter result* left no entry in the log."""
    services.record_result(pairing=world.board1, result="+/-", user=world.arbiter)

    record = only(ResultSource.PAPER)
    assert record.act == Act.FORFEIT
    assert record.after["game"]["end_reason"] == "forfeit"
    assert_shown(client_for, record, "+/-")


def test_a_paper_correction_in_an_open_round_moves_the_standings(world: World, client_for) -> None:
    pairing = build_paper_round(world)
    t = pairing.round.tournament
    services.record_result(pairing=pairing, result="1-0", user=world.arbiter)
    first, second = pairing.first.player.name, pairing.second.player.name
    assert (points(t)[first], points(t)[second]) == (1.0, 0.0)

    services.record_result(pairing=pairing, result="0-1", user=world.arbiter, note="misread")

    assert (points(t)[first], points(t)[second]) == (0.0, 1.0)
    correction = ResultRecord.objects.filter(pairing=pairing).order_by("-pk").first()
    assert (correction.act, correction.reason, correction.note) == (
        Act.CORRECT_RESULT,
        "correction",
        "misread",
    )
    assert_shown(client_for, correction, "misread")
    assert "1-0 → 0-1" in round_text(client_for(None), pairing)


def test_a_paper_correction_in_a_finished_round_moves_the_standings(world: World) -> None:
    pairing = build_paper_round(world)
    t = pairing.round.tournament
    for p in pairing.round.pairings.all():
        if not p.result:
            services.record_result(pairing=p, result="1-0", user=world.arbiter)
    services.finish_round(round=pairing.round, user=world.arbiter)
    first = pairing.first.player.name
    assert points(t)[first] == 1.0

    services.record_result(pairing=pairing, result="-/+", user=world.arbiter)

    assert points(t)[first] == 0.0
    assert queries.standings(t).rows[0].entry != pairing.first_id
    assert ResultRecord.objects.filter(pairing=pairing).count() == 2


# -- Imports ------------------------------------------------------------------------------------


def test_a_workbook_import_writes_one_record_per_result(world: World, client_for) -> None:
    from sheets import services as sheets
    from tests.sheets.helpers import edit, workbook

    pairing = build_paper_round(world)
    t = pairing.round.tournament
    with translation.override("en"):
        data = edit(workbook(t), {("Round 1", f"C{3 + pairing.board}"): "½-½"})
        sheets.import_workbook(data, tournament=t, user=world.arbiter)

    record = only(ResultSource.IMPORT)
    assert (record.act, record.reason, record.decided_by) == (
        Act.RESULT,
        "reported",
        world.arbiter,
    )
    assert record.after["pairing"]["result"] == Result.DRAW
    assert "Round 1!C" in record.note_text
    assert_shown(client_for, record, "½-½", "Workbook import")


def two_player_trf() -> str:
    from tournaments import trf

    return trf.format_trf(
        trf.TrfTournament(
            name="Paper Cup",
            rounds=3,
            players=[
                trf.TrfPlayer(
                    1, "Anna", rating=1800, points=1.0, rank=1, rounds=[trf.TrfRound(2, "w", "1")]
                ),
                trf.TrfPlayer(
                    2, "Boris", rating=1700, points=0.0, rank=2, rounds=[trf.TrfRound(1, "b", "0")]
                ),
            ],
        )
    )


def test_a_trf_import_writes_one_record_per_result(world: World, client_for) -> None:
    creator = factories.with_permission(world.arbiter, "tournaments.add_tournament")
    t = trf_io.import_trf(text=two_player_trf(), user=creator)

    record = only(ResultSource.TRF)
    assert (record.act, record.reason, record.decided_by) == (Act.RESULT, "reported", creator)
    assert record.after["pairing"]["result"] == Result.WIN
    assert record.tournament == t
    assert record.pairing.round.status == "finished"
    assert_shown(client_for, record, "1-0", "TRF import")


# -- Adjudication, claims, withdrawals ------------------------------------------------------------


def test_an_adjudication_writes_one_record(world: World, client_for) -> None:
    decisions.decide(
        user=world.arbiter, game=world.game, result="½-½", reason="agreement", note="agreed"
    )
    record = only(ResultSource.ADJUDICATION)
    assert (record.act, record.reason) == (Act.DECLARE_RESULT, "agreement")
    assert_shown(client_for, record, "½-½", "agreed", "Agreement")


def test_an_accepted_claim_writes_one_record(world: World, client_for) -> None:
    Tournament.objects.filter(pk=world.tournament.pk).update(claim_after_minutes=5)
    game = play(world.game, "A1=S")
    age_moves(game, 10)
    claim = claims.claim_win(user=world.seated, game=game)

    claims.decide_claim(user=world.arbiter, claim=claim, accept=True)

    record = only(ResultSource.CLAIM)
    assert (record.act, record.reason, record.decided_by) == (
        Act.CLAIM_ACCEPTED,
        "time",
        world.arbiter,
    )
    assert reload(world.board1).result == Result.WIN
    assert ResultRecord.objects.count() == 1  # the game's end is the claim's, not the board's
    assert_shown(client_for, record, "1-0")


def test_a_withdrawals_forfeits_are_recorded(client_for) -> None:
    arbiter = User.objects.create_user("rr-arbiter")
    t = services.create_tournament(
        name="Round Robin", kind="sos", format="round_robin", online=False, created_by=arbiter
    )
    entries = [
        services.register(tournament=t, player=factories.make_player(name), user=arbiter)
        for name in ("Ann", "Ben", "Cid", "Dan")
    ]
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    for p in rnd.pairings.all():
        services.record_result(pairing=p, result="1-0", user=arbiter)
    services.finish_round(round=rnd, user=arbiter)
    decisions.withdraw(user=arbiter, entry=entries[0], reason="no_show")

    rnd2 = pairings.pair_round(tournament=t, user=arbiter)

    forfeit = ResultRecord.objects.get(act=Act.FORFEIT)
    assert (forfeit.source, forfeit.reason, forfeit.decided_by) == (
        ResultSource.ADJUDICATION,
        "withdrawal",
        arbiter,
    )
    assert forfeit.pairing.round == rnd2
    assert forfeit.after["pairing"]["result"] in ("+/-", "-/+")
    assert_shown(client_for, forfeit, "Player withdrawn")


def test_the_workbook_log_sheet_carries_every_source(world: World) -> None:
    from python_calamine import CalamineWorkbook

    from sheets import services as sheets

    play(world.game, *SOS_FIRST_WINS)
    services.record_result(pairing=world.board2, result="-/-", user=world.arbiter)
    decisions.decide(user=world.arbiter, pairing=world.board2, result="0-1", reason="correction")

    book = CalamineWorkbook.from_filelike(io.BytesIO(sheets.export_tournament(world.tournament)))
    rows = book.get_sheet_by_name("Arbiter's log").to_python()
    assert rows[2][8] == "Source"
    sources = [row[8] for row in rows[3:]]
    assert sources == ["Game on the site", "Paper result", "Arbiter's decision"]
    assert "1-0" in rows[3][5] and "-/-" in rows[4][5] and "0-1" in rows[5][5]


def test_a_version_names_the_ply_and_the_records(world: World) -> None:
    game = play(world.game, "A1=S", "B1=O")
    assert versions.version_of(game=game, pairing=world.board1) == "2.0"
    decisions.take_back(user=world.arbiter, game=game, count=1, reason="correction")
    assert versions.version_of(game=reload(game), pairing=world.board1) == "1.1"
    play(reload(game), *SOS_DRAW[1:2])
    assert versions.version_of(game=reload(game), pairing=world.board1) == "2.1"


# -- A double click -------------------------------------------------------------------------------


def test_a_double_clicked_take_back_applies_once(world: World, client_for) -> None:
    from tests.adjudication.helpers import game_arbiter_url, page_version

    game = play(world.game, "A1=S", "B1=O", "C1=S")
    client = client_for(world.arbiter)
    url = game_arbiter_url(game)
    data = {
        "act": "take_back",
        "count": "1",
        "reason": "illegal_conduct",
        "note": "",
        "version": page_version(client, url),
        "confirm": "1",  # the second step, clicked twice
    }
    assert data["version"] == "3.0"

    client.post(url, data)
    second = client.post(url, data, follow=True)

    assert reload(game).ply == 2
    assert ResultRecord.objects.count() == 1
    assert "Already done: the game has changed since you saw it." in page_text(second)


def test_a_double_clicked_annul_makes_one_replacement(world: World, client_for) -> None:
    from tests.adjudication.helpers import game_arbiter_url, page_version

    game = play(world.game, "A1=S")
    games = Game.objects.count()
    client = client_for(world.arbiter)
    url = game_arbiter_url(game)
    data = {
        "act": "annul",
        "replay": "on",
        "reason": "correction",
        "version": "1.0",
        "confirm": "1",
    }
    assert page_version(client, url) == data["version"]

    for _ in range(3):
        client.post(url, data)

    assert Game.objects.count() == games + 1
    assert ResultRecord.objects.count() == 1


def test_a_double_clicked_paper_result_is_entered_once(world: World, client_for) -> None:
    pairing = build_paper_round(world)
    client = client_for(world.arbiter)
    page = client.get(pairing.round.get_absolute_url()).content.decode()
    assert 'name="version" value="0.0"' in page  # the board's form carries what the arbiter saw
    url = reverse("tournaments:result", args=[pairing.round.tournament_id, pairing.pk])

    client.post(url, {"result": "1-0", "version": "0.0"})
    response = client.post(url, {"result": "0-1", "version": "0.0"}, follow=True)

    assert reload(pairing).result == Result.WIN
    assert ResultRecord.objects.filter(pairing=pairing).count() == 1
    assert "Already done" in page_text(response)


def test_a_stale_version_is_refused_in_russian_too(world: World) -> None:
    pairing = build_paper_round(world)
    with translation.override("ru"), pytest.raises(TournamentError) as err:
        services.record_result(
            pairing=pairing, result="1-0", user=world.arbiter, expected_version="3.1"
        )
    assert err.value.code == "stale"
    assert "Уже сделано" in err.value.message
    assert reload(pairing).result == ""

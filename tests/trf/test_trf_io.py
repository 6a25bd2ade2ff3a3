"""Export and import through the database (tournaments.trf_io) and the two commands."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from games.models import Player
from tournaments import pairings, trf
from tournaments.acts import services
from tournaments.core import history
from tournaments.errors import TournamentError
from tournaments.models import Entry, Pairing, Round, RoundStatus, Tournament, TournamentStatus
from tournaments.trf_io import export_trf, import_trf

from .conftest import Builder
from .test_format import SMALL
from .test_pair_trf import pair_trf

pytestmark = pytest.mark.django_db

MODELS = (Tournament, Player, Entry, Round, Pairing)


def counts() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in MODELS)


def test_export_import_export_is_identical(build: Builder, arbiter: User) -> None:
    t = build()
    text = export_trf(t)
    copy = import_trf(text=text, user=arbiter)
    assert copy.pk != t.pk
    assert export_trf(copy) == text
    assert copy.status == TournamentStatus.RUNNING
    assert not copy.online
    assert copy.kind == "sos"
    assert (copy.name, copy.rounds, copy.start_date) == (t.name, 4, t.start_date)
    assert list(copy.round_set.values_list("status", flat=True)) == [RoundStatus.FINISHED] * 3
    names = set(copy.entries.values_list("player__name", flat=True))
    assert {"Алиса Петрова", "دارا رضایی", "Zoë Late"} <= names
    bob = copy.entries.get(player__name="Bob Smith")
    assert bob.withdrawn_from_round == 3
    carol = copy.entries.get(player__name="Carol Jones")
    assert carol.half_byes == [2]
    results = set(Pairing.objects.filter(round__tournament=copy).values_list("result", flat=True))
    assert {
        history.WIN,
        history.DRAW,
        history.FORFEIT_WIN,
        history.FORFEIT_LOSS,
        history.DOUBLE_FORFEIT,
        history.BYE,
        history.HALF_BYE,
        history.ZERO_BYE,
    } <= results


def test_export_layout(build: Builder) -> None:
    text = export_trf(build())
    lines = text.splitlines()
    assert lines[:7] == [
        "012 Кубок «Ладьи» 2024",
        "042 2024/03/01",
        "052 2024/03/03",
        "062 8",
        "092 Individual: Swiss-System (sos)",
        "XXR 4",
        "XXC white1",
    ]
    players = trf.parse(text).players
    assert [p.number for p in players] == list(range(1, 9))
    bob = next(p for p in players if p.name == "Bob Smith")
    # Withdrawn from round 3: absent, not paired, in the paired round 3 (a blank block would be
    # a player the round should have paired) as in round 4 ahead.
    assert bob.round(3) == trf.TrfRound(None, "-", "Z")
    assert bob.round(4) == trf.TrfRound(None, "-", "Z")
    late = next(p for p in players if p.name == "Zoë Late")
    assert late.round(1) == trf.TrfRound(None, "-", "Z")
    # No starting rank: placed by rating (C.04.2), 1500 between the ranked 1530 and 1490.
    assert late.number == 5
    carol = next(p for p in players if p.name == "Carol Jones")
    assert carol.round(2) == trf.TrfRound(None, "-", "H")
    chars = {p.round(r).result for p in players for r in (1, 2, 3)}
    assert {"1", "0", "=", "+", "-", "U", "H", "Z"} <= chars
    assert all(line == line.rstrip() for line in lines)


def test_finished_tournament_round_trip(build: Builder, arbiter: User) -> None:
    t = build(rounds_played=4)
    assert t.status == TournamentStatus.FINISHED
    text = export_trf(t)
    copy = import_trf(text=text, user=arbiter)
    assert copy.status == TournamentStatus.FINISHED
    assert export_trf(copy) == text


def test_open_round_round_trip(build: Builder, arbiter: User) -> None:
    t = build(rounds_played=2, open_round=True)
    text = export_trf(t)
    round_three = {p.round(3) for p in trf.parse(text).players}
    assert any(b.opponent is not None and b.result == " " for b in round_three)
    copy = import_trf(text=text, user=arbiter)
    assert export_trf(copy) == text
    statuses = list(copy.round_set.values_list("status", flat=True))
    assert statuses == [RoundStatus.FINISHED, RoundStatus.FINISHED, RoundStatus.PAIRED]


def test_point_system_round_trip(build: Builder, arbiter: User) -> None:
    t = build(points_win=3, points_draw=1, points_bye=1)
    text = export_trf(t)
    assert "BBW 3.0\nBBD 1.0\nBBU 1.0\n" in text
    copy = import_trf(text=text, user=arbiter)
    assert (copy.points_win, copy.points_draw, copy.points_bye) == (3, 1, 1)
    assert export_trf(copy) == text


def test_pair_trf_on_an_export_pairs_like_pair_round(
    build: Builder, arbiter: User, tmp_path: Path
) -> None:
    t = build(rounds_played=2)
    path = tmp_path / "t.trf"
    path.write_text(export_trf(t), encoding="utf-8")
    printed = pair_trf(path)
    rnd = pairings.pair_round(tournament=t, user=arbiter)
    number = {pk: n for n, pk in enumerate(pairings.pairing_order(list(t.entries.all())), 1)}
    boards = [
        f"{number[p.first_id]} {number[p.second_id] if p.second_id else 0}"
        for p in rnd.pairings.order_by("board")
        if p.result != history.HALF_BYE
    ]
    assert len(boards) == 4  # 8 entries, one withdrawn: three games and the bye
    assert printed == [str(len(boards)), *boards]


def test_import_of_a_foreign_file(arbiter: User) -> None:
    t = import_trf(text=SMALL, user=arbiter)
    assert t.name == "Кубок клуба 2024"
    assert t.status == TournamentStatus.RUNNING
    assert t.rounds == 4
    assert set(t.entries.values_list("player__name", flat=True)) >= {"Иванов, Пётр", "رضایی, دارا"}
    smith = t.entries.get(rank=2)
    assert (smith.rating, smith.half_byes) == (1750, [4])
    again = trf.parse(export_trf(t))
    assert trf.game_records(again) == trf.game_records(trf.parse(SMALL))
    assert [p.points for p in again.players] == [p.points for p in trf.parse(SMALL).players]


def refused(text: str, user: User) -> TournamentError:
    before = counts()
    with translation.override("en"), pytest.raises(TournamentError) as caught:
        import_trf(text=text, user=user)
    assert counts() == before
    return caught.value


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("3 w 1", "3 w ?", "Line 9: Round 1: unknown result “?”."),
        ("5 b -", "5 b =", "Line 9: Round 2: the results of players 1 and 5 (line 13) do not fit"),
        ("042 2024/03/01", "042 first of March", "Line 2: “first of March” is not a date"),
        ("XXR 4", "XXR 2", "Line 7: The file has 3 rounds, more than the 2 it announces."),
        ("Lee, Kim", "        ", "Line 13: Player 5 has no name."),
    ],
)
def test_malformed_import_is_refused(arbiter: User, old: str, new: str, message: str) -> None:
    err = refused(SMALL.replace(old, new), arbiter)
    assert err.code == "trf"
    assert err.message.startswith(message)


def test_missing_result_before_the_last_round_is_refused(arbiter: User) -> None:
    text = SMALL.replace("4 b =", "4 b  ").replace("2 w =", "2 w  ")
    text = text.replace("1.5    3", "1.0    3").replace("2.0    1", "1.5    1")
    err = refused(text, arbiter)
    assert err.message.startswith("Line 10: Round 1: player 2 has no result, but later rounds")


def test_failure_inside_the_transaction_writes_nothing(arbiter: User) -> None:
    err = refused(SMALL.replace("012 Кубок клуба 2024\n", ""), arbiter)
    assert err.code == "name"  # from services.create_tournament: no name anywhere


def test_import_needs_the_right_to_create_tournaments(db: None) -> None:
    user = User.objects.create_user(username="visitor", password=None)
    err = refused(SMALL, user)
    assert err.code == "not_allowed"


def test_commands(build: Builder, arbiter: User, tmp_path: Path) -> None:
    t = build()
    path = tmp_path / "out.trf"
    call_command("export_trf", str(t.pk), "-o", str(path), stderr=io.StringIO())
    text = path.read_text(encoding="utf-8")
    assert text == export_trf(t)
    out = io.StringIO()
    call_command("export_trf", str(t.pk), stdout=out)
    assert out.getvalue() == text
    out = io.StringIO()
    call_command("import_trf", str(path), "--name", "Копия", stdout=out)
    copy = Tournament.objects.get(name="Копия")
    assert str(copy.pk) in out.getvalue()
    assert export_trf(copy) == text.replace("012 Кубок «Ладьи» 2024", "012 Копия")
    bad = tmp_path / "bad.trf"
    bad.write_text(SMALL.replace("3 w 1", "3 w ?"), encoding="utf-8")
    before = counts()
    with translation.override("en"), pytest.raises(CommandError, match=r"^Line 9: "):
        call_command("import_trf", str(bad), stdout=io.StringIO())
    assert counts() == before


def test_registration_round_trip_keeps_the_game(arbiter: User) -> None:
    t = services.create_tournament(
        name="Ultimate open", kind="uttt", rounds=5, online=False, created_by=arbiter
    )
    for name in ("Ольга", "Pavel", "شیرین"):
        services.register(tournament=t, player=Player.objects.create(name=name), user=arbiter)
    services.withdraw(entry=t.entries.get(player__name="Pavel"), user=arbiter, from_round=2)
    text = export_trf(t)
    assert "092 Individual: Swiss-System (uttt)\n" in text
    copy = import_trf(text=text, user=arbiter)
    assert (copy.kind, copy.status) == ("uttt", TournamentStatus.REGISTRATION)
    assert copy.entries.get(player__name="Pavel").withdrawn_from_round == 2
    assert export_trf(copy) == text


def test_the_dummy_cap_round_trip(build: Builder, arbiter: User) -> None:
    t = build()
    assert "XXU" not in export_trf(t)
    Tournament.objects.filter(pk=t.pk).update(dummy_cap=True)
    text = export_trf(t)
    assert "XXC white1\nXXU capped\n" in text
    copy = import_trf(text=text, user=arbiter)
    assert copy.dummy_cap
    assert export_trf(copy) == text
    # Without the line the copy does not cap.
    plain = import_trf(text=text.replace("XXU capped\n", ""), user=arbiter)
    assert not plain.dummy_cap


def test_a_malformed_dummy_cap_line_is_refused_on_import(arbiter: User) -> None:
    err = refused(SMALL.replace("XXC white1\n", "XXC white1\nXXU on\n"), arbiter)
    assert err.code == "trf"
    assert err.message.startswith("Line 9: An XXU line must read “XXU capped”")
    with translation.override("ru"):
        ru = refused_message_ru(SMALL.replace("XXC white1\n", "XXC white1\nXXU on\n"), arbiter)
    assert ru.startswith("Строка 9: Строка XXU должна иметь вид «XXU capped»")


def refused_message_ru(text: str, user: User) -> str:
    with translation.override("ru"), pytest.raises(TournamentError) as caught:
        import_trf(text=text, user=user)
    return caught.value.message

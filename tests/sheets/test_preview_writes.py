"""The preview (the import page and the command's dry run) shows every write the apply step
makes: a late entry's byes for the rounds paired before it, and the SOS scores a result change
writes (before and after) — in the command's output as on the page."""

from __future__ import annotations

import io

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from sheets import services
from sheets.management.commands import import_tournament
from tests.sheets.helpers import edit, new_tournament, workbook
from tournaments.acts import services as tservices
from tournaments.models import Entry, Pairing, Result


def _page(client: Client, arbiter: User, t, data: bytes) -> str:
    client.force_login(arbiter)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    upload = SimpleUploadedFile("cup.xlsx", data, content_type=services.XLSX)
    return client.post(f"/sheets/tournaments/{t.pk}/import/", {"file": upload}).content.decode()


def _dry_run(t, data: bytes, tmp_path) -> str:
    path = tmp_path / "cup.xlsx"
    path.write_bytes(data)
    out = io.StringIO()
    call_command(
        import_tournament.Command(),
        str(t.pk),
        str(path),
        "--language",
        "en",
        stdout=out,
        stderr=io.StringIO(),
    )
    return out.getvalue()


def test_a_late_entrys_byes_are_in_the_preview(
    db: None, en: str, arbiter: User, client: Client, tmp_path
) -> None:
    t = new_tournament(arbiter, players=4, format="swiss", rounds=4, online=False)
    for p in Pairing.objects.filter(round__tournament=t):
        tservices.record_result(pairing=p, result="1-0", user=arbiter)
    tservices.finish_round(round=t.round_set.get(number=1), user=arbiter)
    from tournaments import pairings

    pairings.pair_round(tournament=t, user=arbiter)
    data = edit(workbook(t), {("Players", "B10"): "Late Comer"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [(e.name, e.byes, e.bye) for e in plan.new_entries] == [
        ("Late Comer", (1, 2), Result.ZERO_BYE)
    ]
    page = _page(client, arbiter, t, data)
    assert "Round 1: zero-point bye; Round 2: zero-point bye" in page
    out = _dry_run(t, data, tmp_path)
    assert "New player: Late Comer (Players!B10)\n  Round 1: zero-point bye\n" in out
    assert "  Round 2: zero-point bye\n" in out
    services.apply_plan(plan, user=arbiter)  # the preview said what was written
    entry = Entry.objects.get(tournament=t, player__name="Late Comer")
    written = Pairing.objects.filter(first=entry).order_by("round__number")
    assert [(p.round.number, p.result) for p in written] == [
        (1, Result.ZERO_BYE),
        (2, Result.ZERO_BYE),
    ]


def test_sos_scores_are_in_the_preview_before_and_after(
    db: None, en: str, arbiter: User, client: Client, tmp_path
) -> None:
    t = new_tournament(arbiter, kind="sos", players=4, format="swiss", rounds=3, online=False)
    p1 = Pairing.objects.get(round__tournament=t, board=1)
    tservices.record_result(pairing=p1, result="1-0", user=arbiter, first_score=3, second_score=0)
    data = edit(workbook(t), {("Round 1", "E4"): 5, ("Round 1", "F4"): 3, ("Round 1", "C5"): "0-1"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [(r.board, r.old_score, r.new_score) for r in plan.results] == [
        (1, "3:0", "5:3"),
        (2, "", ""),
    ]
    page = _page(client, arbiter, t, data)
    assert "Round 1, board 1: 1-0 (3:0) → 1-0 (5:3)" in page
    out = _dry_run(t, data, tmp_path)
    assert ": 1-0 (3:0) → 1-0 (5:3)\n" in out
    assert ": … → 0-1\n" in out
    services.apply_plan(plan, user=arbiter)
    p1.refresh_from_db()
    assert (p1.result, p1.first_score, p1.second_score) == ("1-0", 5, 3)

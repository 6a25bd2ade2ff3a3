"""Scores typed into a knockout's Bracket sheet come back through the import (issue 29): a match's
score becomes its games' results when it says them, the players carried right and the champion
are checked against it, and every refusal names its cell and writes nothing."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from sheets import services
from sheets.errors import ImportRefused
from tests.sheets.helpers import workbook
from tests.tournaments.knockout_helpers import games_of, new_cup, pair, play, view
from tournaments.models import ResultRecord, ResultSource


def _typed(data: bytes, cells: dict[tuple[str, str], object]) -> bytes:
    wb = load_workbook(io.BytesIO(data))
    for (sheet, ref), value in cells.items():
        wb[sheet][ref] = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _cell(data: bytes, sheet: str, ref: str) -> object:
    return load_workbook(io.BytesIO(data))[sheet][ref].value


def _bracket(t, cells: dict[str, object]) -> bytes:
    return _typed(workbook(t), {("Bracket", ref): v for ref, v in cells.items()})


def _errors(plan) -> list[tuple[str, str]]:
    return [(e.sheet, e.cell) for e in plan.errors]


def _refused(t, arbiter: User, data: bytes) -> str:
    """The import is refused with one error, and nothing is written: its message."""
    plan = services.read_workbook(data, tournament=t)
    assert len(plan.errors) == 1, plan.errors
    before = ResultRecord.objects.count()
    with pytest.raises(ImportRefused):
        services.import_workbook(data, tournament=t, user=arbiter)
    assert ResultRecord.objects.count() == before
    return plan.errors[0].message.replace("\u2068", "").replace("\u2069", "")  # no isolates


# Four players, one game a match: round 1's matches at rows 6 and 10 (A: its number, B: the
# names, C: the scores), the final at row 8 (D, E, F), the champion in H8.


def test_a_round_typed_into_the_bracket_is_imported(
    db: None, en: str, arbiter: User, client
) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    data = workbook(t)
    upper, lower = _cell(data, "Bracket", "B6"), _cell(data, "Bracket", "B11")
    assert _cell(data, "Bracket", "E8") == "winner of match 1"
    data = _typed(
        data,
        {
            ("Bracket", "C6"): "1",
            ("Bracket", "C7"): "0",
            ("Bracket", "C10"): "0",
            ("Bracket", "C11"): "1",
            ("Bracket", "E8"): upper,  # the winners carried right
            ("Bracket", "E9"): lower,
        },
    )
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [(m.match, m.old, m.new, m.games) for m in plan.matches] == [
        (1, "0–0", "1–0", ("1-0",)),
        (2, "0–0", "0–1", ("0-1",)),
    ]
    # The preview lists every game it writes; nothing is written yet.
    client.force_login(arbiter)
    upload = SimpleUploadedFile("cup.xlsx", data, content_type=services.XLSX)
    page = client.post(
        reverse("sheets:import", args=[t.pk]), {"file": upload}, HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Matches scored in the bracket" in page and "Bracket!C6" in page
    assert "Game 1:" in page
    assert [g.result for g in games_of(t, 1)] == [""]
    client.post(
        reverse("sheets:import_apply", args=[t.pk]),
        page_form(client, t, data),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert [g.result for g in games_of(t, 1)] == ["1-0"]
    assert [g.result for g in games_of(t, 2)] == ["0-1"]
    records = ResultRecord.objects.filter(tournament=t, source=ResultSource.IMPORT)
    assert sorted(r.note_text for r in records) == [
        "From an imported workbook (Bracket!C10).",
        "From an imported workbook (Bracket!C6).",
    ]
    state = view(t)
    assert state.matches[1].status.decided and state.matches[2].status.decided
    # The bracket page shows the final's players; the same workbook again changes nothing.
    bracket = client.get(reverse("tournaments:bracket", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert upper in bracket.content.decode() and lower in bracket.content.decode()
    again = services.read_workbook(data, tournament=t)
    assert again.errors == [] and again.empty


def page_form(client, t, data: bytes) -> dict:
    """The preview's confirm form, from a fresh upload."""
    upload = SimpleUploadedFile("cup.xlsx", data, content_type=services.XLSX)
    page = client.post(reverse("sheets:import", args=[t.pk]), {"file": upload})
    return page.context["apply_form"].initial


def test_a_match_of_two_games_scored_two_nil(db: None, en: str, arbiter: User) -> None:
    """``2-0`` over two games says both: the second game is made by the cup once the first has
    its result (its first move to the lower seed), and both are entered."""
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    assert len(games_of(t, 1)) == 1
    data = _bracket(t, {"C6": "2-0"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == []
    assert [m.lines for m in plan.matches] == [[(1, "P01", "P02", "1-0"), (2, "P02", "P01", "0-1")]]
    services.import_workbook(data, tournament=t, user=arbiter)
    assert [g.result for g in games_of(t, 1)] == ["1-0", "0-1"]
    assert view(t).state.champion == 1
    # Its export says so; read back, it changes nothing.
    again = workbook(t)
    assert (_cell(again, "Bracket", "C6"), _cell(again, "Bracket", "C7")) == ("2", "0")
    assert services.read_workbook(again, tournament=t).empty


def test_a_score_adds_the_games_left(db: None, en: str, arbiter: User) -> None:
    """Game 1 on the site (a draw), ``1½`` – ``½`` in the bracket: game 2 was won by P01."""
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    play(t, arbiter, 1, "1/2")
    data = _bracket(t, {"C6": "1½", "C7": "½"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and [m.games for m in plan.matches] == [("0-1",)]
    services.import_workbook(data, tournament=t, user=arbiter)
    assert [g.result for g in games_of(t, 1)] == ["1/2", "0-1"]


def test_tie_break_games_in_brackets(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2, tiebreak_games=2, decider="armageddon")
    pair(t, arbiter)
    play(t, arbiter, 1, "1-0", "1-0")  # 1-1 after the games
    data = _bracket(t, {"C6": "1 (2)", "C7": "1 (0)"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and [m.games for m in plan.matches] == [("1-0", "0-1")]
    services.import_workbook(data, tournament=t, user=arbiter)
    assert view(t).matches[1].state.decided_by == "tiebreak"


def test_a_score_that_does_not_say_the_games(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    message = _refused(t, arbiter, _bracket(t, {"C6": "1.5", "C7": "0.5"}))
    assert "does not say which games of match 1" in message and "“Match 1”" in message


def test_a_conflict_with_a_match_sheet_names_both_cells(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    data = _typed(workbook(t), {("Match 1", "F9"): "0-1", ("Bracket", "C6"): "2-0"})
    plan = services.read_workbook(data, tournament=t)
    assert _errors(plan) == [("Bracket", "C6")]
    assert "Match 1!F9" in plan.errors[0].message and "2–0" in plan.errors[0].message
    # The same result in both: the match sheet's game and the bracket's second game.
    data = _typed(workbook(t), {("Match 1", "F9"): "1-0", ("Bracket", "C6"): "2-0"})
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and [r.new for r in plan.results] == ["1-0"]
    assert [m.games for m in plan.matches] == [("0-1",)]
    services.import_workbook(data, tournament=t, user=arbiter)
    assert [g.result for g in games_of(t, 1)] == ["1-0", "0-1"]


def test_an_unchanged_bracket_gives_way_to_the_match_sheet(
    db: None, en: str, arbiter: User
) -> None:
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    data = _typed(workbook(t), {("Match 1", "F9"): "0-1"})  # the bracket still says 0–0
    plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and plan.matches == [] and len(plan.results) == 1
    assert plan.warnings == []
    services.import_workbook(data, tournament=t, user=arbiter)
    # Again: the bracket's 0–0 is older than the match's games now; it gives way, said so.
    again = services.read_workbook(data, tournament=t)
    assert again.errors == [] and again.empty
    assert [w for w in again.warnings if "older than its games (0–1)" in w]


def test_a_score_the_site_already_exceeds(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    play(t, arbiter, 1, "0-1")
    message = _refused(t, arbiter, _bracket(t, {"C6": "2", "C7": "0"}))
    assert "on the site make it 0–1" in message


@pytest.mark.parametrize(
    ("cells", "cell", "words"),
    [
        ({"C6": "2", "C7": "0"}, "C6", "cannot stand 2–0"),  # one game a match
        ({"C6": "abc", "C7": "0"}, "C6", "is not a score"),
        ({"C6": "0.7", "C7": "0"}, "C6", "halves"),
        ({"C6": "1", "C7": None}, "C6", "both players"),
        ({"C6": "+", "C7": "-"}, "C6", "walkover"),
        ({"F8": "1", "F9": "0"}, "F8", "not paired"),
        ({"A6": 2}, "A6", "Download the workbook again"),
    ],
)
def test_bad_scores_are_named(
    db: None, en: str, arbiter: User, cells: dict, cell: str, words: str
) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    data = _bracket(t, {**cells, "C10": "1", "C11": "0"})  # and a good score beside it
    plan = services.read_workbook(data, tournament=t)
    assert _errors(plan) == [("Bracket", cell)]
    assert words in plan.errors[0].message
    with pytest.raises(ImportRefused):
        services.import_workbook(data, tournament=t, user=arbiter)
    assert [g.result for g in games_of(t, 2)] == [""]  # nothing half-written


def test_a_player_carried_right_who_did_not_win(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    lower = _cell(workbook(t), "Bracket", "B7")
    message = _refused(t, arbiter, _bracket(t, {"C6": "1", "C7": "0", "E8": lower}))
    assert "did not win match 1" in message and "P01 goes on to match 3" in message
    message = _refused(t, arbiter, _bracket(t, {"E8": "P01"}))  # no score for match 1
    assert "match 1 is not decided" in message
    message = _refused(t, arbiter, _bracket(t, {"B6": "P02"}))  # a seed in another's slot
    assert "P01" in message


def test_a_champion_who_did_not_win(db: None, en: str, arbiter: User) -> None:
    t = new_cup(arbiter, 2)
    pair(t, arbiter)
    assert _cell(workbook(t), "Bracket", "E6") is None  # the champion's cell
    message = _refused(t, arbiter, _bracket(t, {"C6": "0", "C7": "1", "E6": "P01"}))
    assert "P01 did not win the cup: P02 did" in message
    data = _bracket(t, {"C6": "0", "C7": "1", "E6": "P02"})
    services.import_workbook(data, tournament=t, user=arbiter)
    assert view(t).state.champion == 2


def test_the_dry_run_lists_the_bracket_games(db: None, en: str, arbiter: User, tmp_path) -> None:
    t = new_cup(arbiter, 2, games=2)
    pair(t, arbiter)
    path = tmp_path / "cup.xlsx"
    path.write_bytes(_bracket(t, {"C6": "2-0"}))
    out = io.StringIO()
    call_command("import_tournament", str(t.pk), str(path), stdout=out)  # a dry run
    text = out.getvalue()
    assert "Match 1 (Bracket!C6), game 2, P02 – P01: 0-1" in text
    assert [g.result for g in games_of(t, 1)] == [""]


def _at(row: int, column: int) -> str:
    from sheets.xlsx.writer import col

    return f"{col(column)}{row}"


def test_a_double_elimination_carries_the_losers_down(db: None, en: str, arbiter: User) -> None:
    """Winners' round 1 scored in the bracket; each loser written into his losers' bracket slot
    is checked as a winner carried right is."""
    from sheets.workbooks.knockout import bracket_places

    t = new_cup(arbiter, 4, double=True)
    pair(t, arbiter)
    cup = view(t)
    places = bracket_places(cup).matches
    losers = next(m for m in cup.matches.values() if m.match.sources[0].kind == "loser")
    (r1, c1), (r2, c2), (rl, cl) = places[1], places[2], places[losers.number]
    data = workbook(t)
    lower1, lower2 = (
        _cell(data, "Bracket", _at(r1 + 1, c1 + 1)),
        _cell(data, "Bracket", _at(r2 + 1, c2 + 1)),
    )
    assert _cell(data, "Bracket", _at(rl, cl + 1)).startswith("loser of match")
    scores = {_at(r1, c1 + 2): "1", _at(r1 + 1, c1 + 2): "0"}
    scores |= {_at(r2, c2 + 2): "1", _at(r2 + 1, c2 + 2): "0"}
    good = {_at(rl, cl + 1): lower1 if losers.match.sources[0].ref == 1 else lower2}
    plan = services.read_workbook(_bracket(t, {**scores, **good}), tournament=t)
    assert plan.errors == [] and len(plan.matches) == 2
    wrong = {_at(rl, cl + 1): "P01"}
    message = _refused(t, arbiter, _bracket(t, {**scores, **wrong}))
    assert "did not lose match" in message
    services.import_workbook(_bracket(t, {**scores, **good}), tournament=t, user=arbiter)
    assert view(t).matches[1].status.decided and view(t).matches[2].status.decided


def test_a_russian_bracket_read_in_english(db: None, arbiter: User) -> None:
    """The slots' words ("победитель матча 1") are known in every language of the site."""
    from django.utils import translation

    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    with translation.override("ru"):
        data = workbook(t)
        sheet = "Сетка"
        assert _cell(data, sheet, "E8") not in (None, "winner of match 1")
    data = _typed(data, {(sheet, "C6"): "1", (sheet, "C7"): "0"})
    with translation.override("en"):
        plan = services.read_workbook(data, tournament=t)
    assert plan.errors == [] and [m.new for m in plan.matches] == ["1–0"]


def test_a_later_round_scored_after_its_pairing(db: None, en: str, arbiter: User) -> None:
    from tests.tournaments.knockout_helpers import finish

    t = new_cup(arbiter, 4)
    pair(t, arbiter)
    services.import_workbook(
        _bracket(t, {"C6": "1", "C7": "0", "C10": "1", "C11": "0"}), tournament=t, user=arbiter
    )
    finish(t, arbiter)
    pair(t, arbiter)
    data = workbook(t)
    upper = _cell(data, "Bracket", "E8")
    data = _typed(data, {("Bracket", "F8"): "1", ("Bracket", "F9"): "0", ("Bracket", "H8"): upper})
    services.import_workbook(data, tournament=t, user=arbiter)
    state = view(t)
    assert state.entrant(state.state.champion).player.name == upper


def test_a_game_being_played_on_the_site(db: None, en: str, arbiter: User, monkeypatch) -> None:
    """The next game a score would write is being played on the site (it has moves): its
    result comes from the board, not from the bracket."""
    from sheets.imports import bracket

    t = new_cup(arbiter, 2)
    pair(t, arbiter)
    monkeypatch.setattr(bracket, "paper", lambda p: False)  # as if game 1 had moves
    message = _refused(t, arbiter, _bracket(t, {"C6": "1", "C7": "0"}))
    assert "being played on the site" in message


def test_a_match_played_since_the_preview(db: None, en: str, arbiter: User) -> None:
    """The preview counted on the match's games as they were: a result entered since refuses
    the apply step, nothing kept."""
    from sheets.errors import ImportConflict

    t = new_cup(arbiter, 4, games=2)
    pair(t, arbiter)
    plan = services.read_workbook(_bracket(t, {"C6": "2-0", "C10": "2-0"}), tournament=t)
    assert plan.errors == [] and len(plan.matches) == 2
    play(t, arbiter, 2, "1/2")
    with pytest.raises(ImportConflict):
        services.apply_plan(plan, user=arbiter)
    assert [g.result for g in games_of(t, 1)] == [""]

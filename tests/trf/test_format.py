"""The pure TRF reader and writer (tournaments.trf): no database."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments import trf
from tournaments.core import history
from tournaments.trf import TrfError, TrfRound

DATA = Path(__file__).parent / "data"
# Hand-written: a Cyrillic and a Persian name, a pairing-allocated bye (U), half-point byes (H,
# one pre-entered for round 4), a forfeit, a double forfeit and a zero-point bye (Z).
SMALL = (DATA / "small.trf").read_text(encoding="utf-8")
# Six players after two rounds (XXR 5).
SIX = (DATA / "six.trf").read_text(encoding="utf-8")


def player_line(number: int, *blocks: str, points: str = "") -> str:
    """A bare 001 line: start number, points and the round blocks ("oooo c r") from column 92."""
    start = f"001 {number:>4}".ljust(80) + f"{points:>4}"
    return start.ljust(89) + "".join(f"  {block}" for block in blocks)


def replace_line(text: str, number: int, line: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = line
    return "\n".join(lines) + "\n"


def test_parse_format_round_trip() -> None:
    t = trf.parse(SMALL)
    assert trf.format_trf(t) == SMALL
    assert trf.parse(trf.format_trf(t)) == t


def test_parse_reads_the_fields() -> None:
    t = trf.parse(SMALL)
    assert t.name == "Кубок клуба 2024"
    assert (t.start_date, t.end_date, t.player_count, t.rounds) == (
        "2024/03/01",
        "2024/03/03",
        5,
        4,
    )
    assert t.colours == "white1"
    assert t.extra == ["022 Москва"]
    ivanov, smith, rezaei, muller, _lee = t.players
    assert ivanov.name == "Иванов, Пётр"
    assert rezaei.name == "رضایی, دارا"
    assert (smith.sex, smith.title, smith.rating, smith.federation) == ("m", "FM", 1750, "ENG")
    assert (smith.fide_id, smith.birth_date, smith.points, smith.rank) == (
        "1234567",
        "1990/01/01",
        1.5,
        3,
    )
    assert muller.title == "WIM"
    assert ivanov.rounds == [TrfRound(3, "w", "1"), TrfRound(5, "b", "-"), TrfRound(4, "w", "0")]
    assert smith.round(4) == TrfRound(None, "-", "H")
    assert smith.round(5).is_empty


def test_records_from_both_sides() -> None:
    t = trf.parse(SMALL)
    assert trf.paired_rounds(t) == 3
    assert trf.game_records(t) == [
        history.GameRecord(1, 1, 3, history.WIN),
        history.GameRecord(1, 4, 2, history.DRAW),
        history.GameRecord(1, 5, None, history.BYE),
        history.GameRecord(2, 3, 2, history.DOUBLE_FORFEIT),
        history.GameRecord(2, 4, None, history.HALF_BYE),
        history.GameRecord(2, 5, 1, history.FORFEIT_WIN),
        history.GameRecord(3, 1, 4, history.LOSS),
        history.GameRecord(3, 2, 5, history.WIN),
        history.GameRecord(3, 3, None, history.ZERO_BYE),
    ]
    trf.check_points(t)  # the points column agrees


def test_next_round_reads_pre_entered_byes() -> None:
    nxt = trf.next_round(trf.parse(SMALL))
    assert nxt.round_no == 4
    assert nxt.requested_byes == {2}
    assert [(p.entry, p.rank) for p in nxt.players] == [(n, n) for n in range(1, 6)]
    # The forfeit is no meeting; the forfeit win counts like the bye for the one-bye rule.
    assert nxt.histories[1].opponents == [3, 4]
    assert nxt.histories[5].pairing_byes == 2
    assert nxt.histories[4].points == 2.0


def test_unrated_results_and_full_point_bye() -> None:
    t = trf.parse(SIX.replace("4 w 1", "4 w W").replace("1 b 0", "1 b L"))
    assert trf.game_records(t)[0] == history.GameRecord(1, 1, 4, history.WIN)
    # F: a full-point bye the player asked for does not use up his pairing-allocated bye.
    t = trf.parse(f"XXR 3\n{player_line(1)}\n{player_line(2, '0000 - F')}\n")
    assert trf.paired_rounds(t) == 0  # round 1 has no pairing: F is pre-entered for round 1
    assert trf.next_round(t).requested_byes == {2}
    lines = [player_line(1, "   3 w 1"), player_line(2, "0000 - F"), player_line(3, "   1 b 0")]
    t = trf.parse("XXR 3\n" + "\n".join(lines))
    assert trf.game_records(t)[1] == history.GameRecord(1, 2, None, history.BYE)
    assert trf.next_round(t).histories[2].pairing_byes == 0


def test_crlf_cr_bom_and_lowercase_results() -> None:
    assert trf.parse("\ufeff" + SMALL.replace("\n", "\r\n")) == trf.parse(SMALL)
    assert trf.parse(SMALL.replace("\n", "\r")) == trf.parse(SMALL)
    assert trf.parse(SMALL.replace("0000 - H", "0000 - h")) == trf.parse(SMALL)


@pytest.mark.parametrize(
    ("colours", "expected"),
    [("white1", "w"), ("black1", "b"), ("", "w")],
)
def test_initial_colour(colours: str, expected: str) -> None:
    t = trf.parse(SIX)
    t.colours = colours
    assert trf.initial_colour(t) == expected
    nxt = trf.next_round(t)
    shift = 1 if expected == "b" else 0
    assert [p.rank for p in nxt.players] == [n + shift for n in range(1, 7)]


def test_initial_colour_inferred_from_round_one() -> None:
    t = trf.parse(SIX.replace("XXC white1\n", ""))
    assert trf.initial_colour(t) == "w"  # player 1 had w in round 1
    flipped = (
        SIX.replace(" 4 w 1", " 4 b 1").replace(" 1 b 0", " 1 w 0").replace("XXC white1\n", "")
    )
    assert trf.initial_colour(trf.parse(flipped)) == "b"


def test_point_system_lines() -> None:
    t = trf.parse("BBW 3.0\nBBD 1.0\nBBU 1\n001    1\n")
    assert trf.point_system(t) == history.PointSystem(
        win=3.0, draw=1.0, loss=0.0, bye=1.0, half_bye=1.0, zero_bye=0.0
    )
    assert trf.format_trf(t) == "BBW 3.0\nBBD 1.0\nBBU 1.0\n001    1\n"
    assert trf.point_system(trf.parse("BBW 2\n001    1\n")).bye == 2.0


def test_format_refuses_what_does_not_fit() -> None:
    t = trf.parse(SIX)
    t.players[0].rating = 12345
    with pytest.raises(ValueError, match="rating"):
        trf.format_trf(t)


def test_long_name_is_cut_to_its_columns() -> None:
    t = trf.parse(SIX)
    t.players[0].name = "Ы" * 40
    line = trf.format_trf(t).splitlines()[4]
    assert line[14:47] == "Ы" * 33
    assert line[48:52] == "2750"


SMALL_LINE = 9  # Иванов's line in SMALL
IVANOV = SMALL.splitlines()[SMALL_LINE - 1]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (IVANOV.replace("   1 m", "   x m"), "Columns 5-8"),
        (IVANOV.replace("1800", "18a0"), "Columns 49-52"),
        (IVANOV.replace(" 1.0 ", " 1,0 "), "Columns 81-84"),
        (IVANOV.replace("3 w 1", "3 w 7"), "unknown result"),
        (IVANOV.replace("3 w 1", "3 x 1"), "colour must be"),
        (IVANOV.replace("3 w 1", "3 w  1"), "misaligned"),
        (IVANOV.replace("3 w 1", "1 w 1"), "paired with himself"),
        (IVANOV.replace("3 w 1", "3 w H"), "is a bye"),
        (IVANOV.replace("3 w 1", "3 w ="), "do not fit"),  # 3 says 0
        (IVANOV.replace("3 w 1", "3 b 1"), "colours that do not fit"),
        (IVANOV.replace("3 w 1", "2 w 1"), "does not say so"),
        (IVANOV.replace("3 w 1", "9 w 1"), "has no player line"),
        (IVANOV.replace("3 w 1", "3 - 1"), "only a forfeit"),
        (IVANOV.replace(" 1.0 ", " 2.0 "), "the results give 1.0"),
        (IVANOV[:14] + "Ы" * 34 + IVANOV[48:], "Column 48"),
        ("01 garbage", "not a TRF line"),
    ],
)
def test_malformed_lines_name_their_line(line: str, words: str) -> None:
    text = replace_line(SMALL, SMALL_LINE, line)
    with pytest.raises(TrfError) as caught:
        t = trf.parse(text)
        trf.check_points(t)
    assert caught.value.line == SMALL_LINE
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"line {SMALL_LINE}: ")


def test_file_level_errors() -> None:
    with pytest.raises(TrfError, match="no player lines") as caught:
        trf.parse("012 Empty\n")
    assert caught.value.line == 0
    with pytest.raises(TrfError, match="used twice") as caught:
        trf.parse("001    1\n001    1\n")
    assert caught.value.line == 2
    with pytest.raises(TrfError, match="appears twice"):
        trf.parse("XXR 3\nXXR 4\n001    1\n")
    with pytest.raises(TrfError, match="whole number"):
        trf.parse("XXR three\n001    1\n")


# XXA: the start number in columns 5-8, then each round's acceleration points in 4 columns
# from column 10, one blank column between (bbpPairings / JaVaFo).
ACCELERATED = SMALL.replace(
    "XXC white1\n", "XXC white1\nXXA    1  1.0  1.0  0.5\nXXA    2  1.0      0.5\n"
)


def test_xxa_lines_read_and_written() -> None:
    t = trf.parse(ACCELERATED)
    # An empty field is 0 (player 2, round 2).
    assert t.acceleration == {1: (1.0, 1.0, 0.5), 2: (1.0, 0.0, 0.5)}
    assert trf.virtual_points(t, 2) == {1: 1.0, 2: 0.0, 3: 0.0, 4: 0.0, 5: 0.0}
    assert trf.virtual_points(t, 4)[1] == 0.0
    # Written back in the canonical place (after XXC and any BB* line), a 0 as "0.0".
    text = trf.format_trf(t)
    assert "XXA    1  1.0  1.0  0.5\nXXA    2  1.0  0.0  0.5\n001" in text
    assert trf.parse(text) == t
    # The points column may include the acceleration, so it is not checked.
    trf.check_points(trf.parse(ACCELERATED.replace("  1.0    4", "  3.0    4")))
    # The Baku method here: 5 players → GA 2 × ⌈5/4⌉ = 4 (numbers 1-4); 4 rounds → ⌈4/2⌉ = 2
    # accelerated rounds, the first ⌈2/2⌉ = 1 with 1 point, round 2 with ½. Not these lines.
    assert not trf.baku_acceleration(t)
    baku = SMALL.replace(
        "XXC white1\n", "XXC white1\n" + "".join(f"XXA    {n}  1.0  0.5\n" for n in range(1, 5))
    )
    # Player 3 was not paired in round 4; GA is cut from round 1, where all five played.
    assert trf.baku_acceleration(trf.parse(baku))
    assert trf.format_acceleration(12, (1.0, 0.5)) == "XXA   12  1.0  0.5"
    with pytest.raises(ValueError, match="does not fit"):
        trf.format_acceleration(1, (123.5,))


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("XXA    x  1.0", "start number in columns 5-8"),
        ("XXA    11.0", "start number in columns 5-8"),  # column 9 must be blank
        ("XXA    1  1,0", "round 1: “1,0” is not a number of points"),
        ("XXA    1  1.0  0.51.0", "round 2"),  # no blank after the second field
        ("XXA    9  1.0", "names player 9, who has no player line"),
    ],
)
def test_malformed_xxa_lines(line: str, words: str) -> None:
    text = SMALL.replace("XXC white1\n", f"XXC white1\n{line}\n")
    with pytest.raises(TrfError) as caught:
        trf.parse(text)
    assert caught.value.line == 9
    assert words in str(caught.value)


def test_a_second_xxa_line_for_a_player() -> None:
    text = SMALL.replace("XXC white1\n", "XXC white1\nXXA    1  1.0\nXXA    1  0.5\n")
    with pytest.raises(TrfError, match="second XXA line") as caught:
        trf.parse(text)
    assert caught.value.line == 10


def test_next_round_carries_the_acceleration_points() -> None:
    # SMALL has 3 paired rounds; the next is round 4: XXA player 1 has 1.0 in round 4.
    text = SMALL.replace("XXC white1\n", "XXC white1\nXXA    1  0.5  0.5  0.5  1.0\n")
    nxt = trf.next_round(trf.parse(text))
    assert nxt.round_no == 4
    assert {p.entry: p.virtual_points for p in nxt.players} == {1: 1.0, 2: 0, 3: 0, 4: 0, 5: 0}
    assert {p.virtual_points for p in trf.next_round(trf.parse(SMALL)).players} == {0}


# XXU capped: the dummy opponents' scores capped (C.07 of 2026, art. 16.4); no TRF16 or
# TRF-2026 field says it, so an XX extension line like XXR and XXC.
CAPPED = SMALL.replace("XXC white1\n", "XXC white1\nXXU capped\n")


def test_the_dummy_cap_line_read_and_written() -> None:
    assert not trf.parse(SMALL).dummy_cap
    t = trf.parse(CAPPED)
    assert t.dummy_cap
    assert t.extra == ["022 Москва"]  # not kept as an unknown line
    # Written after XXC (before any BB* and XXA line), and read back the same.
    assert trf.format_trf(t) == CAPPED
    assert trf.parse(trf.format_trf(t)) == t
    # Off: no line at all, so files without the option are unchanged.
    t.dummy_cap = False
    assert "XXU" not in trf.format_trf(t)
    # Any case is read.
    assert trf.parse(CAPPED.replace("XXU capped", "XXU CAPPED")).dummy_cap


@pytest.mark.parametrize("line", ["XXU", "XXU yes", "XXU capped 2026", "XXUcapped"])
def test_a_malformed_dummy_cap_line_is_refused(line: str) -> None:
    text = SMALL.replace("XXC white1\n", f"XXC white1\n{line}\n")
    with pytest.raises(TrfError) as caught:
        trf.parse(text)
    assert caught.value.line == 9
    if line != "XXUcapped":
        assert "An XXU line must read “XXU capped”" in str(caught.value)


def test_a_second_dummy_cap_line_is_refused() -> None:
    text = CAPPED.replace("XXU capped\n", "XXU capped\nXXU capped\n")
    with pytest.raises(TrfError, match="appears twice") as caught:
        trf.parse(text)
    assert caught.value.line == 10

"""Every round of the Burstein reference tournaments, paired again by our Burstein system, board
for board.

``tests/pairing/data/burstein`` holds 36 tournaments (20-150 players, 5-11 rounds, 293 rounds:
the first 36 of the 49 that pass both checks among seeds 1-130) played through our pairing by
``bench/burstein.py`` (random results with draws and forfeits, late entries with
zero-point or half-point byes for the rounds they missed, half-point byes asked for,
withdrawals; no ``XXA``: rounds 1 and 2 are the seeding rounds) and each judged by
bbpPairings' Burstein engine: ``--burstein FILE -c`` found no round paired otherwise, and every
round re-paired by ``--burstein STATE -p`` from the state before it gave the file's round.
bbpPairings is not needed here: the files are the facts. A round is rebuilt as
``test_reference`` does (``trf.pairing_state``), from round 1 on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pairing.test_reference import differences, replay
from tournaments import trf

DATA = Path(__file__).resolve().parent / "data" / "burstein"
EXPECTED_FILES = 36
EXPECTED_ROUNDS = 293
FILES = sorted(DATA.glob("*.trf"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_burstein_tournament_is_paired_board_for_board(path: Path) -> None:
    assert differences(replay(path, first=1, system="burstein")) == []


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_burstein_files_have_no_acceleration_lines(path: Path) -> None:
    t = trf.parse(path.read_text(encoding="utf-8"))
    assert not t.acceleration


def test_the_dutch_pairing_differs_on_these_files() -> None:
    """The reference is the Burstein system's own: the Dutch system pairs some round of every
    tenth file otherwise (so the replay above does call the Burstein pairing)."""
    for path in FILES[::10]:
        assert differences(replay(path, first=1, system="dutch")) != []


def test_the_burstein_set_is_complete() -> None:
    assert len(FILES) == EXPECTED_FILES
    rounds = sum(trf.paired_rounds(trf.parse(f.read_text(encoding="utf-8"))) for f in FILES)
    assert rounds == EXPECTED_ROUNDS


def test_an_unknown_system_is_refused() -> None:
    t = trf.parse(FILES[0].read_text(encoding="utf-8"))
    with pytest.raises(ValueError):
        trf.pairing_state(t, 1).pair(system="monrad")

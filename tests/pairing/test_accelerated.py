"""Every round of the accelerated reference tournaments, paired again by our Dutch system with the
Baku acceleration (C.04.5.1), board for board.

``tests/pairing/data/accelerated`` holds 40 tournaments (13-150 players, 5-11 rounds, 325
rounds) with ``XXA`` lines of the Baku method, played through our pairing by
``bench/accelerated.py`` (seeds 1-40: random results with draws and forfeits, late entries with
zero-point or half-point byes for the rounds they missed, half-point byes asked for,
withdrawals) and each judged by bbpPairings' FIDE Dutch engine: ``--dutch FILE -c`` found no
round paired otherwise, and every round re-paired by ``--dutch STATE -p`` from the state before it
gave the file's round. bbpPairings is not needed here: the files are the facts. A round is
rebuilt as ``test_reference`` does (``trf.pairing_state``, with the file's ``XXA`` lines), from
round 1 on (the first rounds are the accelerated ones).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pairing.test_reference import differences, replay
from tournaments import trf

DATA = Path(__file__).resolve().parent / "data" / "accelerated"
FILES = sorted(DATA.glob("*.trf"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_accelerated_tournament_is_paired_board_for_board(path: Path) -> None:
    assert differences(replay(path, first=1)) == []


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_files_acceleration_is_the_baku_method(path: Path) -> None:
    t = trf.parse(path.read_text(encoding="utf-8"))
    assert t.acceleration and trf.baku_acceleration(t)


def test_the_accelerated_set_is_complete() -> None:
    assert len(FILES) == 40
    rounds = sum(trf.paired_rounds(trf.parse(f.read_text(encoding="utf-8"))) for f in FILES)
    assert rounds == 325

"""Every round of the reference tournaments, paired again by our Dutch system, board for board.

``/work/shared/pairing-reference`` (or ``$PAIRING_REFERENCE``) holds 145 TRF tournaments played
and paired round by round by bbpPairings' FIDE Dutch engine (2025 rules). For each round k ≥ 2
the state before it is rebuilt as its README says (rounds 1..k-1, the byes and absences of round
k that were decided before the pairing, the planned number of rounds from the file name, player
1's first colour) and our pairing must give exactly the file's round k: the same pairs, the same
colours, the same bye.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tournaments import trf

REFERENCE = Path(os.environ.get("PAIRING_REFERENCE", "/work/shared/pairing-reference"))
FILES = sorted(REFERENCE.glob("*.trf")) if REFERENCE.is_dir() else []


def expected(t: trf.TrfTournament, k: int) -> set[tuple[int, int | None]]:
    out: set[tuple[int, int | None]] = set()
    for p in t.players:
        block = p.round(k)
        if block.opponent is not None and block.colour == "w":
            out.add((p.number, block.opponent))
        elif block.opponent is None and block.result == "U":
            out.add((p.number, None))
    return out


def replay(path: Path, first: int = 2, system: str = "dutch") -> list[tuple[int, set, set]]:
    """(round, expected, ours) of every round from ``first`` on, paired by ``system``
    (``PairingState.pair``'s: "dutch" or "burstein")."""
    t = trf.parse(path.read_text(encoding="utf-8"))
    match = re.search(r"_(\d+)r\.trf$", path.name)
    total = int(match.group(1)) if match else trf.paired_rounds(t)
    out = []
    for k in range(first, trf.paired_rounds(t) + 1):
        pairs = trf.pairing_state(t, k).pair(total_rounds=total, system=system)
        out.append((k, expected(t, k), {(p.first, p.second) for p in pairs}))
    return out


@pytest.mark.skipif(not FILES, reason="the reference tournaments are not on this machine")
@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_reference_tournament_is_paired_board_for_board(path: Path) -> None:
    assert differences(replay(path)) == []


def differences(rounds: list[tuple[int, set, set]]) -> list[tuple[int, list, list]]:
    """The rounds paired otherwise: (round, the file's boards we lack, ours it lacks)."""
    assert rounds, "a reference file with no round to replay"
    return [
        (k, sorted(exp - ours, key=str), sorted(ours - exp, key=str))
        for k, exp, ours in rounds
        if exp != ours
    ]


def test_the_reference_set_is_complete() -> None:
    if not FILES:
        pytest.skip("the reference tournaments are not on this machine")
    assert len(FILES) == 145

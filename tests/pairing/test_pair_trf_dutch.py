"""``pair_trf`` against bbpPairings' FIDE Dutch: a reference round printed as ``-p`` prints it, and
``--check`` over a whole reference tournament (and one with a round changed by hand)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from tournaments import trf
from tournaments.core.history import game_points

from .test_reference import REFERENCE

SMALL = REFERENCE / "g10003_13p_5r.trf"
pytestmark = pytest.mark.skipif(not SMALL.is_file(), reason="no reference tournaments here")


def run(*args: str) -> list[str]:
    out = io.StringIO()
    with translation.override("en"):
        call_command("pair_trf", *args, stdout=out)
    return out.getvalue().splitlines()


def state_before(text: str, k: int, rounds: int) -> str:
    """The file as the README says to give it to a pairing program before round ``k``."""
    lines = []
    for line in text.replace("\r", "\n").splitlines():
        if line.startswith("001"):
            head, blocks = line[:91], line[91:]
            kept = [blocks[i * 10 : i * 10 + 10] for i in range(k - 1)]
            block = blocks[(k - 1) * 10 : (k - 1) * 10 + 10]
            if block[:4] == "0000" and block[7:8] in "HZF":
                kept.append(block)
            lines.append((head + "".join(kept)).rstrip())
        else:
            lines.append(line)
    lines += [f"XXR {rounds}", "XXC white1"]
    return "\n".join(lines) + "\n"


def test_a_reference_round_is_printed_as_bbppairings_prints_it(tmp_path: Path) -> None:
    text = SMALL.read_text(encoding="utf-8")
    path = tmp_path / "before4.trf"
    # The points column of the state before round 4: the results of rounds 1-3.
    t = trf.parse(state_before(text, 4, 5))
    system = trf.point_system(t)
    for p in t.players:
        p.points = sum(
            game_points(g, p.number, system)
            for g in trf.game_records(t, up_to=3)
            if p.number in (g.first, g.second)
        )
    path.write_text(trf.format_trf(t), encoding="utf-8")
    lines = run(str(path))
    full = trf.parse(text)
    expected = set()
    for p in full.players:
        block = p.round(4)
        if block.opponent is not None and block.colour == "w":
            expected.add(f"{p.number} {block.opponent}")
        elif block.opponent is None and block.result == "U":
            expected.add(f"{p.number} 0")
    assert int(lines[0]) == len(lines) - 1 == len(expected)
    assert set(lines[1:]) == expected
    if any(line.endswith(" 0") for line in lines[1:]):
        assert lines[-1].endswith(" 0")  # the bye last


def test_check_finds_every_round_paired_as_dutch() -> None:
    # A finished tournament without XXR: its rounds are the planned ones (the last round's rules).
    lines = run("--check", str(REFERENCE / "g10011_11p_9r.trf"))
    assert lines[-1] == "All 9 rounds are paired as Dutch pairs them."
    lines = run("--check", str(SMALL))
    assert lines[-1] == "All 5 rounds are paired as Dutch pairs them."


def test_check_lists_a_round_changed_by_hand(tmp_path: Path) -> None:
    text = SMALL.read_text(encoding="utf-8").replace("\r", "\n")
    # Swap the colours of the first board of the last round in both players' blocks.
    t = trf.parse(text)
    p = t.players[0]
    block = p.round(5)
    other = t.player(block.opponent)
    assert other is not None
    flip = {"w": "b", "b": "w"}
    p.rounds[4] = trf.TrfRound(block.opponent, flip[block.colour], block.result)
    ob = other.round(5)
    other.rounds[4] = trf.TrfRound(ob.opponent, flip[ob.colour], ob.result)
    path = tmp_path / "changed.trf"
    path.write_text(trf.format_trf(t), encoding="utf-8")
    lines = run("--check", str(path))
    assert "Round 5 differs from Dutch:" in lines
    assert lines[-1] == "1 of 5 rounds differ from Dutch."

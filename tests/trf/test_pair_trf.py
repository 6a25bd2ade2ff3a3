"""``manage.py pair_trf FILE``: the next round from a TRF alone, in the bbpPairings format."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from tournaments import trf

from .test_format import DATA, SIX, SMALL, player_line

PAIR_LINE = re.compile(r"[1-9][0-9]* (0|[1-9][0-9]*)")


def pair_trf(path: Path) -> list[str]:
    out = io.StringIO()
    call_command("pair_trf", str(path), stdout=out)
    return out.getvalue().splitlines()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.trf"
    path.write_text(text, encoding="utf-8")
    return path


def met(text: str) -> set[frozenset[int]]:
    """Pairs that already met over the board (forfeits are no meeting)."""
    t = trf.parse(text)
    return {
        frozenset((g.first, g.second))
        for g in trf.game_records(t)
        if g.second is not None and g.is_played
    }


def test_six_players_after_two_rounds() -> None:
    lines = pair_trf(DATA / "six.trf")
    assert lines[0] == "3"
    assert len(lines) == 4
    assert all(PAIR_LINE.fullmatch(line) for line in lines[1:]), lines
    pairs = [tuple(int(n) for n in line.split()) for line in lines[1:]]
    assert sorted(n for pair in pairs for n in pair) == [1, 2, 3, 4, 5, 6]
    assert not {frozenset(pair) for pair in pairs} & met(SIX)
    # Board 1 is the leaders' board: 1 and 2 have 1½ and have not met; 1 is due the first move.
    assert pairs[0] == (1, 2)


def test_odd_field_round_one_bye_last(tmp_path: Path) -> None:
    text = "XXR 3\nXXC white1\n" + "".join(f"{player_line(n)}\n" for n in range(1, 6))
    lines = pair_trf(write(tmp_path, text))
    assert lines == ["3", "1 3", "4 2", "5 0"]
    black = pair_trf(write(tmp_path, text.replace("white1", "black1")))
    assert black == ["3", "3 1", "2 4", "5 0"]


def test_pre_entered_byes_are_not_paired() -> None:
    lines = pair_trf(DATA / "small.trf")
    assert lines[0] == "2"
    paired = {int(n) for line in lines[1:] for n in line.split()}
    assert paired == {1, 3, 4, 5}  # 2 has a pre-entered H for round 4
    assert all(PAIR_LINE.fullmatch(line) for line in lines[1:])
    assert not {frozenset(map(int, line.split())) for line in lines[1:]} & met(SMALL)


def error_of(path: Path) -> str:
    with translation.override("en"), pytest.raises(CommandError) as caught:
        pair_trf(path)
    return str(caught.value)


def test_every_round_paired_is_an_error(tmp_path: Path) -> None:
    message = error_of(write(tmp_path, SIX.replace("XXR 5", "XXR 2")))
    assert "All 2 rounds" in message


def test_impossible_pairing_is_an_error(tmp_path: Path) -> None:
    first = player_line(1, "   2 w 1", points="1.0")
    second = player_line(2, "   1 b 0", points="0.0")
    message = error_of(write(tmp_path, f"XXR 3\n{first}\n{second}\n"))
    assert "round 2" in message.lower()


def test_malformed_file_names_the_line(tmp_path: Path) -> None:
    message = error_of(write(tmp_path, SMALL.replace("3 w 1", "3 w ?")))
    assert message.startswith("Line 9: Round 1: unknown result")


def test_missing_results_are_an_error(tmp_path: Path) -> None:
    text = SIX.replace("6 b =", "6 b  ").replace("1 w =", "1 w  ")
    text = text.replace(" 1.5 ", " 1.0 ", 1).replace("1.5          3 b 1", "1.0          3 b 1")
    message = error_of(write(tmp_path, text))
    assert "Round 2: player 1 has no result yet" in message


def test_not_utf8_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.trf"
    path.write_bytes(SIX.encode().replace(b"Smith, Jane", b"M\xfcller, Jan"))
    assert "is not UTF-8" in error_of(path)


def test_exit_status_and_output_from_the_shell(tmp_path: Path) -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "pair_trf"]
    ok = subprocess.run([*manage, str(DATA / "six.trf")], capture_output=True, text=True, env=env)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.splitlines()[0] == "3"
    done = write(tmp_path, SIX.replace("XXR 5", "XXR 2"))
    bad = subprocess.run([*manage, str(done)], capture_output=True, text=True, env=env)
    assert bad.returncode != 0
    assert bad.stdout == ""
    assert bad.stderr.strip()

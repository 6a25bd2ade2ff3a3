"""A TRF's acceleration (``XXA`` lines) and whether it is FIDE's Baku method (C.04.5.1)."""

from __future__ import annotations

from tournaments.pairing.acceleration import baku_schedule

from .base import TrfTournament
from .contents import _acceleration_of, paired_rounds, planned_rounds, point_system


def virtual_points(t: TrfTournament, round_no: int) -> dict[int, float]:
    """Each player's acceleration points for the pairing of round ``round_no`` (0 without);
    ``next_round`` puts them in ``SwissPlayer.virtual_points``."""
    return {p.number: _acceleration_of(p.number, t, round_no) for p in t.players}


def first_round_list(t: TrfTournament) -> set[int]:
    """The players of round 1's pairing list: those paired in round 1 (a game or the pairing
    bye), or, before round 1 is paired, every player without a pre-entered bye for it."""
    if paired_rounds(t):
        return {p.number for p in t.players if p.round(1).in_pairing}
    return {p.number for p in t.players if p.round(1).is_empty}


def baku_acceleration(t: TrfTournament) -> bool:
    """Whether the file's ``XXA`` lines are exactly the Baku method for its players (in start
    number order, GA cut from round 1's pairing list), its planned rounds and its points for a
    win. False for a file without ``XXA`` lines."""
    rounds = planned_rounds(t) or paired_rounds(t)
    if not t.acceleration or not rounds:
        return False
    expected = baku_schedule(
        [p.number for p in t.players],
        rounds=rounds,
        first_round=first_round_list(t),
        win=point_system(t).win,
    )
    got = {n: tuple(round(v, 1) for v in values) for n, values in t.acceleration.items()}
    want = {n: tuple(round(v, 1) for v in values) for n, values in expected.items()}
    return got == want

"""The exact shortcuts of ``tournaments.pairing.natural_pairing`` and ``reduction`` (the natural
pairing of a bracket without a matching, the reduced graphs) give the pairing of the whole graph
(``pair_dutch(..., reduced=False)``), board for board, with the bye and the floaters:

* on random states handed straight to ``pair_dutch`` (random colour histories, floats, byes
  already had, rematches to avoid, score groups, first rounds and last rounds);
* on random tournaments played round by round from round 1 (odd fields, requested byes, late
  entries, forfeits, withdrawals, Baku acceleration);

and the natural pairing is really used where it should be (else the comparison proves nothing).
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import dutch, swiss
from tournaments.pairing.acceleration import baku_virtual_points
from tournaments.pairing.base import SwissPlayer
from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.dutch_records import DOWN, FLOAT_NONE, UP, DutchPlayer
from tournaments.pairing.dutch_round import DutchRound
from tournaments.pairing.simulate import SwissSimulation


class _Counts:
    """Counts the brackets paired naturally (without a matching) and on smaller graphs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.natural = 0
        self.reduced = 0
        self.closed = 0
        original = dutch.pair_round
        counts = self

        def pair(state: DutchRound):  # type: ignore[no-untyped-def]
            out = original(state)
            if state.reduced:
                counts.natural += state.natural_brackets
                counts.reduced += state.reduced_brackets
                counts.closed += state.closed_brackets
            return out

        monkeypatch.setattr(dutch, "pair_round", pair)


def _both(players: list[DutchPlayer], **kwargs: object) -> tuple:
    fast = pair_dutch(players, reduced=True, **kwargs)  # type: ignore[arg-type]
    whole = pair_dutch(players, reduced=False, **kwargs)  # type: ignore[arg-type]
    return fast, whole


@st.composite
def states(draw: st.DrawFn) -> tuple[list[DutchPlayer], dict]:
    """A random state before some round: each player's score, colours, floats, bye, rematches."""
    n = draw(st.integers(min_value=16, max_value=44))
    played_rounds = draw(st.integers(min_value=0, max_value=6))
    groups = draw(st.integers(min_value=1, max_value=4)) if played_rounds else 1
    seed_order = list(range(1, n + 1))
    players = []
    for rank in seed_order:
        score = draw(st.integers(min_value=0, max_value=groups - 1)) * 10
        games = draw(st.integers(min_value=max(played_rounds - 1, 0), max_value=played_rounds))
        colours = "".join(draw(st.lists(st.sampled_from("FS"), min_size=games, max_size=games)))
        floats = (
            draw(st.sampled_from([DOWN, UP, FLOAT_NONE])) if played_rounds else FLOAT_NONE,
            draw(st.sampled_from([DOWN, UP, FLOAT_NONE])) if played_rounds > 1 else FLOAT_NONE,
        )
        forbidden = frozenset(
            draw(st.lists(st.integers(min_value=1, max_value=n), max_size=min(games, 3)))
        ) - {rank}
        players.append(
            DutchPlayer(
                entry=rank,
                rank=rank,
                score=score,
                real_score=score,
                colours=tuple(colours),
                forbidden=forbidden,
                bye_eligible=draw(st.booleans()) or not played_rounds or rank < n // 2,
                played=games,
                floats=floats,
            )
        )
    # rematches are symmetric
    by_entry = {p.entry: p for p in players}
    for p in players:
        for o in p.forbidden:
            q = by_entry[o]
            if p.entry not in q.forbidden:
                q.forbidden = q.forbidden | {p.entry}
    total = draw(st.integers(min_value=played_rounds + 1, max_value=played_rounds + 3))
    kwargs = {
        "played_rounds": played_rounds,
        "last_round": played_rounds + 1 == total,
        "top_threshold": played_rounds * 5,
        "top_seed_first": draw(st.booleans()),
    }
    return players, kwargs


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=states())
def test_random_states_pair_as_the_whole_graph(state: tuple[list[DutchPlayer], dict]) -> None:
    players, kwargs = state
    fast, whole = _both(players, **kwargs)
    assert fast == whole


@pytest.mark.parametrize("n", [16, 17, 30, 31, 64, 65, 101])
def test_round_one_is_paired_naturally(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1: one score group, no history. The top half meets the bottom half in order,
    with no matching at all; an odd field's bye goes to the last player."""
    counts = _Counts(monkeypatch)
    players = [DutchPlayer(entry=100 + r, rank=r, score=0, real_score=0) for r in range(1, n + 1)]
    kwargs = {"played_rounds": 0, "last_round": False, "top_threshold": 0}
    fast, whole = _both(players, **kwargs)
    assert fast == whole
    assert counts.natural == 1
    assert fast is not None
    half = n // 2
    assert {(b.higher, b.lower) for b in fast.boards} == {
        (100 + r, 100 + r + half) for r in range(1, half + 1)
    }
    assert fast.bye == (100 + n if n % 2 else None)


def test_an_odd_bracket_whose_last_player_had_the_bye_is_not_paired_naturally(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last player may not take the bye: the matchings decide (someone else gets it)."""
    counts = _Counts(monkeypatch)
    n = 21
    players = [
        DutchPlayer(
            entry=r,
            rank=r,
            score=10,
            real_score=10,
            colours=("F",) if r % 2 else ("S",),
            bye_eligible=r != n,
            played=1,
        )
        for r in range(1, n + 1)
    ]
    kwargs = {"played_rounds": 1, "last_round": False, "top_threshold": 5}
    fast, whole = _both(players, **kwargs)
    assert fast == whole
    assert fast is not None and fast.bye != n
    assert counts.natural == 0


def test_a_colour_clash_in_the_natural_pairing_goes_to_the_matchings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """S1[0] and S2[0] both want the first move: the natural pairing is not shown optimal."""
    counts = _Counts(monkeypatch)
    n = 20
    colours = {1: ("S",), 11: ("S",)}
    players = [
        DutchPlayer(
            entry=r,
            rank=r,
            score=10,
            real_score=10,
            colours=colours.get(r, ("F",) if r <= 10 else ("S",)),
            played=1,
        )
        for r in range(1, n + 1)
    ]
    kwargs = {"played_rounds": 1, "last_round": False, "top_threshold": 5}
    fast, whole = _both(players, **kwargs)
    assert fast == whole
    assert counts.natural == 0


def _play(
    sim: SwissSimulation,
    rounds: int,
    monkeypatch: pytest.MonkeyPatch,
    *,
    accelerated: bool = False,
) -> int:
    """Play ``rounds`` rounds with the shortcuts; pair each again on the whole graph and
    compare. Returns the rounds compared."""
    whole = functools.partial(dutch.pair_dutch, reduced=False)
    base = list(sim.roster)
    ranked = [p.entry for p in base]
    total = sim.total_rounds or rounds
    compared = 0
    for rn in range(1, rounds + 1):
        if accelerated:
            points = baku_virtual_points(ranked, rounds=total, round_no=rn)
            sim.roster = [SwissPlayer(p.entry, p.rank, points[p.entry]) for p in base]
        log = sim.play_round()
        games = [g for g in sim.games if g.round < rn]
        with monkeypatch.context() as m:
            m.setattr(swiss, "pair_dutch", whole)
            again = swiss.pair_swiss(
                sim.roster_at(rn),
                round_no=rn,
                games=games,
                total_rounds=sim.total_rounds,
                requested_byes=log.requested_byes,
            )
        assert [(p.board, p.first, p.second, tuple(p.reasons)) for p in log.pairs] == [
            (p.board, p.first, p.second, tuple(p.reasons)) for p in again
        ], f"round {rn}"
        compared += 1
    return compared


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=16, max_value=60),
    seed=st.integers(min_value=0, max_value=10**6),
    draw_rate=st.sampled_from([0.0, 0.2, 0.6]),
    forfeit_rate=st.sampled_from([0.0, 0.05]),
    withdraw_rate=st.sampled_from([0.0, 0.03]),
    bye_request_rate=st.sampled_from([0.0, 0.05]),
    late_entries=st.sampled_from([0, 3]),
    accelerated=st.booleans(),
)
def test_tournaments_from_round_one_pair_as_the_whole_graph(
    n: int,
    seed: int,
    draw_rate: float,
    forfeit_rate: float,
    withdraw_rate: float,
    bye_request_rate: float,
    late_entries: int,
    accelerated: bool,
) -> None:
    sim = SwissSimulation(
        n,
        seed=seed,
        draw_rate=draw_rate,
        forfeit_rate=forfeit_rate,
        withdraw_rate=withdraw_rate,
        bye_request_rate=bye_request_rate,
        late_entries=late_entries,
        total_rounds=6,
    )
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _play(sim, 6, monkeypatch, accelerated=accelerated) == 6


@pytest.mark.parametrize(("n", "accelerated"), [(40, False), (41, True), (57, False)])
def test_the_natural_pairing_is_used_in_played_tournaments(
    n: int, accelerated: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = _Counts(monkeypatch)
    sim = SwissSimulation(n, seed=n, draw_rate=0.2, bye_request_rate=0.03, total_rounds=7)
    assert _play(sim, 7, monkeypatch, accelerated=accelerated) == 7
    assert counts.natural >= 1  # round 1 at least (later brackets when their colours allow)
    assert counts.closed >= 3  # even brackets matched on their own graph
    assert counts.reduced > counts.closed  # and brackets on graphs with representatives

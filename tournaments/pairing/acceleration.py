"""Accelerated pairings: the Baku Acceleration Method (FIDE Handbook C.04.5.1). Pure Python.

What the Handbook says, and how it is read here:

* Premise: the method is for the standard point system (1 for a win, ½ for a draw). Here any
  system where a loss scores 0 and a draw half a win is accepted (``fits_point_system``), and
  the virtual points are counted in it: a win's points for "1", a draw's for "0.5" (as
  bbpPairings does).
* Initial groups: before the first round, the list of players to be paired, in pairing order,
  is split in two. GA holds the first half of the players, rounded up to the nearest even
  number — ``2 × ⌈N / 4⌉`` (161 players: 82); GB all the others (``group_a_size``).
* Late entries are placed in the pairing list as usual (C.04.2: by rating, ``pairing_list`` in
  ``base``); the last GA player stays the one of the first round, so everyone listed above him
  is in GA (which may then hold an odd number of players). ``group_a`` takes the whole pairing
  list and the players of the first round.
* Virtual points: the accelerated rounds are the first half of the rounds, rounded up
  (``accelerated_rounds``: 9 rounds → 5). Before pairing the first half (rounded up) of them
  (9 rounds → rounds 1-3) every GA player has 1 virtual point; before the remaining ones (4-5),
  ½. GB players never have any, nor anyone after the last accelerated round.
* Virtual points count for the pairing only: real points plus the round's virtual points are
  the pairing score (C.04.5), on which the Dutch system judges everything it judges on a score
  (the brackets, the bye, the topscorers, and the floats of earlier rounds, each on its own
  round's pairing scores). They are never part of the score in the standings. The pairing
  engine reads them from ``SwissPlayer.virtual_points`` (this round) and ``pair_swiss``'s
  ``acceleration`` (every round, for the floats).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

BAKU = "baku"


def group_a_size(players: int) -> int:
    """How many players GA holds: the first half rounded up to an even number, ``2 × ⌈N/4⌉``."""
    if players < 0:
        raise ValueError("the number of players cannot be negative")
    return 2 * -(-players // 4)


def accelerated_rounds(rounds: int) -> int:
    """The rounds with virtual points: the first half of the tournament, rounded up."""
    return -(-max(rounds, 0) // 2)


def full_point_rounds(rounds: int) -> int:
    """The accelerated rounds in which GA players have a whole virtual point (the first half of
    the accelerated rounds, rounded up); ½ in the remaining accelerated rounds."""
    return -(-accelerated_rounds(rounds) // 2)


def round_virtual_points(rounds: int, round_no: int, *, win: float = 1.0) -> float:
    """The virtual points of a GA player when pairing round ``round_no`` of ``rounds``."""
    if 1 <= round_no <= full_point_rounds(rounds):
        return win
    if 1 <= round_no <= accelerated_rounds(rounds):
        return win / 2
    return 0.0


def group_a(ranked: Sequence[int], first_round: Collection[int] | None = None) -> frozenset[int]:
    """The GA players among ``ranked`` (every player, in pairing order).

    ``first_round``: the players of the first round's pairing list (default: all of
    ``ranked``). GA is the first ``group_a_size`` of those, plus every later entry placed above
    the last of them in the pairing list.
    """
    listed = list(ranked) if first_round is None else [e for e in ranked if e in first_round]
    if not listed:
        return frozenset()
    last = listed[min(group_a_size(len(listed)), len(listed)) - 1]
    return frozenset(ranked[: list(ranked).index(last) + 1])


def baku_virtual_points(
    ranked: Sequence[int],
    *,
    rounds: int,
    round_no: int,
    first_round: Collection[int] | None = None,
    win: float = 1.0,
) -> dict[int, float]:
    """Each player's virtual points for pairing round ``round_no`` of a ``rounds``-round Swiss.

    ``ranked``: every player in pairing order (by starting rank); ``first_round``: the players
    of the first round's pairing list (see ``group_a``); ``win``: the points of a win (the
    virtual points are ``win`` and ``win / 2``).
    """
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player appears twice in the pairing order")
    amount = round_virtual_points(rounds, round_no, win=win)
    ga = group_a(ranked, first_round) if amount else frozenset()
    return {e: (amount if e in ga else 0.0) for e in ranked}


def baku_schedule(
    ranked: Sequence[int],
    *,
    rounds: int,
    first_round: Collection[int] | None = None,
    win: float = 1.0,
) -> dict[int, tuple[float, ...]]:
    """Every GA player's virtual points for rounds 1..(the last accelerated round), as a TRF's
    ``XXA`` lines list them; GB players are left out."""
    per_round = tuple(
        round_virtual_points(rounds, r, win=win) for r in range(1, accelerated_rounds(rounds) + 1)
    )
    if not per_round:
        return {}
    return {e: per_round for e in ranked if e in group_a(ranked, first_round)}


def fits_point_system(*, win: float, draw: float, loss: float) -> bool:
    """Whether the Baku method applies: a loss scores 0 and a draw half a win (win > 0)."""
    return win > 0 and loss == 0 and abs(2 * draw - win) < 1e-9

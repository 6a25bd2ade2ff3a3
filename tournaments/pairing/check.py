"""Checks of a pairing, for manual overrides: what rules a set of boards breaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from tournaments.core.history import History

from .base import Pair
from .colours import FIRST, SECOND, colour_state
from .messages import (
    COLOUR_DIFFERENCE,
    MISSING,
    PAIRED_TWICE,
    REMATCH,
    SECOND_BYE,
    SELF_PAIRED,
    THREE_IN_A_ROW,
    UNKNOWN_ENTRY,
    PairingWarning,
)

# What no pairing may do, whatever the arbiter wants: a player against himself, or on two boards.
# ``check_pairings`` reports them among the warnings; an override with any of them is refused.
ERRORS = frozenset({SELF_PAIRED, PAIRED_TWICE})


def check_boards(pairs: Sequence[Pair], *, round_no: int) -> list[PairingWarning]:
    """The errors of ``pairs`` (:data:`ERRORS`), in board order, then by entry; [] if none."""
    errors: list[PairingWarning] = []
    counts = Counter(e for pair in pairs for e in set(pair.entries))
    for pair in pairs:
        if pair.second is not None and pair.first == pair.second:
            errors.append(
                PairingWarning(
                    SELF_PAIRED, {"round": round_no, "entry": pair.first, "board": pair.board}
                )
            )
    for entry, count in sorted(counts.items()):
        if count > 1:
            errors.append(
                PairingWarning(PAIRED_TWICE, {"round": round_no, "entry": entry, "count": count})
            )
    return errors


def check_pairings(
    pairs: Sequence[Pair],
    histories: Mapping[int, History],
    *,
    round_no: int,
    entries: Iterable[int] | None = None,
) -> list[PairingWarning]:
    """Every rule that ``pairs`` (round ``round_no``) breaks, in board order; [] if none.

    ``entries`` are the entries that should be on the boards (the active ones less requested
    byes); by default every entry of ``histories``. Warnings: ``rematch``, ``second_bye`` (a
    pairing-allocated bye to a player who had one), ``paired_twice``, ``missing``,
    ``unknown_entry``, ``self_paired``, ``three_in_a_row`` and ``colour_difference`` (the
    first-move rules). A first-move warning carries ``swap_helps``: whether giving the other
    player the first move would break fewer first-move rules on that board.
    """
    expected = set(histories if entries is None else entries)
    warnings: list[PairingWarning] = []
    counts = Counter(e for pair in pairs for e in pair.entries)

    def warn(code: str, **params: object) -> None:
        warnings.append(PairingWarning(code, {"round": round_no, **params}))

    for pair in pairs:
        first, second = pair.first, pair.second
        if second is None:
            h = histories.get(first)
            if h is not None and h.pairing_byes > 0:
                warn(SECOND_BYE, entry=first, board=pair.board)
            continue
        if first == second:
            warn(SELF_PAIRED, entry=first, board=pair.board)
            continue
        hf, hs = histories.get(first), histories.get(second)
        met = (hf is not None and second in hf.opponents) or (
            hs is not None and first in hs.opponents
        )
        if met:
            warn(REMATCH, first=first, second=second, board=pair.board)
        sf, ss = colour_state(hf), colour_state(hs)
        now = len(sf.broken(FIRST)) + len(ss.broken(SECOND))
        swapped = len(sf.broken(SECOND)) + len(ss.broken(FIRST))
        for entry, state, colour in ((first, sf, FIRST), (second, ss, SECOND)):
            for rule in state.broken(colour):
                params: dict[str, object] = {
                    "entry": entry,
                    "colour": colour,
                    "board": pair.board,
                    "swap_helps": swapped < now,
                }
                if rule == COLOUR_DIFFERENCE:
                    params["difference"] = state.difference + (1 if colour == FIRST else -1)
                    warn(COLOUR_DIFFERENCE, **params)
                else:
                    warn(THREE_IN_A_ROW, **params)
    for entry, count in sorted(counts.items()):
        if count > 1:
            warn(PAIRED_TWICE, entry=entry, count=count)
        if entry not in expected:
            warn(UNKNOWN_ENTRY, entry=entry)
    for entry in sorted(expected - set(counts)):
        warn(MISSING, entry=entry)
    return warnings

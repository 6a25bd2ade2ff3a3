"""The rules engine: pure Python, no Django. ``shared/RULES.md`` is its contract and
``docs/rules-engine.md`` its API.

    rules = get_rules("sos", rows=5, cols=5, players=2, mode="most")
    rules = get_rules("uttt", preset="tactical")
    state = rules.play(rules.start(), "E5")
"""

from __future__ import annotations

import copyreg
from functools import lru_cache
from typing import Any

from .base import Outcome, Rules, retired
from .errors import IllegalMove, InvalidMove, MoveError
from .notation import cell_name, col_index, col_name
from .sos import SosLine, SosRules, SosState, make_sos
from .uttt import UtttRules, UtttState, make_uttt

KINDS = ("sos", "uttt")


def get_rules(kind: str, **options: Any) -> SosRules | UtttRules:
    """The rules of ``kind`` (``"sos"`` or ``"uttt"``) under ``options``.

    Raises ``ValueError`` with a sentence saying what is allowed for an unknown kind or option.
    Equal options give the same (immutable, cached) rules object.
    """
    name = kind.strip().lower() if isinstance(kind, str) else kind
    if name == "sos":
        return _sos(*make_sos(options))
    if name == "uttt":
        return _uttt(*make_uttt(options))
    raise ValueError(f"unknown game {kind!r}: the games are 'sos' and 'uttt'")


@lru_cache(maxsize=256)
def _sos(rows: int, cols: int, players: int, mode: str) -> SosRules:
    return SosRules(rows, cols, players, mode)


@lru_cache(maxsize=16)
def _uttt(preset: str, all_draw_line: str, free: bool, nsb: bool) -> UtttRules:
    return UtttRules(preset, all_draw_line, free, nsb)


def _unpickle_state(
    kind: str,
    options: dict[str, Any],
    moves: tuple[str, ...],
    out: tuple[tuple[int, int], ...] = (),
) -> Any:
    return get_rules(kind, **options).replay(moves, out)


def _reduce_state(state: SosState | UtttState) -> tuple[Any, ...]:
    """How a state pickles and copies: its game, options and moves, replayed on the cached rules
    of :func:`get_rules` (registered here, where the kinds are known, so that ``base`` never
    imports the package back)."""
    rules = state._rules
    return (_unpickle_state, (rules.kind, rules.options, state.moves, retired(state)))


for _state in (SosState, UtttState):
    copyreg.pickle(_state, _reduce_state)


__all__ = [
    "KINDS",
    "IllegalMove",
    "InvalidMove",
    "MoveError",
    "Outcome",
    "Rules",
    "SosLine",
    "SosRules",
    "SosState",
    "UtttRules",
    "UtttState",
    "cell_name",
    "col_index",
    "col_name",
    "get_rules",
    "retired",
]

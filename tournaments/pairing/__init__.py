"""Pairing generators: pure Python over plain records (``tournaments.core.history``), no Django.

Seats, entries and ranks are plain ints; "first"/"second" is who moves first in the game.

Round robin (FIDE Berger tables, C.05 Annex 1)::

    berger_rounds(n: int, *, double: bool = False) -> list[list[tuple[int, int | None]]]
        Every round over 0-based seats, (first, second) in board order, (seat, None) = bye
        (odd n), placed last. double=True adds a second cycle with the first moves swapped
        (and, as FIDE recommends, exchanges the first cycle's last two rounds).
    round_robin_rounds(n: int, *, double: bool = False) -> int
    round_robin_pairings(entries: Sequence[int], round_no: int, *, double: bool = False)
        -> list[Pair]
        Round round_no (from 1); entries in starting order (seed 1 first).

Swiss (the FIDE Dutch system, C.04.3 2025; see ``dutch`` for the criteria and ``swiss``)::

    pair_swiss(players: Sequence[SwissPlayer], *, round_no: int,
               games: Sequence[GameRecord] = (), point_system: PointSystem | None = None,
               total_rounds: int | None = None, requested_byes: Set[int] = frozenset(),
               unallocated_byes: Set[tuple[int, int]] = frozenset(),
               top_seed_first: bool = True,
               acceleration: Mapping[int, Sequence[float]] | None = None) -> list[Pair]
        players: the active entries (withdrawn ones left out) with starting ranks and
        optional acceleration ``virtual_points`` (this round's); games: every earlier round's
        records (forfeits are no meetings and give no colour); acceleration: every entry's
        virtual points round by round from round 1 (a TRF's XXA values: the earlier rounds'
        floats are judged on the pairing score, real plus virtual points); total_rounds: for
        the last round's top-scorer exception; requested_byes: entries not to pair this round
        (the caller records HALF_BYE or ZERO_BYE for them); unallocated_byes: (round, entry)
        of full-point byes not given by the pairing. Raises PairingImpossible.

Manual overrides::

    check_pairings(pairs: Sequence[Pair], histories: Mapping[int, History], *, round_no: int,
                   entries: Iterable[int] | None = None) -> list[PairingWarning]

Values::

    Pair(board: int, first: int, second: int | None, reasons: tuple[Reason, ...])
        boards from 1: higher score of the pair first, then higher sum, then best rank;
        the bye last.
    SwissPlayer(entry: int, rank: int, virtual_points: float = 0.0)   rank 1 = top seed
    pairing_list(entries: Iterable[tuple[key, rank | None, rating | None]]) -> list[key]
        the pairing order (C.04.2): by rank, late entries (no rank) placed by rating
    Reason(code: str, params: Mapping[str, Any])  and PairingWarning alike:
        .message() English text, .to_dict() / .from_dict() for JSON, .template
    PairingImpossible(ValueError)                  .code, .params, str() = English

Every code and its English template (``%(name)s`` placeholders, marked with a local
``gettext_noop`` for makemessages) lives in ``messages.MESSAGES``; the web layer translates
``MESSAGES[code]`` and formats it with ``params`` (entry ids may be replaced by names first;
the words in ``messages.WORDS`` for ``wants``/``colour``/``strength``/``rule`` likewise).

SOS tables (issue 30; three to six players a table; see docs/tables-core.md)::

    seat_round(players: Sequence[TablePlayer], *, round_no: int, size: int = 4,
               history: Iterable[Sequence[int]] = (), byes: Iterable[int] = (),
               allow_small: bool = False, exact_limit: int = EXACT_LIMIT,
               time_limit: float = TIME_LIMIT) -> TablesRound
        players: the active entries; history: every earlier table, entries in seat order;
        byes: entries that had a bye, once per bye. Round 1: a snake by rank; later rounds:
        criteria A (most repeats at one table), B (score spread), C (repeats), D (tables
        without a player due to sit first) in order, exactly by CP-SAT up to exact_limit
        players, else a heuristic with a lower bound. Raises TablesImpossible.
    split(players: int, size: int, *, allow_small: bool = False) -> list[int]
        the fewest tables, sizes as equal as possible (10 at 4 -> [4, 3, 3]); no table under
        3 (2 with allow_small); TablesImpossible "tables_no_split" with params["byes"]
    byes_needed(players: int, size: int, *, allow_small: bool = False) -> int
    placings(counts: Sequence[int]) -> list[float]        1 = most SOS, ties share places
    placement_points(counts: Sequence[int], scheme: Sequence[float] = (3, 2, 1, 0), *,
                     size: int | None = None) -> list[float]
        scaled by mean(scheme[:size]) / mean(scheme[:m]) at a table of m
    TablePlayer(entry: int, rank: int, score: float = 0.0)
    TablesRound(tables: tuple[Table, ...], byes: tuple[int, ...],
                bye_reasons: tuple[TableReason, ...], cost: Cost, bound: Cost,
                optimal: bool, method: str, reasons: tuple[TableReason, ...])
    Table(number: int, seats: tuple[int, ...], reasons: tuple[TableReason, ...])
        seats in order, seat 0 moves first
    Cost(worst: int, spread: int, repeats: int, seats: int)   spread in hundredths of a point
    TableReason(code, params), TablesImpossible(ValueError): codes and English templates in
        ``tables_messages.MESSAGES`` (TABLES_MESSAGES here), as for ``messages.MESSAGES``.
"""

from .base import Pair, SwissPlayer, pairing_list
from .check import check_pairings
from .messages import MESSAGES, PairingImpossible, PairingWarning, Reason
from .roundrobin import berger_rounds, round_robin_pairings, round_robin_rounds
from .swiss import pair_swiss
from .tables import EXACT_LIMIT, TIME_LIMIT, Table, TablePlayer, TablesRound, seat_round
from .tables_cost import Cost
from .tables_messages import MESSAGES as TABLES_MESSAGES
from .tables_messages import TableReason, TablesImpossible
from .tables_score import placement_points, placings
from .tables_split import byes_needed, split

__all__ = [
    "EXACT_LIMIT",
    "MESSAGES",
    "TABLES_MESSAGES",
    "TIME_LIMIT",
    "Cost",
    "Pair",
    "PairingImpossible",
    "PairingWarning",
    "Reason",
    "SwissPlayer",
    "Table",
    "TablePlayer",
    "TableReason",
    "TablesImpossible",
    "TablesRound",
    "berger_rounds",
    "byes_needed",
    "check_pairings",
    "pair_swiss",
    "pairing_list",
    "placement_points",
    "placings",
    "round_robin_pairings",
    "round_robin_rounds",
    "seat_round",
    "split",
]

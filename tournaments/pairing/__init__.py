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

Swiss by the FIDE Burstein system (C.04.4.2, as bbpPairings' ``--burstein`` pairs it; see
``burstein``)::

    pair_burstein(players: Sequence[SwissPlayer], *, round_no: int,
                  games: Sequence[GameRecord] = (), point_system: PointSystem | None = None,
                  total_rounds: int | None = None, requested_byes: Set[int] = frozenset(),
                  unallocated_byes: Set[tuple[int, int]] = frozenset(),
                  top_seed_first: bool = True) -> list[Pair]
        The arguments and the return as pair_swiss's (no acceleration: rounds 1 and 2 are
        the seeding rounds, the upper half of the pairing list given a win's virtual points;
        total_rounds is not used). players may include the requested_byes entries: not
        paired, their ranks place them in the seeding rounds' list. Raises PairingImpossible.

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
"""

from .base import Pair, SwissPlayer, pairing_list
from .burstein import pair_burstein
from .check import check_pairings
from .messages import MESSAGES, PairingImpossible, PairingWarning, Reason
from .roundrobin import berger_rounds, round_robin_pairings, round_robin_rounds
from .swiss import pair_swiss

__all__ = [
    "MESSAGES",
    "Pair",
    "PairingImpossible",
    "PairingWarning",
    "Reason",
    "SwissPlayer",
    "berger_rounds",
    "check_pairings",
    "pair_burstein",
    "pair_swiss",
    "pairing_list",
    "round_robin_pairings",
    "round_robin_rounds",
]

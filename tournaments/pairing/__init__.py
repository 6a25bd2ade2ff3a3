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

Knockout cups (the pure core of issue 29; ``knockout`` seeds, ``knockout_bracket`` draws,
``knockout_advance`` plays a bracket, ``knockout_match`` a match of several games; the rules
and their sources are in each module's docstring and docs/knockout-core.md)::

    bracket_order(size: int) -> list[int]            the standard order, 1-16, 8-9, 5-12, ...
    seeded_slots(seeds: Sequence[K], size: int | None = None) -> list[K | None]
        the first round's slots, None = a bye (byes face the top seeds)
    seeds_by_rank(entrants: Iterable[tuple[K, int]]) -> list[K]
    seeds_by_rating(entrants: Iterable[tuple[K, float | None]]) -> list[K]
    seeds_by_draw(entrants: Sequence[K], rng: random.Random) -> list[K]
    seeds_from_standings(standings: Sequence[K], qualifiers: int) -> list[K]
    seeds_from_groups(groups: Sequence[Sequence[K]], qualifiers: int = 2) -> list[K]
        A1-B2, B1-A2, ... (1, 2, 4, 8, ... groups)
    serpentine_groups(seeds: Sequence[K], groups: int) -> list[list[K]]
        group stages (``groups``): 1,4,5,8 | 2,3,6,7; groups_pairings(groups, round_no),
        groups_rounds(groups), group_count(players, size), group_label(index) "A"
    single_elimination(entrants: int, *, third_place: bool = False) -> Bracket
    double_elimination(entrants: int, *, reset: bool = True) -> Bracket
        Bracket(entrants, size, double, third_place, reset, matches: tuple[Match, ...])
        Match(id, side "W"/"L"/"GF"/"3rd", round, first: Source, second: Source, if_needed)
        Source(kind "seed"/"winner"/"loser"/"bye", ref)   .label() "winner of match 5"
    advance(bracket: Bracket, results: Mapping[int, Outcome], *,
            withdrawn: Set[int] = frozenset()) -> BracketState
        Outcome(winner: int, walkover: bool = False); BracketState(matches: {id: MatchStatus},
        ready: list[int], champion: int | None, places: {seed: place}); NOBODY (0) = a bye
    dependent_matches(bracket: Bracket, match_id: int) -> list[int]
    correction_blockers(bracket: Bracket, results: Mapping[int, Outcome], match_id: int)
        -> list[int]                                  played matches that forbid a correction
    MatchRules(games: int = 2, tiebreak_games: int = 0, decider: str = ARMAGEDDON)
        decider in SUDDEN_DEATH, ARMAGEDDON, LOT
    match_state(rules: MatchRules, results: Sequence[str], *, lot_winner: int | None = None)
        -> MatchState(score, tiebreak_score, stage, next_game, next_first, winner, decided_by)
        players 0 (the higher seed, first in game 1) and 1; results from each game's first
        mover's view ("1-0", "0-1", "1/2-1/2", ...)
    first_mover(game: int) -> int
    KnockoutError(ValueError)
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
from .burstein import pair_burstein
from .check import check_pairings
from .groups import (
    MAX_GROUPS,
    group_count,
    group_label,
    groups_pairings,
    groups_rounds,
    serpentine_groups,
)
from .knockout import (
    KnockoutError,
    bracket_order,
    seeded_slots,
    seeds_by_draw,
    seeds_by_rank,
    seeds_by_rating,
    seeds_from_groups,
    seeds_from_standings,
)
from .knockout_advance import (
    NOBODY,
    BracketState,
    MatchStatus,
    Outcome,
    advance,
    correction_blockers,
)
from .knockout_bracket import (
    Bracket,
    Match,
    Source,
    dependent_matches,
    double_elimination,
    single_elimination,
)
from .knockout_match import (
    ARMAGEDDON,
    LOT,
    SUDDEN_DEATH,
    MatchRules,
    MatchState,
    first_mover,
    match_state,
)
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
    "ARMAGEDDON",
    "EXACT_LIMIT",
    "LOT",
    "MAX_GROUPS",
    "MESSAGES",
    "NOBODY",
    "SUDDEN_DEATH",
    "TABLES_MESSAGES",
    "TIME_LIMIT",
    "Bracket",
    "BracketState",
    "Cost",
    "KnockoutError",
    "Match",
    "MatchRules",
    "MatchState",
    "MatchStatus",
    "Outcome",
    "Pair",
    "PairingImpossible",
    "PairingWarning",
    "Reason",
    "Source",
    "SwissPlayer",
    "Table",
    "TablePlayer",
    "TableReason",
    "TablesImpossible",
    "TablesRound",
    "advance",
    "berger_rounds",
    "bracket_order",
    "byes_needed",
    "check_pairings",
    "correction_blockers",
    "dependent_matches",
    "double_elimination",
    "first_mover",
    "group_count",
    "group_label",
    "groups_pairings",
    "groups_rounds",
    "match_state",
    "pair_burstein",
    "pair_swiss",
    "pairing_list",
    "placement_points",
    "placings",
    "round_robin_pairings",
    "round_robin_rounds",
    "seat_round",
    "seeded_slots",
    "seeds_by_draw",
    "seeds_by_rank",
    "seeds_by_rating",
    "seeds_from_groups",
    "seeds_from_standings",
    "serpentine_groups",
    "single_elimination",
    "split",
]

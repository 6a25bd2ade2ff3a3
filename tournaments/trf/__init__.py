"""FIDE Tournament Report File (TRF16) reading and writing: pure Python, no Django.

A TRF is a text file of fixed-column lines; columns 1-3 give the line type. Read here:

``012`` name, ``042`` start date, ``052`` end date, ``062`` number of players, ``092`` type,
    ``122`` allotted times per moves/game (kept as text; dates and times are not interpreted
    here — the site writes its time control's short form, ``3+2``, and reads that back).
``XXR n``
    the planned number of rounds (the pairing programs' extension; a ``142`` line is read
    too when there is no ``XXR``).
``XXC white1|black1``
    the first move of the top seed in round 1 (JaVaFo/bbpPairings extension).
``XXU capped``
    the tie-breaks cap the dummy opponents' scores as the FIDE tie-break regulations in force
    from 1 March 2026 say (C.07 art. 16.4.1 and 16.4.2; the site's option *Cap the dummy
    opponent's score*). Neither TRF16 nor TRF-2026 has a field for it (TRF-2026's tie-break
    lines list the tie-breaks, not the unplayed-rounds rule), so it is an ``XX`` extension line
    like ``XXR`` and ``XXC``; written only when the cap is on, its absence means the 2023
    rule. Any other text on an ``XXU`` line, or a second one, is refused with the line named.
``BBW BBD BBL BBF BBU BBZ``
    points for a win, draw, loss, forfeit loss, pairing-allocated bye, zero-point bye
    (bbpPairings extension); 1 / ½ / 0 by default, the bye scoring as a win.
``XXA nnnn p.p p.p …``
    one player's acceleration points (virtual points for the pairing only), round by round:
    the start number in columns 5-8, then a 4-column field per round from column 10 with a
    blank column between (``XXA    1  1.0  1.0  1.0  0.5  0.5``); an empty field is 0. The
    JaVaFo/bbpPairings extension of TRF16 (bbpPairings also reads ``250`` lines, which are
    kept in ``extra`` here). Read into ``TrfTournament.acceleration`` (start number -> points
    of rounds 1, 2, …, trailing zeros dropped); ``next_round`` gives each player its points for
    the next round as ``SwissPlayer.virtual_points``; ``baku_acceleration(t)`` tells whether
    they are FIDE's Baku method (C.04.5.1) for the file's players and rounds.
``001``
    one player: start number (columns 5-8), sex (10), title (11-13), name (15-47), rating
    (49-52), federation (54-56), FIDE id (58-68), birth date (70-79), points (81-84), rank
    (86-89), then one 10-column block per round from column 92: opponent (4 columns,
    ``0000`` or blank for none), blank, colour (``w``, ``b`` or ``-``), blank, result.

Any other line (``022`` city, ``102`` arbiter, team lines, …) is kept verbatim in ``extra``.

Result characters: ``1 0 =`` played, ``W D L`` played but unrated (read as ``1 = 0``), ``+ -``
forfeits (``-`` on both sides: a double forfeit), ``H`` half-point bye, ``F`` full-point bye,
``U`` pairing-allocated bye, ``Z`` zero-point bye; a blank result with an opponent is a game
not played yet; an empty block, a round the player was not paired in.

A player's blocks after the last round that has any pairing are pre-entered byes (``H``,
``F``, ``Z``), which the pairing of the next round reads as requests not to be paired, as
JaVaFo and bbpPairings do.

Mapping to ``tournaments.core.history`` (entries are start numbers): ``w`` moves first. A game's
``GameRecord`` comes from both players' blocks, which must agree. ``U``, ``F`` (and ``+``
without an opponent) become ``BYE``; ``H`` ``HALF_BYE``; ``Z`` (and ``-`` without an
opponent) ``ZERO_BYE``. For the pairing, an ``F`` bye is not pairing-allocated (FIDE C.04.1.d)
and does not use up the player's one pairing-allocated bye.

Public API::

    parse(text) -> TrfTournament             raises TrfError(line, message, params)
    format_trf(tournament) -> str            canonical layout; parse(format_trf(t)) == t, and
                                             format_trf(parse(text)) == text for canonical text
    paired_rounds(t) -> int                  the last round with any pairing
    planned_rounds(t) -> int | None          XXR (or 142)
    point_system(t) -> PointSystem
    game_records(t, up_to=None) -> list[GameRecord]
    check_points(t)                          the points column agrees with the results
    initial_colour(t) -> "w" | "b"           XXC, else inferred as bbpPairings does, else "w"
    next_round(t) -> NextRound               what pair_swiss needs for the next round
    virtual_points(t, round_no) -> {n: pts}  the XXA points each player has in that round
    baku_acceleration(t) -> bool             the XXA lines are exactly FIDE's Baku method
    first_round_list(t) -> set[int]          the players of round 1's pairing list
    pairing_state(t, k) -> PairingState      the state before round k, as pairing programs read it

Canonical layout: ``012``, ``042``, ``052``, ``062``, ``092``, ``122``, the ``extra`` lines,
``XXR``, ``XXC``, ``XXU``, the ``BB*`` lines, the ``XXA`` lines by start number, then the
players by start number; every line right-stripped, each ended by ``\\n``. Fields are counted
in Unicode code points (as bbpPairings does), so Cyrillic or Persian names keep the columns; a
name longer than 33 characters is cut.

The package: ``base`` (the data model: line types, columns, result characters, dataclasses),
``reader`` (``parse``), ``contents`` (what a parsed file says: rounds, points, records, the next
round) and ``writer`` (``format_trf``). Pure Python, no Django.
"""

from __future__ import annotations

from .acceleration import baku_acceleration, first_round_list, virtual_points
from .base import (
    ACCELERATION,
    BLOCK,
    BYE_CHAR,
    BYE_CHARS,
    BYE_RESULTS,
    CODE,
    COLOUR_CHARS,
    COLOURS,
    DEFAULT_POINTS,
    DIGITS,
    DUMMY_CAP,
    DUMMY_CAP_WORD,
    EMPTY,
    END_DATE,
    FIRST_BLOCK,
    NAME,
    NAME_WIDTH,
    NUMBER,
    PAIR_RESULTS,
    PLAYER,
    PLAYER_COUNT,
    POINT_CODES,
    POINTS,
    RESULT_CHARS,
    RESULT_PAIRS,
    ROUNDS,
    ROUNDS_2025,
    SEPARATORS,
    START_DATE,
    TEXT_HEADERS,
    TIME_CONTROL,
    TYPE,
    UNRATED,
    TrfError,
    TrfPlayer,
    TrfRound,
    TrfTournament,
    gettext_noop,
)
from .contents import (
    NextRound,
    PairingState,
    check_points,
    game_records,
    initial_colour,
    next_round,
    paired_rounds,
    pairing_state,
    planned_rounds,
    point_system,
)
from .reader import parse
from .writer import format_acceleration, format_player, format_trf

__all__ = [
    "ACCELERATION",
    "BLOCK",
    "BYE_CHAR",
    "BYE_CHARS",
    "BYE_RESULTS",
    "CODE",
    "COLOURS",
    "COLOUR_CHARS",
    "DEFAULT_POINTS",
    "DIGITS",
    "DUMMY_CAP",
    "DUMMY_CAP_WORD",
    "EMPTY",
    "END_DATE",
    "FIRST_BLOCK",
    "NAME",
    "NAME_WIDTH",
    "NUMBER",
    "PAIR_RESULTS",
    "PLAYER",
    "PLAYER_COUNT",
    "POINTS",
    "POINT_CODES",
    "RESULT_CHARS",
    "RESULT_PAIRS",
    "ROUNDS",
    "ROUNDS_2025",
    "SEPARATORS",
    "START_DATE",
    "TEXT_HEADERS",
    "TIME_CONTROL",
    "TYPE",
    "UNRATED",
    "NextRound",
    "PairingState",
    "TrfError",
    "TrfPlayer",
    "TrfRound",
    "TrfTournament",
    "baku_acceleration",
    "check_points",
    "first_round_list",
    "format_acceleration",
    "format_player",
    "format_trf",
    "game_records",
    "gettext_noop",
    "initial_colour",
    "next_round",
    "paired_rounds",
    "pairing_state",
    "parse",
    "planned_rounds",
    "point_system",
    "virtual_points",
]

"""FIDE Tournament Report File (TRF16) reading and writing: pure Python, no Django.

A TRF is a text file of fixed-column lines; columns 1-3 give the line type. Read here:

``012`` name, ``042`` start date, ``052`` end date, ``062`` number of players, ``092`` type
    (kept as text; dates are not interpreted here).
``XXR n``
    the planned number of rounds (the pairing programs' extension; a ``142`` line is read
    too when there is no ``XXR``).
``XXC white1|black1``
    the first move of the top seed in round 1 (JaVaFo/bbpPairings extension).
``BBW BBD BBL BBF BBU BBZ``
    points for a win, draw, loss, forfeit loss, pairing-allocated bye, zero-point bye
    (bbpPairings extension); 1 / ½ / 0 by default, the bye scoring as a win.
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

Mapping to ``tournaments.records`` (entries are start numbers): ``w`` moves first. A game's
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

Canonical layout: ``012``, ``042``, ``052``, ``062``, ``092``, the ``extra`` lines, ``XXR``,
``XXC``, the ``BB*`` lines, then the players by start number; every line right-stripped, each
ended by ``\\n``. Fields are counted in Unicode code points (as bbpPairings does), so Cyrillic
or Persian names keep the columns; a name longer than 33 characters is cut.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tournaments import records
from tournaments.pairing.base import SwissPlayer


def gettext_noop(s: str) -> str:
    """Mark a message for translation without translating it (makemessages picks it up)."""
    return s


class TrfError(ValueError):
    """A malformed or inconsistent TRF.

    ``line`` is the 1-based line number (0 for the file as a whole); ``message`` an English
    template with ``%(name)s`` placeholders, marked for translation; ``params`` its values.
    ``str()`` gives the English text with the line number.
    """

    def __init__(self, line: int, message: str, params: Mapping[str, Any] | None = None) -> None:
        self.line = line
        self.message = message
        self.params = dict(params or {})
        text = message % self.params
        super().__init__(f"line {line}: {text}" if line else text)


# Line types
PLAYER = "001"
NAME = "012"
START_DATE = "042"
END_DATE = "052"
PLAYER_COUNT = "062"
TYPE = "092"
ROUNDS = "XXR"
COLOURS = "XXC"
ROUNDS_2025 = "142"
POINT_CODES = ("BBW", "BBD", "BBL", "BBF", "BBU", "BBZ")
TEXT_HEADERS = (NAME, START_DATE, END_DATE, TYPE)
CODE = re.compile(r"[0-9A-Z]{3}")
DIGITS = re.compile(r"[0-9]+")
POINTS = re.compile(r"[0-9]{1,3}(\.[0-9])?")
NUMBER = re.compile(r"[0-9]+(\.[0-9]+)?")

FIRST_BLOCK = 91  # 0-based index of column 92, where round 1's block starts
BLOCK = 10
NAME_WIDTH = 33
# Blank separator columns of a player line (1-based).
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)

COLOUR_CHARS = "wb- "
RESULT_CHARS = "10=WDL+-HFUZ "
BYE_CHARS = "HFUZ"
UNRATED = {"W": "1", "D": "=", "L": "0"}

# (first mover's char, second's char) -> records result, and back.
PAIR_RESULTS: dict[tuple[str, str], str | None] = {
    ("1", "0"): records.WIN,
    ("0", "1"): records.LOSS,
    ("=", "="): records.DRAW,
    ("+", "-"): records.FORFEIT_WIN,
    ("-", "+"): records.FORFEIT_LOSS,
    ("-", "-"): records.DOUBLE_FORFEIT,
    (" ", " "): None,
}
RESULT_PAIRS: dict[str | None, tuple[str, str]] = {v: k for k, v in PAIR_RESULTS.items()}
# A block without an opponent -> records bye result, and back.
BYE_RESULTS = {
    "U": records.BYE,
    "F": records.BYE,
    "+": records.BYE,
    "H": records.HALF_BYE,
    "=": records.HALF_BYE,
    "Z": records.ZERO_BYE,
    "-": records.ZERO_BYE,
    " ": records.ZERO_BYE,
}
BYE_CHAR = {records.BYE: "U", records.HALF_BYE: "H", records.ZERO_BYE: "Z"}

DEFAULT_POINTS = {"BBW": 1.0, "BBD": 0.5, "BBL": 0.0, "BBF": 0.0, "BBZ": 0.0}


@dataclass(frozen=True, slots=True)
class TrfRound:
    """One player's block for one round (``opponent`` is a start number, None for none)."""

    opponent: int | None = None
    colour: str = " "  # "w", "b", "-" or " "
    result: str = " "  # one of RESULT_CHARS; " " = none (yet)

    @property
    def is_empty(self) -> bool:
        """Not paired in that round, nothing pre-entered."""
        return self.opponent is None and self.colour == " " and self.result == " "

    @property
    def in_pairing(self) -> bool:
        """Part of the round's pairing: a game (even forfeited) or a pairing-allocated bye."""
        return self.opponent is not None or self.result in ("U", "+")

    def text(self) -> str:
        """The block's 8 columns (opponent, blank, colour, blank, result)."""
        if self.is_empty:
            return " " * 8
        opponent = "0000" if self.opponent is None else f"{self.opponent:>4}"
        return f"{opponent} {self.colour} {self.result}"


EMPTY = TrfRound()


@dataclass(slots=True)
class TrfPlayer:
    """A ``001`` line; ``rounds[r - 1]`` is round r's block (trailing empty blocks dropped)."""

    number: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: float | None = None
    rank: int | None = None
    rounds: list[TrfRound] = field(default_factory=list)
    line: int = field(default=0, compare=False)

    def round(self, number: int) -> TrfRound:
        return self.rounds[number - 1] if 0 < number <= len(self.rounds) else EMPTY


@dataclass(slots=True)
class TrfTournament:
    """A whole file. ``points`` holds the ``BB*`` lines given (code -> value)."""

    name: str = ""
    start_date: str = ""
    end_date: str = ""
    player_count: int | None = None
    type: str = ""
    rounds: int | None = None
    colours: str = ""  # the XXC line's words, e.g. "white1"
    points: dict[str, float] = field(default_factory=dict)
    extra: list[str] = field(default_factory=list)
    players: list[TrfPlayer] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict, compare=False)  # header code -> line

    def player(self, number: int) -> TrfPlayer | None:
        return next((p for p in self.players if p.number == number), None)


# --- parsing ----------------------------------------------------------------------------------


def parse(text: str) -> TrfTournament:
    """Read a TRF; raises ``TrfError`` naming the first malformed or inconsistent line."""
    t = TrfTournament()
    numbers: dict[int, int] = {}  # start number -> line
    for no, raw in enumerate(re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff")), 1):
        line = raw.rstrip()
        if not line:
            continue
        code = line[:3]
        if len(line) < 3 or not CODE.fullmatch(code):
            raise TrfError(
                no,
                gettext_noop("“%(text)s” is not a TRF line: it must start with a line type."),
                {"text": line[:20]},
            )
        if code == PLAYER:
            player = _player(line, no)
            if player.number in numbers:
                raise TrfError(
                    no,
                    gettext_noop(
                        "Start number %(number)s is used twice (first on line %(first)s)."
                    ),
                    {"number": player.number, "first": numbers[player.number]},
                )
            numbers[player.number] = no
            t.players.append(player)
        elif code in (*TEXT_HEADERS, PLAYER_COUNT, ROUNDS, COLOURS, *POINT_CODES):
            _header(t, code, line, no)
        else:
            t.extra.append(line)
    if not t.players:
        raise TrfError(0, gettext_noop("The file has no player lines (line type 001)."))
    t.players.sort(key=lambda p: p.number)
    _check_pairs(t)
    return t


def _header(t: TrfTournament, code: str, line: str, no: int) -> None:
    if code in t.lines:
        raise TrfError(
            no,
            gettext_noop("Line type %(code)s appears twice (first on line %(first)s)."),
            {"code": code, "first": t.lines[code]},
        )
    if len(line) > 3 and line[3] != " ":
        raise TrfError(
            no, gettext_noop("Column 4 must be blank after the line type %(code)s."), {"code": code}
        )
    t.lines[code] = no
    value = line[4:].strip()
    if code == NAME:
        t.name = value
    elif code == START_DATE:
        t.start_date = value
    elif code == END_DATE:
        t.end_date = value
    elif code == TYPE:
        t.type = value
    elif code == COLOURS:
        t.colours = " ".join(value.split())
    elif code in (PLAYER_COUNT, ROUNDS):
        if not DIGITS.fullmatch(value) or (code == ROUNDS and int(value) == 0):
            raise TrfError(
                no,
                gettext_noop("Line type %(code)s needs a whole number, not “%(text)s”."),
                {"code": code, "text": value},
            )
        if code == ROUNDS:
            t.rounds = int(value)
        else:
            t.player_count = int(value)
    else:  # a BB* point value
        if not NUMBER.fullmatch(value):
            raise TrfError(
                no,
                gettext_noop("Line type %(code)s needs a number of points, not “%(text)s”."),
                {"code": code, "text": value},
            )
        t.points[code] = float(value)


def _player(line: str, no: int) -> TrfPlayer:
    if len(line) < 8:
        raise TrfError(no, gettext_noop("A player line needs its start number in columns 5-8."))
    s = line.ljust(FIRST_BLOCK)
    for column in SEPARATORS:
        if s[column - 1] != " ":
            raise TrfError(
                no,
                gettext_noop(
                    "Column %(column)s of a player line must be blank: the fields are misaligned."
                ),
                {"column": column},
            )
    number_text = s[4:8].strip()
    if not DIGITS.fullmatch(number_text) or int(number_text) == 0:
        raise TrfError(
            no,
            gettext_noop("Columns 5-8 must hold the start number, not “%(text)s”."),
            {"text": number_text},
        )
    number = int(number_text)
    rating_text = s[48:52].strip()
    if rating_text and not DIGITS.fullmatch(rating_text):
        raise TrfError(
            no,
            gettext_noop("Columns 49-52 must hold the rating or nothing, not “%(text)s”."),
            {"text": rating_text},
        )
    points_text = s[80:84].strip()
    if points_text and not POINTS.fullmatch(points_text):
        raise TrfError(
            no,
            gettext_noop("Columns 81-84 must hold the points (like 2.5), not “%(text)s”."),
            {"text": points_text},
        )
    rank_text = s[85:89].strip()
    if rank_text and not DIGITS.fullmatch(rank_text):
        raise TrfError(
            no,
            gettext_noop("Columns 86-89 must hold the rank or nothing, not “%(text)s”."),
            {"text": rank_text},
        )
    rounds = [
        _block(s[start : start + BLOCK].ljust(BLOCK), r, number, no)
        for r, start in enumerate(range(FIRST_BLOCK, len(s), BLOCK), 1)
    ]
    while rounds and rounds[-1].is_empty:
        rounds.pop()
    return TrfPlayer(
        number=number,
        sex=s[9].strip(),
        title=s[10:13].strip(),
        name=s[14:47].strip(),
        rating=int(rating_text) if rating_text else None,
        federation=s[53:56].strip(),
        fide_id=s[57:68].strip(),
        birth_date=s[69:79].strip(),
        points=float(points_text) if points_text else None,
        rank=int(rank_text) if rank_text else None,
        rounds=rounds,
        line=no,
    )


def _block(chunk: str, r: int, number: int, no: int) -> TrfRound:
    def error(message: str, **params: Any) -> TrfError:
        return TrfError(no, message, {"round": r, **params})

    start = FIRST_BLOCK + 1 + BLOCK * (r - 1)
    if chunk[4] != " " or chunk[6] != " " or chunk[8:].strip():
        raise error(
            gettext_noop(
                "Round %(round)s: the block in columns %(first)s-%(last)s is misaligned "
                "(opponent in its columns 1-4, colour in 6, result in 8)."
            ),
            first=start,
            last=start + BLOCK - 1,
        )
    opponent_text = chunk[:4].strip()
    opponent: int | None = None
    if opponent_text:
        if not DIGITS.fullmatch(opponent_text):
            raise error(
                gettext_noop("Round %(round)s: “%(text)s” is not an opponent's start number."),
                text=opponent_text,
            )
        opponent = int(opponent_text) or None
    colour, result = chunk[5], chunk[7].upper()
    if colour not in COLOUR_CHARS:
        raise error(
            gettext_noop("Round %(round)s: the colour must be w, b or -, not “%(char)s”."),
            char=colour,
        )
    if result not in RESULT_CHARS:
        raise error(gettext_noop("Round %(round)s: unknown result “%(char)s”."), char=chunk[7])
    if opponent == number:
        raise error(gettext_noop("Round %(round)s: the player is paired with himself."))
    if opponent is not None:
        if result in BYE_CHARS:
            raise error(
                gettext_noop("Round %(round)s: “%(char)s” is a bye, yet an opponent is given."),
                char=result,
            )
        if colour == " ":
            raise error(
                gettext_noop("Round %(round)s: a game needs a colour: w, b, or - for a forfeit.")
            )
        if colour == "-" and result not in "+-":
            raise error(gettext_noop("Round %(round)s: only a forfeit may have no colour (-)."))
    elif colour in "wb" or result in "10WDL":
        raise error(gettext_noop("Round %(round)s: a colour or a game result without an opponent."))
    return TrfRound(opponent, colour, result)


def _pair_result(first: TrfRound, second: TrfRound) -> tuple[bool, str | None]:
    key = (UNRATED.get(first.result, first.result), UNRATED.get(second.result, second.result))
    if key not in PAIR_RESULTS:
        return False, None
    return True, PAIR_RESULTS[key]


def _first_of(p: TrfPlayer, block: TrfRound) -> bool:
    """Whether ``p`` moves first in his game ``block`` (no colour: the lower start number)."""
    assert block.opponent is not None
    return block.colour == "w" or (block.colour == "-" and p.number < block.opponent)


def _check_pairs(t: TrfTournament) -> None:
    by_number = {p.number: p for p in t.players}
    for p in t.players:
        for r, block in enumerate(p.rounds, 1):
            if block.opponent is None:
                continue
            params = {"round": r, "number": p.number, "opponent": block.opponent}
            q = by_number.get(block.opponent)
            if q is None:
                raise TrfError(
                    p.line,
                    gettext_noop("Round %(round)s: opponent %(opponent)s has no player line."),
                    params,
                )
            other = q.round(r)
            params["other"] = q.line
            if other.opponent != p.number:
                raise TrfError(
                    p.line,
                    gettext_noop(
                        "Round %(round)s: player %(number)s meets %(opponent)s, but the line of "
                        "%(opponent)s (line %(other)s) does not say so."
                    ),
                    params,
                )
            if (block.colour, other.colour) not in (("w", "b"), ("b", "w"), ("-", "-")):
                raise TrfError(
                    p.line,
                    gettext_noop(
                        "Round %(round)s: players %(number)s and %(opponent)s (line %(other)s) "
                        "have colours that do not fit (%(mine)s and %(theirs)s)."
                    ),
                    {**params, "mine": block.colour, "theirs": other.colour},
                )
            first, second = (block, other) if _first_of(p, block) else (other, block)
            if not _pair_result(first, second)[0]:
                raise TrfError(
                    p.line,
                    gettext_noop(
                        "Round %(round)s: the results of players %(number)s and %(opponent)s "
                        "(line %(other)s) do not fit (%(mine)s and %(theirs)s)."
                    ),
                    {**params, "mine": block.result.strip(), "theirs": other.result.strip()},
                )


# --- reading the contents -----------------------------------------------------------------------


def paired_rounds(t: TrfTournament) -> int:
    """The last round in which anyone was paired (a game or a pairing-allocated bye); 0 if none."""
    return max(
        (r for p in t.players for r, b in enumerate(p.rounds, 1) if b.in_pairing),
        default=0,
    )


def planned_rounds(t: TrfTournament) -> int | None:
    """The number of rounds the file announces (``XXR``, else a ``142`` line), if any."""
    if t.rounds is not None:
        return t.rounds
    for line in t.extra:
        if line.startswith(ROUNDS_2025):
            value = line[3:].strip()
            if DIGITS.fullmatch(value) and int(value):
                return int(value)
    return None


def point_system(t: TrfTournament) -> records.PointSystem:
    """The ``BB*`` lines as a point system (a half-point bye scores a draw)."""
    points = {**DEFAULT_POINTS, **t.points}
    return records.PointSystem(
        win=points["BBW"],
        draw=points["BBD"],
        loss=points["BBL"],
        bye=points.get("BBU", points["BBW"]),
        half_bye=points["BBD"],
        zero_bye=points["BBZ"],
    )


def game_records(t: TrfTournament, up_to: int | None = None) -> list[records.GameRecord]:
    """The games and byes of rounds 1..``up_to`` (default: every paired round) as records."""
    last = paired_rounds(t) if up_to is None else up_to
    by_number = {p.number: p for p in t.players}
    out = []
    for r in range(1, last + 1):
        for p in t.players:
            block = p.round(r)
            if block.is_empty:
                continue
            if block.opponent is None:
                out.append(records.GameRecord(r, p.number, None, BYE_RESULTS[block.result]))
            elif _first_of(p, block):
                other = by_number[block.opponent].round(r)
                result = _pair_result(block, other)[1]
                out.append(records.GameRecord(r, p.number, block.opponent, result))
    return out


def check_points(t: TrfTournament) -> None:
    """Raise ``TrfError`` where a player's points column disagrees with his results.

    The points may include those of a pre-entered bye of the next round (bbpPairings allows
    both). Skipped for accelerated files (``XXA`` or ``250`` lines), whose points differ.
    """
    if any(line.startswith(("XXA", "250")) for line in t.extra):
        return
    system = point_system(t)
    played = paired_rounds(t)
    points = {p.number: 0.0 for p in t.players}
    for g in game_records(t, up_to=played):
        for entry in (g.first, g.second):
            if entry is not None:
                points[entry] += records.game_points(g, entry, system)
    for p in t.players:
        if p.points is None:
            continue
        computed = round(points[p.number], 1)
        allowed = {computed}
        ahead = p.round(played + 1)
        if not ahead.is_empty:
            bye = records.GameRecord(played + 1, p.number, None, BYE_RESULTS[ahead.result])
            allowed.add(round(computed + records.game_points(bye, p.number, system), 1))
        if round(p.points, 1) not in allowed:
            raise TrfError(
                p.line,
                gettext_noop(
                    "Player %(number)s has %(given)s points, but the results give %(computed)s."
                ),
                {"number": p.number, "given": f"{p.points:.1f}", "computed": f"{computed:.1f}"},
            )


def initial_colour(t: TrfTournament) -> str:
    """The top seed's colour in round 1: ``XXC``, else inferred from the first round with
    colours (as bbpPairings does), else ``"w"``."""
    words = t.colours.split()
    if "black1" in words:
        return "b"
    if "white1" in words:
        return "w"
    first = min(
        (r for p in t.players for r, b in enumerate(p.rounds, 1) if b.colour in "wb"),
        default=None,
    )
    if first is None:
        return "w"
    k = 0
    for p in t.players:
        if not any(p.round(r).in_pairing for r in range(1, first + 1)):
            continue
        colour = p.round(first).colour
        if colour in "wb":
            return colour if k % 2 == 0 else ("b" if colour == "w" else "w")
        k += 1
    return "w"


@dataclass(frozen=True)
class NextRound:
    """The arguments of ``pair_swiss`` for the round after the file's last paired round."""

    round_no: int
    players: list[SwissPlayer]
    histories: dict[int, records.History]
    requested_byes: frozenset[int]


def next_round(t: TrfTournament) -> NextRound:
    """What the pairing of the next round needs, from the file alone.

    Every player is in ``players`` (rank = start number; shifted by one when the top seed
    starts with ``b``, so that the pairing's "odd rank moves first" rule gives black1); those
    with a pre-entered block for the next round (``H``, ``F``, ``Z``) are requested byes.
    Raises ``TrfError`` when a paired round still lacks a result or the points disagree.
    """
    played = paired_rounds(t)
    for p in t.players:
        for r in range(1, played + 1):
            block = p.round(r)
            if block.opponent is not None and block.result == " ":
                raise TrfError(
                    p.line,
                    gettext_noop(
                        "Round %(round)s: player %(number)s has no result yet; enter the round's "
                        "results before pairing the next one."
                    ),
                    {"round": r, "number": p.number},
                )
    check_points(t)
    system = point_system(t)
    numbers = [p.number for p in t.players]
    hist = records.histories(numbers, game_records(t, up_to=played), system)
    for p in t.players:
        for r in range(1, played + 1):
            block = p.round(r)
            if block.opponent is None and block.result == "F":
                hist[p.number].pairing_byes -= 1  # asked for, not allocated by the pairing
    shift = 1 if initial_colour(t) == "b" else 0
    return NextRound(
        round_no=played + 1,
        players=[SwissPlayer(entry=n, rank=n + shift) for n in numbers],
        histories=hist,
        requested_byes=frozenset(p.number for p in t.players if not p.round(played + 1).is_empty),
    )


# --- formatting ---------------------------------------------------------------------------------


def format_player(p: TrfPlayer) -> str:
    """One ``001`` line; raises ValueError for a value that does not fit its columns."""
    points = "" if p.points is None else f"{p.points:.1f}"
    rating = "" if p.rating is None else str(p.rating)
    rank = "" if p.rank is None else str(p.rank)
    for value, width, what in (
        (str(p.number), 4, "start number"),
        (rating, 4, "rating"),
        (points, 4, "points"),
        (rank, 4, "rank"),
    ):
        if len(value) > width:
            raise ValueError(f"the {what} {value} does not fit in {width} columns")
    line = (
        f"001 {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:NAME_WIDTH]:<{NAME_WIDTH}} "
        f"{rating:>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth_date[:10]:<10} "
        f"{points:>4} {rank:>4}"
    )
    for block in p.rounds:
        if block.opponent is not None and block.opponent > 9999:
            raise ValueError(f"the start number {block.opponent} does not fit in 4 columns")
        line += "  " + block.text()
    return line.rstrip()


def format_trf(t: TrfTournament) -> str:
    """The file's text in the canonical layout (see the module docstring)."""
    lines = []
    for code, value in (
        (NAME, t.name),
        (START_DATE, t.start_date),
        (END_DATE, t.end_date),
        (PLAYER_COUNT, "" if t.player_count is None else str(t.player_count)),
        (TYPE, t.type),
    ):
        if value:
            lines.append(f"{code} {value}")
    lines.extend(line.rstrip() for line in t.extra)
    if t.rounds is not None:
        lines.append(f"{ROUNDS} {t.rounds}")
    if t.colours:
        lines.append(f"{COLOURS} {t.colours}")
    for code in POINT_CODES:
        if code in t.points:
            lines.append(f"{code} {t.points[code]:.1f}")
    lines.extend(format_player(p) for p in sorted(t.players, key=lambda p: p.number))
    return "".join(f"{line}\n" for line in lines)

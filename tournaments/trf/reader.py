"""Reading a TRF: ``parse`` checks every line and the pairs of blocks against each other."""

from __future__ import annotations

import re
from typing import Any

from .base import (
    ACCELERATION,
    BLOCK,
    BYE_CHARS,
    CODE,
    COLOUR_CHARS,
    COLOURS,
    DIGITS,
    DUMMY_CAP,
    DUMMY_CAP_WORD,
    END_DATE,
    FIRST_BLOCK,
    NAME,
    NUMBER,
    PLAYER,
    PLAYER_COUNT,
    POINT_CODES,
    POINTS,
    RESULT_CHARS,
    ROUNDS,
    SEPARATORS,
    START_DATE,
    TEXT_HEADERS,
    TIME_CONTROL,
    TYPE,
    TrfError,
    TrfPlayer,
    TrfRound,
    TrfTournament,
    _first_of,
    _pair_result,
    gettext_noop,
)


def parse(text: str) -> TrfTournament:
    """Read a TRF; raises ``TrfError`` naming the first malformed or inconsistent line."""
    t = TrfTournament()
    numbers: dict[int, int] = {}  # start number -> line
    accelerated: dict[int, int] = {}  # start number -> its XXA line
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
        elif code in (*TEXT_HEADERS, PLAYER_COUNT, ROUNDS, COLOURS, DUMMY_CAP, *POINT_CODES):
            _header(t, code, line, no)
        elif code == ACCELERATION:
            number, values = _acceleration(line, no)
            if number in accelerated:
                raise TrfError(
                    no,
                    gettext_noop(
                        "Player %(number)s has a second XXA line (first on line %(first)s)."
                    ),
                    {"number": number, "first": accelerated[number]},
                )
            accelerated[number] = no
            t.lines.setdefault(ACCELERATION, no)
            if values:
                t.acceleration[number] = values
        else:
            t.extra.append(line)
    if not t.players:
        raise TrfError(0, gettext_noop("The file has no player lines (line type 001)."))
    t.players.sort(key=lambda p: p.number)
    for number, line_no in accelerated.items():
        if number not in numbers:
            raise TrfError(
                line_no,
                gettext_noop("The XXA line names player %(number)s, who has no player line."),
                {"number": number},
            )
    _check_pairs(t)
    return t


def _acceleration(line: str, no: int) -> tuple[int, tuple[float, ...]]:
    """An ``XXA`` line: the start number in columns 5-8, then one 4-column field of points per
    round from column 10, a blank column between fields (an empty field is 0)."""
    number_text = line[4:8].strip()
    if line[3:4] != " " or line[8:9] not in ("", " ") or not DIGITS.fullmatch(number_text):
        raise TrfError(
            no,
            gettext_noop(
                "An XXA line needs the start number in columns 5-8, then the points of each "
                "round in 4 columns, a blank column between them."
            ),
        )
    values: list[float] = []
    for r, start in enumerate(range(9, len(line), 5), 1):
        field_text = line[start : start + 4].strip()
        separator = line[start + 4 : start + 5]
        if separator not in ("", " ") or (field_text and not POINTS.fullmatch(field_text)):
            raise TrfError(
                no,
                gettext_noop(
                    "XXA line, round %(round)s: “%(text)s” is not a number of points in its "
                    "4 columns."
                ),
                {"round": r, "text": line[start : start + 5].strip()},
            )
        values.append(float(field_text) if field_text else 0.0)
    while values and values[-1] == 0:
        values.pop()
    return int(number_text), tuple(values)


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
    elif code == TIME_CONTROL:
        t.time_control = value
    elif code == COLOURS:
        t.colours = " ".join(value.split())
    elif code == DUMMY_CAP:
        if value.casefold() != DUMMY_CAP_WORD:
            raise TrfError(
                no,
                gettext_noop(
                    "An XXU line must read “XXU capped” (the dummy opponents' scores capped, "
                    "FIDE tie-break regulations of 2026, article 16.4), not “%(text)s”."
                ),
                {"text": line[:40]},
            )
        t.dummy_cap = True
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

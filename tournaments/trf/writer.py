"""Writing a TRF in the canonical layout (see ``tournaments.trf``)."""

from __future__ import annotations

from .base import (
    ACCELERATION,
    COLOURS,
    DUMMY_CAP,
    DUMMY_CAP_WORD,
    END_DATE,
    NAME,
    NAME_WIDTH,
    PLAYER_COUNT,
    POINT_CODES,
    ROUNDS,
    START_DATE,
    TIME_CONTROL,
    TYPE,
    TrfPlayer,
    TrfTournament,
)


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


def format_acceleration(number: int, values: tuple[float, ...]) -> str:
    """One ``XXA`` line: the start number in columns 5-8, then each round's points in 4 columns
    (from column 10, one blank column between); raises ValueError for a value that does not fit.
    """
    if not 0 < number <= 9999:
        raise ValueError(f"the start number {number} does not fit in 4 columns")
    fields = [f"{v:.1f}" for v in values]
    for text in fields:
        if len(text) > 4 or text.startswith("-"):
            raise ValueError(f"the acceleration {text} does not fit in 4 columns")
    return (f"{ACCELERATION} {number:>4}" + "".join(f" {text:>4}" for text in fields)).rstrip()


def format_trf(t: TrfTournament) -> str:
    """The file's text in the canonical layout (see the ``tournaments.trf`` docstring)."""
    lines = []
    for code, value in (
        (NAME, t.name),
        (START_DATE, t.start_date),
        (END_DATE, t.end_date),
        (PLAYER_COUNT, "" if t.player_count is None else str(t.player_count)),
        (TYPE, t.type),
        (TIME_CONTROL, t.time_control),
    ):
        if value:
            lines.append(f"{code} {value}")
    lines.extend(line.rstrip() for line in t.extra)
    if t.rounds is not None:
        lines.append(f"{ROUNDS} {t.rounds}")
    if t.colours:
        lines.append(f"{COLOURS} {t.colours}")
    if t.dummy_cap:
        lines.append(f"{DUMMY_CAP} {DUMMY_CAP_WORD}")
    for code in POINT_CODES:
        if code in t.points:
            lines.append(f"{code} {t.points[code]:.1f}")
    lines.extend(format_acceleration(n, t.acceleration[n]) for n in sorted(t.acceleration))
    lines.extend(format_player(p) for p in sorted(t.players, key=lambda p: p.number))
    return "".join(f"{line}\n" for line in lines)

"""The chart of a game's evaluation, move by move: a server-rendered SVG (no JavaScript).

Two seats: one line, the evaluation for the first seat (an expected score from 0 to 1, or the
projected points difference in SOS *most*), above the middle when the first seat stands better.
Three or more seats: a line a seat (its projected final score, or in SOS *first* its expected
result where the analysis says it).
"""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.bidi import text_sentence
from games.engine.verdict import seat_value
from games.presenters import seat_colour

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 28


def series(
    positions: list[dict[str, Any]], *, players: int, points: bool
) -> list[list[tuple[int, float]]]:
    """For each charted seat, its ``(ply, value)`` points (a seat's unknown values left out)."""
    seats = [0] if players == 2 else list(range(players))
    out = []
    for seat in seats:
        line = []
        for ply, pos in enumerate(positions):
            value = seat_value(
                players=players, points=points, evaluation=pos["evaluation"], seat=seat
            )
            if value is not None:
                line.append((ply, value))
        out.append(line)
    return out


def chart_svg(
    positions: list[dict[str, Any]], *, players: int, points: bool, names: list[str]
) -> SafeString:
    """The SVG of the evaluation over the game (``names``: the players by seat)."""
    lines = series(positions, players=players, points=points)
    last = max(1, len(positions) - 1)
    values = [v for line in lines for _ply, v in line]
    if points and players == 2:
        top = max([2.0, *(abs(v) for v in values)])
        low, high = -top, top
    elif points:
        low, high = 0.0, max([2.0, *values])
    else:
        low, high = 0.0, 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(ply: int) -> float:
        return LEFT + plot_w * ply / last

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    if players == 2:
        what = _("points ahead: %(name)s") if points else _("expected score: %(name)s")
        title = text_sentence(what, {"name": names[0] if names else 1})
    else:
        title = _("final points of each player") if points else _("expected result of each player")
    parts = [
        f'<svg class="analysis-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} '
        f'{HEIGHT}" role="img" aria-labelledby="analysis-chart-title">',
        f'<title id="analysis-chart-title">{escape(title)}</title>',
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" class="chart-frame" '
        'fill="none" stroke="#999"/>',
    ]
    middle = (low + high) / 2 if not points or players == 2 else None
    ticks = [low, high] if middle is None else [low, middle, high]
    for tick in ticks:
        label = f"{tick:+g}" if points and players == 2 and tick else f"{tick:g}"
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            'stroke="#ccc" stroke-dasharray="3 3"/>'
            f'<text x="{LEFT - 4}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="11">'
            f"{escape(label)}</text>"
        )
    step = max(1, round(last / 8))
    for ply in range(0, last + 1, step):
        parts.append(
            f'<text x="{x(ply):.1f}" y="{HEIGHT - 10}" text-anchor="middle" font-size="11">'
            f"{ply}</text>"
        )
    for n, line in enumerate(lines):
        if not line:
            continue
        seat = 0 if players == 2 else n
        colour = seat_colour(seat)
        path = " ".join(f"{x(ply):.1f},{y(v):.1f}" for ply, v in line)
        parts.append(
            f'<polyline class="chart-line seat-{seat}" fill="none" stroke="{escape(colour)}" '
            f'stroke-width="2" points="{path}"/>'
        )
        for ply, v in line:
            parts.append(
                f'<circle cx="{x(ply):.1f}" cy="{y(v):.1f}" r="2.5" fill="{escape(colour)}">'
                f"<title>{ply}: {v:.2f}</title></circle>"
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))

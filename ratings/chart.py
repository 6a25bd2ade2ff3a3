"""A player's rating history as an inline SVG drawn by the server (no script, no image library).

One point per rating period the player played (rating after the period), joined by a line;
for Glicko-2 a band of ±2 deviations (Glickman's 95 % interval) behind it; the ratings on the
vertical axis, the periods' dates on the time axis; a ``<title>`` and a ``<desc>`` for screen
readers (``role="img"``). The drawing is 400 units wide and scales to its box, so its 12-unit
text stays readable on a 390 px phone.

**Right to left.** On a right-to-left page (Persian) the time axis runs from right to left —
the earliest period at the right, the rating axis on the right — as Persian readers read a
timeline and as Material Design's bidirectionality guidelines mirror time-based charts. Every
number and date is drawn ``direction="ltr"`` (a date "2026-03-31" never reads backwards), and
the list's name in the title is isolated (FSI … PDI).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.bidi import isolate
from ratings.models import RatingChange

WIDTH, HEIGHT = 400, 240
TOP, BOTTOM, AXIS, EDGE = 14, 34, 46, 14  # margins: top, bottom, the rating axis' side, other
BAND = 2  # the band: ± this many deviations


@dataclass(frozen=True)
class Point:
    label: str  # the period's date
    rating: float
    deviation: float | None


def points_of(history: Sequence[RatingChange]) -> list[Point]:
    """The chart's points: each period with a published rating after it."""
    return [
        Point(c.period_end.isoformat(), c.rating_after, c.deviation_after)
        for c in history
        if c.rating_after is not None
    ]


def _step(span: float) -> int:
    """A round tick step giving 3 to 6 ticks over ``span``."""
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 1000


def _range(points: Sequence[Point], band: bool) -> tuple[float, float, int]:
    lows = [p.rating - (BAND * p.deviation if band and p.deviation else 0) for p in points]
    highs = [p.rating + (BAND * p.deviation if band and p.deviation else 0) for p in points]
    low, high = min(lows), max(highs)
    step = _step(max(high - low, 40))
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


class _Frame:
    """Coordinates: periods along x (mirrored right to left), ratings along y."""

    def __init__(self, count: int, low: float, high: float, rtl: bool) -> None:
        self.count, self.low, self.high, self.rtl = count, low, high, rtl
        self.left, self.right = (EDGE, WIDTH - AXIS) if rtl else (AXIS, WIDTH - EDGE)

    def x(self, index: int) -> float:
        span = self.right - self.left
        offset = span * (index / (self.count - 1) if self.count > 1 else 0.5)
        return round(self.right - offset if self.rtl else self.left + offset, 1)

    def y(self, rating: float) -> float:
        share = (rating - self.low) / (self.high - self.low or 1)
        return round(HEIGHT - BOTTOM - share * (HEIGHT - TOP - BOTTOM), 1)


def _text(x: float, y: float, anchor: str, text: str, cls: str) -> str:
    return format_html(
        '<text x="{}" y="{}" text-anchor="{}" direction="ltr" class="{}">{}</text>',
        x,
        y,
        anchor,
        cls,
        text,
    )


def _axes(frame: _Frame, points: Sequence[Point], step: int) -> list[str]:
    out = []
    value = frame.low
    axis_x = frame.right if frame.rtl else frame.left
    label_x, anchor = (axis_x + 4, "start") if frame.rtl else (axis_x - 4, "end")
    while value <= frame.high + 0.01:
        y = frame.y(value)
        out.append(
            format_html(
                '<line x1="{}" x2="{}" y1="{}" y2="{}" class="chart-grid"/>',
                frame.left,
                frame.right,
                y,
                y,
            )
        )
        out.append(_text(label_x, y + 4, anchor, str(int(value)), "chart-label"))
        value += step
    shown = sorted({0, len(points) - 1, (len(points) - 1) // 2})
    for index in shown:
        x = frame.x(index)
        anchor = "middle"
        if index == 0 and len(points) > 1:
            anchor = "end" if frame.rtl else "start"
        elif index == len(points) - 1 and len(points) > 1:
            anchor = "start" if frame.rtl else "end"
        out.append(_text(x, HEIGHT - BOTTOM + 18, anchor, points[index].label, "chart-label"))
    return out


def _band(frame: _Frame, points: Sequence[Point]) -> str:
    upper = [
        (frame.x(i), frame.y(p.rating + BAND * (p.deviation or 0))) for i, p in enumerate(points)
    ]
    lower = [
        (frame.x(i), frame.y(p.rating - BAND * (p.deviation or 0))) for i, p in enumerate(points)
    ]
    if len(points) == 1:  # a single period: a bar as wide as a point
        (x, top), (_x, bottom) = upper[0], lower[0]
        upper, lower = [(x - 4, top), (x + 4, top)], [(x - 4, bottom), (x + 4, bottom)]
    coords = " ".join(f"{x},{y}" for x, y in [*upper, *reversed(lower)])
    return format_html('<polygon points="{}" class="chart-band"/>', coords)


def history_svg(
    history: Sequence[RatingChange], *, list_name: str, glicko: bool, rtl: bool, uid: str
) -> SafeString:
    """The chart of ``history`` (one list's changes, in period order); ``uid`` makes its
    element ids unique on the page. Empty when no period gave a published rating."""
    points = points_of(history)
    if not points:
        return mark_safe("")
    low, high, step = _range(points, glicko)
    frame = _Frame(len(points), low, high, rtl)
    title = _("Rating history on %(list)s") % {"list": isolate(list_name)}
    first, last = points[0], points[-1]
    desc = _("Rating periods: %(periods)s; from %(first)s on %(start)s to %(last)s on %(end)s.") % {
        "periods": len(points),
        "first": round(first.rating),
        "start": first.label,
        "last": round(last.rating),
        "end": last.label,
    }
    if glicko:
        desc += " " + _("The shaded band is the rating ± two deviations.")
    parts = [
        format_html('<title id="{}-title">{}</title>', uid, title),
        format_html('<desc id="{}-desc">{}</desc>', uid, desc),
        *_axes(frame, points, step),
    ]
    if glicko:
        parts.append(_band(frame, points))
    coords = " ".join(f"{frame.x(i)},{frame.y(p.rating)}" for i, p in enumerate(points))
    parts.append(format_html('<polyline points="{}" class="chart-line"/>', coords))
    for i, p in enumerate(points):
        parts.append(
            format_html(
                '<circle cx="{}" cy="{}" r="3.5" class="chart-point" data-rating="{}">'
                "<title>{}: {}</title></circle>",
                frame.x(i),
                frame.y(p.rating),
                round(p.rating),
                p.label,
                round(p.rating),
            )
        )
    direction = "rtl" if rtl else "ltr"
    head = format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" role="img" '
        'class="rating-chart" id="{}" aria-labelledby="{}-title {}-desc" direction="{}" '
        'data-direction="{}" preserveAspectRatio="xMidYMid meet">',
        WIDTH,
        HEIGHT,
        uid,
        uid,
        uid,
        direction,
        direction,
    )
    return mark_safe(head + "".join(str(p) for p in parts) + "</svg>")

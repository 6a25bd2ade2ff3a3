"""The engine's verdict in words: on the arbiter's engine page (``tournaments.web.engine_views``)
and with a decision's record (``tournaments.templatetags.engine_tags``). What the record keeps of
the analysis is ``tournaments.acts.engine_verdict.engine_record``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import analysis, kinds
from games.engine.verdict import ADVANTAGE, CLEAR_POINTS, CLEAR_SCORE, MIN_VISITS, PROVEN
from tournaments.core import vocabulary as V

METHODS = {
    "solved": gettext_lazy("exact solver"),
    "mcts": gettext_lazy("Monte Carlo tree search"),
    "search": gettext_lazy("heuristic search"),
}
RESULT_OF_WINNERS = {(0,): V.WIN, (): V.DRAW, (1,): V.LOSS}


def seat_label(game_kind: str, seat: int, names: dict[int, str] | None = None) -> str:
    """``Alice (X)`` / ``seat 2``: how a verdict names a seat."""
    name = (names or {}).get(seat)
    mark = kinds.get(game_kind).seat_mark(seat) if kinds.known(game_kind) else ""
    if name:
        return f"{name} ({mark})" if mark else name
    label = _("seat %(number)s") % {"number": seat + 1}
    return f"{label} ({mark})" if mark else label


def verdict_text(
    record: dict[str, Any],
    *,
    kind: str,
    names: dict[int, str] | None = None,
    points: bool = False,
) -> str:
    """The engine's verdict in one translated sentence (the arbiter's page and the record)."""
    verdict = record.get("verdict") or {}
    winners = verdict.get("winners")
    if verdict.get("kind") == PROVEN:
        if not winners:
            return _("Proven result: a draw.")
        who = ", ".join(seat_label(kind, w, names) for w in winners)
        return _("Proven result: %(who)s wins.") % {"who": who}
    if verdict.get("kind") == ADVANTAGE and winners:
        who = ", ".join(seat_label(kind, w, names) for w in winners)
        if points:
            return _(
                "Clear advantage: %(who)s (a projected lead of %(points)s points or more; an "
                "estimate of the engine's search, not a proof)."
            ) % {"who": who, "points": f"{CLEAR_POINTS:g}"}
        return _(
            "Clear advantage: %(who)s (the engine expects at least %(score)s of a point for them, "
            "a win counting 1 and a draw ½, after at least %(visits)s passes of its search "
            "through its move; an estimate, not a proof)."
        ) % {"who": who, "score": f"{CLEAR_SCORE:g}", "visits": MIN_VISITS}
    return _(
        "Unclear: the engine sees no clear advantage (no side reaches the thresholds of a clear "
        "advantage, or its search was too short to say)."
    )


def figures_text(
    record: dict[str, Any],
    *,
    kind: str,
    points: bool,
    players: int,
    names: dict[int, str] | None = None,
) -> str:
    """The evaluation's figures (for the seat to move) and the engine's search, translated."""
    ev = record.get("evaluation") or {}
    if not ev:
        return ""
    seat = int(ev.get("seat", 0))
    described = analysis.describe(ev, points=points, seat=seat, players=players)
    text = _(
        "For %(who)s (to move): %(value)s. Best move %(best)s; line %(line)s. "
        "%(engine)s, %(budget)s s, %(nodes)s nodes."
    ) % {
        "who": seat_label(kind, seat, names),
        "value": described,
        "best": record.get("best_move") or "—",
        "line": " ".join(record.get("line") or []) or "—",
        "engine": METHODS.get(ev.get("method", ""), "—"),
        "budget": record.get("budget_seconds"),
        "nodes": record.get("nodes"),
    }
    if ev.get("visits") is not None:
        text += " " + _("%(visits)s passes of the search went through the best move.") % {
            "visits": ev["visits"]
        }
    if record.get("wall_seconds") is not None:
        text += " " + _(
            "The verdict took %(wall)s s of wall time, after %(queued)s s in the queue."
        ) % {"wall": record["wall_seconds"], "queued": record.get("queued_seconds") or 0}
    return text


def suggested_result(record: dict[str, Any]) -> str | None:
    """The two-seat result the verdict suggests (``None`` when unclear)."""
    verdict = record.get("verdict") or {}
    winners = verdict.get("winners")
    if verdict.get("kind") not in (PROVEN, ADVANTAGE) or winners is None:
        return None
    return RESULT_OF_WINNERS.get(tuple(winners))

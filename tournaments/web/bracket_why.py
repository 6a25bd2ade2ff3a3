"""The "why this pairing" of a knockout's match (issue 29), as the Swiss pairings explain
theirs: the rule that seeded the cup, then the match's place in the bracket ("seed 1 against
seed 8: the standard bracket order")."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.acts import cup
from tournaments.formats import Seeding
from tournaments.pairing.knockout_bracket import BYE, GRAND_FINAL, LOSERS, SEED, THIRD_PLACE, WINNER


def seeding_reason(view: cup.CupView) -> str:
    """The rule that made the seeds."""
    rule = view.cup.seeding
    if rule == Seeding.RATING:
        return _("The cup is seeded by rating: the highest rated is seed 1, the unrated last.")
    if rule == Seeding.RANK:
        return _("The cup is seeded by starting rank: the first of the list is seed 1.")
    if rule == Seeding.DRAW:
        return _(
            "The cup is seeded by draw (its random seed %(seed)s makes the same draw again)."
        ) % {"seed": view.cup.draw_seed}
    return _("The cup is seeded from the previous stage's standings.")


def position_reason(view: cup.CupView, m: cup.MatchView) -> str:
    """Why these two slots meet: the bracket order, a bye, the bracket carrying winners on,
    the losers' bracket, the grand final, the third-place match."""
    first, second = m.match.sources
    if m.match.side == THIRD_PLACE:
        return _("The semi-finals' losers play for third place.")
    if m.match.side == GRAND_FINAL:
        if m.match.if_needed:
            return _("A second grand final: the losers' bracket winner won the first one.")
        return _("The winners' bracket winner against the losers' bracket winner.")
    if first.kind == SEED and second.kind == BYE:
        return _(
            "Seed %(seed)s has a bye: when the field is not a power of two, the top seeds "
            "get the byes."
        ) % {"seed": first.ref}
    if first.kind == SEED and second.kind == SEED:
        return _(
            "Seed %(first)s against seed %(second)s: the standard bracket order (every "
            "first-round pair adds up to %(sum)s, so the top seeds can meet only late)."
        ) % {"first": first.ref, "second": second.ref, "sum": view.bracket.size + 1}
    pair = {"first": view.source_text(first), "second": view.source_text(second)}
    if m.match.side == LOSERS:
        return (
            _(
                "%(first)s against %(second)s: the losers' bracket (a first loss drops a player "
                "here, a second puts him out)."
            )
            % pair
        )
    if first.kind == WINNER and second.kind == WINNER:
        return _("%(first)s against %(second)s: the bracket carries each winner on.") % pair
    return _("%(first)s against %(second)s.") % pair


def reasons(view: cup.CupView, m: cup.MatchView) -> list[str]:
    """The match's "why this pairing", plain text."""
    return [seeding_reason(view), position_reason(view, m)]

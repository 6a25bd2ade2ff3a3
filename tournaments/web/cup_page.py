"""A knockout on the tournament and round pages: its matches as a list per round (where each
player came from, the games and the score, how the match stands) and its seeding. The
arbiter's acts of a cup are in ``cup_views``; the drawn bracket is
another page (``bracket_page``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.bidi import html_sentence
from tournaments import pairing
from tournaments.acts import cup
from tournaments.models import Entry, KnockoutMatch, Pairing, Round, Tournament
from tournaments.pairing.knockout_match import DECIDER, REGULAR, TIEBREAK
from tournaments.web import bracket_why

DECIDED = {
    REGULAR: gettext_noop("%(name)s wins the match"),
    TIEBREAK: gettext_noop("%(name)s wins in the tie-break games"),
    pairing.ARMAGEDDON: gettext_noop("%(name)s wins by armageddon"),
    pairing.SUDDEN_DEATH: gettext_noop("%(name)s wins by sudden death"),
    pairing.LOT: gettext_noop("%(name)s goes on by lot"),
}


@dataclass
class Slot:
    entry: Entry | None
    source: str  # where the player came from ("winner of match 5")


@dataclass
class MatchLine:
    """One match as the pages list it."""

    number: int
    slots: tuple[Slot, Slot]
    games: list[Pairing] = field(default_factory=list)
    score: tuple[float, float] | None = None
    tiebreak: tuple[float, float] | None = None
    text: str = ""
    lot: bool = False  # level, waiting for the arbiter to draw lots
    row: KnockoutMatch | None = None
    reasons: list[str] = field(default_factory=list)  # "why this pairing"

    @property
    def clearable(self) -> bool:
        """Has the match a result the arbiter may clear (a game's, a lot drawn)?"""
        drawn = self.row is not None and self.row.lot_winner is not None
        return drawn or any(g.result for g in self.games)


def _named(text: str, entry: Entry | None) -> str:
    """A sentence with the player's name in ``<bdi>`` (safe HTML)."""
    return html_sentence(text, {"name": entry.player.name if entry is not None else ""})


def _text(view: cup.CupView, m: cup.MatchView) -> tuple[str, bool]:
    """How the match stands, in words; and whether it waits for lots."""
    st = m.status
    winner = view.entrant(st.winner) if st.winner else None
    if m.problem:
        return m.problem, False
    if st.status == "bye":
        return _named(_("Bye: %(name)s goes on"), winner), False
    if st.status == "walkover":
        if winner is None:
            return _("Walkover: both players withdrew, nobody goes on"), False
        return _named(_("Walkover: %(name)s goes on"), winner), False
    if st.status == "not_needed":
        return _("Not needed"), False
    state = m.state
    if state is None:
        return (_("Waiting for its players") if m.row is None else ""), False
    if state.decided:
        return _named(_(DECIDED[state.decided_by or REGULAR]), winner), False
    if state.next_game is None:
        return _("Level: lots are to be drawn"), True
    texts = {
        REGULAR: _("Game %(number)s to play"),
        TIEBREAK: _("Tie-break: game %(number)s to play"),
        DECIDER: _("Decider: game %(number)s to play"),
    }
    return texts[state.stage] % {"number": state.next_game}, False


def match_lines(view: cup.CupView, m: cup.MatchView) -> MatchLine:
    st = m.status
    slots = tuple(
        Slot(view.entrant(seed), view.source_text(source))
        for seed, source in zip((st.first, st.second), m.match.sources, strict=True)
    )
    text, lot = _text(view, m)
    state = m.state
    return MatchLine(
        number=m.number,
        slots=(slots[0], slots[1]),
        games=m.games,
        score=state.score if state else None,
        tiebreak=state.tiebreak_score if state and view.options.tiebreak_games else None,
        text=text,
        lot=lot,
        row=m.row,
        reasons=bracket_why.reasons(view, m),
    )


def cup_rounds(t: Tournament, rnd: Round | None = None) -> list[tuple[int, list[MatchLine]]]:
    """The paired matches of ``t`` round by round (of ``rnd`` only, when given)."""
    view = cup.read_cup(t)
    if view is None:
        return []
    numbers = {r.pk: r.number for r in t.round_set.all()}
    out: dict[int, list[MatchLine]] = {}
    for m in view.matches.values():
        if m.row is None or (rnd is not None and m.row.round_id != rnd.pk):
            continue
        out.setdefault(numbers[m.row.round_id], []).append(match_lines(view, m))
    return sorted(out.items())


def cup_context(t: Tournament, rnd: Round | None = None) -> dict[str, object]:
    """What the tournament and round pages show of a knockout (nothing for another format)."""
    if not t.format_entry.plays_matches:
        return {}
    view = cup.read_cup(t)
    seeding = view.seeding_text() if view is not None else ""
    return {
        "cup_rounds": cup_rounds(t, rnd),
        "cup_seeds": [view.entries[pk] for pk in view.cup.seeds] if view else [],
        "cup_seeding": seeding,
        "cup_draw_seed": view.cup.draw_seed if view else None,
        "cup_reseed": not t.round_set.exists() and t.previous_stage_id is None,
    }

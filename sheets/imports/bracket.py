"""Reading a knockout's bracket sheet back (issue 29): the scores typed into its matches, and the
players carried right into the next round's slots and the champion's cell.

Read after every other sheet (``reconcile`` done), so that a match's games stand as the site has
them with the round, match and board sheets' changes; the bracket only adds to that:

- **A score cell** (``bracket_score``: what it may say) that still shows the site's score, or is
  empty, says nothing (it gives way to the other sheets, as a round sheet's unchanged result
  does). A changed score stands for the results of the match's games that have none yet, when
  it says them (one way only: ``2-0``, or the one game left); those are planned as
  ``MatchGames`` and entered game by game, each next game made by the cup as usual. A score that
  does not say which game each player won, that the games already written exceed or contradict
  (a conflict with a match or round sheet names both cells), that the match cannot reach, of a
  match not paired yet, of a bye or a walkover: an error at the cell.
- **A name cell** that still says where its player comes from ("winner of match 5", in any of
  the site's languages), or is empty, says nothing. A name must be the player the bracket gives
  that slot once the import's results are in: a player carried right who did not win (or who
  won a match whose score is still open), a seed written into another seed's slot, a champion
  who did not win the final — each an error at the cell.
- The bracket is found where the export draws it (``workbooks.knockout.bracket_places``); a
  sheet whose match numbers are elsewhere is refused as drawn for another bracket.
"""

from __future__ import annotations

from dataclasses import replace

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from games.bidi import isolate
from sheets import layout as L
from sheets.boards.record import to_int
from sheets.imports import bracket_score as S
from sheets.imports.context import Context
from sheets.imports.plan import MatchGames
from sheets.imports.reconcile import paper
from sheets.workbooks.knockout import bracket_places, match_title
from sheets.xlsx.reader import ErrorValue, MissingValue, SheetData
from sheets.xlsx.writer import col
from tournaments import pairing
from tournaments.acts import cup
from tournaments.models.knockout import BOTH_WITHDRAWN
from tournaments.pairing.knockout_bracket import LOSER, WINNER

Games = dict[int, list[str]]  # match number → its games' results, in order


def read_bracket(ctx: Context, sheet: SheetData) -> None:
    """Plan what the bracket sheet ``sheet`` adds to the knockout (see the module's docstring)."""
    if not ctx.t.format_entry.plays_matches:
        return
    view = cup.read_cup(ctx.t)
    if view is None:
        return
    places = bracket_places(view)
    for number, (row, column) in sorted(places.matches.items()):
        if to_int(sheet.get(row, column)) != number:
            message = _(
                "Match %(number)s belongs here on the site's bracket: this sheet is drawn for "
                "another bracket. Download the workbook again and type the scores into it."
            )
            ctx.error(sheet.title, _ref(row, column), message % {"number": number})
            return
    games, cells = _games(ctx, view)
    for number, (row, column) in sorted(places.matches.items()):
        _score(ctx, sheet, view, view.matches[number], (row, column + 2), games, cells)
    state = _projected(view, games)
    if state is None:
        return  # the results change who plays later: the cup refuses it on apply, naming why
    for number, (row, column) in sorted(places.matches.items()):
        for side in (0, 1):
            _slot(ctx, sheet, view, state, view.matches[number], side, (row + side, column + 1))
    if places.champion is not None:
        _champion(ctx, sheet, view, state, places.champion)


def _ref(row: int, column: int) -> str:
    return f"{col(column)}{row}"


def _value(ctx: Context, sheet: SheetData, row: int, column: int) -> object:
    value = sheet.get(row, column)
    if isinstance(value, MissingValue | ErrorValue):
        ctx.error(sheet.title, _ref(row, column), _("Type the value into this cell."))
        return None
    return value


def _games(ctx: Context, view: cup.CupView) -> tuple[Games, dict[int, list[str]]]:
    """Each paired match's game results as the other sheets leave them (the site's, with their
    changes), up to its first game without one; and the cells of the changes, by match."""
    changed: dict[int, tuple[str, str]] = {}
    for game in ctx.plan.games:
        if game.result:
            changed[game.pairing_id] = (game.result, game.sheet)
    for result in ctx.plan.results:
        changed[result.pairing_id] = (result.new, f"{result.sheet}!{result.cell}")
    games: Games = {}
    cells: dict[int, list[str]] = {}
    for number, m in view.matches.items():
        if m.row is None or m.row.second_id is None:
            continue
        codes: list[str] = []
        for p in m.games:
            code, cell = changed.get(p.pk, (p.result, ""))
            if not code:
                break
            codes.append(code)
            if cell:
                cells.setdefault(number, []).append(cell)
        games[number] = codes
    return games, cells


def _site_score(m: cup.MatchView) -> S.Score | None:
    if m.row is not None and m.row.walkover_winner in (0, 1):
        return S.Score(walkover=m.row.walkover_winner)
    return S.of_state(m.state) if m.state is not None else None


def _score(
    ctx: Context,
    sheet: SheetData,
    view: cup.CupView,
    m: cup.MatchView,
    at: tuple[int, int],
    games: Games,
    cells: dict[int, list[str]],
) -> None:
    """Match ``m``'s score cells (the upper at ``at``, the lower below it)."""
    row, column = at
    cell = _ref(row, column)
    upper, lower = _value(ctx, sheet, row, column), _value(ctx, sheet, row + 1, column)
    try:
        typed = S.parse(upper, lower)
    except S.BadScore as err:
        ctx.error(sheet.title, cell, str(err), "bad_result")
        return
    if typed is None or typed == _site_score(m):
        return  # empty, or the site's score: the bracket says nothing new
    refused = _refused(m, typed)
    if refused:
        ctx.error(sheet.title, cell, refused % {"number": m.number}, "bad_result")
        return
    assert m.row is not None and m.row.second_id is not None
    known = games[m.number]
    if _earlier(view, known, typed):
        message = _(
            "%(where)s: the score %(score)s of match %(number)s is older than its games "
            "(%(games)s): the games' results are kept."
        )
        where = f"{sheet.title}!{cell}"
        ctx.plan.warnings.append(
            message
            % {
                "where": where,
                "score": typed.text(),
                "number": m.number,
                "games": _known_score(view, known),
            }
        )
        return
    ways = S.games_for(view.options.rules, known, typed)
    params = {"number": m.number, "score": typed.text(), "sheet": match_title(m.number)}
    if len(ways) > 1:
        message = _(
            "The score %(score)s does not say which games of match %(number)s each player "
            "won: type the games' results into its sheet, “%(sheet)s”."
        )
        ctx.error(sheet.title, cell, message % params, "bad_result")
        return
    if not ways:
        ctx.error(sheet.title, cell, _unreachable(view, known, typed, cells.get(m.number), params))
        return
    nxt = m.games[len(known)] if len(m.games) > len(known) else None
    if ways[0] and nxt is not None and not paper(nxt):
        message = _(
            "This game is being played on the site: its result comes from the board "
            "(or from adjudication on the arbiter's page of the game)."
        )
        ctx.error(sheet.title, cell, message, "game_in_progress")
        return
    if ways[0]:
        games[m.number] = [*known, *ways[0]]
        ctx.plan.matches.append(
            MatchGames(
                sheet=sheet.title,
                cell=cell,
                match=m.number,
                match_id=m.row.pk,
                first=view.entries[m.row.first_id].player.name,
                second=view.entries[m.row.second_id].player.name,
                old=_known_score(view, known),
                new=typed.text(),
                known=tuple(known),
                games=ways[0],
            )
        )


def _refused(m: cup.MatchView, typed: S.Score) -> str:
    """Why match ``m`` takes no score from the bracket (``""`` when it may)."""
    if m.row is None:
        return _("Match %(number)s is not paired on the site yet: pair its round first.")
    if m.row.second_id is None:
        return _("Match %(number)s is a bye: it has no score.")
    if m.row.walkover_winner is not None:
        return _("Match %(number)s was a walkover: its score does not change.")
    if typed.walkover is not None:
        return _(
            "A walkover comes from a withdrawal on the site, not from the bracket: a forfeited "
            "game goes into the sheet of match %(number)s."
        )
    if m.problem:
        return m.problem.replace("%", "%%")
    return ""


def _earlier(view: cup.CupView, known: list[str], typed: S.Score) -> bool:
    """Is ``typed`` the score the match had before its last games (a bracket downloaded before
    them, or left as it was while the match sheet was filled in)? It then gives way."""
    for count in range(len(known)):
        try:
            state = pairing.match_state(view.options.rules, known[:count])
        except pairing.KnockoutError:
            return False
        if S.of_state(state) == typed:
            return True
    return False


def _known_score(view: cup.CupView, known: list[str]) -> str:
    try:
        return S.of_state(pairing.match_state(view.options.rules, known)).text()
    except pairing.KnockoutError:
        return "…"


def _unreachable(
    view: cup.CupView, known: list[str], typed: S.Score, cells: list[str] | None, params: dict
) -> str:
    """Why no games give ``typed``: the games written already (on the site, or in a sheet whose
    cells are ``cells``) stand otherwise, or the match cannot end so."""
    rules = view.options.rules
    if not known or not S.games_for(rules, [], typed):
        message = _(
            "Match %(number)s cannot stand %(score)s: a match of %(games)s game(s) (then "
            "%(tiebreak)s tie-break game(s) if level) ends as soon as it is won."
        )
        return message % {**params, "games": rules.games, "tiebreak": rules.tiebreak_games}
    params = {**params, "games": _known_score(view, known)}
    if cells:
        message = _(
            "The bracket gives match %(number)s as %(score)s, but the results written in "
            "%(cells)s make it %(games)s."
        )
        return message % {**params, "cells": ", ".join(cells)}
    message = _(
        "The bracket gives match %(number)s as %(score)s, but its games on the site make it "
        "%(games)s: a game's result is corrected in the sheet “%(sheet)s”."
    )
    return message % params


def _projected(view: cup.CupView, games: Games) -> pairing.BracketState | None:
    """The bracket once the import's results are in (``None`` if they change who played a later
    match: the cup refuses that when it is applied)."""
    results: dict[int, pairing.Outcome] = {}
    gone: set[int] = set()
    for number, m in view.matches.items():
        if m.row is None:
            continue
        if m.row.walkover_winner == BOTH_WITHDRAWN:
            gone |= {view.seed_of(e) for e in (m.row.first_id, m.row.second_id)}
        state = m.state
        if number in games and m.row.walkover_winner is None:
            try:
                state = pairing.match_state(
                    view.options.rules, games[number], lot_winner=m.row.lot_winner
                )
            except pairing.KnockoutError:
                return None
        decided = cup.outcome(replace(m, state=state), view.cup.seeds)
        if decided is not None:
            results[number] = decided
    try:
        return pairing.advance(view.bracket, results, withdrawn=gone)
    except pairing.KnockoutError:
        return None


def _source_forms(view: cup.CupView, source: pairing.Source) -> set[str]:
    """What a slot says while its player is not known, in each of the site's languages."""
    forms = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            forms.add(L.norm(view.source_text(source)))
            forms.add(L.norm(L.t(L.BYE)))
    return forms


def _slot(
    ctx: Context,
    sheet: SheetData,
    view: cup.CupView,
    state: pairing.BracketState,
    m: cup.MatchView,
    side: int,
    at: tuple[int, int],
) -> None:
    """A slot's name cell: empty, its source's words, or the player the bracket gives it."""
    written = _value(ctx, sheet, *at)
    if written is None:
        return
    source = m.match.sources[side]
    status = state.matches[m.number]
    entry = view.entrant((status.first, status.second)[side])
    if entry is not None and L.norm(written) == L.norm(entry.player.name):
        return
    if L.norm(written) in _source_forms(view, source):
        return
    params = {"name": isolate(str(written)), "number": m.number, "source": source.ref}
    if entry is None and source.kind in (WINNER, LOSER):
        message = _(
            "%(name)s is carried into match %(number)s, but match %(source)s is not decided "
            "yet (a level match's decider goes into its match sheet)."
        )
    elif entry is None:
        message = _("Nobody plays in this slot of match %(number)s, not %(name)s.")
    elif source.kind == WINNER:
        message = _(
            "%(name)s did not win match %(source)s: %(player)s goes on to match %(number)s."
        )
    elif source.kind == LOSER:
        message = _(
            "%(name)s did not lose match %(source)s: %(player)s drops into match %(number)s."
        )
    else:
        message = _("This slot of match %(number)s belongs to %(player)s, not to %(name)s.")
    player = isolate(entry.player.name) if entry is not None else ""
    ctx.error(sheet.title, _ref(*at), message % {**params, "player": player}, "wrong_player")


def _champion(
    ctx: Context,
    sheet: SheetData,
    view: cup.CupView,
    state: pairing.BracketState,
    at: tuple[int, int],
) -> None:
    written = _value(ctx, sheet, *at)
    if written is None:
        return
    champion = view.entrant(state.champion)
    if champion is not None and L.norm(written) == L.norm(champion.player.name):
        return
    params = {"name": isolate(str(written))}
    if champion is None:
        message = _("%(name)s is written as the champion, but the final is not decided.")
    else:
        params["player"] = isolate(champion.player.name)
        message = _("%(name)s did not win the cup: %(player)s did.")
    ctx.error(sheet.title, _ref(*at), message % params, "wrong_player")

"""One game's board sheet in: a casual game played on paper recorded from its sheet, or a game
of the site completed from its sheet — read and checked first (``GamePlan``, nothing written),
then applied in one transaction through the games services (``create_game``, ``record_moves``,
``record_final_position``) and, for a result the rules left open, ``tournaments.acts.decisions``
with source *import*. A tournament game's sheet goes through the tournament import instead
(:func:`sheets.services.read_game_sheet`)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from games import player_services
from games import services as game_services
from games.authority import is_arbiter_member, may_arbitrate_game
from games.bidi import isolate
from games.errors import GameError
from games.models import Game, Player
from sheets import layout as L
from sheets.boards.read import BoardRecord
from sheets.errors import ImportRefused, SheetError
from sheets.imports import gameio, notes
from tournaments.acts import decisions
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import RecordReason, ResultSource


@dataclass
class GamePlan:
    """What one board sheet would write: a new paper game (``game_id`` None) or more of one."""

    sheet: str
    kind: str | None
    options: dict
    names: tuple[str, ...] = ()
    player_ids: tuple[int | None, ...] = ()  # existing players; None: created
    game_id: int | None = None
    start_ply: int = 0
    moves: tuple[str, ...] = ()
    position: tuple[str, ...] | None = None
    winners: tuple[int, ...] | None = None  # a final position's result
    scores: tuple[int, ...] = ()
    decide: tuple[int, ...] | None = None  # stated on a move list the rules left open
    result: tuple[int, ...] | None = None  # the winners once written (None: unfinished)
    # A paper game: a game already on the site that this sheet records (the same players in the
    # same seats, the same rules and the same moves or final position and result) — the sheet
    # uploaded twice, most likely. Applying it needs the arbiter's word (``again``).
    same_as: int | None = None
    errors: list[SheetError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def empty(self) -> bool:
        return self.game_id is not None and not (
            self.moves or self.position is not None or self.decide is not None
        )

    @property
    def result_text(self) -> str:
        if self.result is None:
            return ""
        if len(self.names) == 2:
            return V.notation(V.of_winners(self.result))
        if not self.result:
            return L.t(L.DRAW)
        return ", ".join(self.names[s] for s in self.result)

    @property
    def repeat_message(self) -> str:
        """Why the preview asks before recording this paper game (``""`` if it does not)."""
        return already_recorded(self.same_as) if self.same_as is not None else ""

    @property
    def names_and_players(self) -> list[tuple[str, int | None]]:
        return list(zip(self.names, self.player_ids, strict=False))

    def digest(self) -> str:
        payload = asdict(self)
        payload.pop("errors")
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:32]


def already_recorded(number: int) -> str:
    """Why a paper game's sheet is not recorded a second time without the arbiter's word."""
    return _(
        "This game is on the site already (game %(number)s): this sheet was recorded before. "
        "Record it again only if it is another game with the same moves."
    ) % {"number": number}


def _error(plan: GamePlan, rec: BoardRecord, cell: str, message: str) -> None:
    plan.errors.append(SheetError(rec.sheet, cell, message))


def _outcome(plan: GamePlan, rec: BoardRecord) -> None:
    """The moves, final position or stated result of ``rec`` into ``plan``."""
    if rec.final_position:
        plan.position = tuple(rec.position)
        plan.winners = rec.winners
        plan.scores = tuple(rec.scores or ())
        plan.result = rec.winners
        return
    if rec.winner_conflict is not None:
        plan.errors.append(rec.winner_conflict)
    if rec.outcome is not None:
        plan.result = rec.outcome.winners
    elif rec.winners is not None and rec.moves:
        plan.decide = plan.result = rec.winners


def plan_paper_game(rec: BoardRecord) -> GamePlan:
    """A new casual game from a filled-in board sheet (with or without a move list)."""
    plan = GamePlan(rec.sheet, rec.kind, dict(rec.options), errors=list(rec.errors))
    if rec.kind is None:
        return plan
    number = rec.details.get("game")
    if number and number[0] is not None and Game.objects.filter(pk=number[0]).exists():
        _error(
            plan,
            rec,
            number[1],
            _("This is the sheet of game %(number)s: import it on that game's page.")
            % {"number": number[0]},
        )
    if rec.empty:
        _error(plan, rec, "B2", _("The sheet has neither moves nor a final position."))
    ids: list[int | None] = []
    seen: set[str] = set()
    for seat in rec.seats:
        key = L.norm(seat.name)
        if key in seen:
            _error(plan, rec, f"B{seat.row}", _("A player can take only one seat in a game."))
        seen.add(key)
        found = [p for p in Player.objects.filter(name__iexact=seat.name.strip())]
        if len(found) > 1:
            _error(
                plan,
                rec,
                f"B{seat.row}",
                _("Several players on the site are called “%(name)s”.")
                % {"name": isolate(seat.name)},
            )
        if not found:  # a new player: his name is checked as the service will check it
            try:
                player_services.player_name(seat.name)
            except ValueError as err:
                _error(plan, rec, f"B{seat.row}", str(err))
        ids.append(found[0].pk if len(found) == 1 else None)
    plan.names = tuple(s.name for s in rec.seats)
    plan.player_ids = tuple(ids)
    plan.moves = tuple(rec.moves)
    _outcome(plan, rec)
    if not plan.errors:
        plan.same_as = _recorded_before(plan)
    return plan


def _recorded_before(plan: GamePlan) -> int | None:
    """The game on the site that ``plan`` (a new paper game) would repeat, or ``None``: the same
    players in the same seats, rules, and moves — or, without moves, final position and
    result."""
    if not plan.player_ids or None in plan.player_ids:
        return None  # a player would be created: no game of the site has them
    try:
        options = game_services.validate_game_options(
            plan.kind or "", plan.options, len(plan.player_ids)
        )
    except (GameError, ValueError):
        return None  # refused on apply anyway
    games = Game.objects.filter(kind=plan.kind, over_the_board=True)
    for seat, pid in enumerate(plan.player_ids):
        games = games.filter(seats__number=seat, seats__player_id=pid)
    if plan.position is not None:
        games = games.filter(ply=0, final_position=list(plan.position))
    else:
        games = games.filter(ply=len(plan.moves))
    seats = len(plan.player_ids)
    for game in games.prefetch_related("moves", "seats").order_by("pk"):
        if len(game.seats.all()) != seats or dict(game.options) != dict(options):
            continue
        if plan.position is not None:
            if tuple(game.winners or ()) == tuple(plan.winners or ()):
                return game.pk
        elif tuple(game.moves_list) == plan.moves and (
            plan.decide is None or tuple(game.winners or ()) == plan.decide
        ):
            return game.pk
    return None


def plan_game_sheet(rec: BoardRecord, game: Game) -> GamePlan:
    """What the sheet adds to ``game`` (a casual game of the site): more moves, a final position,
    or a stated result the rules left open. What differs from the site is an error."""
    names = list(game.seats.order_by("number").values_list("player__name", flat=True))
    plan = GamePlan(rec.sheet, rec.kind, dict(rec.options), tuple(names), game_id=game.pk)
    plan.errors = list(rec.errors)
    if rec.kind is None:
        return plan
    number = rec.details.get("game")
    if number and number[0] is not None and number[0] != game.pk:
        _error(
            plan,
            rec,
            number[1],
            _("This is the sheet of game %(number)s, not of game %(this)s.")
            % {"number": number[0], "this": game.pk},
        )
    for seat, want in zip(rec.seats, names, strict=False):
        if L.norm(seat.name) != L.norm(want):
            _error(
                plan, rec, f"B{seat.row}", _("This seat is %(name)s's.") % {"name": isolate(want)}
            )
    ended = game.winners is not None
    site = game.moves_list
    if rec.final_position:
        if game.ply or ended:
            same = list(game.final_position or []) == rec.position and not game.ply
            if not same:
                message = _(
                    "The site has another record of this game: its moves or final position differ."
                )
                _error(plan, rec, "B2", message)
            return plan
        _outcome(plan, rec)
        return plan
    if rec.moves[: len(site)] != site:
        i = next(
            (k for k, (a, b) in enumerate(zip(rec.moves, site, strict=False)) if a != b),
            len(rec.moves),
        )
        cell = rec.move_cells[i] if i < len(rec.move_cells) else rec.winner_cell
        if i < len(rec.moves):
            message = _("On the site, move %(number)s of this game is %(move)s.") % {
                "number": i + 1,
                "move": site[i],
            }
        else:
            message = _("The site has %(site)s moves of this game; the sheet only %(sheet)s.") % {
                "site": len(site),
                "sheet": len(rec.moves),
            }
        _error(plan, rec, cell, message)
        return plan
    plan.start_ply = len(site)
    plan.moves = tuple(rec.moves[len(site) :])
    if ended:
        if plan.moves:
            _error(
                plan,
                rec,
                rec.move_cells[len(site)],
                _("This game is over on the site: no more moves can be added."),
            )
        elif rec.winners is not None and tuple(rec.winners) != tuple(game.winners):
            _error(
                plan,
                rec,
                rec.winner_cell,
                _("This game is decided otherwise on the site: correct it through adjudication."),
            )
        plan.result = tuple(game.winners)
        return plan
    _outcome(plan, rec)
    return plan


def apply_game_plan(plan: GamePlan, *, user: AbstractBaseUser, again: bool = False) -> Game:
    """Write ``plan`` as ``user``, all or nothing; the game (created or completed). A paper game
    the site has already (``plan.same_as``) is recorded a second time only ``again``."""
    if plan.errors:
        raise ImportRefused(_("The sheet has problems: nothing was imported."), plan.errors)
    if plan.same_as is not None and not again:
        raise ImportRefused(already_recorded(plan.same_as))
    try:
        with transaction.atomic():
            if plan.game_id is None:
                if not is_arbiter_member(user):
                    raise ImportRefused(_("Only arbiters may record games played on paper."))
                players = [
                    Player.objects.get(pk=pid)
                    if pid is not None
                    else player_services.create_player(name=name)
                    for name, pid in zip(plan.names, plan.player_ids, strict=True)
                ]
                game = game_services.create_game(
                    kind=plan.kind or "",
                    options=plan.options,
                    players=players,
                    over_the_board=True,
                    created_by=user,
                )
            else:
                game = Game.objects.get(pk=plan.game_id)
                if not may_arbitrate_game(user, game):
                    raise ImportRefused(_("Only this game's arbiters may import its sheet."))
            if plan.position is not None:
                gameio.record_position(
                    game=game,
                    position=plan.position,
                    winners=plan.winners or (),
                    scores=plan.scores,
                )
            elif plan.moves:
                game = gameio.play_moves(
                    game=game, user=user, moves=plan.moves, expected_ply=plan.start_ply
                )
            elif not Game.objects.filter(pk=game.pk, ply=plan.start_ply).exists():
                raise gameio._changed()
            if plan.decide is not None:
                decisions.decide(
                    user=user,
                    reason=RecordReason.UNFINISHED,
                    result=V.of_winners(plan.decide) or "",
                    winners=None if len(plan.names) == 2 else list(plan.decide),
                    game=game,
                    note=notes.note(notes.SCORE_SHEET_UNFINISHED, plan.sheet),
                    source=ResultSource.IMPORT,
                )
    except (TournamentError, GameError, ValueError) as err:
        raise ImportRefused(str(err)) from None
    game.refresh_from_db()
    return game

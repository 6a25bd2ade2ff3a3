"""The results service: the one way a pairing's or a game's result changes, whatever its source.

Every change — an online game finishing, a paper result, a workbook or TRF import, an arbiter's
decision, forfeit, take-back, annulment or correction, an accepted claim, a withdrawal's
forfeits — is made here (or by the acts of ``tournaments.acts.decisions`` with the helpers here)
and writes exactly one permanent ``ResultRecord`` (``tournaments.acts.skeleton.record``): its
source, who, when, the state before and after, the reason and the note. The arbiter's log, the
game page, the pairing and the workbook's log sheet show those records.

Acts apply once; their versions, locks and snapshots are in ``tournaments.acts.versions``, their
one skeleton (lock → version check → act → snapshot → record) in ``tournaments.acts.skeleton``.

The games app announces a changed outcome after its transaction commits (``game_result_changed``);
``sync_from_game`` answers it in a transaction of its own and writes nothing when the pairing
already says what the game says, so a signal sent twice records once.

A pairing takes its game's *result* only. The SOS scores of a game played on the site stay the
game's (its moves' points), never copied to the pairing; a pairing keeps the scores handed in
with a result that has no game played on the site behind it (see ``tournaments.scores``). A
record's before and after show a board's scores as they stood, read from that one place.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games import services as game_services
from games import timekeeping
from games.errors import GameError, StalePosition
from games.models import Game, GameStatus
from tournaments import scores as S
from tournaments.acts.skeleton import record
from tournaments.acts.versions import (
    check_version,
    game_state,
    lock,
    pairing_state,
    records_of,
    snapshot,
    stale,
)
from tournaments.authority import AnyUser, require_arbiter
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import (
    Act,
    Pairing,
    RecordReason,
    ResultRecord,
    ResultSource,
)


def parse_result(text: str) -> str:
    """A result code from any club notation, or a translated ``TournamentError``."""
    try:
        return V.parse(text)
    except V.BadResult as err:
        raise TournamentError(err.translate(_), "bad_result") from None


# -- Writing -------------------------------------------------------------------------------------


def write_pairing(
    pairing: Pairing,
    *,
    result: str,
    first_score: int | None = None,
    second_score: int | None = None,
    game_keeps_scores: bool = False,
) -> bool:
    """Set a locked pairing's result (and the scores handed in with it: ``None`` keeps those it
    has); whether anything changed. The pairing keeps no scores when its game keeps them
    (``game_keeps_scores``: played on the site) or when its result is no game played (none yet,
    a forfeit, a bye)."""
    if game_keeps_scores or result not in V.PLAYED_RESULTS:
        new: tuple[str, int | None, int | None] = (result, None, None)
    else:
        new = (
            result,
            pairing.first_score if first_score is None else first_score,
            pairing.second_score if second_score is None else second_score,
        )
    if new == (pairing.result, pairing.first_score, pairing.second_score):
        return False
    pairing.result, pairing.first_score, pairing.second_score = new
    pairing.save(update_fields=["result", "first_score", "second_score"])
    return True


def result_of_game(game: Game) -> str:
    """The pairing result a two-seat game's outcome stands for (``""`` while it has none)."""
    if game.status == GameStatus.ANNULLED:
        return ""
    return V.of_outcome(game.winners, game.end_reason)


def follow_game(pairing: Pairing, game: Game) -> bool:
    """Give a locked pairing its game's result; whether anything changed. The scores are not
    copied: a game played on the site keeps its own, and one without moves (closed by a result
    handed in) leaves the pairing the scores handed in with it."""
    return write_pairing(
        pairing, result=result_of_game(game), game_keeps_scores=S.played_on_site(game)
    )


def follow_own_game(pairing: Pairing | None, game: Game | None) -> bool:
    """:func:`follow_game` when ``game`` is ``pairing``'s own game (not an annulled one it had
    before); whether anything changed."""
    if game is None or pairing is None or pairing.game_id != game.pk:
        return False
    return follow_game(pairing, game)


def set_game_outcome(game: Game, *, winners: list[int], end: str, ply: int | None) -> None:
    try:
        game_services.set_outcome(game=game, winners=winners, reason=end, expected_ply=ply)
    except StalePosition:
        raise stale() from None
    except GameError as err:
        raise TournamentError(err.message, err.code) from None
    except ValueError as err:
        raise TournamentError(str(err), "winners") from None
    game.refresh_from_db()


# -- The sources ---------------------------------------------------------------------------------


@transaction.atomic
def sync_from_game(
    *,
    game: Game,
    source: str = ResultSource.ONLINE,
    user: AnyUser | None = None,
    reason: str = RecordReason.PLAYED,
    note: str = "",
) -> ResultRecord | None:
    """The pairing of ``game`` takes the game's result; one record, or none when the pairing
    says so already (a repeated signal, an act that synchronised it in its own transaction)."""
    row = Pairing.objects.filter(game_id=game.pk).values_list("pk", flat=True).first()
    if row is None:
        return _sync_casual(game, source=source, user=user, reason=reason, note=note)
    game_obj, pairing = lock(pairing=Pairing(pk=row))
    assert pairing is not None
    if game_obj is None or game_obj.pk != game.pk:
        return None  # the pairing got another game meanwhile
    before = {"pairing": pairing_state(pairing)}
    had = pairing.result
    if not follow_game(pairing, game_obj):
        return None
    by_clock = _clock_decision(game_obj)
    if by_clock is not None:
        source, reason, user = by_clock
    elif user is None:
        user = _last_mover(game_obj)
    if by_clock is not None and V.is_forfeit(pairing.result):
        act = Act.FORFEIT
    else:
        act = Act.CORRECT_RESULT if had and pairing.result else Act.RESULT
    return record(
        act,
        source=source,
        reason=reason,
        note=note,
        user=user,
        game=game_obj,
        pairing=pairing,
        before=before,
        after=snapshot(game_obj, pairing),
    )


def _clock_decision(game: Game) -> tuple[str, str, None] | None:
    """A game its clocks ended (a flag fell, a side never made its first move) is the clock's
    act, decided by nobody — whichever page, poll, move or periodic check noticed it: its record
    has the source *the clock*, the reason *time* or *no-show*, and no user. ``None`` for any
    other ending."""
    if not timekeeping.ended_by_clock(game):
        return None
    if game.end_reason == V.END_TIME:
        return ResultSource.CLOCK, RecordReason.TIME, None
    return ResultSource.CLOCK, RecordReason.NO_SHOW, None


def _last_mover(game: Game) -> AnyUser | None:
    last = game.moves.order_by("-ply").select_related("submitted_by").first()
    return last.submitted_by if last is not None else None


def _sync_casual(
    game: Game, *, source: str, user: AnyUser | None, reason: str, note: str
) -> ResultRecord | None:
    """A game outside tournaments whose outcome changed: one record of its result, or none when
    the game's last record already shows it (an act on the game wrote it, or a signal came
    twice) or the game has no result."""
    game_obj, _pairing = lock(game=game)
    assert game_obj is not None
    now = game_state(game_obj)
    if game_obj.winners is None or game_obj.status == GameStatus.ANNULLED:
        return None
    last = records_of(game=game_obj).order_by("-decided_at", "-pk").first()
    seen = (last.after or {}).get("game") if last is not None else None
    if seen == now:
        return None
    before = {"game": seen or {"game": game_obj.pk, "status": "", "winners": None}}
    by_clock = _clock_decision(game_obj)
    if by_clock is not None:
        source, reason, user = by_clock
    elif user is None:
        user = _last_mover(game_obj)
    return record(
        Act.RESULT if seen is None or seen.get("winners") is None else Act.CORRECT_RESULT,
        source=source,
        reason=reason,
        note=note,
        user=user,
        game=game_obj,
        before=before,
        after={"game": now, "pairing": {}},
    )


@transaction.atomic
def enter_result(
    *,
    pairing: Pairing,
    result: str,
    user: AnyUser | None,
    source: str = ResultSource.PAPER,
    reason: str | None = None,
    note: str = "",
    first_score: int | None = None,
    second_score: int | None = None,
    expected_version: str | None = None,
) -> ResultRecord | None:
    """A result handed in (a paper score sheet, a forfeit, a file), entered or corrected — in an
    open or a finished round; the standings follow at once. ``None`` when it changes nothing.

    A game on the site that has moves takes its result from the board (or an arbiter's
    decision); one without moves is closed with this result, so that it cannot be played later.
    """
    game, pairing = lock(pairing=pairing)
    assert pairing is not None
    require_arbiter(user, pairing.round.tournament)
    result = parse_result(result)
    check_version(expected_version, game=game, pairing=pairing)
    if pairing.is_bye != V.is_bye(result):
        raise TournamentError(
            _("A bye takes a bye result, a game takes a game result."), "bad_result"
        )
    if game is not None and (
        game.ply or game.status not in (GameStatus.WAITING, GameStatus.ADJUDICATED)
    ):
        raise TournamentError(
            _(
                "This game is played on the site: its result comes from the board "
                "(or from an arbiter's decision)."
            ),
            "game_on_site",
        )
    had = pairing.result
    if had and reason is None:
        reason = RecordReason.CORRECTION
    reason = reason or RecordReason.REPORTED
    if reason not in RecordReason.values:
        raise TournamentError(_("Choose the reason for the decision."), "reason")
    first_score, second_score = _handed_in_scores(pairing, game, first_score, second_score)
    before = snapshot(game, pairing)
    if game is not None and (result_of_game(game) != result or game.winners is None):
        winners, end = V.GAME_OUTCOMES[result]
        set_game_outcome(game, winners=winners, end=end, ply=0)
    changed = write_pairing(
        pairing,
        result=result,
        first_score=first_score,
        second_score=second_score,
        game_keeps_scores=S.played_on_site(game),
    )
    if not changed and before["game"] == game_state(game):
        return None
    if V.is_forfeit(result):
        act = Act.FORFEIT
    elif had:
        act = Act.CORRECT_RESULT
    else:
        act = Act.RESULT
    return record(
        act,
        source=source,
        reason=reason,
        note=note,
        user=user,
        game=game,
        pairing=pairing,
        before=before,
        after=snapshot(game, pairing),
    )


def _handed_in_scores(
    pairing: Pairing, game: Game | None, first: int | None, second: int | None
) -> tuple[int | None, int | None]:
    """The scores a result is handed in with, checked: both or neither; for a game played on
    the site (known by its final position) none but its own, which it keeps."""
    if (first is None) != (second is None):
        raise TournamentError(
            _("Give the SOS points of both players, or of neither."), "bad_scores"
        )
    if first is None or not S.played_on_site(game):
        return first, second
    kept = S.of_pairing(pairing)
    if kept != S.UNKNOWN and kept != (first, second):
        raise TournamentError(
            _("The SOS points of this game come from its record on the site: %(first)s:%(second)s.")
            % {"first": kept[0], "second": kept[1]},
            "scores_on_site",
        )
    return None, None

"""The writes of a knockout (issue 29): seeding the cup, pairing a round's matches, following a
match's games as their results come (the next game, the tie-break games, the decider), the
drawing of lots, and a round's end. The state is read by ``tournaments.acts.cup``.

A round of a knockout is *the matches ready when it is paired* (``advance(...).ready``): a
single elimination's round k is its bracket round k (the third-place match beside the final);
a double elimination's rounds play the winners' and the losers' matches ready together, and the
grand final's reset, when needed, is a round of its own. Each result of a match's game — from
the board, a paper sheet, a decision, a correction — reaches ``after_record`` (the results
service's one record, ``skeleton.record``), which re-reads the cup in the same transaction:
the match's next game is made, a tie-break's or decider's start and a match's decision are
recorded, and a correction that would change who plays in a later match with results is refused
(the matches to annul first are named), undoing the result with it.
"""

from __future__ import annotations

import random
import secrets

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games import services as game_services
from games import timekeeping
from games.models import Game
from tournaments import pairing
from tournaments.acts import notes
from tournaments.acts.cup import (
    CupView,
    MatchView,
    game_results,
    knockout_entry,
    options_of,
    read_cup,
)
from tournaments.acts.cup_clocks import give_extra, match_clock
from tournaments.acts.cup_repair import drop_or_repair, is_played
from tournaments.acts.skeleton import record
from tournaments.authority import AnyUser, require_arbiter
from tournaments.errors import TournamentError
from tournaments.formats import Seeding
from tournaments.models import (
    Act,
    Cup,
    Entry,
    KnockoutMatch,
    Pairing,
    RecordReason,
    ResultRecord,
    ResultSource,
    Round,
    RoundStatus,
    Tournament,
)
from tournaments.models.knockout import BOTH_WITHDRAWN
from tournaments.pairing.knockout_match import DECIDER

DECIDED_BY = {
    pairing.ARMAGEDDON: RecordReason.BY_ARMAGEDDON,
    pairing.SUDDEN_DEATH: RecordReason.BY_SUDDEN_DEATH,
}


# -- Seeding -------------------------------------------------------------------------------------


def seed_order(t: Tournament, entries: list[Entry], draw_seed: int | None) -> list[int]:
    """The entries as seeds 1..n by the cup's seeding rule (ties: starting rank, then name)."""
    ranked = sorted(
        entries,
        key=lambda e: (e.rank is None, e.rank or 0, -(e.rating or 0), e.player.name, e.pk),
    )
    rule = options_of(t).seeding
    if rule == Seeding.DRAW:
        return pairing.seeds_by_draw([e.pk for e in ranked], random.Random(draw_seed))
    if rule == Seeding.RANK:
        return [e.pk for e in ranked]
    return pairing.seeds_by_rating((e.pk, e.rating) for e in ranked)


def _seed(t: Tournament, user: AnyUser | None) -> Cup:
    """Seed (or seed again) the cup of ``t``, locked by the caller, with its record."""
    entries = [e for e in t.entries.select_related("player") if e.is_active_in(1)]
    if len(entries) < 2:
        raise TournamentError(_("At least two players are needed."), "too_few")
    rule = options_of(t).seeding
    draw_seed = secrets.randbits(48) if rule == Seeding.DRAW else None
    cup = Cup.objects.filter(tournament=t).first()
    before = {"seeds": cup.seeds, "draw_seed": cup.draw_seed} if cup else {"seeds": []}
    cup, _created = Cup.objects.update_or_create(
        tournament=t,
        defaults={
            "seeds": seed_order(t, entries, draw_seed),
            "seeding": rule,
            "draw_seed": draw_seed,
        },
    )
    after = {"seeds": cup.seeds, "seeding": rule, "draw_seed": draw_seed}
    record(
        Act.SEED,
        source=ResultSource.PAIRING,
        reason=RecordReason.SEEDING,
        user=user,
        tournament=t,
        before=before,
        after=after,
    )
    return cup


@transaction.atomic
def seed_cup(*, tournament: Tournament, user: AnyUser | None) -> Cup:
    """The arbiter's act: seed the cup (again) by its rule — a draw is made anew — until round
    1 is paired; refused after."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_arbiter(user, t)
    if not t.format_entry.plays_matches:
        raise TournamentError(_("Only a knockout is seeded."), "not_knockout")
    if t.previous_stage_id is not None:
        raise TournamentError(
            _("A play-off is seeded by the standings of the stage before it."), "stage"
        )
    if t.round_set.exclude(status=RoundStatus.PENDING).exists():
        raise TournamentError(
            _("Round 1 is paired: the cup can no longer be seeded again."), "seeded"
        )
    return _seed(t, user)


# -- Pairing -------------------------------------------------------------------------------------


def pair_matches(t: Tournament, rnd: Round, *, user: AnyUser | None) -> None:
    """Round ``rnd`` of the knockout ``t`` (locked): a row for every match ready (its first
    game, or a walkover when an entrant has withdrawn) and for every new bye."""
    if rnd.number == 1:  # seeded now unless the arbiter has: the entries are final
        seeded = Cup.objects.filter(tournament=t).values_list("seeds", flat=True).first()
        active = {e.pk for e in t.entries.all() if e.is_active_in(1)}
        if seeded is None or set(seeded) != active:  # entries came or went since: seed anew
            _seed(t, user)
        view = read_cup(t)
        assert view is not None
        t.rounds = view.entry.waves(len(view.cup.seeds), view.options)
        t.save(update_fields=["rounds"])
    view = read_cup(t)
    if view is None:
        raise TournamentError(_("The cup is not seeded."), "not_seeded")
    if view.state.finished:
        raise TournamentError(_("The cup is decided: there is no round to pair."), "all_paired")
    byes = [
        m
        for m in view.matches.values()
        if m.row is None and m.status.status == "bye" and (m.status.first or m.status.second)
    ]
    if not view.state.ready and not byes:
        raise TournamentError(_("No match is ready to be played."), "none_ready")
    for m in byes:
        player = view.entrant(m.status.first or m.status.second)
        assert player is not None
        KnockoutMatch.objects.create(tournament=t, number=m.number, round=rnd, first=player)
    for number in view.state.ready:
        if view.matches[number].row is None:
            open_match(t, rnd, view, number, user=user)


def open_match(
    t: Tournament, rnd: Round, view: CupView, number: int, *, user: AnyUser | None
) -> KnockoutMatch:
    """Pair the ready match ``number`` in ``rnd``: its first game, or a walkover (recorded)
    when an entrant has withdrawn from the round (both withdrawn: nobody goes on)."""
    status = view.state.matches[number]
    first, second = view.entrant(status.first), view.entrant(status.second)
    assert first is not None and second is not None
    row = KnockoutMatch.objects.create(
        tournament=t, number=number, round=rnd, first=first, second=second
    )
    gone = [not e.is_active_in(rnd.number) for e in (first, second)]
    if any(gone):
        row.walkover_winner = BOTH_WITHDRAWN if all(gone) else 0 if gone[1] else 1
        row.save(update_fields=["walkover_winner"])
        _match_record(t, row, RecordReason.WITHDRAWAL, user, act=Act.FORFEIT)
    else:
        add_game(t, row, 1, user=user)
    return row


def add_game(t: Tournament, row: KnockoutMatch, number: int, *, user: AnyUser | None) -> Pairing:
    """Game ``number`` of a match (its first move by ``first_mover``), after its round's
    boards, with its game on the site (the tie-break games' clock for those after the match's
    regular games, the armageddon's with its first mover's extra time: ``cup_clocks``) — waiting
    for the round's start unless the round has started."""
    rnd = row.round
    board = (rnd.pairings.aggregate(n=Max("board"))["n"] or 0) + 1
    sides = (row.first, row.second)
    first = sides[pairing.first_mover(number)]
    second = sides[1 - pairing.first_mover(number)]
    assert first is not None and second is not None
    game = Pairing.objects.create(round=rnd, board=board, first=first, second=second, match=row)
    if t.online:
        clock, extra = match_clock(options_of(t), t.time_control, number)
        started = any(
            not timekeeping.is_waiting(g)
            for g in Game.objects.filter(pairing__round=rnd).exclude(time_control="")
        )
        game.game = game_services.create_game(
            kind=t.kind,
            options=t.options,
            players=[first.player, second.player],
            created_by=None,
            time_control=clock,
            clocks_wait=not started,
        )
        game.save(update_fields=["game"])
        give_extra(game.game, extra)
    return game


def _match_record(
    t: Tournament,
    row: KnockoutMatch,
    reason: str,
    user: AnyUser | None,
    *,
    act: str = Act.MATCH,
    after: dict | None = None,
) -> ResultRecord:
    """The record of a match's decision or stage (the arbiter's log shows it)."""
    state = {"match": row.number, "walkover_winner": row.walkover_winner, "lot": row.lot_winner}
    return record(
        act,
        source=ResultSource.PAIRING,
        reason=reason,
        note=notes.Note(notes.CUP_MATCH, number=row.number),
        user=user,
        tournament=t,
        entry=row.first,
        before={"match": row.number},
        after={**state, **(after or {})},
    )


# -- Following the results -----------------------------------------------------------------------


def after_record(rec: ResultRecord) -> None:
    """A result record's hook (``skeleton.AFTER_RECORD``): a knockout game's result re-reads
    its cup (``follow``) in the same transaction."""
    if rec.act in (Act.MATCH, Act.SEED) or rec.pairing_id is None:
        return
    game = (
        Pairing.objects.filter(pk=rec.pairing_id, match__isnull=False)
        .select_related("round__tournament")
        .first()
    )
    if game is not None:
        follow(game.round.tournament, user=rec.decided_by, trigger=game.match_id)


def _wrong_rows(view: CupView) -> list[MatchView]:
    """The paired matches whose entrants are no longer those the bracket gives them."""
    out = []
    for m in view.matches.values():
        if m.row is None:
            continue
        st = m.status
        known = st.status != "waiting" and st.first is not None and st.second is not None
        expected = {view.cup.seeds[s - 1] for s in (st.first, st.second) if s} if known else None
        have = {m.row.first_id, m.row.second_id} - {None}
        if m.conflict or expected != have:
            out.append(m)
    return out


def follow(t: Tournament, *, user: AnyUser | None, trigger: int | None = None) -> None:
    """Bring the cup's paired matches in line with their results: a correction that changes
    who plays in a later match is refused while that match has results (naming the matches to
    annul first, ``cup_clear``), paired anew otherwise (``cup_repair``); each undecided match
    gets its next game, and the decisions and stages reached are recorded."""
    view = read_cup(t)
    if view is None:
        return
    wrong = _wrong_rows(view)
    blocking = sorted((m.number for m in wrong if is_played(m)), reverse=True)
    if blocking:
        raise TournamentError(
            _(
                "This result would change who plays in later matches that have results "
                "already; annul their games first, from the last one: match %(numbers)s."
            )
            % {"numbers": ", ".join(map(str, blocking))},
            "match_played",
        )
    if wrong:
        drop_or_repair(t, view, wrong, user)
        view = read_cup(t)
        assert view is not None
        _rebuild(t, view, {m.number for m in wrong}, user)
        view = read_cup(t)
        assert view is not None
    for m in view.matches.values():
        if m.row is not None and m.row.second_id is not None and m.row.walkover_winner is None:
            _follow_match(t, view, m, user=user, triggered=m.row.pk == trigger)


def _rebuild(t: Tournament, view: CupView, dropped: set[int], user: AnyUser | None) -> None:
    """The matches dropped that are ready again after a correction, paired anew in the latest
    round while it is open (else the next pairing pairs them)."""
    rnd = t.round_set.order_by("-number").first()
    if rnd is None or rnd.status == RoundStatus.FINISHED:
        return
    for number in view.state.ready:
        if number in dropped and view.matches[number].row is None:
            open_match(t, rnd, view, number, user=user)


def _follow_match(
    t: Tournament, view: CupView, m: MatchView, *, user: AnyUser | None, triggered: bool
) -> None:
    """One paired match: its games brought to what its state needs, with the records."""
    row = m.row
    assert row is not None
    if m.state is None:
        raise TournamentError(m.problem, "match_played")
    state = m.state
    done = len(game_results(m.games))
    keep = done + (1 if state.next_game is not None else 0)
    surplus = m.games[keep:]
    if surplus:
        if any(g.result for g in surplus):
            raise TournamentError(m.problem or _("Annul the match's later games first."), "match")
        surplus = [g for g in surplus if not g.result_records.exists()]  # kept: their history
        games = [g.game_id for g in surplus if g.game_id]
        Pairing.objects.filter(pk__in=[g.pk for g in surplus]).delete()
        game_services.delete_unplayed_games(games=games)
    rules = view.options.rules
    if state.next_game is not None and len(m.games) < state.next_game:
        add_game(t, row, state.next_game, user=user)
        if state.next_game == rules.games + 1 and rules.tiebreak_games:
            _match_record(t, row, RecordReason.TIEBREAK_STARTED, user)
        elif state.next_game == rules.games + rules.tiebreak_games + 1:
            _match_record(t, row, RecordReason.DECIDER_STARTED, user)
    if not triggered:
        return
    if state.decided_by in DECIDED_BY:
        _match_record(t, row, DECIDED_BY[state.decided_by], user, after={"winner": state.winner})
    elif state.stage == DECIDER and state.next_game is None:
        _match_record(t, row, RecordReason.DECIDER_STARTED, user)


@transaction.atomic
def draw_lot(*, match: KnockoutMatch, user: AnyUser | None) -> KnockoutMatch:
    """The arbiter's act: draw lots for a match level after its games whose decider is the
    lot; the outcome (0 the first player, 1 the second) is kept and recorded."""
    t = Tournament.objects.select_for_update().get(pk=match.tournament_id)
    require_arbiter(user, t)
    row = KnockoutMatch.objects.select_for_update().get(pk=match.pk)
    view = read_cup(t)
    m = view.matches.get(row.number) if view is not None else None
    state = m.state if m is not None else None
    if state is None or state.decided or state.next_game is not None:
        raise TournamentError(_("This match is not waiting for lots to be drawn."), "no_lot")
    row.lot_winner = secrets.randbelow(2)
    row.save(update_fields=["lot_winner"])
    _match_record(t, row, RecordReason.BY_LOT, user, after={"winner": row.lot_winner})
    return row


def round_problem(rnd: Round) -> str | None:
    """Why round ``rnd`` of a knockout cannot finish (a match of it undecided), else ``None``;
    once the cup has its champion, the tournament's rounds end with this one."""
    t = rnd.tournament
    view = read_cup(t)
    if view is None:
        return None
    for m in view.matches.values():
        if m.row is not None and m.row.round_id == rnd.pk and not m.status.decided:
            return _("Match %(number)s is not decided yet.") % {"number": m.number}
    if view.state.finished and t.rounds != rnd.number:
        t.rounds = rnd.number
        t.save(update_fields=["rounds"])
    return None


__all__ = ["draw_lot", "follow", "knockout_entry", "pair_matches", "round_problem", "seed_cup"]

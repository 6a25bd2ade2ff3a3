"""The arbiter's pages: decide, forfeit, take back, annul, withdraw, claims and the log."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from common.posted import broken_form
from games.bidi import html_sentence
from games.models import Game, GameStatus, Move
from tournaments import authority
from tournaments.acts import claims, decisions
from tournaments.errors import TournamentError
from tournaments.models import Claim, ClaimStatus, Entry, Pairing, ResultRecord, Tournament
from tournaments.web.forms import (
    AnnulForm,
    ClaimDecisionForm,
    DecideForm,
    TakeBackForm,
    WinnersForm,
    WithdrawalForm,
)


def _seats(game: Game) -> list[tuple[int, str]]:
    return [(s.number, s.player.name) for s in game.seats.select_related("player")]


def _forms(
    game: Game | None, pairing: Pairing | None, data: Any = None, act: str = ""
) -> dict[str, Any]:
    """The act forms, bound to ``data`` only for the ``act`` being posted; each carries the
    version the arbiter sees now."""
    initial = {"version": decisions.version(game=game, pairing=pairing)}

    def bound(name: str) -> Any:
        return data if act == name else None

    def make(form: Any, name: str, **kwargs: Any) -> Any:
        return form(bound(name), initial=initial, auto_id=f"id_{name}_%s", **kwargs)

    forms: dict[str, Any] = {"decide": make(DecideForm, "decide")}
    if game is not None:
        if game.seats.count() > 2:
            forms["decide"] = make(WinnersForm, "decide", seats=_seats(game))
        forms["take_back"] = make(TakeBackForm, "take_back")
        forms["annul"] = make(AnnulForm, "annul")
    return forms


def _apply(
    request: HttpRequest, act: str, form: Any, game: Game | None, pairing: Pairing | None
) -> bool:
    d = form.cleaned_data
    common = {
        "user": request.user,
        "reason": d["reason"],
        "note": d.get("note", ""),
        "expected_version": d["version"],
    }
    try:
        if act == "decide" and "winners" in d:
            decisions.decide(game=game, winners=[int(w) for w in d["winners"]], result="", **common)
        elif act == "decide":
            decisions.decide(game=game, pairing=pairing, result=d["result"], **common)
        elif act == "take_back" and game is not None:
            decisions.take_back(game=game, count=d["count"], **common)
        elif act == "annul" and game is not None:
            decisions.annul(game=game, replay=d["replay"], **common)
        else:
            return False
    except TournamentError as err:
        if err.code == "stale":
            raise
        form.add_error(None, err.message)
        return False
    messages.success(request, _("The decision is recorded."))
    return True


# The acts that ask for a second look: the first post shows what will happen, the second (with
# ``confirm``) applies it; both carry the version the arbiter saw.
CONFIRMED_ACTS = ("take_back", "annul")


def _would_apply(act: str, d: dict[str, Any], game: Game | None, pairing: Pairing | None) -> bool:
    """Is the act worth a second look? One the service will refuse (a version gone, more moves
    than were played, a game annulled already) goes straight to it, for its own message."""
    if game is None or d.get("version") != decisions.version(game=game, pairing=pairing):
        return False
    if act == "take_back":
        on_the_board = game.is_active or game.status == GameStatus.FINISHED
        return on_the_board and 0 < d["count"] <= game.ply
    return game.status != GameStatus.ANNULLED


def _confirm_act(
    request: HttpRequest, act: str, form: Any, game: Game, pairing: Pairing | None
) -> HttpResponse:
    d = form.cleaned_data
    reason = dict(form.fields["reason"].choices).get(d["reason"], "")
    effects: list[str] = []
    if act == "take_back":
        count = d["count"]
        removed = list(
            Move.objects.filter(game=game)
            .order_by("-ply")
            .values_list("notation", flat=True)[:count]
        )[::-1]
        title = _("Take back moves of %(game)s?") % {"game": game}
        effects.append(
            ngettext(
                "The last move is taken back: %(moves)s.",
                "The last %(count)s moves are taken back: %(moves)s.",
                count,
            )
            % {"count": count, "moves": ", ".join(removed) or "—"}
        )
        if game.winners is not None:
            effects.append(_("The game's result is withdrawn and the game goes on."))
        label = _("Yes, take back")
    else:
        title = _("Annul %(game)s?") % {"game": game}
        effects.append(_("The game stays visible, marked annulled; it counts for nobody."))
        if pairing is not None and pairing.game_id == game.pk:
            if d.get("replay"):
                effects.append(_("Its board gets a new game between the same players."))
            else:
                effects.append(_("Its board is left without a game or a result."))
        label = _("Yes, annul")
    effects.append(_("Reason: %(reason)s.") % {"reason": reason})
    if d.get("note"):
        effects.append(_("Note: %(note)s") % {"note": d["note"]})
    fields = [("act", act)] + [
        (name, request.POST[name]) for name in form.fields if name in request.POST
    ]
    return render(
        request,
        "tournaments/confirm.html",
        {
            "title": title,
            "effects": effects,
            "fields": fields,
            "action": request.get_full_path(),
            "confirm_label": label,
            "back": request.get_full_path(),
        },
    )


def _act_page(
    request: HttpRequest, *, game: Game | None, pairing: Pairing | None, back: str
) -> HttpResponse:
    if not decisions.may_adjudicate(request.user, game=game, pairing=pairing):
        raise PermissionDenied
    act = request.POST.get("act", "") if request.method == "POST" else ""
    forms = _forms(game, pairing, request.POST if act else None, act)
    if act in forms and forms[act].is_valid():
        if (
            act in CONFIRMED_ACTS
            and request.POST.get("confirm") != "1"
            and _would_apply(act, forms[act].cleaned_data, game, pairing)
        ):
            assert game is not None
            return _confirm_act(request, act, forms[act], game, pairing)
        try:
            if _apply(request, act, forms[act], game, pairing):
                return redirect(back)
        except TournamentError as err:  # already done: show the game as it is now
            messages.error(request, err.message)
            return redirect(request.get_full_path())
    scope = Q(pairing=pairing) if pairing is not None else Q(pk__in=[])
    if game is not None:
        scope |= Q(game=game)
    records = ResultRecord.objects.filter(scope).select_related("decided_by", "entry__player")
    return render(
        request,
        "tournaments/adjudicate.html",
        {
            "game": game,
            "pairing": pairing,
            "forms": forms,
            "records": records,
            "back": back,
        },
    )


@login_required
def game_arbiter(request: HttpRequest, game: int) -> HttpResponse:
    g = get_object_or_404(Game, pk=game)
    return _act_page(request, game=g, pairing=decisions.pairing_of(g), back=g.get_absolute_url())


@login_required
def pairing_arbiter(request: HttpRequest, pk: int, pairing: int) -> HttpResponse:
    p = get_object_or_404(
        Pairing.objects.select_related("round__tournament", "game"),
        round__tournament_id=pk,
        pk=pairing,
    )
    return _act_page(request, game=p.game, pairing=p, back=p.round.get_absolute_url())


@require_safe
def arbiter_log(request: HttpRequest, pk: int) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    records = ResultRecord.objects.filter(tournament=t).select_related(
        "decided_by", "entry__player", "pairing__round", "game"
    )
    is_arbiter = authority.may_arbitrate(request.user, t)
    claims = (
        Claim.objects.filter(
            pairing__round__tournament=t, status=ClaimStatus.PENDING
        ).select_related("game", "claimed_by")
        if is_arbiter
        else []
    )
    return render(
        request,
        "tournaments/arbiter_log.html",
        {"t": t, "records": records, "claims": claims, "is_arbiter": is_arbiter},
    )


@require_POST
def claim(request: HttpRequest, game: int) -> HttpResponse:
    g = get_object_or_404(Game, pk=game)
    try:
        claims.claim_win(user=request.user, game=g)
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("Your claim is with the arbiter."))
    return redirect(g)


@require_POST
@login_required
def claim_decide(request: HttpRequest, pk: int, claim: int) -> HttpResponse:
    c = get_object_or_404(Claim, pk=claim, pairing__round__tournament_id=pk)
    if not decisions.may_adjudicate(request.user, game=c.game, pairing=c.pairing):
        raise PermissionDenied
    form = ClaimDecisionForm(request.POST)
    if not form.is_valid():
        raise broken_form()  # the page's buttons post 1 or 0, and a short note
    try:
        claims.decide_claim(
            user=request.user,
            claim=c,
            accept=form.cleaned_data["accept"],
            note=form.cleaned_data["note"],
        )
    except TournamentError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("The decision is recorded."))
    return redirect("tournaments:log", pk=pk)


@login_required
def entry_withdrawal(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """Withdraw a player from round N on, or undo it, with the reason recorded."""
    e = get_object_or_404(
        Entry.objects.select_related("tournament", "player"), tournament_id=pk, pk=entry
    )
    if not authority.may_arbitrate(request.user, e.tournament):
        raise PermissionDenied
    form = WithdrawalForm(request.POST or None, initial={"version": decisions.entry_version(e)})
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        common = {
            "user": request.user,
            "entry": e,
            "reason": d["reason"],
            "note": d["note"],
            "expected_version": d["version"],
        }
        try:
            # What the arbiter saw decides the act: a second click of "withdraw" never reinstates.
            if d["version"] == "0":
                record = decisions.withdraw(from_round=d["from_round"], **common)
            else:
                record = decisions.reinstate(**common)
        except TournamentError as err:
            form.add_error(None, err.message)
        else:
            done = (
                _("%(name)s is withdrawn from round %(round)s on.")
                if d["version"] == "0"
                else _("The withdrawal of %(name)s is undone.")
            )
            values = {"name": e.player.name, "round": record.after.get("withdrawn_from_round")}
            messages.success(request, html_sentence(done, values))
            return redirect(e.tournament)
    return render(request, "tournaments/withdrawal.html", {"entry": e, "form": form})

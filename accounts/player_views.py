"""The player's side of an account: his player and notices, claims to decide, many players added
at once, invitations, my games (``accounts/player_urls.py``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import mygames, notices, services
from accounts.authority import NOT_LINKABLE, claims_to_decide, may_add_players, may_decide_claim
from accounts.errors import AccountError
from accounts.hooks import account_page
from accounts.models import ClaimStatus, Invitation, NoticeSettings, PlayerClaim
from accounts.signup import ProfileFields, is_unverified
from common.posted import posted_object
from games import device
from games.authority import linkable_players, may_link_player
from games.bidi import html_sentence
from games.models import Player
from tournaments.acts.services import check_open_for_entries
from tournaments.authority import arbitrated_tournaments, may_arbitrate
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.web.tables_mine import my_tables


class NoticeForm(forms.ModelForm):
    class Meta:
        model = NoticeSettings
        fields = ["by_email"]


@login_required
def my_player(request: HttpRequest) -> HttpResponse:
    """The account's player: linked, claimed (waiting), or to be made or claimed here."""
    player = Player.objects.filter(user=request.user).first()
    claim = PlayerClaim.objects.filter(user=request.user, status=ClaimStatus.PENDING).first()
    form = None
    if player is None and claim is None:
        if is_unverified(request.user):
            raise PermissionDenied(_("Verify your e-mail address first."))
        posted = request.method == "POST" and request.POST.get("form") != "notices"
        form = ProfileFields(request.POST if posted else None)
        if posted and form.is_valid():
            try:
                form.apply(request.user)
            except AccountError as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, _("Saved."))
                return redirect("accounts:my_player")
    settings_form = NoticeForm(
        request.POST if request.POST.get("form") == "notices" else None,
        instance=notices.settings_of(request.user),
    )
    if request.method == "POST" and request.POST.get("form") == "notices":
        if settings_form.is_valid():
            state = settings_form.save(commit=False)
            if state.by_email and state.mailed_at is None:
                state.mailed_at = timezone.now()  # news from now on, not the whole history
            state.save()
            messages.success(request, _("Saved."))
        return redirect("accounts:my_player")
    last = (
        PlayerClaim.objects.filter(user=request.user)
        .exclude(status=ClaimStatus.PENDING)
        .order_by("-decided_at")
        .first()
    )
    return render(
        request,
        "accounts/my_player.html",
        {
            "player": player,
            "claim": claim,
            "form": form,
            "last_claim": last,
            "notice_form": settings_form,
            "page": account_page(request),
        },
    )


def _is_arbiter(user: Any) -> bool:
    """A superuser, an arbiter of a tournament, or a member who registers players: each may
    decide some claims (of the players he may link), so each has the claims page."""
    return bool(user.is_superuser or may_add_players(user) or arbitrated_tournaments(user).exists())


@login_required
def claims(request: HttpRequest) -> HttpResponse:
    """The claims an arbiter may decide: confirm or reject each."""
    if not _is_arbiter(request.user):
        raise PermissionDenied(_("Only arbiters decide claims."))
    if request.method == "POST":
        claim = posted_object(request.POST, PlayerClaim, "claim")
        decision = request.POST.get("decision")
        if decision not in {"confirm", "reject"}:
            messages.error(request, _("Choose confirm or reject."))
            return redirect("accounts:claims")
        if not may_decide_claim(request.user, claim.player):
            raise PermissionDenied(NOT_LINKABLE)
        try:
            services.decide_claim(claim=claim, user=request.user, accept=decision == "confirm")
        except AccountError as error:
            messages.error(request, error.message)
        else:
            if decision == "confirm":
                messages.success(
                    request,
                    html_sentence(
                        _("%(account)s is now %(player)s."),
                        {"account": claim.user.get_username(), "player": claim.player.name},
                    ),
                )
            else:
                messages.success(request, _("The claim is rejected."))
        return redirect("accounts:claims")
    return render(request, "accounts/claims.html", {"claims": claims_to_decide(request.user)})


class PlayerListForm(forms.Form):
    players = forms.CharField(
        label=gettext_lazy("Players, one a line"),
        widget=forms.Textarea(attrs={"rows": 12}),
        help_text=gettext_lazy(
            "Name, then optionally an e-mail address and a rating, separated by commas."
        ),
    )
    invite = forms.BooleanField(
        label=gettext_lazy("Send an invitation to each new player with an e-mail address"),
        required=False,
    )


def _list_tournament(request: HttpRequest) -> Tournament | None:
    """The tournament of ``?tournament=`` (its arbiter's *Add players*), which the listed
    players are entered in; refused to anyone who does not arbitrate it."""
    pk = request.GET.get("tournament", "")
    if not pk:
        return None
    if not (pk.isascii() and pk.isdigit()):  # "²" is a digit to isdigit, not to int
        raise Http404
    tournament = get_object_or_404(Tournament, pk=int(pk))
    if not may_arbitrate(request.user, tournament):
        raise PermissionDenied(_("Only this tournament's arbiters may do that."))
    return tournament


@login_required
def add_players(request: HttpRequest) -> HttpResponse:
    """Many players at once: the pasted list is read and shown first, then added — and from a
    tournament (``?tournament=``), entered in it."""
    if not may_add_players(request.user):
        raise PermissionDenied(_("Only arbiters may add players."))
    tournament = _list_tournament(request)
    refusal = ""
    late_rounds = 0
    if tournament is not None:
        try:
            late_rounds = check_open_for_entries(tournament)
        except TournamentError as error:
            refusal = error.message
    form = PlayerListForm(request.POST or None)
    rows = None
    if request.method == "POST" and form.is_valid():
        rows = services.read_player_list(form.cleaned_data["players"], tournament=tournament)
        if "confirm" in request.POST and rows and not refusal:
            try:
                added = services.add_players(
                    rows=rows,
                    user=request.user,
                    invite=form.cleaned_data["invite"],
                    request_host=request.get_host(),
                    scheme=request.scheme,
                    tournament=tournament,
                )
            except AccountError as error:
                form.add_error(None, error.message)
            else:
                messages.success(
                    request,
                    ngettext("%(count)d player added.", "%(count)d players added.", len(added))
                    % {"count": len(added)},
                )
                if tournament is None:
                    return redirect("games:players")
                entered = sum(1 for r in rows if r.enters)
                messages.success(
                    request,
                    ngettext("%(count)d player entered.", "%(count)d players entered.", entered)
                    % {"count": entered},
                )
                return redirect(tournament)
    return render(
        request,
        "accounts/add_players.html",
        {
            "form": form,
            "rows": rows,
            "tournament": tournament,
            "refusal": refusal,
            "late_rounds": late_rounds,
            "addable": sum(1 for r in rows if r.addable) if rows else 0,
            "enters": sum(1 for r in rows if r.enters) if rows else 0,
            "has_errors": any(r.errors for r in rows) if rows else False,
            # The newest players without an account he may invite, to invite one by one.
            "unlinked": linkable_players(
                request.user, Player.objects.filter(user__isnull=True)
            ).order_by("-created_at", "-pk")[:50],
        },
    )


class InvitationForm(forms.ModelForm):
    """The address only; its length is the column's (the model's field)."""

    class Meta:
        model = Invitation
        fields = ["email"]
        labels = {"email": gettext_lazy("E-mail address")}


@login_required
def invite(request: HttpRequest, pk: int) -> HttpResponse:
    """Invite one registered player (not linked to an account) by e-mail: for who may link him
    (:func:`games.authority.may_link_player`)."""
    player = get_object_or_404(Player, pk=pk)
    if not may_link_player(request.user, player):
        raise PermissionDenied(NOT_LINKABLE)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                services.send_invitation(
                    player=player,
                    email=form.cleaned_data["email"],
                    user=request.user,
                    host=request.get_host(),
                    scheme=request.scheme,
                )
        except AccountError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                html_sentence(
                    _("An invitation to %(email)s is sent."), {"email": form.cleaned_data["email"]}
                ),
            )
            return redirect(player)
    return render(request, "accounts/invite.html", {"form": form, "player": player})


MY_DEVICE_GAMES = 50


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """Your active games (your move first, then the others'), your next pairings, your results."""
    state = notices.settings_of(request.user)
    seen = notices.seen_until(request.user, state)
    now = timezone.now()
    active = mygames.active_games(request.user)
    to_move = [a.game for a in active if a.your_move]
    fresh = notices.news(request.user, seen, now, to_move=to_move)
    earlier = notices.earlier_news(request.user, seen, to_move=to_move)
    notices.mark_seen(state, now)
    return render(
        request,
        "accounts/my_games.html",
        {
            "news": fresh,
            "earlier_news": earlier,
            "player": Player.objects.filter(user=request.user).first(),
            "to_move": [a for a in active if a.your_move],
            "their_move": [a for a in active if not a.your_move],
            "pairings": mygames.current_pairings(request.user),
            "my_tables": my_tables(request.user),
            "results": mygames.results(request.user),
            # Games played on one device (kept from a visit without an account too).
            "device_games": list(device.owned_games(request.user)[:MY_DEVICE_GAMES]),
            "is_arbiter": _is_arbiter(request.user),
            "may_add_players": may_add_players(request.user),
        },
    )

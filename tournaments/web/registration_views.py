"""Open registration's pages: the public join page and the arbiter's registration page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.posted import posted_object
from games.bidi import html_sentence
from tournaments import authority
from tournaments.acts import registration
from tournaments.errors import TournamentError
from tournaments.models import ClaimStatus, Entry, JoinRequest, Tournament


class RegistrationForm(forms.Form):
    registration_open = forms.BooleanField(
        label=gettext_lazy("Players may join through the registration link"),
        required=False,
        help_text=gettext_lazy("Until round 1 is paired."),
    )
    registration_approval = forms.BooleanField(
        label=gettext_lazy("Each joining player waits for an arbiter's approval"),
        required=False,
    )


def join_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The public link: what a visitor or a player may do to join this tournament."""
    t = get_object_or_404(Tournament, pk=pk)
    player = authority.player_of(request.user)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        action = request.POST.get("action")
        try:
            if action == "join":
                made = registration.join(tournament=t, user=request.user)
                if isinstance(made, JoinRequest):
                    messages.success(request, _("Your request is sent to the arbiters."))
                else:
                    messages.success(request, _("You are registered."))
            elif action == "leave":
                registration.leave(tournament=t, user=request.user)
                messages.success(request, _("You have left this tournament."))
            else:
                messages.error(request, _("Choose join or leave."))
        except TournamentError as error:
            messages.error(request, str(error))
        return redirect("tournaments:join", pk=t.pk)
    entry = Entry.objects.filter(tournament=t, player=player).first() if player else None
    pending = (
        JoinRequest.objects.filter(tournament=t, player=player, status=ClaimStatus.PENDING).first()
        if player
        else None
    )
    refused = (
        JoinRequest.objects.filter(tournament=t, player=player, status=ClaimStatus.REJECTED)
        .order_by("-decided_at")
        .first()
        if player and entry is None and pending is None
        else None
    )
    return render(
        request,
        "tournaments/join.html",
        {
            "t": t,
            "player": player,
            "entry": entry,
            "pending": pending,
            "refused": refused,
            "started": registration._started(t),
            "is_arbiter": authority.may_arbitrate(request.user, t),
        },
    )


@login_required
def registration_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The arbiter's page: open or close the registration, accept or refuse requests."""
    t = get_object_or_404(Tournament, pk=pk)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied(_("Only this tournament's arbiters may do that."))
    form = RegistrationForm(
        request.POST if request.POST.get("form") == "settings" else None,
        initial={
            "registration_open": t.registration_open,
            "registration_approval": t.registration_approval,
        },
    )
    if request.method == "POST":
        try:
            if request.POST.get("form") == "settings":
                if form.is_valid():
                    registration.set_registration(
                        tournament=t,
                        user=request.user,
                        open=form.cleaned_data["registration_open"],
                        approval=form.cleaned_data["registration_approval"],
                    )
                    messages.success(request, _("Saved."))
            else:
                join_request = posted_object(request.POST, JoinRequest, "request", tournament=t)
                decision = request.POST.get("decision")
                if decision not in {"accept", "refuse"}:
                    messages.error(request, _("Choose accept or refuse."))
                else:
                    registration.decide_join(
                        request=join_request, user=request.user, accept=decision == "accept"
                    )
                    messages.success(
                        request,
                        html_sentence(
                            _("%(name)s is registered."), {"name": join_request.player.name}
                        )
                        if decision == "accept"
                        else _("The request is refused."),
                    )
        except TournamentError as error:
            messages.error(request, str(error))
        return redirect("tournaments:registration", pk=t.pk)
    return render(
        request,
        "tournaments/registration.html",
        {
            "t": t,
            "form": form,
            "link": request.build_absolute_uri(reverse("tournaments:join", args=[t.pk])),
            "requests": t.join_requests.filter(status=ClaimStatus.PENDING).select_related("player"),
        },
    )

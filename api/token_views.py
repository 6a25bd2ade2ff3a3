"""The tokens page (``/accounts/tokens/``): a logged-in user's personal API tokens — list, make
(the key shown once), revoke (after a confirmation) — and its link on the account page (an
answer to ``accounts.hooks``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from api.models import ApiToken, Scope
from games.bidi import html_sentence
from games.hooks import Item, Link
from tournaments.acts.services import can_create_tournament
from tournaments.authority import arbitrated_tournaments


def may_make_arbitrate_tokens(user: Any) -> bool:
    """An *arbitrate* token is offered to whoever arbitrates a tournament or may create one
    (and so arbitrate it); each write still asks ``tournaments.authority`` about its own
    tournament."""
    return can_create_tournament(user) or arbitrated_tournaments(user).exists()


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        help_text=gettext_lazy("What the token is for: your club's website, a script, a bot."),
        widget=forms.TextInput(attrs={"dir": "auto"}),
    )
    scope = forms.ChoiceField(label=gettext_lazy("Scope"), choices=Scope.choices)

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not may_make_arbitrate_tokens(user):
            self.fields["scope"].choices = [(Scope.PLAY.value, Scope.PLAY.label)]


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tokens(request: HttpRequest) -> HttpResponse:
    """The list and the form of a new token; a token made is shown with its key, this once."""
    form = TokenForm(request.POST or None, user=request.user)
    made = key = None
    if request.method == "POST" and form.is_valid():
        made, key = ApiToken.issue(
            owner=request.user, name=form.cleaned_data["name"], scope=form.cleaned_data["scope"]
        )
        form = TokenForm(user=request.user)
    listed = ApiToken.objects.filter(owner=request.user)
    response = render(
        request,
        "api/tokens.html",
        {"form": form, "tokens": listed, "made": made, "key": key},
    )
    response["Cache-Control"] = "no-store"  # the key must not stay in a cache
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """A confirmation (GET), then the token revoked (POST): its key is refused from then on."""
    token = get_object_or_404(ApiToken, pk=pk, owner=request.user, revoked_at__isnull=True)
    if request.method == "POST":
        token.revoke()
        messages.success(request, _("The token is revoked."))
        return redirect("api_tokens:tokens")
    return render(
        request,
        "tournaments/confirm.html",
        {
            "title": _("Revoke this token?"),
            "effects": [
                html_sentence(
                    _("The token %(name)s is revoked: every program using its key is refused."),
                    {"name": token.name},
                )
            ],
            "fields": [],
            "action": request.path,
            "confirm_label": _("Yes, revoke it"),
            "back": reverse("api_tokens:tokens"),
        },
    )


def account_page(request: HttpRequest) -> Iterator[Item]:
    """The account page's link to the tokens page."""
    yield Link(_("API tokens"), reverse("api_tokens:tokens"), order=300)

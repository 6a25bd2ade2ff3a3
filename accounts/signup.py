"""Sign-up (django-allauth): the player's profile made or claimed with the account, and the
log-in's rule that an account made here plays only once its e-mail address is verified.

Sign-up does not tell who has an account (``ACCOUNT_PREVENT_ENUMERATION``): an address that has
one gets the same answer as a free one, no account is made, and the address's owner gets a mail
(:meth:`AccountAdapter.send_account_already_exists_mail`)."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from allauth.core import context
from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts import services
from accounts.errors import AccountError
from accounts.throttle import client_address
from games.forms import NameSelect, hold_to_column
from games.models import Player
from games.player_services import column_limit

INVITATION_SESSION_KEY = "accounts_invitation"

NEW, CLAIM = "new", "claim"


def unlinked_players() -> Any:
    """Players no account is linked to, by name."""
    return Player.objects.filter(user__isnull=True).order_by("name", "pk")


class ProfileFields(forms.Form):
    """The player part of a form: make a new player, or claim one registered before."""

    profile = forms.ChoiceField(
        label=_("Your player"),
        choices=[
            (NEW, _("I am new here: make my player")),
            (CLAIM, _("I am on the list already: claim my player")),
        ],
        initial=NEW,
        widget=forms.RadioSelect,
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=column_limit(Player, "name"),
        required=False,
        help_text=_("As it should appear in pairings and standings."),
    )
    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Player.objects.none(),
        required=False,
        widget=NameSelect,
        help_text=_("An arbiter of one of this player's tournaments confirms the claim."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = unlinked_players()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("profile") == NEW and not " ".join(str(data.get("name") or "").split()):
            self.add_error("name", _("A player needs a name."))
        if data.get("profile") == CLAIM and data.get("player") is None:
            self.add_error("player", _("Choose the player you are."))
        return data

    def apply(self, user: AbstractBaseUser) -> None:
        """Make or claim the player chosen (raises ``AccountError``)."""
        if self.cleaned_data["profile"] == NEW:
            services.make_own_player(user=user, name=self.cleaned_data["name"])
        else:
            services.claim_player(user=user, player=self.cleaned_data["player"])


class ProfileSignupForm(ProfileFields):
    """``ACCOUNT_SIGNUP_FORM_CLASS``: allauth's sign-up form adds these fields to its own.

    Signing up through an invitation (its key in the session) links the invited player
    instead, whatever these fields say.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.invited = False
        if "email" in self.fields:  # allauth's sign-up form, built on this one
            # allauth's field takes 320 characters, the account's column holds fewer.
            hold_to_column(self.fields["email"], get_user_model(), "email")

    def clean(self) -> dict[str, Any]:
        if self.invited:
            return self.cleaned_data
        return super().clean()

    def signup(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        invitation_pk = request.session.pop(INVITATION_SESSION_KEY, None)
        try:
            if invitation_pk is not None:
                from accounts.models import Invitation

                invitation = Invitation.objects.filter(pk=invitation_pk).first()
                if invitation is not None:
                    services.accept_invitation(invitation=invitation, user=user)
                    return
            self.apply(user)
        except AccountError as error:
            # Taken in the meantime, or the invitation withdrawn (its sender may no longer link
            # the player): the account is made, the player is chosen later on the "My player"
            # page, and the visitor is told why.
            messages.warning(request, error.message)


class AccountAdapter(DefaultAccountAdapter):
    """The log-in itself is Django's (accounts/urls.py): after the e-mail is verified allauth
    logs the user in through the site's model backend (``accounts.backends``; not axes's,
    which keeps no session).

    allauth's rate limits (sign-up: ``20/m/ip``) count the client the log-in protection counts
    (:func:`accounts.throttle.client_address`, behind ``TRUSTED_PROXIES`` proxies), not
    REMOTE_ADDR, which behind a proxy is the proxy's for everybody.
    """

    def send_account_already_exists_mail(self, email: str) -> None:
        """Someone signed up with an address that has an account (ACCOUNT_PREVENT_ENUMERATION):
        the page said only "we have sent you a link", and no account was made. The address's
        owner is told, with the account's username (the log-in asks for it, not the address)
        and the password-reset link."""
        request = context.request
        users = (
            get_user_model()
            .objects.filter(Q(email__iexact=email) | Q(emailaddress__email__iexact=email))
            .distinct()
        )
        self.send_mail(
            "account/email/account_already_exists",
            email,
            {
                "usernames": sorted(user.get_username() for user in users),
                "password_reset_url": request.build_absolute_uri(reverse("password_reset")),
            },
        )

    def get_client_ip(self, request: HttpRequest) -> str:
        address = client_address(request)
        if address is None:
            # allauth's own answer when it finds no address either.
            raise PermissionDenied("Unable to determine client IP address")
        return address

    def login(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        if not hasattr(user, "backend"):
            user.backend = "accounts.backends.AccountBackend"
        super().login(request, user)


def is_unverified(user: AbstractBaseUser) -> bool:
    """An account made by sign-up whose e-mail address is not verified yet. Accounts made by an
    administrator have no address record and are not held back."""
    addresses = EmailAddress.objects.filter(user=user)
    return addresses.exists() and not addresses.filter(verified=True).exists()


class LoginForm(AuthenticationForm):
    """Django's log-in form; an account whose address is not verified gets the link again."""

    unverified = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Django sets the username's max_length without checking it; a longer name would reach
        # authenticate() and the failed log-ins' records.
        model = get_user_model()
        hold_to_column(self.fields["username"], model, model.USERNAME_FIELD)

    def confirm_login_allowed(self, user: AbstractBaseUser) -> None:
        super().confirm_login_allowed(user)
        if is_unverified(user):
            from allauth.account.internal.flows.email_verification import (
                send_verification_email_for_user,
            )

            self.unverified = True
            # allauth sends it at most once every few minutes (its rate limit).
            if send_verification_email_for_user(self.request, user):
                message = _(
                    "Your e-mail address is not verified yet. We have sent you the link again: "
                    "open it to log in."
                )
            else:
                message = _(
                    "Your e-mail address is not verified yet. Open the link we sent you to log in."
                )
            raise forms.ValidationError(message, code="unverified")

"""Log-in pages: the answer while a log-in is locked out, and password change and reset with the
same protection as the log-in (django-axes; see :mod:`accounts.throttle`); the sign-up, and an
invitation's link to it. The player's side of an account is in :mod:`accounts.player_views`."""

from __future__ import annotations

from typing import Any

from allauth.account.views import SignupView as AllauthSignupView
from axes.handlers.proxy import AxesProxyHandler
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.hashers import make_password
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import services
from accounts.errors import AccountError
from accounts.forms import ThrottledPasswordChangeForm
from accounts.models import Invitation
from accounts.signup import INVITATION_SESSION_KEY, LoginForm
from accounts.throttle import counted_username, lockout_message, lockout_remaining
from common.logs import log_event


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: 429 with ``Retry-After`` and a translated message.

    On the site's log-in page the form comes again (username kept, no "wrong password": the
    password was not even checked); elsewhere (the admin's log-in, password change) a short page.
    """
    username = counted_username(request, credentials)
    seconds = lockout_remaining(request, username)
    message = lockout_message(seconds)
    if request.path == reverse("login"):
        messages.error(request, message)
        form = LoginForm(request, initial={"username": request.POST.get("username", "")})
        response = render(
            request,
            "registration/login.html",
            {"form": form, "next": request.POST.get("next", "")},
            status=429,
        )
    else:
        response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = str(seconds)
    return response


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, with a wrong current password counted as a failed log-in."""

    form_class = ThrottledPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, where every request counts against its e-mail address and the
    client's: enough of them within the cool-off refuse more (no mailbox is flooded from one
    place, and nobody else is stopped from resetting)."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        credentials = {"username": form.cleaned_data["email"]}
        if not AxesProxyHandler.is_allowed(self.request, credentials):
            return locked_out(self.request, None, credentials)
        AxesProxyHandler.user_login_failed(
            sender=type(self), credentials=credentials, request=self.request
        )
        self.request.axes_locked_out = False  # this request was allowed; the next ones are not
        log_event("club.security", "password_reset_requested")
        return super().form_valid(form)


# -- sign-up and invitations ------------------------------------------------------------------


class SignupView(AllauthSignupView):
    """allauth's sign-up; through an invitation the player part is left out (it is given).

    An address that has an account already gets the same answer as a free one (allauth's
    ACCOUNT_PREVENT_ENUMERATION, see accounts.signup): no account is made, and the password
    is hashed all the same, so that the answer does not come sooner either.
    """

    def form_valid(self, form: Any) -> HttpResponse:
        if form.account_already_exists:
            make_password(form.cleaned_data.get("password1"))
        return super().form_valid(form)

    def get_form(self, form_class: Any = None) -> Any:
        form = super().get_form(form_class)
        form.invited = INVITATION_SESSION_KEY in self.request.session
        if form.invited:
            for name in ("profile", "name", "player"):
                form.fields.pop(name, None)
        return form

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        pk = self.request.session.get(INVITATION_SESSION_KEY)
        context["invitation"] = (
            Invitation.objects.select_related("player").filter(pk=pk).first() if pk else None
        )
        return context

    def get_initial(self) -> dict[str, Any]:
        initial = super().get_initial()
        pk = self.request.session.get(INVITATION_SESSION_KEY)
        invitation = Invitation.objects.filter(pk=pk).first() if pk else None
        if invitation is not None:
            initial.setdefault("email", invitation.email)
        return initial


class LoginView(auth_views.LoginView):
    """Django's log-in (django-axes counts it), refusing accounts whose address is unverified."""

    authentication_form = LoginForm


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation's link: remembered in the session, then the sign-up page."""
    try:
        found = services.invitation_from_token(token)
    except AccountError as error:
        return render(request, "accounts/invitation_invalid.html", {"message": error.message})
    if request.user.is_authenticated:
        return render(
            request,
            "accounts/invitation_invalid.html",
            {"message": _("Log out first: the invitation makes a new account.")},
        )
    request.session[INVITATION_SESSION_KEY] = found.pk
    return redirect("account_signup")

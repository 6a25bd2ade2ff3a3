"""Log-in pages: the answer while a log-in is locked out, and password change and reset with the
same protection as the log-in (django-axes; see :mod:`accounts.throttle`)."""

from __future__ import annotations

from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from accounts.forms import ThrottledPasswordChangeForm
from accounts.throttle import counted_username, lockout_message, lockout_remaining
from ops.logs import log_event


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
        form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
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

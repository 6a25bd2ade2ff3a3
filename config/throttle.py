"""Login throttling against password guessing, on Django's cache (no extra dependency).

Every failed login (``user_login_failed``, whichever form or view called ``authenticate``) counts
against the username tried and against the client's address. When either count reaches its limit
within ``WINDOW`` seconds, that username or address is locked out for ``LOCKOUT`` seconds:

- :class:`ThrottledModelBackend` refuses every login of a locked-out username or address, so no
  password is even checked (the admin's login too);
- :class:`ThrottledAuthenticationForm` (the site's login page, through
  :class:`ThrottledLoginView`) and :class:`ThrottledAdminAuthenticationForm` say so in a clear,
  translated message instead of "wrong password";
- a successful login resets its username's count (never the address's: one valid account must not
  let a guesser wipe the count of the address it guesses from).

Settings: ``LOGIN_THROTTLE`` (see config/settings) names the cache, the limits, the window, the
lockout and how many reverse proxies to trust for the client's address. The counters live in that
cache only; with a per-process cache (LocMemCache) each server process counts apart.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.contrib.auth.views import LoginView
from django.core.cache import BaseCache, caches
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

from ops.logs import log_event

KEY_PREFIX = "login-throttle"

DEFAULTS: dict[str, Any] = {
    "CACHE": "default",
    "USERNAME_LIMIT": 5,
    "IP_LIMIT": 30,
    "WINDOW": 15 * 60,
    "LOCKOUT": 15 * 60,
    "TRUSTED_PROXIES": 0,
}


@dataclass(frozen=True)
class ThrottleConfig:
    cache: str
    username_limit: int
    ip_limit: int
    window: int
    lockout: int
    trusted_proxies: int

    @classmethod
    def from_settings(cls) -> ThrottleConfig:
        """``settings.LOGIN_THROTTLE`` over :data:`DEFAULTS`."""
        values = {**DEFAULTS, **getattr(settings, "LOGIN_THROTTLE", {})}
        return cls(
            cache=str(values["CACHE"]),
            username_limit=int(values["USERNAME_LIMIT"]),
            ip_limit=int(values["IP_LIMIT"]),
            window=int(values["WINDOW"]),
            lockout=int(values["LOCKOUT"]),
            trusted_proxies=int(values["TRUSTED_PROXIES"]),
        )


def client_address(request: HttpRequest | None, trusted_proxies: int = 0) -> str | None:
    """The client's address for counting: IPv4 as is, IPv6 as its /64 network.

    With ``trusted_proxies`` = N > 0 the address is the N-th entry of X-Forwarded-For from the
    right (the one the outermost trusted proxy wrote); with 0, REMOTE_ADDR. A whole IPv6 /64
    belongs to one subscriber, who could otherwise take a fresh address per guess.
    """
    if request is None:
        return None
    remote = request.META.get("REMOTE_ADDR", "")
    candidate = remote
    if trusted_proxies > 0:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if forwarded:
            candidate = forwarded[-min(trusted_proxies, len(forwarded))]
    for text in (candidate, remote):
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if isinstance(address, ipaddress.IPv6Address):
            if address.ipv4_mapped is not None:
                return str(address.ipv4_mapped)
            return str(ipaddress.ip_network(f"{address}/64", strict=False))
        return str(address)
    return None


def normalise_username(username: str) -> str:
    """The username as counted: NFKC, case-folded, stripped (so "Alice " counts as "alice")."""
    return unicodedata.normalize("NFKC", username).casefold().strip()


def lockout_message(seconds: int) -> str:
    """The translated message shown while a login is locked out for ``seconds`` more."""
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed attempts to log in. Try again in %(minutes)d minute.",
        "Too many failed attempts to log in. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


class LoginThrottle:
    """Counters and lockouts of failed logins in the configured cache."""

    def __init__(self, config: ThrottleConfig | None = None) -> None:
        self.config = config or ThrottleConfig.from_settings()

    @property
    def cache(self) -> BaseCache:
        return caches[self.config.cache]

    def _scopes(self, request: HttpRequest | None, username: str | None) -> list[tuple[str, int]]:
        """``(key, limit)`` of each counter a login attempt touches."""
        scopes = []
        if username:
            digest = hashlib.sha256(normalise_username(username).encode()).hexdigest()
            scopes.append((f"{KEY_PREFIX}:user:{digest}", self.config.username_limit))
        address = client_address(request, self.config.trusted_proxies)
        if address:
            scopes.append((f"{KEY_PREFIX}:ip:{address}", self.config.ip_limit))
        return scopes

    def _remaining(self, key: str, now: float) -> int:
        deadline = self.cache.get(f"{key}:locked")
        if deadline is None:
            return 0
        return max(0, math.ceil(float(deadline) - now))

    def lockout_remaining(self, request: HttpRequest | None, username: str | None) -> int:
        """Seconds until a login as ``username`` from ``request``'s client is allowed (0: now)."""
        now = time.time()
        return max(
            (self._remaining(key, now) for key, _ in self._scopes(request, username)), default=0
        )

    def register_failure(self, request: HttpRequest | None, username: str | None) -> int:
        """Count a failed login; returns the lockout it leads to, in seconds (0: none).

        An attempt refused because of a lockout is not counted again: it tried no password.
        """
        now = time.time()
        scopes = self._scopes(request, username)
        if any(self._remaining(key, now) for key, _ in scopes):
            return self.lockout_remaining(request, username)
        locked = 0
        for key, limit in scopes:
            if self._hit(key) >= limit:
                self.cache.set(f"{key}:locked", now + self.config.lockout, self.config.lockout)
                self.cache.delete(key)
                locked = self.config.lockout
        return locked

    def _hit(self, key: str) -> int:
        """Add one to a counter that starts with the first failure and lasts WINDOW seconds."""
        if self.cache.add(key, 1, self.config.window):
            return 1
        try:
            return self.cache.incr(key)
        except ValueError:  # expired between add() and incr()
            self.cache.set(key, 1, self.config.window)
            return 1

    def reset_username(self, username: str) -> None:
        """Forget the failures counted against ``username`` (after a successful login)."""
        for key, _ in self._scopes(None, username):
            self.cache.delete(key)


def _username_of(credentials: dict[str, Any]) -> str | None:
    username = credentials.get("username") or credentials.get(get_user_model().USERNAME_FIELD)
    return str(username) if username else None


@receiver(user_login_failed, dispatch_uid="config.throttle.count_failure")
def count_failure(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    username = _username_of(credentials)
    throttle = LoginThrottle()
    locked_for = throttle.register_failure(request, username)
    log_event(
        "club.security",
        "login_failed",
        username=username,
        address=client_address(request, throttle.config.trusted_proxies),
        locked_for=locked_for,
    )


@receiver(user_logged_in, dispatch_uid="config.throttle.reset_on_login")
def reset_on_login(
    sender: Any, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any
) -> None:
    LoginThrottle().reset_username(user.get_username())
    log_event("club.security", "login", user=user.pk)


class ThrottledModelBackend(ModelBackend):
    """Django's ModelBackend that refuses outright while the username or address is locked out.

    Raising PermissionDenied stops ``authenticate`` at once: no password hash is computed.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> AbstractBaseUser | None:
        name = username if username is not None else kwargs.get(get_user_model().USERNAME_FIELD)
        if LoginThrottle().lockout_remaining(request, name):
            raise PermissionDenied
        return super().authenticate(request, username=username, password=password, **kwargs)


class ThrottledLoginFormMixin:
    """For an AuthenticationForm: a "locked out" error (code ``locked_out``) in place of the
    "wrong password" one while the username or the address is locked out."""

    request: HttpRequest | None
    cleaned_data: dict[str, Any]
    lockout_seconds: int = 0

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        self._refuse_if_locked(username)
        try:
            return super().clean()  # type: ignore[misc]
        except forms.ValidationError:
            self._refuse_if_locked(username)  # this very failure may have locked it
            raise

    def _refuse_if_locked(self, username: str | None) -> None:
        seconds = LoginThrottle().lockout_remaining(self.request, username)
        if seconds:
            self.lockout_seconds = seconds
            raise forms.ValidationError(lockout_message(seconds), code="locked_out")


class ThrottledAuthenticationForm(ThrottledLoginFormMixin, AuthenticationForm):
    """The site's login form."""


class ThrottledAdminAuthenticationForm(ThrottledLoginFormMixin, AdminAuthenticationForm):
    """The admin's login form (``admin.site.login_form``)."""


class ThrottledLoginView(LoginView):
    """The login page, with :class:`ThrottledAuthenticationForm`.

    While locked out it answers 429 with a ``Retry-After`` header, the lockout message among the
    page's messages, and a fresh form (the page's "wrong password" line belongs to real failures).
    """

    form_class = ThrottledAuthenticationForm

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        seconds = getattr(form, "lockout_seconds", 0)
        if not seconds:
            return super().form_invalid(form)
        messages.error(self.request, lockout_message(seconds))
        fresh = self.get_form_class()(
            request=self.request, initial={"username": form.data.get("username", "")}
        )
        response = self.render_to_response(self.get_context_data(form=fresh), status=429)
        response["Retry-After"] = str(seconds)
        return response

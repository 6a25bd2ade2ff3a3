"""Protection against password guessing, by django-axes (attempts counted in the database).

Axes counts the failed log-ins of each *combination* of username and client address (its
``AccessAttempt`` rows, shared by every server and worker), and while one has reached
``AXES_FAILURE_LIMIT`` within the cool-off it refuses that combination before any password is
checked. So a guesser locks out only themselves: the real user, from another address, still logs
in. This module gives axes the two things it must know about this site:

- :func:`client_address` — the client's address, behind ``TRUSTED_PROXIES`` reverse proxies
  (``DJANGO_TRUSTED_PROXIES``) read from X-Forwarded-For, IPv6 counted by its /64 (stored as
  the /64's first address, which an ``inet`` column accepts);
- :func:`counted_username` — the username as counted (NFKC, case-folded, stripped), so spelling
  variants count together;

and :class:`LoginThrottleBackend`, axes's backend, which leaves in-process callers that pass no
request (the test client's ``login``, a shell) to the next backend.

Every failure and log-in is logged on ``club.security`` (no password).
"""

from __future__ import annotations

import ipaddress
import math
import unicodedata
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import ngettext

from common.logs import log_event

IPV6_CLIENT_PREFIX = 64
"""An IPv6 client is counted by this network: a whole /64 belongs to one subscriber, who could
otherwise take a fresh address per guess (allauth's ``ALLAUTH_RATE_LIMIT_IPV6_PREFIX`` too)."""


def client_address(request: HttpRequest | None, trusted_proxies: int | None = None) -> str | None:
    """The client's address as counted and stored: IPv4 as is, an IPv4-mapped IPv6 address as its
    IPv4 address, any other IPv6 address as the first address of its /64 (``2001:db8::``).

    With ``trusted_proxies`` = N > 0 (default: ``settings.TRUSTED_PROXIES``) the address is the
    N-th entry of X-Forwarded-For from the right (the one the outermost trusted proxy wrote);
    with 0, REMOTE_ADDR. The result is always a host address, never a network
    (``2001:db8::/64``): django-axes stores it in a ``GenericIPAddressField``, an ``inet``
    column on PostgreSQL, and the driver refuses anything else. It is "the client" for the
    log-in protection, the password-reset limit, allauth's rate limits (sign-up) and the
    ``club.security`` log alike.
    """
    if request is None:
        return None
    if trusted_proxies is None:
        trusted_proxies = int(getattr(settings, "TRUSTED_PROXIES", 0))
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
            network = ipaddress.IPv6Network((int(address), IPV6_CLIENT_PREFIX), strict=False)
            return str(network.network_address)  # int(): without a zone ("%eth0")
        return str(address)
    return None


def normalise_username(username: str) -> str:
    """The username as counted: NFKC, case-folded, stripped (so "Alice " counts as "alice")."""
    return unicodedata.normalize("NFKC", username).casefold().strip()


def counted_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str | None:
    """``AXES_USERNAME_CALLABLE``: the username of an attempt, normalised."""
    field = get_user_model().USERNAME_FIELD
    if credentials:
        username = credentials.get("username") or credentials.get(field)
    elif request is not None:
        username = request.POST.get("username") or request.POST.get(field)
    else:
        username = None
    if not username:
        return None
    # As long as axes's records hold (255): no account's name is longer (150), and a longer one
    # typed into any log-in form (the admin's too) would otherwise fail the record's write.
    from axes.models import AccessAttempt

    return normalise_username(str(username))[: AccessAttempt._meta.get_field("username").max_length]


def lockout_remaining(request: HttpRequest, username: str | None) -> int:
    """Seconds until the locked-out combination of ``username`` and the client may try again."""
    from axes.helpers import get_cool_off
    from axes.models import AccessAttempt

    cool_off = get_cool_off(request)
    address = client_address(request)
    latest = (
        AccessAttempt.objects.filter(
            username=normalise_username(username) if username else None, ip_address=address
        )
        .order_by("-attempt_time")
        .values_list("attempt_time", flat=True)
        .first()
    )
    if latest is None or cool_off is None:
        return int(cool_off.total_seconds()) if cool_off else 0
    return max(1, math.ceil((latest + cool_off - timezone.now()).total_seconds()))


def lockout_message(seconds: int) -> str:
    """The translated message shown while a log-in is locked out for ``seconds`` more."""
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed attempts to log in. Try again in %(minutes)d minute.",
        "Too many failed attempts to log in. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes's backend (first in AUTHENTICATION_BACKENDS): refuses a locked-out combination.

    Without a request there is no client address to count against: only code inside the server
    process (the test client's ``login``, a shell) authenticates that way, and it goes to the next
    backend unthrottled. Every web view passes its request.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> AbstractBaseUser | None:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


@receiver(user_login_failed, dispatch_uid="accounts.throttle.log_failure")
def log_failure(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    log_event(
        "club.security",
        "login_failed",
        username=counted_username(None, credentials),
        address=client_address(request),
        locked_out=bool(getattr(request, "axes_locked_out", False)),
    )


@receiver(user_logged_in, dispatch_uid="accounts.throttle.log_login")
def log_login(
    sender: Any, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any
) -> None:
    log_event("club.security", "login", user=user.pk, address=client_address(request))

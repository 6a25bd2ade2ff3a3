"""System checks of the accounts' settings (``manage.py check``, run by every management command
and by the server)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error


def check_signup_hides_accounts(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """Sign-up keeps secret which e-mail addresses have an account (ACCOUNT_PREVENT_ENUMERATION)
    only while the address must be verified: a taken address then gets the same "we sent you a
    link" answer as a free one, and its owner a mail. Without mandatory verification allauth
    has to refuse a taken address in the form ("already registered"), and the log-in's rule that
    an unverified account waits for its link (accounts.signup.LoginForm) would no longer hold
    for every new account either."""
    verification = str(getattr(settings, "ACCOUNT_EMAIL_VERIFICATION", "")).lower()
    if getattr(settings, "ACCOUNT_PREVENT_ENUMERATION", True) is False:
        return [
            Error(
                "ACCOUNT_PREVENT_ENUMERATION is False: sign-up tells anyone which e-mail "
                "addresses have an account.",
                hint="Set ACCOUNT_PREVENT_ENUMERATION = True (config/settings/__init__.py).",
                id="accounts.E001",
            )
        ]
    if verification != "mandatory":
        return [
            Error(
                f"ACCOUNT_EMAIL_VERIFICATION is {verification!r}: sign-up can hide which "
                "e-mail addresses have an account only when verification is 'mandatory'.",
                hint="Set ACCOUNT_EMAIL_VERIFICATION = 'mandatory' (config/settings/__init__.py).",
                id="accounts.E002",
            )
        ]
    return []

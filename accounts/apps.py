from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Log-in, password change and reset, and their protection against password guessing."""

    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from accounts import throttle  # noqa: F401 - connects the log receivers

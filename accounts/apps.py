from django.apps import AppConfig
from django.core import checks
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Log-in, password change and reset, and their protection against password guessing."""

    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from accounts import page_hooks, throttle  # throttle connects the log receivers
        from accounts.checks import check_signup_hides_accounts
        from games.hooks import register_client_address
        from tournaments.hooks import register_tournament_page

        # Games made without an account are counted by the log-in protection's client address.
        register_client_address(throttle.client_address)

        register_tournament_page(page_hooks.tournament_page, uid="accounts")
        checks.register(check_signup_hides_accounts, checks.Tags.security)

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The open API (``/api/v1/``, docs/api.md): the site's public reads as JSON, described by an
    OpenAPI schema generated from the code, the calendar feeds and the embeddable widgets. The
    top floor: it may import every app, none imports it."""

    name = "api"
    verbose_name = _("Open API")

    def ready(self) -> None:
        from accounts.hooks import register_account_page
        from api import bots, page_hooks, token_views
        from games.hooks import register_game_page_flag, register_home_page, register_player_tags
        from tournaments.hooks import register_tournament_page

        register_account_page(token_views.account_page, uid="api")
        register_tournament_page(page_hooks.tournament_page, uid="api")
        register_home_page(page_hooks.home_page, uid="api")
        register_player_tags(bots.player_tags, uid="api-bots")
        register_game_page_flag(bots.BOT_SEAT_FLAG, bots.bot_seat)

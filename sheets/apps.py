from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sheets"
    verbose_name = _("Spreadsheets")

    def ready(self) -> None:
        from games.hooks import register_game_page
        from sheets import game_page

        register_game_page(game_page.game_page, uid="sheets")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sheets"
    verbose_name = _("Spreadsheets")

    def ready(self) -> None:
        from games.hooks import register_game_list, register_game_page
        from sheets import page_hooks
        from sheets.boards.layouts import register
        from sheets.boards.layouts.sos import SosLayout
        from sheets.boards.layouts.uttt import UtttLayout
        from sheets.imports import notes  # noqa: F401 - registers the import's notes
        from tournaments.hooks import register_round_page, register_tournament_page

        for board_layout in (SosLayout(), UtttLayout()):  # each game kind's board sheet
            register(board_layout)
        register_game_page(page_hooks.game_page, uid="sheets")
        register_game_list(page_hooks.game_list, uid="sheets")
        register_tournament_page(page_hooks.tournament_page, uid="sheets")
        register_round_page(page_hooks.round_page, uid="sheets")

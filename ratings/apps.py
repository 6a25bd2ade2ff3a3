from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from games.hooks import register_player_page
        from ratings import page_hooks, receivers, sheet_export, sheet_page_hooks, standings_columns
        from ratings.sheet_texts import REPORT_SHEET
        from sheets.workbooks.hooks import register_workbook_sheets
        from tournaments.hooks import register_standings_columns, register_tournament_page

        receivers.connect()
        register_workbook_sheets(
            sheet_export.workbook_sheets, uid="ratings", titles=(REPORT_SHEET,)
        )
        register_player_page(page_hooks.player_page, uid="ratings")
        register_tournament_page(page_hooks.tournament_page, uid="ratings")
        register_tournament_page(sheet_page_hooks.tournament_page, uid="rating_sheets")
        register_standings_columns(standings_columns.columns, uid="ratings")

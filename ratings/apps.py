from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from ratings import receivers, sheet_export
        from ratings.sheet_texts import REPORT_SHEET
        from sheets.workbooks.hooks import register_workbook_sheets

        receivers.connect()
        register_workbook_sheets(
            sheet_export.workbook_sheets, uid="ratings", titles=(REPORT_SHEET,)
        )

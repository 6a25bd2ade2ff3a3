from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SheetsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sheets"
    verbose_name = _("Spreadsheets")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OpsConfig(AppConfig):
    """Whole-site operations: structured logs, backup and restore, the demo, the health check
    and the page shown while the database is unreachable."""

    name = "ops"
    verbose_name = _("Site operations")

    def ready(self) -> None:
        from ops.sqlite import create_private_database_files

        create_private_database_files()

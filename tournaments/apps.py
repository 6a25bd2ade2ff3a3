from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from games.signals import game_result_changed
        from tournaments import authority, receivers

        authority.register()

        game_result_changed.connect(receivers.game_result_changed, dispatch_uid="tournaments")

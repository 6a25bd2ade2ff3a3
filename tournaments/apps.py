from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from games.hooks import register_game_page, register_game_page_flag, register_home_page
        from games.integrity import register_integrity_check
        from games.signals import game_result_changed
        from tournaments import authority, receivers
        from tournaments.acts import cup_play, revision, skeleton, status
        from tournaments.web import game_page, home_page

        authority.register()
        revision.connect()
        if cup_play.after_record not in skeleton.AFTER_RECORD:
            skeleton.AFTER_RECORD.append(cup_play.after_record)
        register_game_page(game_page.game_page, uid="tournaments")
        register_home_page(home_page.home_page, uid="tournaments")
        for name, build in game_page.PAGE_FLAGS.items():
            register_game_page_flag(name, build)

        game_result_changed.connect(receivers.game_result_changed, dispatch_uid="tournaments")
        register_integrity_check(status.status_problems, uid="tournaments.acts.status")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The open API (``/api/v1/``, docs/api.md): the site's public reads as JSON, described by an
    OpenAPI schema generated from the code. The top floor: it may import every app, none
    imports it."""

    name = "api"
    verbose_name = _("Open API")

    def ready(self) -> None:
        from accounts.hooks import register_account_page
        from api import token_views

        register_account_page(token_views.account_page, uid="api")

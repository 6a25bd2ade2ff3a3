"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path

from ops import views as ops_views

urlpatterns = [
    # First: the games' URLs are the most requested (moves, polls); no other prefix overlaps them.
    path("", include("games.urls")),
    path("healthz", ops_views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("tournaments/", include("tournaments.web.urls")),
    path("sheets/", include("sheets.urls")),
]

# A form the site cannot read (common.posted.BadInput) is answered with a 400 page saying so.
handler400 = "ops.views.bad_request"
# A 500 caused by a lost database connection is answered with the 503 page (ops/views.py).
handler500 = "ops.views.server_error"

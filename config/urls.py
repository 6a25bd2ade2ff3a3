"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import RedirectView

from ops import views as ops_views

urlpatterns = [
    # First: the games' URLs are the most requested (moves, polls); no other prefix overlaps them.
    path("", include("games.urls")),
    path("healthz", ops_views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    # The records were "Adjudication" until tournaments migration 0016: old bookmarks still land.
    re_path(
        r"^admin/tournaments/adjudication/(?P<rest>.*)$",
        RedirectView.as_view(url="/admin/tournaments/resultrecord/%(rest)s", query_string=True),
        name="old_result_record_admin",
    ),
    path("admin/", admin.site.urls),
    # Personal API tokens (api/token_views.py) live beside the account's pages.
    path("accounts/tokens/", include("api.token_urls")),
    path("accounts/", include("accounts.urls")),
    path("tournaments/", include("tournaments.web.urls")),
    path("sheets/", include("sheets.urls")),
    path("ratings/", include("ratings.urls")),
    path("ratings/", include("ratings.sheet_urls")),  # the lists and reports as spreadsheets
    # The open API (docs/api.md): its own namespace, problem details for its errors.
    path("api/v1/", include("api.urls")),
    # The widgets a club frames on its site, their snippets, a player's calendar link (api/).
    path("", include("api.site_urls")),
]

# A form the site cannot read (common.posted.BadInput) is answered with a 400 page saying so
# (under /api/v1/, with a problem: api/http.py; elsewhere ops.views.bad_request).
handler400 = "api.http.bad_request"
# A 500 caused by a lost database connection is answered with the 503 page (ops/views.py).
handler500 = "ops.views.server_error"

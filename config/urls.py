"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path

from config.throttle import ThrottledAdminAuthenticationForm, ThrottledLoginView

# Both login forms say plainly when too many failed attempts have locked a login out.
admin.site.login_form = ThrottledAdminAuthenticationForm

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # Before django.contrib.auth.urls, whose plain LoginView it replaces.
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("sheets/", include("sheets.urls")),
    path("", include("games.urls")),
]

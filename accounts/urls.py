"""Accounts' pages, before ``django.contrib.auth.urls`` (whose views two of these replace)."""

from django.urls import include, path

from accounts import views

urlpatterns = [
    path("password_change/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("", include("django.contrib.auth.urls")),
]

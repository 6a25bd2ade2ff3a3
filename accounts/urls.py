"""Accounts' pages, before ``django.contrib.auth.urls`` (whose views some of these replace).

The log-in, log-out, password change and reset are Django's views with django-axes's protection;
sign-up and e-mail verification are django-allauth's (only those of its pages: its own log-in and
password pages are not served). allauth's names for the pages it links to point at Django's.
"""

from allauth.account import views as allauth_views
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path

from accounts import views

urlpatterns = [
    path("login/", views.LoginView.as_view(), name="login"),
    path("login/", views.LoginView.as_view(), name="account_login"),
    path("logout/", auth_views.LogoutView.as_view(), name="account_logout"),
    path("password_change/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("password_reset/", views.PasswordResetView.as_view(), name="account_reset_password"),
    # django-allauth: sign-up and the e-mail verification.
    path("signup/", views.SignupView.as_view(), name="account_signup"),
    path("inactive/", allauth_views.account_inactive, name="account_inactive"),
    path(
        "confirm-email/",
        allauth_views.email_verification_sent,
        name="account_email_verification_sent",
    ),
    re_path(
        r"^confirm-email/(?P<key>[-:\w]+)/$",
        allauth_views.confirm_email,
        name="account_confirm_email",
    ),
    path("", include("django.contrib.auth.urls")),
    # The player's side.
    path("", include(("accounts.player_urls", "accounts"))),
]

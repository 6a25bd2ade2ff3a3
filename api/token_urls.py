"""The tokens page's URLs (under /accounts/tokens/, namespace ``api_tokens``)."""

from django.urls import path

from api import token_views

app_name = "api_tokens"

urlpatterns = [
    path("", token_views.tokens, name="tokens"),
    path("<int:pk>/revoke/", token_views.revoke, name="revoke"),
]

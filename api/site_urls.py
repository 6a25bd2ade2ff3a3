"""The api app's pages outside ``/api/v1/`` (namespace ``api_pages``): the embeddable widgets,
the page of their snippets, and the player's calendar page."""

from __future__ import annotations

from django.urls import path

from api import calendar_page, widgets

app_name = "api_pages"

urlpatterns = [
    path("embed/tournaments/<int:pk>/standings", widgets.standings_widget, name="standings"),
    path("embed/tournaments/<int:pk>/pairings", widgets.pairings_widget, name="pairings"),
    path("embed/tournaments/<int:pk>/bracket", widgets.bracket_widget, name="bracket"),
    path("embed/tournaments/<int:pk>/", widgets.snippets_page, name="snippets"),
    path("calendar/", calendar_page.calendar_page, name="calendar"),
    path("calendar/reset/", calendar_page.calendar_reset, name="calendar_reset"),
]

"""URLs of the spreadsheet pages; include under a prefix, e.g. ``path("sheets/", include(…))``."""

from django.urls import path

from sheets import views

app_name = "sheets"

urlpatterns = [
    path("games/<int:pk>.xlsx", views.game_xlsx, name="game"),
    path("tournaments/<int:pk>.xlsx", views.tournament_xlsx, name="tournament"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/blank.xlsx",
        views.round_blank_xlsx,
        name="round_blank",
    ),
    path("tournaments/<int:pk>/import/", views.tournament_import, name="import"),
    path("tournaments/<int:pk>/import/apply/", views.tournament_import_apply, name="import_apply"),
    path("games/<int:pk>/import/", views.game_import, name="game_import"),
    path("games/<int:pk>/import/apply/", views.game_import_apply, name="game_import_apply"),
    path("paper/", views.paper_game, name="paper_game"),
    path("paper/apply/", views.paper_game_apply, name="paper_game_apply"),
]

"""The player's side of an account: his player, claims, many players, invitations, my games."""

from django.urls import path

from accounts import player_views, views

urlpatterns = [
    path("player/", player_views.my_player, name="my_player"),
    path("claims/", player_views.claims, name="claims"),
    path("players/add/", player_views.add_players, name="add_players"),
    path("players/<int:pk>/invite/", player_views.invite, name="invite"),
    path("invitation/<str:token>/", views.invitation, name="invitation"),
    path("games/", player_views.my_games, name="my_games"),
]

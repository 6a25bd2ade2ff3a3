"""The player's side of an account: his player, claims, many players, invitations, my games."""

from django.urls import path

from accounts import views

urlpatterns = [
    path("player/", views.my_player, name="my_player"),
    path("claims/", views.claims, name="claims"),
    path("players/add/", views.add_players, name="add_players"),
    path("players/<int:pk>/invite/", views.invite, name="invite"),
    path("invitation/<str:token>/", views.invitation, name="invitation"),
    path("games/", views.my_games, name="my_games"),
]

from django.urls import path

from games import analysis_views, computer_views, device_views, player_views, views
from games.puzzles import views as puzzle_views

app_name = "games"

urlpatterns = [
    # The most frequent requests first (URLs are tried in order): a move, the page's poll.
    path("games/<int:pk>/move/", views.game_move, name="move"),
    path("games/<int:pk>/live/", views.game_live, name="live"),
    path("", views.home, name="home"),
    path("games/", views.game_list, name="list"),
    path("games/new/", views.game_create, name="new"),
    path("play/", device_views.device_new, name="device_new"),
    path("play/computer/", device_views.device_new, {"against": True}, name="computer_new"),
    path("games/<int:pk>/take-back/", computer_views.take_back, name="computer_take_back"),
    path("games/<int:pk>/hint/", computer_views.hint, name="computer_hint"),
    path("games/<int:pk>/device/", device_views.device_settings, name="device_settings"),
    path("games/<int:pk>/", views.game_detail, name="detail"),
    path("games/<int:pk>/panel/", views.game_panel, name="panel"),
    path("games/<int:pk>/analysis/", analysis_views.request_analysis, name="analysis"),
    path("puzzles/", puzzle_views.puzzle_list, name="puzzles"),
    path("puzzles/<int:pk>/", puzzle_views.puzzle_detail, name="puzzle"),
    path("players/", player_views.player_list, name="players"),
    path("players/new/", player_views.player_create, name="player_new"),
    path("players/<int:pk>/", player_views.player_detail, name="player"),
]

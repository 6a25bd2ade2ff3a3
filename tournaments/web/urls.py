from django.urls import path

from tournaments.web import (
    action_views,
    bracket_views,
    clock_views,
    cup_views,
    decision_views,
    engine_views,
    registration_views,
    round_times_views,
    stage_page,
    tables_views,
    views,
)

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_create, name="new"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/settings/", views.tournament_settings, name="settings"),
    path("<int:pk>/round-times/", round_times_views.round_times_page, name="round_times"),
    path("<int:pk>/standings/", views.standings_page, name="standings"),
    path("<int:pk>/crosstable/", views.crosstable_page, name="crosstable"),
    path("<int:pk>/wallchart/", views.wall_chart, name="wallchart"),
    path("<int:pk>/entries/add/", action_views.entry_add, name="entry_add"),
    path("<int:pk>/pair/", action_views.pair_next, name="pair"),
    path("<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<int:pk>/rounds/<int:number>/finish/", action_views.round_finish, name="finish_round"),
    path("<int:pk>/rounds/<int:number>/override/", action_views.round_override, name="override"),
    path("<int:pk>/pairings/<int:pairing>/result/", action_views.result_enter, name="result"),
    # A knockout's acts
    path("<int:pk>/cup/seed/", cup_views.seed_again, name="cup_seed"),
    path("<int:pk>/matches/<int:match>/lot/", cup_views.lot, name="cup_lot"),
    path("<int:pk>/bracket/", bracket_views.bracket, name="bracket"),
    path("<int:pk>/bracket/live/", bracket_views.bracket_live, name="bracket_live"),
    path("<int:pk>/playoff/", stage_page.start_playoff, name="playoff"),  # events in stages
    path("<int:pk>/matches/<int:match>/clear/", cup_views.clear, name="cup_clear"),
    # An event at tables: a table's result over the board
    path(
        "<int:pk>/rounds/<int:number>/tables/<int:table>/result/",
        tables_views.table_result,
        name="table_result",
    ),
    path("<int:pk>/rounds/<int:number>/slips/", tables_views.table_slips, name="table_slips"),
    # The arbiter's decisions, each recorded
    path("<int:pk>/log/", decision_views.arbiter_log, name="log"),
    path("<int:pk>/pairings/<int:pairing>/decide/", decision_views.pairing_arbiter, name="decide"),
    path("<int:pk>/claims/<int:claim>/decide/", decision_views.claim_decide, name="claim_decide"),
    path(
        "<int:pk>/entries/<int:entry>/withdrawal/",
        decision_views.entry_withdrawal,
        name="withdrawal",
    ),
    # Open registration
    path("<int:pk>/join/", registration_views.join_page, name="join"),
    path("<int:pk>/registration/", registration_views.registration_page, name="registration"),
    path("games/<int:game>/arbiter/", decision_views.game_arbiter, name="game_arbiter"),
    path("games/<int:game>/claim/", decision_views.claim, name="claim"),
    path("games/<int:game>/clock/add/", clock_views.add_time, name="add_time"),
    path("<int:pk>/rounds/<int:number>/clocks/", clock_views.round_clocks, name="round_clocks"),
    path("games/<int:game>/engine/", engine_views.engine_page, name="engine"),
]

"""Each tournament's status recomputed from its rounds, as ``tournaments.acts.status`` derives it.

Before, the status was written by hand in three services, and a change of the number of rounds
left it as it was (a finished tournament given more rounds stayed finished). From now on it is a
cache with one writer (``tournaments.acts.status.refresh_status``); this brings the stored rows in line.
The rule is spelled here as it stands today, so that later changes to it do not change this
migration. Going back keeps the recomputed values (they are what the old code would have shown).
"""

from django.db import migrations


def tournament_status(rounds, round_states):
    paired = [(number, state) for number, state in round_states if state != "pending"]
    if not paired:
        return "registration"
    number, state = max(paired)
    if state == "finished" and number >= (rounds or 0):
        return "finished"
    return "running"


def recompute(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Round = apps.get_model("tournaments", "Round")
    using = schema_editor.connection.alias
    states = {}
    for tournament_id, number, state in Round.objects.using(using).values_list(
        "tournament_id", "number", "status"
    ):
        states.setdefault(tournament_id, []).append((number, state))
    for pk, rounds, stored in Tournament.objects.using(using).values_list("pk", "rounds", "status"):
        status = tournament_status(rounds, states.get(pk, []))
        if status != stored:
            Tournament.objects.using(using).filter(pk=pk).update(status=status)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_pairing_scores_from_the_game")]

    operations = [migrations.RunPython(recompute, migrations.RunPython.noop, elidable=True)]

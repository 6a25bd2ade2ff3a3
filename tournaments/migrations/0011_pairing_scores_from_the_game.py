"""A board's SOS scores have one place: a game played on the site keeps its own (its moves'
points, or the final scores of its sheet), and the pairing keeps only those handed in with a
result that has no such game behind it.

``Pairing.first_score`` / ``second_score`` are nullable since 0010 (``None``: not given — until
now 0:0 stood for that, and the pages and the workbook showed 0:0 as "not known"). The copies of
the games' scores are cleared (pairings whose game has moves or a recorded final position), and so
are 0:0 and the scores of results that are no game played (none yet, a forfeit, a bye).

Backwards, the copies are written again from the games (the moves' points by seat, or the
sheet's final scores) and every "not given" becomes 0 again, as it was.
"""

from django.db import migrations
from django.db.models import Q, Sum

PLAYED = ("1-0", "0-1", "1/2")


def _on_site() -> Q:
    return Q(game__isnull=False) & (Q(game__ply__gt=0) | Q(game__final_scores__isnull=False))


def clear_copies(apps, schema_editor):  # type: ignore[no-untyped-def]
    Pairing = apps.get_model("tournaments", "Pairing")
    rows = Pairing.objects.using(schema_editor.connection.alias)
    none = {"first_score": None, "second_score": None}
    rows.filter(_on_site()).update(**none)
    rows.filter(first_score=0, second_score=0).update(**none)
    rows.exclude(result__in=PLAYED).update(**none)


def restore_copies(apps, schema_editor):  # type: ignore[no-untyped-def]
    Pairing = apps.get_model("tournaments", "Pairing")
    Move = apps.get_model("games", "Move")
    db = schema_editor.connection.alias
    copied = (
        Pairing.objects.using(db)
        .filter(_on_site(), game__kind="sos")
        .select_related("game")
        .order_by("pk")
    )
    for p in copied.iterator(chunk_size=500):
        game = p.game
        if game.ply:
            by_seat = dict(
                Move.objects.using(db)
                .filter(game_id=game.pk)
                .order_by()
                .values("seat")
                .annotate(total=Sum("points"))
                .values_list("seat", "total")
            )
            first, second = by_seat.get(0, 0), by_seat.get(1, 0)
        else:
            final = list(game.final_scores or [])
            first, second = (final + [0, 0])[:2]
        p.first_score, p.second_score = first, second
        p.save(update_fields=["first_score", "second_score"])
    rows = Pairing.objects.using(db)
    rows.filter(first_score__isnull=True).update(first_score=0)
    rows.filter(second_score__isnull=True).update(second_score=0)


class Migration(migrations.Migration):
    # Apart from the fields' change (0010): on PostgreSQL a table whose rows were just updated
    # cannot be altered in the same transaction (going back, the rows are written, then the
    # fields made NOT NULL again).
    dependencies = [
        # The games keep their scores in their Move rows (or final_scores) since games 0004.
        ("games", "0004_remove_game_state_and_scores"),
        ("tournaments", "0010_pairing_scores_nullable"),
    ]

    operations = [
        migrations.RunPython(clear_copies, restore_copies),
    ]

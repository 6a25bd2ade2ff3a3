"""The ``Move`` rows are the game's one record: ``Game.state`` (a copy of the move list and of the
engine's outcome) and ``Game.scores`` (a copy of the engine's scores) go. A game recorded from a
paper sheet by its final position only keeps that position and its scores in ``final_position``
and ``final_scores``. Games whose moves lived only in ``state`` get their ``Move`` rows back, and
every game's cached ``ply`` is set to its number of moves, so no game loses its record."""

from django.db import migrations


def _rules(game):  # type: ignore[no-untyped-def]
    from games.rules import get_rules

    return get_rules(game.kind, **game.options)


def forward(apps, schema_editor):  # type: ignore[no-untyped-def]
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    db = schema_editor.connection.alias
    for game in Game.objects.using(db).order_by("pk").iterator(chunk_size=500):
        state = game.state if isinstance(game.state, dict) else {}
        changed = []
        count = Move.objects.using(db).filter(game_id=game.pk).count()
        copied = list(state.get("moves") or [])
        if not count and copied:
            # The move list was kept only in the copy: make it the record.
            rules = _rules(game)
            position = rules.start()
            rows = []
            for notation in copied:
                seat = rules.to_move(position)
                position = rules.play(position, notation)
                rows.append(
                    Move(
                        game_id=game.pk,
                        ply=position.ply,
                        seat=seat,
                        notation=position.moves[-1],
                        points=position.points[-1] if game.kind == "sos" else 0,
                    )
                )
            Move.objects.using(db).bulk_create(rows)
            count = len(rows)
        if game.ply != count:
            game.ply = count
            changed.append("ply")
        if not count and state.get("position"):
            game.final_position = list(state["position"])
            game.final_scores = list(game.scores or [])
            changed += ["final_position", "final_scores"]
        if changed:
            game.save(update_fields=changed)


def backward(apps, schema_editor):  # type: ignore[no-untyped-def]
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    db = schema_editor.connection.alias
    for game in Game.objects.using(db).order_by("pk").iterator(chunk_size=500):
        rules = _rules(game)
        moves = list(
            Move.objects.using(db)
            .filter(game_id=game.pk)
            .order_by("ply")
            .values_list("notation", flat=True)
        )
        position = rules.replay(moves)
        game.state = rules.to_dict(position)
        game.scores = list(position.scores)
        if not moves and game.final_position:
            game.state["position"] = list(game.final_position)
            game.scores = list(game.final_scores or [])
        game.save(update_fields=["state", "scores"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_game_final_position"),
    ]

    operations = [
        migrations.RunPython(forward, backward, elidable=False),
    ]

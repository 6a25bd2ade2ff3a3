"""``Game.state`` and ``Game.scores`` were copies of what the ``Move`` rows say: they go."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_moves_are_the_record"),
    ]

    operations = [
        migrations.RemoveField(model_name="game", name="state"),
        migrations.RemoveField(model_name="game", name="scores"),
        migrations.AlterField(
            model_name="game",
            name="ply",
            field=models.PositiveIntegerField(
                default=0, editable=False, verbose_name="moves played"
            ),
        ),
    ]

"""A game recorded from a paper sheet by its final position only: its position and scores."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="final_position",
            field=models.JSONField(
                blank=True,
                editable=False,
                help_text="A game recorded without its moves: the final board, a string a row.",
                null=True,
                verbose_name="final position",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="final_scores",
            field=models.JSONField(
                blank=True,
                editable=False,
                help_text="A game recorded without its moves: the scores of its paper sheet.",
                null=True,
                verbose_name="final scores",
            ),
        ),
    ]

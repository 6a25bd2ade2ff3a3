"""``Pairing.first_score`` / ``second_score`` become nullable: ``None`` is "not given" (the
data follow in 0011, which clears the copies of the games' scores)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_open_registration"),
    ]

    operations = [
        migrations.AlterField(
            model_name="pairing",
            name="first_score",
            field=models.PositiveIntegerField(
                blank=True, null=True, verbose_name="first's game score"
            ),
        ),
        migrations.AlterField(
            model_name="pairing",
            name="second_score",
            field=models.PositiveIntegerField(
                blank=True, null=True, verbose_name="second's game score"
            ),
        ),
    ]

"""One name for the record of a result change (issue 28): the model ``Adjudication`` becomes
``ResultRecord`` (its verbose name was "result record" already), ``Claim.adjudication`` becomes
``Claim.record``, and the records' related name on tournaments, pairings, games and entries
``result_records``. The rows stay where they are (the table and a column are renamed); the
permissions of the records keep their holders (the Arbiter group's ``add``/``view``): their codenames
follow the model's name, as Django would have made them for it."""

from django.db import migrations, models

ACTIONS = ("add", "change", "delete", "view")


def _rename_permissions(apps, old, new):
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    User = apps.get_model("auth", "User")
    for action in ACTIONS:
        for perm in Permission.objects.filter(
            content_type__app_label="tournaments", codename=f"{action}_{old}"
        ):
            target = Permission.objects.filter(
                content_type_id=perm.content_type_id, codename=f"{action}_{new}"
            ).first()
            if target is None:
                perm.codename = f"{action}_{new}"
                perm.save(update_fields=["codename"])
                continue
            # Made already (post_migrate after an earlier migrate): its holders join, one row.
            for group in Group.objects.filter(permissions=perm):
                group.permissions.add(target)
            for user in User.objects.filter(user_permissions=perm):
                user.user_permissions.add(target)
            perm.delete()


def forwards(apps, schema_editor):
    _rename_permissions(apps, "adjudication", "resultrecord")


def backwards(apps, schema_editor):
    _rename_permissions(apps, "resultrecord", "adjudication")


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0007_game_status_aborted"),
        ("tournaments", "0015_default_time_and_round_start"),
    ]

    operations = [
        migrations.RenameModel("Adjudication", "ResultRecord"),
        migrations.RenameField("claim", "adjudication", "record"),
        migrations.AlterField(
            model_name="claim",
            name="record",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=models.deletion.PROTECT,
                related_name="claim",
                to="tournaments.resultrecord",
                verbose_name="result record",
            ),
        ),
        *[
            migrations.AlterField(
                model_name="resultrecord",
                name=name,
                field=models.ForeignKey(
                    blank=True,
                    null=True,
                    on_delete=models.deletion.PROTECT,
                    related_name="result_records",
                    to=to,
                    verbose_name=verbose_name,
                ),
            )
            for name, to, verbose_name in (
                ("tournament", "tournaments.tournament", "tournament"),
                ("pairing", "tournaments.pairing", "pairing"),
                ("game", "games.game", "game"),
                ("entry", "tournaments.entry", "player"),
            )
        ],
        migrations.RunPython(forwards, backwards),
    ]

"""One vocabulary for claims (``common.decisions.ClaimStatus``): an account's confirmed claim of a
player is stored as "accepted", as a claim of a win and a request to join are; the column is
cut to the common length (10) once no stored value is longer. Going back restores "confirmed".
"""

from django.db import migrations, models

RENAMED = {"confirmed": "accepted"}


def rename(apps, schema_editor, names):
    PlayerClaim = apps.get_model("accounts", "PlayerClaim")
    using = schema_editor.connection.alias
    for old, new in names.items():
        PlayerClaim.objects.using(using).filter(status=old).update(status=new)


def forward(apps, schema_editor):
    rename(apps, schema_editor, RENAMED)


def backward(apps, schema_editor):
    rename(apps, schema_editor, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_notice_settings'),
    ]

    operations = [
        migrations.RunPython(forward, backward, elidable=False),
        migrations.AlterField(
            model_name='playerclaim',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting for an arbiter'), ('accepted', 'Accepted'), ('rejected', 'Rejected')], default='pending', max_length=10, verbose_name='status'),
        ),
    ]

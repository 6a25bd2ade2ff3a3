"""One vocabulary for claims (``common.decisions.ClaimStatus``): a refused request to join is
stored as "rejected", as a rejected claim is. Only the choices of the status columns change
(the same length, no table is rebuilt for the values). Going back restores "refused".
"""

from django.db import migrations, models

RENAMED = {"refused": "rejected"}


def rename(apps, schema_editor, names):
    JoinRequest = apps.get_model("tournaments", "JoinRequest")
    using = schema_editor.connection.alias
    for old, new in names.items():
        JoinRequest.objects.using(using).filter(status=old).update(status=new)


def forward(apps, schema_editor):
    rename(apps, schema_editor, RENAMED)


def backward(apps, schema_editor):
    rename(apps, schema_editor, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0015_default_time_and_round_start'),
    ]

    operations = [
        migrations.RunPython(forward, backward, elidable=False),
        migrations.AlterField(
            model_name='claim',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting for an arbiter'), ('accepted', 'Accepted'), ('rejected', 'Rejected')], default='pending', max_length=10, verbose_name='status'),
        ),
        migrations.AlterField(
            model_name='joinrequest',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting for an arbiter'), ('accepted', 'Accepted'), ('rejected', 'Rejected')], default='pending', max_length=10, verbose_name='status'),
        ),
    ]

"""One vocabulary for claims (``common.decisions.ClaimStatus``): a refused request to join is
stored as "rejected", as a rejected claim is. Only the choices of the status columns change
(the same length, no table is rebuilt for the values). Going back restores "refused".
"""

from django.db import migrations, models

from common.migrating import rename_values


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0016_result_record_renamed'),
    ]

    operations = [
        rename_values('tournaments', 'JoinRequest', 'status', {'refused': 'rejected'}),
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

"""One vocabulary for claims (``common.decisions.ClaimStatus``): an account's confirmed claim of a
player is stored as "accepted", as a claim of a win and a request to join are; the column is
cut to the common length (10) once no stored value is longer. Going back restores "confirmed".
"""

from django.db import migrations, models

from common.migrating import rename_values


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_notice_settings'),
    ]

    operations = [
        rename_values('accounts', 'PlayerClaim', 'status', {'confirmed': 'accepted'}),
        migrations.AlterField(
            model_name='playerclaim',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting for an arbiter'), ('accepted', 'Accepted'), ('rejected', 'Rejected')], default='pending', max_length=10, verbose_name='status'),
        ),
    ]

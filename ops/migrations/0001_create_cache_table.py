"""The database cache's table (``manage.py createcachetable``), so that ``migrate`` alone sets up
a database. Does nothing for a Redis cache; safe when the table already exists."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]

"""The Arbiter group sees the rounds and entries of the tournaments its members arbitrate in the
admin, and corrects entries there (which tournaments: tournaments.authority decides)."""

from django.apps import apps as global_apps
from django.contrib.auth.management import create_permissions
from django.db import migrations

ARBITER_GROUP = "Arbiter"
PERMISSIONS = [
    ("games", "view_player"),
    ("tournaments", "view_round"),
    ("tournaments", "view_entry"),
    ("tournaments", "change_entry"),
]


def add_permissions(apps, schema_editor):
    for label in ("games", "tournaments"):
        create_permissions(global_apps.get_app_config(label), verbosity=0, apps=apps)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name=ARBITER_GROUP).first()
    if group is None:
        return
    for app_label, codename in PERMISSIONS:
        group.permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )


def remove_permissions(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name=ARBITER_GROUP).first()
    if group is None:
        return
    for app_label, codename in PERMISSIONS:
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label=app_label, codename=codename)
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_result_records")]

    operations = [migrations.RunPython(add_permissions, remove_permissions)]

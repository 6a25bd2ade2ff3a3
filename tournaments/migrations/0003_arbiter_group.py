"""Create the Arbiter group with the permissions the arbiters' acts need."""

from django.apps import apps as global_apps
from django.contrib.auth.management import create_permissions
from django.db import migrations

ARBITER_GROUP = "Arbiter"
PERMISSIONS = [
    ("games", "play_any_seat"),
    ("games", "add_player"),
    ("games", "change_player"),
    ("games", "view_game"),
    ("games", "view_move"),
    ("tournaments", "add_tournament"),
    ("tournaments", "change_tournament"),
    ("tournaments", "view_tournament"),
    ("tournaments", "view_pairing"),
    ("tournaments", "add_adjudication"),
    ("tournaments", "view_adjudication"),
    ("tournaments", "view_claim"),
    ("tournaments", "change_claim"),
]


def create_group(apps, schema_editor):
    for label in ("games", "tournaments"):
        # Permissions are normally made after all migrations; the group needs them now.
        create_permissions(global_apps.get_app_config(label), verbosity=0, apps=apps)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=ARBITER_GROUP)
    for app_label, codename in PERMISSIONS:
        group.permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=ARBITER_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0001_initial"),
        ("tournaments", "0002_adjudication"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]

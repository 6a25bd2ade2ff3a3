"""The fuzz's snapshot (tests/security/fuzzing.py) sees what it must: a changed row, a NUL
character, text longer than its column; and leaves out what is not data (a tournament's revision
stamp, date-times). Without this, the POST fuzz could pass blind."""

from __future__ import annotations

import pytest
from django.db import connection

from games.models import Player
from tests.security import fuzzing
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_changed_row_changes_its_tables_digest_and_no_other() -> None:
    player = Player.objects.create(name="Vera")
    before = fuzzing.snapshot()
    assert before.problems == []
    Player.objects.filter(pk=player.pk).update(name="Vera K.")
    after = fuzzing.snapshot()
    assert before.changed(after) == [Player._meta.label_lower]
    Player.objects.filter(pk=player.pk).update(name="Vera")
    assert before.changed(fuzzing.snapshot()) == []


def test_a_nul_character_and_text_longer_than_its_column_are_problems() -> None:
    if connection.vendor != "sqlite":  # PostgreSQL refuses both values itself
        pytest.skip("SQLite only")
    player = Player.objects.create(name="Vera")
    limit = Player._meta.get_field("name").max_length
    table = connection.ops.quote_name(Player._meta.db_table)
    with connection.cursor() as cursor:  # what SQLite stores and PostgreSQL would refuse
        cursor.execute(f"UPDATE {table} SET name = %s WHERE id = %s", ["a\x00b", player.pk])
    assert fuzzing.snapshot().problems == ["games.player.name: a NUL character"]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET name = %s WHERE id = %s", ["x" * (limit + 1), player.pk]
        )
    assert fuzzing.snapshot().problems == [
        f"games.player.name: {limit + 1} characters, the column holds {limit}"
    ]


def test_the_revision_stamp_is_not_data() -> None:
    tournament = Tournament.objects.create(name="Cup")
    before = fuzzing.snapshot()
    Tournament.objects.filter(pk=tournament.pk).update(revision=tournament.revision + 5)
    assert before.changed(fuzzing.snapshot()) == []
    Tournament.objects.filter(pk=tournament.pk).update(name="Cup 2")
    assert before.changed(fuzzing.snapshot()) == ["tournaments.tournament"]

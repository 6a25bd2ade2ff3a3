"""Set-up shared by every test folder: accounts, players and permissions.

Each folder's conftest/helpers builds on these (with its own password where its tests log in).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.contrib.auth.models import Permission, User
from django.test import TestCase

from games import player_services
from games.models import Player


def make_user(username: str, *, password: str | None = None, **fields: Any) -> User:
    """An account; ``password=None`` makes it unusable (no hashing: for tests that never log in)."""
    return User.objects.create_user(username=username, password=password, **fields)


def make_player(name: str, user: User | None = None, **fields: Any) -> Player:
    """A player, linked to ``user`` if one is given."""
    return player_services.create_player(name=name, user=user, **fields)


@contextmanager
def committed() -> Iterator[list[Any]]:
    """Run what the block leaves for after its commit (``transaction.on_commit``: the games app's
    signals, which the tournaments answer) when the block ends, as a real commit would. Tests
    run inside a transaction that never commits."""
    with TestCase.captureOnCommitCallbacks(execute=True) as callbacks:
        yield callbacks


def with_permission(user: User, perm: str) -> User:
    """Grant ``perm`` (``"app_label.codename"``) to ``user`` and return the user read again from
    the database: Django caches permissions on the instance."""
    app_label, codename = perm.split(".", 1)
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label=app_label, codename=codename)
    )
    return User.objects.get(pk=user.pk)


def seen_version(*, game: Any = None, pairing: Any = None) -> str:
    """The version an arbiter's page shows for ``game``/``pairing`` (its forms carry it)."""
    from tournaments.acts.versions import version_of

    return version_of(game=game, pairing=pairing)


def seen_entry_version(entry: Any) -> str:
    """The version the withdrawal page shows for ``entry``."""
    from tournaments.acts.decisions import entry_version

    entry.refresh_from_db()
    return entry_version(entry)

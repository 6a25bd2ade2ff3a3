"""Project-wide pytest set-up, and the fixtures several test folders share.

Shared here (a folder's conftest overrides one where its tests need another flavour, and says so):

- accounts and players: ``alice`` (seat 0 of ``new_game``), ``boris`` (seat 1), ``carol``,
  ``outsider`` (a player in no test game), ``staff`` (staff, arbitrates nothing), ``superuser``
  (``root``), all with the password :data:`PASSWORD`;
- ``new_game`` (:data:`GameFactory`): a game made by ``games.services.create_game``;
- ``client_for``: an English-speaking test client logged in as a user (None: anonymous);
- the server's time frozen (``frozen``, :class:`FrozenTime`) and the adjudication tests'
  tournament with clocks (``blitz``: 3+2, ``league``: 2 days a move), round 1 started.

Fixtures of one folder stay in that folder's conftest.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings as hypothesis_settings

# No per-example deadline: the machines are shared and noisy, and a test never asserts on time
# (a property test whose example ran slow under load is not a failing one).
hypothesis_settings.register_profile("club", deadline=None)
hypothesis_settings.load_profile("club")

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.test import Client

    from games.models import Game, Player
    from tests.adjudication.helpers import World

ROOT = Path(__file__).resolve().parent.parent


# The fixtures through which a test reaches the test database (pytest-django blocks it otherwise;
# ``django_db_blocker`` is left out: every test has it, and the few that unblock it by hand work on
# SQLite files of their own).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``TESTS_DATABASE_ONLY=1`` (set by `make test-postgres`) keeps only the tests that can reach
    the database: a test without pytest-django's ``django_db`` mark or one of its database
    fixtures cannot open a connection at all, so running it again on PostgreSQL would repeat the
    SQLite run to the letter (the pure cores, the property tests of the pairing and the engine)."""
    import os

    if os.environ.get("TESTS_DATABASE_ONLY") != "1":
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        uses = item.get_closest_marker("django_db") is not None or bool(
            DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
        )
        (kept if uses else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile locale/*.po to .mo (not committed), so a bare `pytest` works like `make test`."""
    script = ROOT / "scripts" / "compilemessages.py"
    spec = importlib.util.spec_from_file_location("compilemessages", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if module.compile_all(ROOT):
        # django.setup() has already read the old catalogues: drop them, as override_settings does,
        # and Python's gettext cache of .mo files (keyed by path), which that leaves in place.
        import gettext

        from django.conf import settings
        from django.test.signals import setting_changed

        gettext._translations.clear()  # type: ignore[attr-defined]
        setting_changed.send(
            sender=type(settings), setting="LOCALE_PATHS", value=settings.LOCALE_PATHS, enter=False
        )


@pytest.fixture(autouse=True)
def fast_password_hasher(settings: Any) -> None:
    """Django's default hasher takes ~0.3 s a user: far too slow for fixtures that make several.

    Tests that run Django in a process of their own (tests/security/test_production.py) keep the
    configured hashers: this reaches only the test process.
    """
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


RATINGS_NOW = "ratings-now"


@pytest.fixture(autouse=True)
def ratings_rebuilt_at_once(settings: Any) -> None:
    """A rating list's rebuild runs at once, in the request, as the tests of the ratings expect
    (``ratings.queue``: the immediate backend); the queue's own tests point
    ``RATINGS_TASK_BACKEND`` back at the database backend."""
    settings.TASKS = {
        **settings.TASKS,
        RATINGS_NOW: {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"},
    }
    settings.RATINGS_TASK_BACKEND = RATINGS_NOW


@pytest.fixture(autouse=True)
def computer_moves_at_once(settings: Any) -> None:
    """The computer's move (games.computer) is thought over at once, in the thread that
    scheduled it (on the move's commit), with its search in that thread: what a test of a page
    can see. The thinker's own tests and the browser's point it back at the background."""
    settings.COMPUTER_MOVES = "inline"
    settings.COMPUTER_PROCESSES = 0


# -- Accounts and players -----------------------------------------------------------------------

PASSWORD = "correct-horse-battery-staple"


def _user(username: str, **fields: Any) -> User:
    from tests import factories

    return factories.make_user(username, password=PASSWORD, **fields)


def _player(name: str, user: User | None = None, **fields: Any) -> Player:
    from tests import factories

    return factories.make_player(name, user, **fields)


@pytest.fixture
def alice(db: None) -> Player:
    """Seat 0 of the default games (moves first); her account is ``alice``."""
    return _player("Alice", _user("alice"))


@pytest.fixture
def boris(db: None) -> Player:
    """Seat 1 of the default games; a Cyrillic name, account ``boris``."""
    return _player("Борис", _user("boris"))


@pytest.fixture
def carol(db: None) -> Player:
    return _player("Carol", _user("carol"))


@pytest.fixture
def outsider(db: None) -> User:
    """An account whose player sits in none of the test games."""
    user = _user("outsider")
    _player("Outsider", user)
    return user


@pytest.fixture
def staff(db: None) -> User:
    """A staff account (username ``arbiter``) without a player or any permission: it arbitrates
    nothing."""
    return _user("arbiter", is_staff=True)


@pytest.fixture
def superuser(db: None) -> User:
    from django.contrib.auth.models import User

    return User.objects.create_superuser(username="root", password=PASSWORD)


# -- Games --------------------------------------------------------------------------------------

GameFactory = Callable[..., "Game"]


@pytest.fixture
def new_game(alice: Player, boris: Player) -> GameFactory:
    """``new_game(kind="sos", players=None, over_the_board=False, created_by=None, **options)``.

    Alice (seat 0) and Борис (seat 1) play unless ``players`` is given (``alice`` and ``boris``
    as the requesting folder defines them); ``over_the_board`` and ``created_by`` go to the
    service, every other keyword is a rules option. SOS defaults to the engine's 3×3 grid.
    """
    from games import services

    def make(
        kind: str = "sos",
        players: Sequence[Player] | None = None,
        *,
        over_the_board: bool = False,
        created_by: User | None = None,
        **options: Any,
    ) -> Game:
        return services.create_game(
            kind=kind,
            options=options,
            players=list(players) if players is not None else [alice, boris],
            over_the_board=over_the_board,
            created_by=created_by,
        )

    return make


# -- Clients ------------------------------------------------------------------------------------


@pytest.fixture
def client_for(db: None) -> Callable[..., Client]:
    """``client_for(user, **client_kwargs)``: an English-speaking client logged in as ``user``
    (None: anonymous)."""
    from django.test import Client

    def make(user: User | None, **kwargs: Any) -> Client:
        client = Client(HTTP_ACCEPT_LANGUAGE="en", **kwargs)
        if user is not None:
            client.force_login(user)
        return client

    return make


# -- The server's time, and clocks --------------------------------------------------------------

START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


class FrozenTime:
    """The server's time (``django.utils.timezone.now``), frozen until advanced."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: Any) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> FrozenTime:
    from django.utils import timezone

    time = FrozenTime()
    monkeypatch.setattr(timezone, "now", time)
    return time


def started(world: World) -> World:
    """``world`` with round 1 started by its arbiter at ``START``: the clocks run from then."""
    from tournaments.acts import clocks

    clocks.start_round(user=world.arbiter, rnd=world.round1)
    return world


@pytest.fixture
def blitz(db: None, frozen: FrozenTime) -> World:
    """The adjudication tests' tournament (round 1 paired and started) with 3+2 clocks."""
    from tests.adjudication.helpers import build_world

    return started(build_world(time_control="fischer/180/2"))


@pytest.fixture
def league(db: None, frozen: FrozenTime) -> World:
    """The same tournament played by correspondence: 2 days a move."""
    from tests.adjudication.helpers import build_world

    return started(build_world(time_control="correspondence/2/0"))

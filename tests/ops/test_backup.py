"""``manage.py backup`` and ``manage.py restore``: every row comes back, or nothing changes."""

from __future__ import annotations

import gzip
import json
import os
import random
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.core.management import CommandError, call_command
from django.db import models
from django.utils import translation

from games import services
from games.integrity import game_problems
from games.models import Game, GameStatus, Move, Player
from ops.backup import FORMAT, VERSION, backup_models, migration_state
from ops.restore import rows_present
from tournaments.acts import skeleton
from tournaments.models import (
    Act,
    Claim,
    Entry,
    Pairing,
    RecordReason,
    ResultSource,
    Round,
    Tournament,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def in_english() -> Iterator[None]:
    """The messages are checked in English (the commands speak the active language)."""
    with translation.override("en"):
        yield


def play(game: Game, count: int, rng: random.Random) -> None:
    """Play up to ``count`` random legal moves through the service, as the seated players."""
    seats = {s.number: s.player.user for s in game.seats.select_related("player__user")}
    for _ in range(count):
        game.refresh_from_db()
        state = game.current_state()
        legal = game.rules.legal_moves(state)
        if not legal:
            return
        seat = game.rules.to_move(state)
        services.submit_move(
            game=game, user=seats[seat], notation=rng.choice(legal), expected_ply=game.ply
        )


@pytest.fixture
def club() -> dict[str, Any]:
    """Users (with a group and a permission), players, SOS and UTTT games, a tournament."""
    rng = random.Random(7)
    users = [User.objects.create_user(f"user{i}", f"u{i}@example.org", f"pw-{i}") for i in range(6)]
    admin = User.objects.create_superuser("boss", "boss@example.org", "pw-boss")
    helpers = Group.objects.create(name="Helpers")
    play_any = Permission.objects.get(codename="play_any_seat")
    helpers.permissions.add(play_any, Permission.objects.get(codename="add_player"))
    users[0].groups.add(helpers)
    users[1].user_permissions.add(play_any)
    names = ["Алиса", "Борис", "Carol", "دارا", "Eve", "Фёдор"]
    players = [
        Player.objects.create(name=name, user=user, club="Клуб «Ладья»", rating=1500 + i)
        for i, (name, user) in enumerate(zip(names, users, strict=True))
    ]
    players.append(Player.objects.create(name="Guest"))  # no account
    games = []
    for i in range(6):
        kind = "uttt" if i % 2 else "sos"
        options = {} if kind == "uttt" else {"rows": 4}
        game = services.create_game(
            kind=kind,
            options=options,
            players=[players[i], players[(i + 1) % 6]],
            created_by=admin,
        )
        play(game, 200 if i < 2 else rng.randint(0, 12), rng)  # the first two to the end
        games.append(game)
    tournament = Tournament.objects.create(name="Кубок клуба", kind="uttt", created_by=admin)
    tournament.arbiters.add(users[2], admin)
    first = Entry.objects.create(tournament=tournament, player=players[0], rank=1)
    second = Entry.objects.create(tournament=tournament, player=players[1], rank=2)
    round_one = Round.objects.create(tournament=tournament, number=1)
    Pairing.objects.create(round=round_one, board=1, first=first, second=second, game=games[1])
    LogEntry.objects.log_actions(
        user_id=admin.pk, queryset=[players[0]], action_flag=ADDITION, change_message="[]"
    )
    assert Game.objects.filter(status=GameStatus.FINISHED).count() >= 2
    return {"games": games, "users": users}


def snapshot() -> dict[str, Any]:
    """Every field of every backed-up row, with many-to-many links; ids of content types and
    permissions (which differ between databases) replaced by their natural keys."""

    def natural(field: models.Field, value: Any) -> Any:
        target = field.related_model
        if value is not None and target in (ContentType, Permission):
            return target.objects.get(pk=value).natural_key()
        return value

    data: dict[str, Any] = {}
    for model in backup_models():
        fields = model._meta.concrete_fields
        rows = [
            {f.attname: natural(f, getattr(obj, f.attname)) for f in fields}
            for obj in model._base_manager.order_by("pk")
        ]
        for field in model._meta.local_many_to_many:
            links = {
                obj.pk: sorted(
                    str(natural(field, pk))
                    for pk in getattr(obj, field.name).values_list("pk", flat=True)
                )
                for obj in model._base_manager.order_by("pk")
            }
            data[f"{model._meta.label_lower}.{field.name}"] = links
        data[model._meta.label_lower] = rows
    return data


def backup(path: Path) -> Path:
    call_command("backup", "-o", str(path), stdout=open(os.devnull, "w"))  # noqa: SIM115
    return path


def restore(path: Path) -> str:
    from io import StringIO

    out = StringIO()
    call_command("restore", str(path), stdout=out)
    return out.getvalue()


def read(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def write(path: Path, rows: list[dict[str, Any]]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path


def empty() -> None:
    call_command("flush", interactive=False, verbosity=0)
    assert rows_present() == {}


def test_restore_into_an_empty_database_gives_every_row_back(
    club: dict[str, Any], tmp_path: Path
) -> None:
    before = snapshot()
    assert len(before["games.move"]) > 20
    file = backup(tmp_path / "club.jsonl.gz")
    empty()
    assert User.objects.count() == 0 and Game.objects.count() == 0
    output = restore(file)
    assert "Restored" in output or output  # translated, but says something
    assert snapshot() == before
    assert game_problems() == []
    # Sequences are moved past the restored ids: new rows do not collide with them.
    players = list(Player.objects.filter(user__isnull=False)[:2])
    game = services.create_game(kind="uttt", options={}, players=players)
    assert game.pk > max(row["id"] for row in before["games.game"])
    services.submit_move(game=game, user=players[0].user, notation="E5")
    assert User.objects.create_user("newcomer").pk > max(row["id"] for row in before["auth.user"])


def test_the_file_has_a_header_a_row_per_line_and_an_end_marker(
    club: dict[str, Any], tmp_path: Path
) -> None:
    file = backup(tmp_path / "club.jsonl.gz")
    assert stat.S_IMODE(file.stat().st_mode) == 0o600  # it holds password hashes
    header, *rows, trailer = read(file)
    assert header["format"] == FORMAT and header["version"] == VERSION
    assert header["migrations"] == migration_state(__import__("django.db").db.connection)
    assert header["counts"]["games.move"] == Move.objects.count()
    assert header["counts"]["auth.user"] == User.objects.count()
    assert sum(header["counts"].values()) == len(rows) == trailer["objects"]
    assert trailer["end"] is True
    assert header["created"].endswith("Z")
    labels = {row["model"] for row in rows}
    assert {"auth.user", "auth.group", "games.move", "tournaments.tournament"} <= labels
    assert not labels & {"contenttypes.contenttype", "auth.permission", "sessions.session"}
    group = next(row for row in rows if row["model"] == "auth.group")
    assert ["play_any_seat", "games", "game"] in group["fields"]["permissions"]


def test_an_existing_file_is_not_overwritten(club: dict[str, Any], tmp_path: Path) -> None:
    file = tmp_path / "club.jsonl.gz"
    file.write_text("keep me")
    with pytest.raises(CommandError, match="exists"):
        backup(file)
    assert file.read_text() == "keep me"


def test_restore_refuses_a_database_that_is_not_empty(club: dict[str, Any], tmp_path: Path) -> None:
    file = backup(tmp_path / "club.jsonl.gz")
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        restore(file)
    message = str(refused.value)
    # The models as people call them, never by their internal labels (auth.user, games.game).
    assert "Users: " in message and "Games: " in message
    assert "auth.user" not in message and "games.game" not in message
    assert "migrate" in message and "flush" in message
    assert snapshot() == before


def test_rows_that_migrations_made_are_replaced(club: dict[str, Any], tmp_path: Path) -> None:
    """A new database has the Arbiter group from a migration: it is still empty."""
    before = snapshot()
    file = backup(tmp_path / "club.jsonl.gz")
    empty()
    Group.objects.create(pk=99, name="Helpers")  # same name as the backup's, another id
    Group.objects.create(name="Arbiter")
    restore(file)
    assert snapshot() == before


def _damage_truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-40])


def _damage_flipped_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def _damage_not_gzip(path: Path) -> None:
    path.write_text('{"format": "sosttt-backup"}\n')


def _damage_other_json(path: Path) -> None:
    write(path, [{"model": "auth.user", "pk": 1, "fields": {}}])


def _damage_no_end_marker(path: Path) -> None:
    write(path, read(path)[:-1])


def _damage_a_row_missing(path: Path) -> None:
    header, *rows, trailer = read(path)
    rows = [row for row in rows if row["model"] != "games.seat"][1:]  # the first one goes
    write(path, [header, *rows, trailer])


def _damage_not_json(path: Path) -> None:
    with gzip.open(path, "rb") as raw:
        lines = raw.read().split(b"\n")
    lines[2] = lines[2][:-5]
    with gzip.open(path, "wb") as out:
        out.write(b"\n".join(lines))


def _damage_unknown_field(path: Path) -> None:
    header, *rows, trailer = read(path)
    rows[-1]["fields"]["no_such_field"] = 1
    write(path, [header, *rows, trailer])


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (_damage_truncated, "damaged"),
        (_damage_flipped_byte, "damaged"),
        (_damage_not_gzip, "damaged"),
        (_damage_other_json, "not a backup"),
        (_damage_no_end_marker, "cut short"),
        (_damage_a_row_missing, "do not match"),
        (_damage_not_json, "not valid JSON"),
        (_damage_unknown_field, "could not be loaded"),
    ],
    ids=lambda value: getattr(value, "__name__", value).removeprefix("_damage_"),
)
def test_a_damaged_file_is_refused_and_changes_nothing(
    club: dict[str, Any], tmp_path: Path, damage: Callable[[Path], None], says: str
) -> None:
    file = backup(tmp_path / "club.jsonl.gz")
    damage(file)
    empty()
    with pytest.raises(CommandError, match=says) as refused:
        restore(file)
    assert "Nothing was changed" in str(refused.value)
    assert rows_present() == {}


def _move_rows(rows: list[dict[str, Any]], game: int) -> list[dict[str, Any]]:
    return sorted(
        (r for r in rows if r["model"] == "games.move" and r["fields"]["game"] == game),
        key=lambda r: r["fields"]["ply"],
    )


def _edit(path: Path, change: Callable[[dict, list[dict]], None]) -> None:
    """Edit the rows, keeping the header's counts and the trailer in step (a 'valid' file)."""
    header, *rows, trailer = read(path)
    change(header, rows)
    counts = dict.fromkeys(header["counts"], 0)
    for row in rows:
        counts[row["model"]] += 1
    header["counts"] = counts
    trailer["objects"] = len(rows)
    write(path, [header, *rows, trailer])


def test_games_that_do_not_replay_are_reported_and_rolled_back(
    club: dict[str, Any], tmp_path: Path
) -> None:
    finished, uttt = club["games"][0], club["games"][1]
    file = backup(tmp_path / "club.jsonl.gz")

    def change(header: dict, rows: list[dict]) -> None:
        # Game 1: a move missing in the middle (a gap).
        rows.remove(_move_rows(rows, finished.pk)[3])
        # Game 2: its last move's cell changed: no longer the stored state (or not legal).
        last = _move_rows(rows, uttt.pk)[-1]
        last["fields"]["notation"] = "A1" if last["fields"]["notation"] != "A1" else "I9"

    _edit(file, change)
    empty()
    with pytest.raises(CommandError) as refused:
        restore(file)
    message = str(refused.value)
    assert f"Game {finished.pk}:" in message and "missing: [4]" in message
    assert f"Game {uttt.pk}" in message
    assert "rolled back" in message
    assert rows_present() == {}


def test_repeated_plies_are_reported(club: dict[str, Any], tmp_path: Path) -> None:
    game = club["games"][0]
    file = backup(tmp_path / "club.jsonl.gz")

    def change(header: dict, rows: list[dict]) -> None:
        moves = _move_rows(rows, game.pk)
        moves[2]["fields"]["ply"] = 2  # two moves numbered 2 (the unique constraint says no)

    _edit(file, change)
    empty()
    with pytest.raises(CommandError, match="Nothing was changed"):
        restore(file)
    assert rows_present() == {}


def test_a_backup_of_another_version_is_refused(club: dict[str, Any], tmp_path: Path) -> None:
    file = backup(tmp_path / "club.jsonl.gz")

    def change(header: dict, rows: list[dict]) -> None:
        header["migrations"]["games"].append("0099_from_the_future")

    _edit(file, change)
    empty()
    with pytest.raises(CommandError, match="another version") as refused:
        restore(file)
    assert "0099_from_the_future" in str(refused.value)
    assert rows_present() == {}


def test_a_backup_made_before_the_result_record_rename_is_refused_clearly(
    club: dict[str, Any], tmp_path: Path
) -> None:
    """A backup of the site before migration 0016 (records still ``tournaments.adjudication``,
    claims pointing at them by ``adjudication``) is refused by the migration check, with the way
    to bring it over, before any row is read into the database."""
    game = club["games"][1]
    pairing = Pairing.objects.get(game=game)
    skeleton.record(
        Act.RESULT,
        source=ResultSource.ONLINE,
        reason=RecordReason.PLAYED,
        user=None,
        game=game,
        pairing=pairing,
        before={},
        after={},
    )
    Claim.objects.create(
        game=game, pairing=pairing, seat=0, claimed_by=club["users"][0], ply=game.ply
    )
    file = backup(tmp_path / "club.jsonl.gz")

    def before_the_rename(header: dict, rows: list[dict]) -> None:
        # every migration from 0016 on was not there yet
        applied = header["migrations"]["tournaments"]
        header["migrations"]["tournaments"] = [n for n in applied if n[:4] < "0016"]
        header["counts"]["tournaments.adjudication"] = header["counts"].pop(
            "tournaments.resultrecord"
        )
        for row in rows:
            if row["model"] == "tournaments.resultrecord":
                row["model"] = "tournaments.adjudication"
            if row["model"] == "tournaments.claim":
                row["fields"]["adjudication"] = row["fields"].pop("record")

    _edit(file, before_the_rename)
    empty()
    with pytest.raises(CommandError, match="another version") as refused:
        restore(file)
    assert "tournaments: backup at 0015_default_time_and_round_start" in str(refused.value)
    assert rows_present() == {}


def test_game_problems_finds_what_the_services_would_never_write(club: dict[str, Any]) -> None:
    assert game_problems() == []
    game = club["games"][0]
    Move.objects.filter(game=game, ply=2).delete()
    other = club["games"][2]
    Game.objects.filter(pk=other.pk).update(ply=models.F("ply") + 1)
    problems = game_problems()
    assert len(problems) == 2
    assert f"Game {game.pk}: " in problems[0] and "missing: [2]" in problems[0]
    assert f"Game {other.pk}: " in problems[1]


def test_a_backup_taken_while_moves_are_played_is_consistent(
    club: dict[str, Any], tmp_path: Path
) -> None:
    """A writer keeps playing (its own connection) while backups are taken: each backup is one
    snapshot, so each restores and replays cleanly."""
    from django.db import connections

    games = [g for g in club["games"] if g.is_active]
    assert games
    stop = threading.Event()
    played = [0]

    def writer() -> None:
        rng = random.Random(3)
        try:
            while not stop.is_set():
                for game in games:
                    game.refresh_from_db()
                    if game.is_active:
                        play(game, 1, rng)
                        played[0] += 1
                if not any(g.is_active for g in games):
                    return
        finally:
            connections.close_all()

    thread = threading.Thread(target=writer)
    thread.start()
    files = []
    try:
        for n in range(4):
            while played[0] < 5 * (n + 1) and thread.is_alive():
                time.sleep(0.01)
            files.append(backup(tmp_path / f"during-{n}.jsonl.gz"))
    finally:
        stop.set()
        thread.join(timeout=60)
    assert played[0] >= 5
    for file in files:
        empty()
        restore(file)  # checks counts and replays every game, or raises
        header = read(file)[0]
        assert Move.objects.count() == header["counts"]["games.move"]


def _break(club: dict[str, Any]) -> tuple[Game, Tournament]:
    """A database that the integrity check rejects: a game with a move missing in the middle,
    a tournament whose stored status is not the one its rounds give."""
    game = club["games"][0]
    Move.objects.filter(game=game, ply=2).delete()
    tournament = Tournament.objects.get()
    Tournament.objects.filter(pk=tournament.pk).update(status="finished")
    return game, tournament


def test_backup_refuses_a_database_that_restore_would_refuse(
    club: dict[str, Any], tmp_path: Path
) -> None:
    game, tournament = _break(club)
    file = tmp_path / "club.jsonl.gz"
    with pytest.raises(CommandError) as refused:
        backup(file)
    message = str(refused.value)
    # Each problem, named and in words: which game or tournament, what is wrong.
    assert f"Game {game.pk}: its moves are not numbered 1…n" in message
    assert "missing: [2]" in message
    assert f"Tournament {tournament.pk}: its status is “Finished”" in message
    assert "No backup was written" in message and "--allow-problems" in message
    assert not file.exists()
    assert list(tmp_path.iterdir()) == []  # no partial file left either


def test_backup_refusal_speaks_the_language_asked_for(club: dict[str, Any], tmp_path: Path) -> None:
    game, _tournament = _break(club)
    with pytest.raises(CommandError) as refused:
        call_command("backup", "-o", str(tmp_path / "x.jsonl.gz"), language="ru")
    message = str(refused.value)
    assert f"Партия {game.pk}" in message
    assert "No backup was written" not in message and "--allow-problems" in message


def test_allow_problems_writes_a_marked_backup_that_restore_needs_the_flag_for(
    club: dict[str, Any], tmp_path: Path
) -> None:
    from io import StringIO

    game, tournament = _break(club)
    before = snapshot()
    file = tmp_path / "forensics.jsonl.gz"
    out, err = StringIO(), StringIO()
    call_command("backup", "-o", str(file), "--allow-problems", stdout=out, stderr=err)
    assert "Backup written" in out.getvalue()
    assert f"Game {game.pk}: its moves are not numbered" in err.getvalue()
    assert f"Tournament {tournament.pk}" in err.getvalue()
    header = read(file)[0]
    assert len(header["problems"]) == 2 and f"Game {game.pk}" in header["problems"][0]

    empty()
    with pytest.raises(CommandError) as refused:
        restore(file)
    message = str(refused.value)
    assert "--allow-problems" in message and f"Game {game.pk}" in message
    assert "Nothing was changed" in message
    assert rows_present() == {}

    out, err = StringIO(), StringIO()
    call_command("restore", str(file), "--allow-problems", stdout=out, stderr=err)
    assert f"Game {game.pk}: its moves are not numbered" in err.getvalue()
    assert "match their stored state" not in out.getvalue()
    assert snapshot() == before


def test_a_clean_backup_says_it_has_no_problems(club: dict[str, Any], tmp_path: Path) -> None:
    header = read(backup(tmp_path / "club.jsonl.gz"))[0]
    assert header["problems"] == []

"""Every management command of the project speaks one of the site's languages: ``--language``
(default: the active language, ``settings.LANGUAGE_CODE`` from ``manage.py``), its output, its
errors and its help translated; a language the site does not have is refused clearly."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command, get_commands, load_command_class
from django.utils import translation

from common.commands import TranslatedCommand
from sheets.management.commands import export_tournament, import_tournament
from tests.sheets.helpers import edit, new_tournament
from tests.tournaments.helpers import make_user

pytestmark = pytest.mark.django_db

PROJECT_APPS = ("accounts", "games", "ops", "sheets", "tournaments")


def project_commands() -> dict[str, str]:
    return {name: app for name, app in get_commands().items() if app in PROJECT_APPS}


def test_the_project_has_commands() -> None:
    assert {"check_integrity", "import_tournament", "export_trf", "backup", "send_notices"} <= set(
        project_commands()
    )


@pytest.mark.parametrize("name", sorted(project_commands()))
def test_every_command_takes_a_language(name: str) -> None:
    command = load_command_class(project_commands()[name], name)
    assert isinstance(command, TranslatedCommand)
    with translation.override("en"):
        parser = command.create_parser("manage.py", name)
    language = next(a for a in parser._actions if "--language" in a.option_strings)
    assert language.type("FA") == "fa"
    assert "the language of the messages" in str(language.help)


def integrity(*args: str, **options: str) -> str:
    out = io.StringIO()
    call_command("check_integrity", *args, stdout=out, **options)
    return out.getvalue()


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "0 games checked: their moves and their records agree."),
        ("ru", "Проверено 0 партий: их ходы и записи согласуются."),
        ("fa", "0 بازی بررسی شد: حرکت‌ها و سوابقشان با هم می‌خوانند."),
    ],
)
def test_the_output_is_in_the_language_asked_for(code: str, expected: str) -> None:
    other = "ru" if code != "ru" else "en"
    with translation.override(other):  # not the active one
        assert integrity("--language", code).strip() == expected
        assert integrity(language=code).strip() == expected  # as call_command's keyword
        assert translation.get_language() == other  # and put back afterwards


@pytest.mark.parametrize("code", ["en", "ru"])
def test_without_the_option_the_sites_language(settings, code: str) -> None:
    settings.LANGUAGE_CODE = code
    translation.deactivate()  # as manage.py runs: nothing active, the site's language
    try:
        out = integrity()
    finally:
        translation.activate(settings.LANGUAGE_CODE)
    assert ("games checked" in out) == (code == "en")
    assert ("партий" in out) == (code == "ru")


def test_the_option_reads_a_code_as_people_write_it() -> None:
    assert "games checked" in integrity("--language", "EN")
    assert "games checked" in integrity("--language", "en_GB")


@pytest.mark.parametrize("how", ["argument", "keyword"])
def test_a_language_the_site_has_not_is_refused(how: str) -> None:
    with translation.override("en"), pytest.raises(CommandError) as refused:
        if how == "argument":
            integrity("--language", "de")
        else:
            integrity(language="de")
    assert "There is no language “de” on this site; choose one of: ru, en, fa." in str(
        refused.value
    )
    with translation.override("ru"), pytest.raises(CommandError) as refused:
        integrity("--language", "xx")
    assert "На сайте нет языка «xx»; выберите один из: ru, en, fa." in str(refused.value)


def test_from_the_shell_a_bad_language_is_a_usage_error(capsys: pytest.CaptureFixture) -> None:
    command = load_command_class("games", "check_integrity")
    with translation.override("en"), pytest.raises(SystemExit) as stopped:
        command.run_from_argv(["manage.py", "check_integrity", "--language", "de"])
    assert stopped.value.code == 2
    assert "There is no language “de” on this site" in capsys.readouterr().err


def test_the_help_is_in_the_language_asked_for(capsys: pytest.CaptureFixture) -> None:
    command = load_command_class("games", "check_integrity")
    for argv, words in (
        (["--language", "ru", "--help"], "язык сообщений"),
        (["--language=en", "--help"], "the language of the messages"),
    ):
        with translation.override("fa"), pytest.raises(SystemExit):
            command.run_from_argv(["manage.py", "check_integrity", *argv])
        assert words in capsys.readouterr().out


# --- the workbook commands: preview, messages, errors ----------------------------------------


@pytest.fixture
def filled(tmp_path: Path) -> tuple[int, Path]:
    """A paper Swiss, its exported workbook with 0-1 written on round 1's board 1."""
    arbiter = make_user("arbiter")
    t = new_tournament(arbiter, players=4, format="swiss", rounds=3, online=False)
    source = tmp_path / "cup.xlsx"
    call_command(
        export_tournament.Command(),
        str(t.pk),
        str(source),
        "--language",
        "en",
        stderr=io.StringIO(),
        stdout=io.StringIO(),
    )
    path = tmp_path / "filled.xlsx"
    path.write_bytes(edit(source.read_bytes(), {("Round 1", "C4"): "0-1"}))
    return t.pk, path


@pytest.mark.parametrize(
    ("code", "result", "summary"),
    [
        ("en", "Result, Round 1, board 1, ", "Sheets read: 4; new players: 0; results: 1;"),
        ("ru", "Результат, Тур 1, доска 1, ", "Прочитано листов: 4; новых игроков: 0;"),
        ("fa", "نتیجه، دور 1، میز 1، ", "برگه‌های خوانده‌شده: 4؛ بازیکنان تازه: 0؛"),
    ],
)
def test_the_import_preview_in_each_language(
    filled: tuple[int, Path], code: str, result: str, summary: str
) -> None:
    pk, path = filled
    out = io.StringIO()
    call_command(import_tournament.Command(), str(pk), str(path), "--language", code, stdout=out)
    text = out.getvalue()
    assert result in text and summary in text
    assert "round 1 board 1" not in text.lower() or code == "en"


def test_the_import_errors_in_each_language(filled: tuple[int, Path]) -> None:
    pk, path = filled
    for code, words in (
        ("en", "--apply needs --user, the arbiter who imports."),
        ("ru", "Для --apply нужен --user: судья, который импортирует книгу."),
    ):
        with pytest.raises(CommandError, match=words):
            call_command(
                import_tournament.Command(), str(pk), str(path), "--apply", "--language", code
            )
    for code, words in (("en", "There is no tournament 999999."), ("ru", "Турнира 999999 нет.")):
        with pytest.raises(CommandError) as refused:
            call_command(import_tournament.Command(), "999999", str(path), "--language", code)
        assert words in str(refused.value)


def test_the_export_messages_in_each_language(filled: tuple[int, Path], tmp_path: Path) -> None:
    pk, _path = filled
    for code, wrote, sheets in (("en", "Wrote ", "Sheets ["), ("ru", "Записан ", "Листы [")):
        out, err = io.StringIO(), io.StringIO()
        target = tmp_path / f"{code}.xlsx"
        call_command(
            export_tournament.Command(),
            str(pk),
            str(target),
            "--language",
            code,
            stdout=out,
            stderr=err,
        )
        assert out.getvalue().startswith(wrote + str(target))
        assert sheets in err.getvalue()
    with pytest.raises(CommandError) as refused:
        call_command(
            export_tournament.Command(),
            str(pk),
            str(tmp_path / "no" / "such" / "dir.xlsx"),
            "--language",
            "en",
            stderr=io.StringIO(),
        )
    assert str(refused.value).startswith("Cannot write ")


def test_send_notices_counts_in_the_language(db: None) -> None:
    out = io.StringIO()
    call_command("send_notices", "--language", "en", stdout=out)
    assert out.getvalue().strip() == "0 mails sent."
    out = io.StringIO()
    call_command("send_notices", "--language", "ru", stdout=out)
    assert out.getvalue().strip() == "Отправлено писем: 0."


def test_backup_names_the_models_in_words(tmp_path: Path, db: None) -> None:
    User.objects.create(username="someone")
    out = io.StringIO()
    call_command("backup", "-o", str(tmp_path / "b.jsonl.gz"), "--language", "en", stdout=out)
    lines = out.getvalue().splitlines()
    assert "  Users: 1" in lines
    assert not any("auth.user" in line for line in lines)

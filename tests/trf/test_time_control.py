"""TRF field 122 (allotted times per moves/game): the tournament's time control in our short
form, written on export and read back on import; any other text is ignored."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tournaments import trf
from tournaments.models import Tournament
from tournaments.trf_io import export_trf, import_trf

from .conftest import Builder
from .test_format import SMALL


def with_122(text: str, value: str) -> str:
    lines = text.splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.startswith("092"))
    return "".join([*lines[: at + 1], f"122 {value}\n", *lines[at + 1 :]])


def test_the_122_line_is_read_and_written_back_in_its_place() -> None:
    text = trf.format_trf(trf.parse(with_122(SMALL, "3+2")))
    data = trf.parse(text)
    assert data.time_control == "3+2"
    lines = text.splitlines()
    assert lines[lines.index("092 Individual: Swiss-System") + 1] == "122 3+2"
    assert "122 3+2" not in data.extra
    assert trf.format_trf(data) == text
    assert trf.parse(SMALL).time_control == ""
    assert "122" not in [line[:3] for line in trf.format_trf(trf.parse(SMALL)).splitlines()]


def test_a_second_122_line_is_refused() -> None:
    with pytest.raises(trf.TrfError) as err:
        trf.parse(with_122(with_122(SMALL, "3+2"), "5+0"))
    assert err.value.params["code"] == "122"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("code", "written"),
    [
        ("fischer/180/2", "3+2"),
        ("delay/600/5", "10 d5"),
        ("correspondence/2/0", "2 days/move"),
        ("correspondence/3/30", "3 days/move; 30 days in all"),
    ],
)
def test_the_time_control_round_trips(
    build: Builder, arbiter: User, code: str, written: str
) -> None:
    t = build()
    Tournament.objects.filter(pk=t.pk).update(time_control=code)
    t.refresh_from_db()
    text = export_trf(t)
    assert f"\n122 {written}\n" in text
    copy = import_trf(text=text, user=arbiter)
    assert copy.time_control == code
    assert export_trf(copy) == text


@pytest.mark.django_db
def test_no_clock_no_122_line(build: Builder) -> None:
    assert "\n122" not in export_trf(build())


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["90 min/40 moves + 30 min", "G/60", "ten minutes"])
def test_a_foreign_122_is_ignored(arbiter: User, value: str) -> None:
    t = import_trf(text=with_122(SMALL, value), user=arbiter)
    assert t.time_control == ""


@pytest.mark.django_db
def test_our_short_form_in_a_foreign_file_is_read(arbiter: User) -> None:
    t = import_trf(text=with_122(SMALL, "5 + 3"), user=arbiter)
    assert t.time_control == "fischer/300/3"

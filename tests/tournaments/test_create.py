"""``create_tournament``: what a new tournament needs, its tie-breaks, and its arbiters."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from tests.tournaments.helpers import make_user
from tournaments import authority
from tournaments.acts import services, tournament_settings
from tournaments.errors import TournamentError
from tournaments.models import Tournament, TournamentStatus
from tournaments.standings import ROUND_ROBIN_ORDER, SWISS_ORDER

pytestmark = pytest.mark.django_db


def create(**fields):
    values = {"name": "Spring Cup", "kind": "sos", "format": "swiss", "rounds": 5}
    values.update(fields)
    return services.create_tournament(**values)


def refused(code: str, **fields) -> TournamentError:
    with translation.override("en"), pytest.raises(TournamentError) as info:
        create(**fields)
    assert info.value.code == code
    assert Tournament.objects.count() == 0
    return info.value


def test_a_swiss_tournament_is_created_in_registration_with_its_fields() -> None:
    t = create(name="  Spring   Cup ", kind="uttt", rounds=7, online=False, points_win=3)
    t.refresh_from_db()
    assert t.name == "Spring Cup"
    assert (t.kind, t.format, t.rounds, t.online) == ("uttt", "swiss", 7, False)
    assert t.status == TournamentStatus.REGISTRATION
    assert t.options["preset"] == "tactical"  # normalised by the rules engine
    assert float(t.points_win) == 3


@pytest.mark.parametrize("rounds", [None, 0])
def test_a_swiss_tournament_needs_its_number_of_rounds(rounds: int | None) -> None:
    error = refused("rounds", rounds=rounds)
    assert "number of rounds" in error.message


def test_a_round_robin_needs_no_number_of_rounds_and_ignores_one() -> None:
    t = create(format="round_robin", rounds=9)
    assert t.rounds is None


def test_an_unknown_tie_break_is_refused_with_its_key() -> None:
    error = refused("tiebreaks", tiebreaks=["buchholz", "coin_toss"])
    assert "coin_toss" in error.message


def test_a_repeated_tie_break_is_refused() -> None:
    """The form refuses a repeated tie-break; the service (which imports also use) must too:
    the standings cannot be computed for such an order."""
    error = refused("tiebreaks", tiebreaks=["buchholz", "wins", "buchholz"])
    assert error.message == "Each tie-break can be chosen only once."


@pytest.mark.parametrize("key", ["sos_points", "sos_difference"])
def test_sos_points_tie_breaks_are_refused_for_ultimate_tic_tac_toe(key: str) -> None:
    error = refused("tiebreaks", kind="uttt", tiebreaks=["buchholz", key])
    assert "SOS" in error.message


def test_sos_points_tie_breaks_are_accepted_for_sos() -> None:
    t = create(kind="sos", tiebreaks=["sos_points", "sos_difference", "buchholz"])
    assert t.tiebreaks == ["sos_points", "sos_difference", "buchholz"]


def test_an_empty_tie_break_list_is_kept_empty() -> None:
    assert create(tiebreaks=[]).tiebreaks == []


@pytest.mark.parametrize(
    ("format", "expected"),
    [
        ("swiss", SWISS_ORDER),
        ("round_robin", ROUND_ROBIN_ORDER),
        ("double_round_robin", ROUND_ROBIN_ORDER),
    ],
)
def test_the_default_tie_break_order_depends_on_the_format(format: str, expected: tuple) -> None:
    t = create(format=format, kind="uttt")
    assert t.tiebreaks == list(expected)


@pytest.mark.parametrize(
    ("format", "expected"),
    [
        (
            "swiss",
            [
                "sos_points",
                "sos_difference",
                "buchholz_cut1",
                "buchholz",
                "sonneborn_berger",
                "direct_encounter",
            ],
        ),
        (
            "round_robin",
            [
                "direct_encounter",
                "sos_points",
                "sos_difference",
                "sonneborn_berger",
                "wins",
                "koya",
            ],
        ),
        (
            "double_round_robin",
            [
                "direct_encounter",
                "sos_points",
                "sos_difference",
                "sonneborn_berger",
                "wins",
                "koya",
            ],
        ),
    ],
)
def test_an_sos_tournament_defaults_to_the_sos_tie_breaks(format: str, expected: list) -> None:
    t = create(format=format, kind="sos")
    assert t.tiebreaks == expected
    # Computed from the format's usual order: the SOS points lead (after DE in a round robin).
    assert tournament_settings.default_tiebreaks(format, "sos") == expected
    assert tournament_settings.default_tiebreaks(format, "uttt") == list(
        SWISS_ORDER if format == "swiss" else ROUND_ROBIN_ORDER
    )


def test_the_default_orders_are_the_documented_ones() -> None:
    assert list(SWISS_ORDER) == [
        "buchholz_cut1",
        "buchholz",
        "sonneborn_berger",
        "direct_encounter",
        "wins",
    ]
    assert list(ROUND_ROBIN_ORDER) == ["direct_encounter", "sonneborn_berger", "wins", "koya"]


def test_the_creator_becomes_an_arbiter_with_the_named_ones() -> None:
    creator, helper, stranger = make_user("creator"), make_user("helper"), make_user("stranger")
    t = create(created_by=creator, arbiters=[helper])
    assert set(t.arbiters.all()) == {creator, helper}
    assert t.created_by == creator
    assert authority.may_arbitrate(creator, t)
    assert authority.may_arbitrate(helper, t)
    assert not authority.may_arbitrate(stranger, t)


def test_a_superuser_can_arbitrate_any_tournament() -> None:
    t = create()
    root = User.objects.create_superuser(username="root", password="x")
    assert authority.may_arbitrate(root, t)
    assert not authority.may_arbitrate(None, t)


def test_unknown_format_name_and_rules_options_are_refused() -> None:
    refused("format", format="scheveningen")
    refused("name", name="   ")
    refused("options", options={"rows": 2})

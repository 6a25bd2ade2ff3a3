"""Every free-text field of every form, at its limit and one past it.

The forms are walked from the apps' modules (and allauth's sign-up form, which the site's
``ACCOUNT_SIGNUP_FORM_CLASS`` extends), so a new form or a new text field that is in none of the
tables below fails :func:`test_every_form_and_text_field_is_in_a_table`. A field's limit is the
column's ``max_length`` where its value is written to a column (the bug class: a form field with
no limit, or a larger one, feeding a column that has one — the preview passes, the apply fails
with "value too long"); a field whose value is transformed or never stored has a limit of its
own, or none, with the reason written down.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.test import RequestFactory
from django.utils import translation

from accounts.models import Invitation
from games.models import GameKind, Player
from tests.factories import make_player, make_user
from tournaments.acts import services as tournament_services
from tournaments.models import RoundTime, Tournament

pytestmark = pytest.mark.django_db

APPS = ("games", "tournaments", "sheets", "accounts", "ops", "config")
ALLAUTH_SIGNUP = "allauth.account.forms.SignupForm"
# Not imported: the settings of each deployment (production ones read the environment), which
# hold no forms, and the migrations.
NOT_WALKED = ("config.settings.", ".migrations")


def walk_forms() -> dict[str, type[forms.BaseForm]]:
    """Every form class defined in the apps' modules (migrations aside), by dotted name, and the
    allauth forms the settings use (the sign-up form; ``ACCOUNT_FORMS`` overrides if any)."""
    found: dict[str, type[forms.BaseForm]] = {}
    for app in APPS:
        package = importlib.import_module(app)
        names = [app] + [
            info.name
            for info in pkgutil.walk_packages(package.__path__, f"{app}.")
            if not any(part in info.name for part in NOT_WALKED)
        ]
        for name in names:
            module = importlib.import_module(name)
            for obj in vars(module).values():
                if (
                    inspect.isclass(obj)
                    and issubclass(obj, forms.BaseForm)
                    and obj.__module__ == module.__name__
                ):
                    found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    from allauth.account.forms import SignupForm

    found[ALLAUTH_SIGNUP] = SignupForm
    for dotted in getattr(settings, "ACCOUNT_FORMS", {}).values():
        module_name, _, attr = dotted.rpartition(".")
        found[dotted] = getattr(importlib.import_module(module_name), attr)
    return found


def is_free_text(f: forms.Field) -> bool:
    """A field a user types text into (not a choice, number, date or file)."""
    return isinstance(f, forms.CharField) or isinstance(f.widget, forms.Textarea)


# -- Building the forms ------------------------------------------------------------------------


@dataclass
class Spec:
    """How to build a form: its constructor's arguments, and data valid for its other fields
    (both made in the test's database). ``whole``: at the limit the whole form is valid."""

    kwargs: Callable[[], dict[str, Any]] = dict
    data: Callable[[], dict[str, Any]] = dict
    whole: bool = True


def _players() -> dict[str, Any]:
    a = make_player("Ann")
    b = make_player("Bob")
    return {"seat_0": str(a.pk), "seat_1": str(b.pk)}


def _user(username: str, password: str | None = None) -> User:
    return User.objects.filter(username=username).first() or make_user(username, password=password)


def _tournament() -> Tournament:
    return tournament_services.create_tournament(
        name="Open", kind=GameKind.SOS, rounds=5, created_by=_user("arbiter")
    )


def _request() -> Any:
    request = RequestFactory().post("/")
    request.session = {}
    return request


def _password_change() -> dict[str, Any]:
    user = _user("changer", password="old secret 1")
    return {"user": user, "request": _request()}


def _settings_data() -> dict[str, Any]:
    return {
        "name": "Open",
        "kind": GameKind.SOS,
        "format": "swiss",
        "rounds": "5",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_bye": "1",
        "rows": "5",
        "cols": "5",
        "mode": "most",
        "arbiters": "arbiter",
        "engine_seconds": "1",
    }


REASON = {"reason": "unfinished", "note": "", "version": "v1"}
APPLY = {"token": "t", "digest": "d"}

SPECS: dict[str, Spec] = {
    "games.forms.NewGameForm": Spec(
        kwargs=lambda: {"user": None},
        data=lambda: {"kind": GameKind.SOS, "rows": "5", "cols": "5", "mode": "most", **_players()},
    ),
    "games.forms.PlayerForm": Spec(kwargs=lambda: {"user": None}, data=lambda: {"name": "Ann"}),
    "games.device_views.DeviceGameForm": Spec(
        data=lambda: {"kind": GameKind.SOS, "rows": "5", "cols": "5", "mode": "most", "seats": "6"}
    ),
    "tournaments.web.settings_form.TournamentForm": Spec(
        kwargs=lambda: {"tournament": _tournament()}, data=_settings_data
    ),
    # The admin's entry form checks through the service with the entry's tournament: the field
    # errors are what is tested here.
    "tournaments.admin.forms.EntryAdminForm": Spec(whole=False),
    "tournaments.admin.forms.TournamentAdminForm": Spec(whole=False),
    "tournaments.web.registration_views.RegistrationForm": Spec(),
    "tournaments.web.stage_page.PlayoffForm": Spec(data=lambda: {"qualifiers": "2"}),
    "tournaments.web.forms.EngineDecideForm": Spec(data=lambda: {**REASON, "result": "1-0"}),
    "tournaments.web.forms.EngineWinnersForm": Spec(
        kwargs=lambda: {"seats": [(1, "Ann"), (2, "Bob"), (3, "Cy")]}, data=lambda: REASON
    ),
    "tournaments.web.forms.EngineRequestForm": Spec(data=lambda: {"version": "v1"}),
    "tournaments.web.forms.EntryForm": Spec(
        kwargs=lambda: {"tournament": _tournament()}, data=lambda: {"new_name": "Ann"}
    ),
    "tournaments.web.forms.ResultForm": Spec(data=lambda: {"result": "1-0", "version": "v1"}),
    "tournaments.web.forms.OverrideForm": Spec(
        kwargs=lambda: {"entries": [], "boards": 0}, whole=False
    ),
    "tournaments.web.forms._ReasonForm": Spec(data=lambda: REASON),
    "tournaments.web.forms.DecideForm": Spec(data=lambda: {**REASON, "result": "1-0"}),
    "tournaments.web.forms.WinnersForm": Spec(
        kwargs=lambda: {"seats": [(1, "Ann"), (2, "Bob"), (3, "Cy")]}, data=lambda: REASON
    ),
    "tournaments.web.forms.TakeBackForm": Spec(data=lambda: {**REASON, "count": "1"}),
    "tournaments.web.forms.AnnulForm": Spec(data=lambda: REASON),
    "tournaments.web.forms.WithdrawalForm": Spec(data=lambda: REASON),
    "tournaments.web.forms.ClaimDecisionForm": Spec(data=lambda: {"accept": "1"}),
    "tournaments.web.forms.AddTimeForm": Spec(
        kwargs=lambda: {"seats": [(1, "Ann"), (2, "Bob")]},
        data=lambda: {**REASON, "seat": "1", "minutes": "2"},
    ),
    "tournaments.web.round_times_views.RoundTimesForm": Spec(
        kwargs=lambda: {"count": 2}, data=lambda: {"round_1": "2026-03-01T10:00"}
    ),
    "sheets.forms.UploadForm": Spec(whole=False),
    "sheets.forms.SheetUploadForm": Spec(whole=False),
    "sheets.forms.ApplyForm": Spec(data=lambda: APPLY),
    "sheets.forms.PaperApplyForm": Spec(data=lambda: APPLY),
    "accounts.forms.ThrottledPasswordChangeForm": Spec(kwargs=_password_change, whole=False),
    "accounts.player_views.NoticeForm": Spec(),
    "accounts.player_views.PlayerListForm": Spec(data=lambda: {"players": "Ann"}),
    "accounts.player_views.InvitationForm": Spec(data=lambda: {"email": "ann@example.org"}),
    "accounts.signup.ProfileFields": Spec(data=lambda: {"profile": "new", "name": "Ann"}),
    "accounts.signup.ProfileSignupForm": Spec(data=lambda: {"profile": "new", "name": "Ann"}),
    # Django's log-in form: its check is authenticate(), the limit is the username field's.
    "accounts.signup.LoginForm": Spec(kwargs=lambda: {"request": _request()}, whole=False),
    ALLAUTH_SIGNUP: Spec(
        data=lambda: {
            "username": "newcomer",
            "email": "new@example.org",
            "password1": "a long enough secret 77",
            "password2": "a long enough secret 77",
            "profile": "new",
            "name": "Ann",
        }
    ),
}

# Forms this test cannot build, and why.
SKIPPED: dict[str, str] = {
    "tournaments.web.cup_form.CupOptionFields": (
        "a knockout's options, mixed into TournamentForm: its fields are walked there"
    ),
    "tournaments.web.tables_form.TablesOptionFields": (
        "the options of SOS at tables, mixed into TournamentForm: its fields are walked there"
    ),
}

# -- Where each text field's value ends ----------------------------------------------------------

Column = tuple[type[models.Model], str]


@dataclass(frozen=True)
class Ends:
    """A limited text field: the column its value is written to (``None``: transformed or never
    stored, the form's own limit is the limit, ``why``), and how to write ``n`` valid characters."""

    column: Column | None
    why: str = ""
    text: str = "plain"


PLAYER_NAME = Ends((Player, "name"))
VERSION = Ends(None, "an act's version, compared with the current one, never stored")
NOTE = Ends(None, "the note's column is a TextField: the form's limit is the house's")
TIME_CONTROL = Ends(
    None, "parsed: the column gets the clock's code (numbers of at most 4 digits)", "time control"
)

LIMITED: dict[tuple[str, str], Ends] = {
    ("games.forms.NewGameForm", "time_control"): TIME_CONTROL,
    ("games.forms.PlayerForm", "name"): PLAYER_NAME,
    **{("games.device_views.DeviceGameForm", f"name_{n}"): PLAYER_NAME for n in range(6)},
    ("games.forms.PlayerForm", "club"): Ends((Player, "club")),
    ("tournaments.web.settings_form.TournamentForm", "name"): Ends((Tournament, "name")),
    ("tournaments.web.settings_form.TournamentForm", "time_control"): TIME_CONTROL,
    ("tournaments.web.settings_form.TournamentForm", "cup_tiebreak_time_control"): TIME_CONTROL,
    ("tournaments.web.settings_form.TournamentForm", "cup_armageddon_time_control"): TIME_CONTROL,
    ("tournaments.web.settings_form.TournamentForm", "tables_scheme"): Ends(
        None, "parsed by the format's entry into a list of numbers (format_options)"
    ),
    ("tournaments.web.settings_form.TournamentForm", "arbiters"): Ends(
        None, "user names looked up, the accounts stored", "user names"
    ),
    ("tournaments.admin.forms.TournamentAdminForm", "name"): Ends((Tournament, "name")),
    ("tournaments.web.stage_page.PlayoffForm", "name"): Ends((Tournament, "name")),
    ("tournaments.web.stage_page.PlayoffForm", "cup_tiebreak_time_control"): TIME_CONTROL,
    ("tournaments.web.stage_page.PlayoffForm", "cup_armageddon_time_control"): TIME_CONTROL,
    ("tournaments.admin.forms.TournamentAdminForm", "time_control"): TIME_CONTROL,
    ("tournaments.web.forms.EngineRequestForm", "version"): VERSION,
    ("tournaments.web.forms.EntryForm", "new_name"): PLAYER_NAME,
    ("tournaments.web.forms.ResultForm", "version"): VERSION,
    ("accounts.player_views.InvitationForm", "email"): Ends((Invitation, "email"), text="e-mail"),
    ("accounts.signup.ProfileFields", "name"): PLAYER_NAME,
    ("accounts.signup.ProfileSignupForm", "name"): PLAYER_NAME,
    ("accounts.signup.LoginForm", "username"): Ends((User, "username")),
    (ALLAUTH_SIGNUP, "username"): Ends((User, "username")),
    (ALLAUTH_SIGNUP, "email"): Ends((User, "email"), text="e-mail"),
    (ALLAUTH_SIGNUP, "name"): PLAYER_NAME,
}
for _form in (
    "_ReasonForm",
    "DecideForm",
    "WinnersForm",
    "TakeBackForm",
    "AnnulForm",
    "WithdrawalForm",
    "AddTimeForm",
):
    LIMITED[(f"tournaments.web.forms.{_form}", "note")] = NOTE
    LIMITED[(f"tournaments.web.forms.{_form}", "version")] = VERSION
for _form in ("EngineDecideForm", "EngineWinnersForm"):
    LIMITED[(f"tournaments.web.forms.{_form}", "note")] = NOTE
    LIMITED[(f"tournaments.web.forms.{_form}", "version")] = VERSION
LIMITED[("tournaments.web.forms.ClaimDecisionForm", "note")] = NOTE
for _n in (1, 2):
    LIMITED[("tournaments.web.round_times_views.RoundTimesForm", f"place_{_n}")] = Ends(
        (RoundTime, "place")
    )

PASSWORD = "a password: hashed, never stored as typed"
HALF_BYES = "parsed into round numbers (a list), each checked against the rounds"
TOKEN = "an import's token or digest: looked up and compared, never stored"

# Free-text fields without a limit, and why none is needed.
UNBOUNDED: dict[tuple[str, str], str] = {
    ("tournaments.admin.forms.EntryAdminForm", "half_byes"): HALF_BYES,
    ("tournaments.web.forms.EntryForm", "half_byes"): HALF_BYES,
    ("sheets.forms.ApplyForm", "token"): TOKEN,
    ("sheets.forms.ApplyForm", "digest"): TOKEN,
    ("sheets.forms.PaperApplyForm", "token"): TOKEN,
    ("sheets.forms.PaperApplyForm", "digest"): TOKEN,
    ("accounts.forms.ThrottledPasswordChangeForm", "old_password"): PASSWORD,
    ("accounts.forms.ThrottledPasswordChangeForm", "new_password1"): PASSWORD,
    ("accounts.forms.ThrottledPasswordChangeForm", "new_password2"): PASSWORD,
    ("accounts.signup.LoginForm", "password"): PASSWORD,
    (ALLAUTH_SIGNUP, "password1"): PASSWORD,
    (ALLAUTH_SIGNUP, "password2"): PASSWORD,
    ("tournaments.admin.forms.TournamentAdminForm", "options"): (
        "the rules options (JSON), checked against the game kind's schema"
    ),
    ("tournaments.admin.forms.TournamentAdminForm", "format_options"): (
        "the format's options (JSON), checked and normalised by the format's entry"
    ),
    ("tournaments.admin.forms.TournamentAdminForm", "tiebreaks"): (
        "the tie-breaks' keys (JSON), each checked against the tie-break registry"
    ),
    ("accounts.player_views.PlayerListForm", "players"): (
        "read line by line; the preview checks each name, club and address against its column "
        "(tests/accounts/test_player_limits.py)"
    ),
}


def column_limit(column: Column) -> int | None:
    model, name = column
    return model._meta.get_field(name).max_length


def build(name: str, data: dict[str, Any] | None, kwargs: dict[str, Any] | None = None) -> Any:
    """Form ``name`` bound to ``data`` (``None``: unbound), built with ``kwargs`` (or its
    spec's)."""
    return FORMS[name](data=data, **(SPECS[name].kwargs() if kwargs is None else kwargs))


def text_of(kind: str, n: int) -> str:
    """``n`` characters valid for a field of ``kind``."""
    if kind == "e-mail":  # a local part of at most 64, domain labels of at most 63 characters
        local = "a" * min(64, n - 6)
        rest = n - len(local) - 1 - len(".org")
        labels = []
        while rest > 60:
            labels.append("d" * 59)
            rest -= 60
        labels.append("d" * rest)
        return f"{local}@{'.'.join(labels)}.org"
    if kind == "time control":  # the space inside counts, the clock reads "10+5"
        return "10" + " " * (n - 4) + "+5"
    if kind == "user names":
        return "arbiter" + "," * (n - 7)
    return "x" * n


FORMS = walk_forms()


def free_text_fields(name: str) -> Iterator[tuple[str, forms.Field]]:
    for field_name, f in build(name, None).fields.items():
        if is_free_text(f):
            yield field_name, f


# -- The tests -----------------------------------------------------------------------------------


def test_every_form_and_text_field_is_in_a_table() -> None:
    """A new form, or a new text field, fails here until it is given a spec and a limit (or a
    reason it needs none). Prints the figures."""
    assert set(FORMS) - set(SPECS) - set(SKIPPED) == set(), "forms in no table"
    assert set(SPECS) | set(SKIPPED) <= set(FORMS), "tables name forms that are gone"
    seen: set[tuple[str, str]] = set()
    for name in sorted(set(FORMS) - set(SKIPPED)):
        for field_name, f in free_text_fields(name):
            key = (name, field_name)
            seen.add(key)
            assert key in LIMITED or key in UNBOUNDED, f"{key}: a text field in no table"
            if key in UNBOUNDED:
                assert f.max_length is None, f"{key} has a limit: move it to LIMITED"
    assert set(LIMITED) | set(UNBOUNDED) == seen, "tables name fields that are gone"
    print(
        f"\nforms walked: {len(FORMS)}, skipped: {len(SKIPPED)}; free-text fields: {len(seen)}"
        f" ({len(LIMITED)} limited, tested at and past the limit; {len(UNBOUNDED)} unbounded)"
    )


def test_a_model_forms_text_fields_end_in_their_columns() -> None:
    """A ModelForm's text field named after a limited column is LIMITED at that column (not
    UNBOUNDED, not with another column or none)."""
    for name, form_class in FORMS.items():
        model = getattr(getattr(form_class, "_meta", None), "model", None)
        if model is None or name in SKIPPED:
            continue
        for field_name, _f in free_text_fields(name):
            try:
                column = model._meta.get_field(field_name)
            except Exception:
                continue
            if getattr(column, "max_length", None) is None:
                continue
            ends = LIMITED.get((name, field_name))
            assert ends is not None, f"{name}.{field_name} ends in {model.__name__}.{field_name}"
            assert ends.column == (model, field_name) or ends.why, (name, field_name)


@pytest.mark.parametrize(
    ("form_name", "field_name"), sorted(LIMITED), ids=[f"{f}.{n}" for f, n in sorted(LIMITED)]
)
def test_text_at_the_limit_passes_and_one_past_it_is_refused(
    form_name: str, field_name: str
) -> None:
    ends = LIMITED[(form_name, field_name)]
    spec = SPECS[form_name]
    kwargs = spec.kwargs()
    f = build(form_name, None, kwargs).fields[field_name]
    assert f.max_length is not None, (
        f"{form_name}.{field_name} has no limit, and its value ends in {ends.column}"
    )
    if ends.column is not None:
        # The column's limit is the form's: one fact, one place.
        assert f.max_length == column_limit(ends.column), (form_name, field_name)
    limit = f.max_length

    data = spec.data()
    data[field_name] = text_of(ends.text, limit)
    assert len(data[field_name]) == limit
    form = build(form_name, data, kwargs)
    assert field_name not in form.errors, form.errors.get(field_name)
    if spec.whole:
        assert form.is_valid(), form.errors

    data = {**spec.data(), field_name: text_of(ends.text, limit + 1)}
    with translation.override("ru"):
        form = build(form_name, data, kwargs)
        errors = form.errors.as_data().get(field_name, [])
        assert "max_length" in [e.code for e in errors], form.errors
        message = str(form.errors[field_name][0])
    assert str(limit) in message and "Убедитесь" in message, message  # Django's, translated

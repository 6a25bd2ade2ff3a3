"""The machinery of the fuzz tests (tests/security/test_fuzz_*.py): the URLconf walked from its
patterns and filled with real ids, the POST forms every page shows (read from its HTML), a
snapshot of every model's rows, and requests run each in a savepoint that is rolled back, so
every request starts from the same data.

Nothing here lists the site's views: a new URL pattern is walked as soon as it exists, and one
whose path has a parameter of a new kind fails :func:`fill` until ``PARAMETERS`` learns it.
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

from django.apps import apps
from django.contrib import admin
from django.contrib.messages import constants as message_levels
from django.db import connection, models, transaction
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

# Malformed values: not numbers, not quite numbers, out of any column's range, not text.
BAD_VALUES: list[str] = [
    "abc",
    "",
    "2.5",
    "-1",
    "0",
    "99999999999999999999",
    "\U0001f3b2",  # an emoji (a die)
    "x" * 10_000,
    "a\x00b",
]
# …and several values under one name.
BAD_LISTS: list[list[str]] = [["1", "abc"], ["", ""]]
# What the roles that may do little are tried with (most of their requests are refused before any
# field is read), and what each field of a form is tried with, the others as the page fills them.
FEW_VALUES: list[Any] = ["abc", "", "99999999999999999999", "a\x00b", ["1", "abc"]]
FIELD_VALUES: list[str] = ["abc", "", "-1", "99999999999999999999", "x" * 10_000, "a\x00b"]

# Rows that record the request itself rather than the site's data: a session (written by the log-in
# of each role and by messages), django-axes's failed log-in attempts (the throttle's count), the
# admin's history (Django's change form logs "no fields changed" when saved as it was).
NOT_DATA = {
    "sessions.session",
    "axes.accessattempt",
    "axes.accesslog",
    "axes.accessfailurelog",
    "admin.logentry",
}
# Fields that stamp a change rather than hold data: a tournament's revision
# (tournaments/acts/revision.py) grows with any save of its rows, also the admin's save of a form
# "as it was" (no field changed), which is not a change of the site's data.
STAMP_FIELDS = {"tournaments.tournament": {"revision"}}


# -- The URLconf -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One URL pattern: its full route text (for the reader), its name and its parameters."""

    route: str
    name: str
    params: tuple[str, ...]


def routes() -> list[Route]:
    """Every URL pattern of the URLconf, with its namespaced name."""
    found: list[Route] = []

    def walk(resolver: URLResolver, prefix: str, namespace: str) -> None:
        for p in resolver.url_patterns:
            if isinstance(p, URLResolver):
                ns = f"{namespace}{p.namespace}:" if p.namespace else namespace
                walk(p, prefix + str(p.pattern), ns)
            elif isinstance(p, URLPattern):
                params = tuple(p.pattern.regex.groupindex)
                name = f"{namespace}{p.name}" if p.name else ""
                found.append(Route(prefix + str(p.pattern), name, params))

    walk(get_resolver(), "", "")
    return found


def segment_before(route: Route, param: str) -> str:
    """The literal path segment just before ``param`` in the route ("games", "rounds", …)."""
    text = route.route
    for marker in (f"<int:{param}>", f"<str:{param}>", f"<path:{param}>", f"<{param}>"):
        if marker in text:
            before = text[: text.index(marker)]
            break
    else:
        before = text[: text.index(f"(?P<{param}>")]
    parts = [p for p in before.replace("^", "").split("/") if p and p[0] not in "<("]
    return parts[-1] if parts else ""


def admin_model(route: Route) -> type[models.Model] | None:
    """The model of an admin URL (``admin/<app>/<model>/…``), if it is one."""
    for model in admin.site._registry:
        if route.route.startswith(f"admin/{model._meta.app_label}/{model._meta.model_name}/"):
            return model
    return None


# What fills each parameter, by the path segment before it: a callable of the demo objects.
Filler = Callable[[Any], Any]
PARAMETERS: dict[tuple[str, str], Filler] = {
    ("games", "pk"): lambda d: d.game.pk,
    ("games", "game"): lambda d: d.game.pk,
    ("players", "pk"): lambda d: d.unlinked.pk,
    ("tournaments", "pk"): lambda d: d.tournament.pk,
    ("rounds", "number"): lambda d: d.round.number,
    ("pairings", "pairing"): lambda d: d.pairing.pk,
    ("matches", "match"): lambda d: 1,  # a knockout's match number (none in the demo: a 404)
    ("claims", "claim"): lambda d: d.win_claim.pk,
    ("tables", "table"): lambda d: 1,  # a table's number in its round (none in the demo: a 404)
    ("entries", "entry"): lambda d: d.entry.pk,
    ("invitation", "token"): lambda d: d.invitation_token,
    ("confirm-email", "key"): lambda d: "not-a-key",
    ("reset", "uidb64"): lambda d: "MQ",
    ("reset", "token"): lambda d: "set-password",
    # The admin's app index, and its "view on site" shortcut.
    ("admin", "app_label"): lambda d: "games",
    ("admin", "url"): lambda d: "no-such-page/",
    ("r", "content_type_id"): lambda d: d.game_type.pk,
    ("r", "object_id"): lambda d: d.game.pk,
    # The records' old admin address (config/urls.py): a redirect, whatever follows it.
    ("adjudication", "rest"): lambda d: "",
    # The open API (api/urls.py): a standings line, a game kind, and its problem for the rest.
    ("standings", "entry"): lambda d: d.entry.pk,
    ("kinds", "kind"): lambda d: d.game.kind,
    ("v1", "rest"): lambda d: "no-such-page",
    # The API tokens page (api/token_urls.py): a token's revocation.
    ("tokens", "pk"): lambda d: d.api_token,
    # A puzzle (games/puzzles/): one made from the demo's game.
    ("puzzles", "pk"): lambda d: d.puzzle,
    # A player's private calendar feed (api/urls.py): any secret (a wrong one is a 404).
    ("calendar", "secret"): lambda d: "no-such-secret",
    # A rating list: its pages (ratings/urls.py), its list.xlsx and import (ratings/sheet_urls.py).
    ("ratings", "pk"): lambda d: d.rating_list.pk,
}
# A route's other converters than int ids, which cannot be given a huge number.
NOT_IDS = {"token", "key", "uidb64", "app_label", "kind", "rest", "secret"}


def fill(route: Route, demo: Any, *, huge: bool = False) -> str | None:
    """The URL of ``route`` with the demo's ids (``huge``: every id 99999999999999999999);
    ``None`` for an admin object of a model that has no row."""
    kwargs: dict[str, Any] = {}
    model = admin_model(route)
    for param in route.params:
        if model is not None and param in {"object_id", "id"}:
            obj = model._default_manager.order_by("pk").first()
            if obj is None:
                return None
            kwargs[param] = obj.pk
            continue
        key = (segment_before(route, param), param)
        if key not in PARAMETERS:
            raise AssertionError(
                f"{route.route}: teach tests/security/fuzzing.PARAMETERS how to fill {key}"
            )
        kwargs[param] = PARAMETERS[key](demo)
    if huge:
        kwargs = {k: (BAD_VALUES[5] if k not in NOT_IDS else v) for k, v in kwargs.items()}
    if route.name:
        return reverse(route.name, kwargs=kwargs)
    # An unnamed pattern (the admin's old object URLs): its route text, filled in.
    url = "/" + route.route.replace("^", "").replace("$", "")
    for param, value in kwargs.items():
        url = re.sub(rf"<(\w+:)?{param}>|\(\?P<{param}>[^)]*\)", str(value), url)
    return url


# -- The forms the pages show ---------------------------------------------------------------------


@dataclass
class Form:
    """A POST form of a page: its action (a path) and its fields with their shown values."""

    action: str
    fields: dict[str, list[str]] = field(default_factory=dict)
    multipart: bool = False


class FormParser(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[Form] = []
        self.current: Form | None = None
        self.select: str | None = None
        self.select_value: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            if a.get("method", "get").lower() == "post":
                action = urlsplit(a.get("action") or self.page).path or self.page
                self.current = Form(action, multipart="multipart" in a.get("enctype", ""))
                self.forms.append(self.current)
            return
        form = self.current
        if form is None or not a.get("name"):
            if tag == "option" and self.select is not None and self.select_value is None:
                self.select_value = a.get("value", "")
            return
        name = a["name"]
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind == "checkbox":
                values = form.fields.setdefault(name, [])
                if "checked" in a:
                    values.append(a.get("value", "on"))
            elif kind == "radio":
                if "checked" in a or name not in form.fields:
                    form.fields[name] = [a.get("value", "on")]
            elif kind in {"submit", "button", "image"}:
                form.fields.setdefault(name, [a.get("value", "")])
            else:
                form.fields[name] = [a.get("value", "")]
        elif tag == "button" and a.get("type", "submit").lower() == "submit":
            form.fields.setdefault(name, [a.get("value", "")])
        elif tag == "select":
            self.select, self.select_value = name, None
            form.fields[name] = []
        elif tag == "textarea":
            self.textarea = name
            form.fields[name] = [""]

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select" and self.current is not None and self.select is not None:
            if not self.current.fields[self.select] and self.select_value is not None:
                self.current.fields[self.select] = [self.select_value]
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.current is not None and self.textarea is not None:
            self.current.fields[self.textarea] = [self.current.fields[self.textarea][0] + data]


def post_forms(page: str, html: str) -> list[Form]:
    parser = FormParser(page)
    parser.feed(html)
    return parser.forms


# -- The data, before and after --------------------------------------------------------------------


@dataclass
class Snapshot:
    """A digest of every model's rows (date-times left out: they say when, not what), and what
    no database would hold: text longer than its column, or a NUL character (PostgreSQL refuses
    both; SQLite stores them)."""

    digests: dict[str, str]
    problems: list[str]

    def changed(self, other: Snapshot) -> list[str]:
        return sorted(k for k in self.digests if self.digests[k] != other.digests.get(k))


@dataclass(frozen=True)
class _Table:
    """What :func:`snapshot` reads of one model: one SELECT of its data columns in key order, and
    which of them hold text (with the column's length where it has one)."""

    label: str
    sql: str
    names: tuple[str, ...]
    texts: tuple[tuple[int, int | None], ...]


_TABLES: list[_Table] = []


def _tables() -> list[_Table]:
    """The SELECTs of every model's data, written once: the fuzz takes a snapshot after each of
    its thousands of requests, and building a queryset each time cost as much as the requests."""
    if _TABLES:
        return _TABLES
    for model in apps.get_models(include_auto_created=True):
        label = model._meta.label_lower
        if label in NOT_DATA or model._meta.proxy or not model._meta.managed:
            continue
        stamps = STAMP_FIELDS.get(label, set())
        concrete = [
            f
            for f in model._meta.concrete_fields
            if not isinstance(f, models.DateTimeField) and f.name not in stamps
        ]
        quote = connection.ops.quote_name
        columns = ", ".join(quote(f.column) for f in concrete)
        table = quote(model._meta.db_table)
        sql = f"SELECT {columns} FROM {table} ORDER BY {quote(model._meta.pk.column)}"
        texts = tuple(
            (i, f.max_length if isinstance(f, models.CharField) else None)
            for i, f in enumerate(concrete)
            if isinstance(f, models.CharField | models.TextField | models.JSONField)
        )
        _TABLES.append(_Table(label, sql, tuple(f.attname for f in concrete), texts))
    return _TABLES


def snapshot() -> Snapshot:
    """Every model's rows as the database holds them (a raw SELECT: the values are compared with
    another snapshot's, never shown, so no model needs to be built)."""
    digests: dict[str, str] = {}
    problems: list[str] = []
    with connection.cursor() as cursor:
        for table in _tables():
            cursor.execute(table.sql)
            rows = cursor.fetchall()
            digests[table.label] = hashlib.sha256(repr(rows).encode()).hexdigest()
            for row in rows:
                for i, limit in table.texts:
                    value = row[i]
                    if not isinstance(value, str):
                        continue
                    if "\x00" in value:
                        problems.append(f"{table.label}.{table.names[i]}: a NUL character")
                    if limit and len(value) > limit:
                        problems.append(
                            f"{table.label}.{table.names[i]}: {len(value)} characters,"
                            f" the column holds {limit}"
                        )
    return Snapshot(digests, problems)


# -- Requests --------------------------------------------------------------------------------------


@dataclass
class Outcome:
    status: int
    changed: list[str]
    problems: list[str]
    refused: bool  # 4xx, or an error shown (a message or a form's error)
    error: str = ""  # the exception a 500 raised, with its traceback


def shows_an_error(response: HttpResponse) -> bool:
    if 400 <= response.status_code < 500:
        return True
    request = getattr(response, "wsgi_request", None)
    storage = getattr(request, "_messages", None)
    queued = getattr(storage, "_queued_messages", [])
    if any(m.level >= message_levels.WARNING for m in queued):
        return True
    content = getattr(response, "content", b"")
    return b"errorlist" in content or b'class="error"' in content


def rolled_back(do: Callable[[], HttpResponse], before: Snapshot) -> Outcome:
    """Run ``do`` in a savepoint rolled back afterwards: what it answered and changed."""
    with transaction.atomic(), kept_cookies(client_of(do)):
        try:
            response = do()
        except Exception:  # a 500: the test client raises what the view raised
            transaction.set_rollback(True)
            return Outcome(500, [], [], False, where_it_failed())
        after = snapshot()
        transaction.set_rollback(True)
    return _outcome(response, before, after)


@contextmanager
def kept_cookies(client: Client | None) -> Iterator[None]:
    """The client's cookies as they were, whatever the request did to them: a log-out (or a
    language chosen) is rolled back with the data, and the next request is the role's again."""
    saved = copy.deepcopy(client.cookies) if client is not None else None
    try:
        yield
    finally:
        if client is not None:
            client.cookies = saved


class Request:
    """A request to make (a callable), and the client that makes it."""

    def __init__(self, client: Client, method: str, url: str, data: Any = None) -> None:
        self.client, self.method, self.url, self.data = client, method, url, data

    def __call__(self) -> HttpResponse:
        if self.method == "post":
            return self.client.post(self.url, self.data)
        return self.client.get(self.url)


def client_of(do: Callable[[], HttpResponse]) -> Client | None:
    return getattr(do, "client", None)


def where_it_failed() -> str:
    """The exception being handled: the project's frames of its traceback, and its line."""
    import sys
    import traceback

    error = sys.exc_info()[1]
    assert error is not None
    frames = [
        f"  {f.filename}:{f.lineno} {f.name}"
        for f in traceback.extract_tb(error.__traceback__)
        if "/.venv/" not in f.filename and "/tests/" not in f.filename
    ]
    last = traceback.format_exception_only(error)[-1].strip()
    return "\n".join([*frames[-6:], f"  {last[:300]}"])


def post(client: Client, url: str, data: dict[str, Any]) -> Request:
    return Request(client, "post", url, data)


def get(client: Client, url: str) -> Request:
    return Request(client, "get", url)


def forms_of(
    clients: dict[str, Client], roles: tuple[str, ...], urls: list[str]
) -> dict[tuple[str, str, tuple[str, ...]], Form]:
    """The POST forms of every page, as the first of ``roles`` that sees each: by (role, action,
    field names)."""
    found: dict[tuple[str, str, tuple[str, ...]], Form] = {}
    shown: set[tuple[str, tuple[str, ...]]] = set()
    for role in roles:
        client = clients[role]
        for url in urls:
            with transaction.atomic():  # a page may write (a flag fallen, news seen)
                page = client.get(url)
                transaction.set_rollback(True)
            if page.status_code != 200 or "html" not in page.get("Content-Type", ""):
                continue
            for form in post_forms(url, page.content.decode()):
                key = (form.action, tuple(sorted(form.fields)))
                if key not in shown:
                    shown.add(key)
                    found[(role, *key)] = form
    return found


def post_form(
    client: Client, form: Form, changes: dict[str, Any], before: Snapshot
) -> list[Outcome]:
    """Post ``form`` as shown with ``changes``, then (in the same savepoint) the form of the same
    action its answer shows, as shown: what each answered and left."""
    data = {k: v for k, v in {**form.fields, **changes}.items() if k != "csrfmiddlewaretoken"}
    outcomes: list[Outcome] = []
    with transaction.atomic(), kept_cookies(client):
        try:
            response = client.post(form.action, data)
            after = snapshot()
            outcomes.append(_outcome(response, before, after))
            follow = (
                [
                    f
                    for f in post_forms(form.action, response.content.decode(errors="replace"))
                    if f.action == form.action
                ]
                if response.status_code == 200
                else []
            )
            for again in follow[:1]:
                data = {k: v for k, v in again.fields.items() if k != "csrfmiddlewaretoken"}
                outcomes.append(_outcome(client.post(form.action, data), before, snapshot()))
        except Exception:
            outcomes.append(Outcome(500, [], [], False, where_it_failed()))
        transaction.set_rollback(True)
    return outcomes


def _outcome(response: HttpResponse, before: Snapshot, after: Snapshot) -> Outcome:
    return Outcome(
        response.status_code,
        before.changed(after),
        [p for p in after.problems if p not in before.problems],
        shows_an_error(response),
    )

"""The session engine and the authentication backend read with queries compiled once
(accounts/sessions.py, accounts/backends.py): they must answer exactly as Django's do."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY, get_user
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.backends import AccountBackend
from accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db


def _request_with(session: SessionStore) -> Any:
    request = RequestFactory().get("/")
    request.session = session
    return request


def test_a_saved_session_reads_back_with_its_data() -> None:
    stored = SessionStore()
    stored["answer"] = 42
    stored.save()
    again = SessionStore(stored.session_key)
    assert again["answer"] == 42
    assert again.session_key == stored.session_key


def test_an_expired_session_reads_as_a_new_empty_one() -> None:
    stored = SessionStore()
    stored["answer"] = 42
    stored.save()
    Session.objects.filter(pk=stored.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    again = SessionStore(stored.session_key)
    assert "answer" not in again
    assert again.session_key is None  # a new key is made when it is saved


def test_an_unknown_key_reads_as_a_new_empty_one() -> None:
    again = SessionStore("x" * 32)
    assert dict(again.items()) == {}
    assert again.session_key is None


def test_the_backend_returns_the_user_as_model_backend_does() -> None:
    user = User.objects.create_user("ann", password="pw", email="ann@example.org")
    found = AccountBackend().get_user(user.pk)
    assert found == user
    assert (found.username, found.email, found.is_active) == ("ann", "ann@example.org", True)
    assert found.check_password("pw")
    assert AccountBackend().get_user(user.pk + 1000) is None


def test_an_inactive_user_is_nobody() -> None:
    user = User.objects.create_user("bob", password="pw", is_active=False)
    assert AccountBackend().get_user(user.pk) is None


def test_a_session_of_a_user_whose_password_changed_is_logged_out() -> None:
    user = User.objects.create_user("cy", password="pw")
    client = Client()
    client.force_login(user)
    session = SessionStore(client.cookies["sessionid"].value)
    assert session[BACKEND_SESSION_KEY] == "accounts.backends.AccountBackend"
    assert get_user(_request_with(session)) == user
    user.set_password("other")
    user.save()
    assert not get_user(_request_with(SessionStore(session.session_key))).is_authenticated


def test_an_authenticated_request_reads_the_session_and_the_user_once_each() -> None:
    user = User.objects.create_user("dee", password="pw")
    client = Client()
    client.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/accounts/password_change/")
    assert response.status_code == 200
    assert response.context["user"] == user
    tables = [q["sql"] for q in queries.captured_queries]
    assert sum("django_session" in sql for sql in tables) == 1
    assert sum('"auth_user"' in sql for sql in tables) == 1
    assert SESSION_KEY in SessionStore(client.cookies["sessionid"].value)


def test_a_decoded_session_is_kept_and_each_reader_gets_its_own_copy() -> None:
    store = SessionStore()
    text = store.encode({"_auth_user_id": "7", "answer": 42})
    first = store.decode(text)
    first["answer"] = 43  # a request changing its session does not change the next one's
    assert store.decode(text) == {"_auth_user_id": "7", "answer": 42}
    assert store.decode(text) is not store.decode(text)


def test_a_session_with_values_that_can_change_inside_is_decoded_afresh() -> None:
    store = SessionStore()
    text = store.encode({"methods": [{"method": "password"}]})
    store.decode(text)["methods"].append("changed")
    assert store.decode(text) == {"methods": [{"method": "password"}]}


def test_a_tampered_session_is_empty_and_another_secret_key_refuses_a_kept_one(
    settings: Any,
) -> None:
    store = SessionStore()
    text = store.encode({"_auth_user_id": "7"})
    assert store.decode(text) == {"_auth_user_id": "7"}  # kept now
    assert store.decode(text[:-2] + ("AA" if not text.endswith("AA") else "BB")) == {}
    old_key = settings.SECRET_KEY
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    assert store.decode(text) == {}
    settings.SECRET_KEY_FALLBACKS = ["never-used-" + "y" * 40]
    assert store.decode(text) == {}
    settings.SECRET_KEY_FALLBACKS = [old_key]  # a key being rotated out still signs
    assert store.decode(text) == {"_auth_user_id": "7"}

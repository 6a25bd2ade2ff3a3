"""Facts read once per page: a scope, opened by a view around one page's work, inside which a
read asked twice (the game's pairing, "may this user arbitrate this game") is done once.

The game page asks the same questions from several places: the view, each app's hook answer
(:mod:`games.hooks`) and the authority they consult. Each asks :func:`read_once` with a key
naming the fact; inside a :func:`page_reads` scope the first answer is kept for the rest of the
scope, outside one (the services, the writes, a test calling a function directly) every call
reads afresh. The scope lives in a context variable: one request's, never shared by two, gone
when the view returns — nothing is cached across requests or kept in step with the database.

Only the read-only views (a page GET) open a scope: a write changes what was read.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_scope: ContextVar[dict[Hashable, Any] | None] = ContextVar("games_page_reads", default=None)
_MISSING = object()


@contextmanager
def page_reads() -> Iterator[None]:
    """Within this block, :func:`read_once` reads each fact once."""
    token = _scope.set({})
    try:
        yield
    finally:
        _scope.reset(token)


def read_once(key: Hashable, read: Callable[[], T]) -> T:
    """``read()``, or inside a :func:`page_reads` scope the answer it gave for ``key`` before."""
    scope = _scope.get()
    if scope is None:
        return read()
    found = scope.get(key, _MISSING)
    if found is _MISSING:
        found = scope[key] = read()
    return found


def known(key: Hashable) -> Any:
    """What the scope already holds for ``key`` (``None`` when nothing, or outside a scope)."""
    scope = _scope.get()
    return None if scope is None else scope.get(key)


def remember(key: Hashable, value: Any) -> None:
    """Tell the scope (if one is open) a fact that was read with another one."""
    scope = _scope.get()
    if scope is not None:
        scope[key] = value

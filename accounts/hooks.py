"""The account page's extension point: apps above ``accounts`` add their links to it (the api
app's *API tokens*), as :mod:`games.hooks` does for the game page. An app registers, in its
``AppConfig.ready()``::

    from accounts.hooks import register_account_page

    register_account_page(lambda request: [Link(_("API tokens"), url)], uid="api")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.http import HttpRequest

from games.hooks import Item, Page, PageHooks

ACCOUNT_PAGE = PageHooks()


def register_account_page(
    fn: Callable[[HttpRequest], Iterable[Item] | None], *, uid: str | None = None
) -> Any:
    """Add ``fn(request)`` to the account page (its links go in the slot ``aside``)."""
    return ACCOUNT_PAGE.register(fn, uid=uid)  # type: ignore[arg-type]


def account_page(request: HttpRequest) -> Page:
    """The links other apps add to the account page."""
    return ACCOUNT_PAGE.collect(request)

"""The tournament and round pages' extension points, answered by the apps above tournaments
(the spreadsheets) in their ``AppConfig.ready()``, as the game page's are (:mod:`games.hooks`).

- ``register_tournament_page(fn)``: ``fn(request, tournament)`` yields :class:`games.hooks.Link`
  and :class:`games.hooks.Panel` items for the slots ``tabs`` (beside the standings and the
  rounds) and ``arbiter`` (the arbiter's panel; the function asks the authority itself).
- ``register_round_page(fn)``: ``fn(request, round)`` yields items for the slot ``downloads``.
"""

from __future__ import annotations

from typing import Any

from games.hooks import GamePageHook, Page, PageHooks

TABS = "tabs"
ARBITER = "arbiter"
DOWNLOADS = "downloads"

TOURNAMENT_PAGE = PageHooks()
ROUND_PAGE = PageHooks()


def register_tournament_page(fn: GamePageHook, *, uid: str | None = None) -> GamePageHook:
    return TOURNAMENT_PAGE.register(fn, uid=uid)


def register_round_page(fn: GamePageHook, *, uid: str | None = None) -> GamePageHook:
    return ROUND_PAGE.register(fn, uid=uid)


def tournament_page(request: Any, tournament: Any) -> Page:
    return TOURNAMENT_PAGE.collect(request, tournament)


def round_page(request: Any, rnd: Any) -> Page:
    return ROUND_PAGE.collect(request, rnd)

"""The game page's extension point: apps above ``games`` add their links and panels to it.

The games app draws a game (board, seats, score sheet) and knows nothing of the apps that use
games — tournaments, spreadsheets. Those apps register a function in their ``AppConfig.ready()``::

    from games.hooks import Link, Panel, register_game_page

    def game_page(request, game):
        yield Link(_("Tournament"), url, slot=HEAD)
        yield Panel("tournaments/_game_claim.html", {}, order=400)

    register_game_page(game_page, uid="tournaments")

Each function gets the request and the game and returns (or yields) :class:`Link`,
:class:`Panel` and :class:`Html` items. The page shows them by slot (``head``: under the title,
where the game belongs; ``status``: beside how the game stands; ``aside``: under the score
sheet), each slot in ``order`` (then in the order the functions were registered). A panel is a
template rendered with its own context (plus ``request``, ``user`` and ``game``); an
:class:`Html` is markup its maker drew (and escaped) itself. A function that has nothing to add
returns nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.http import HttpRequest

    from games.models import Game, Player

HEAD = "head"
STATUS = "status"
ASIDE = "aside"
SLOTS = (HEAD, STATUS, ASIDE)


@dataclass(frozen=True)
class Link:
    """A link on the game page: ``label`` (translated by the caller) to ``url``.

    ``download`` marks a file to download; ``button`` draws it as a button; ``prefix`` is a
    translated word shown before it (``Tournament:``)."""

    label: str
    url: str
    order: int = 100
    slot: str = ASIDE
    prefix: str = ""
    download: bool = False
    button: bool = False


@dataclass(frozen=True)
class Panel:
    """A part of the game page drawn by another app's ``template`` with ``context``."""

    template: str
    context: Mapping[str, Any] = field(default_factory=dict)
    order: int = 100
    slot: str = ASIDE


@dataclass(frozen=True)
class Html:
    """A part of the game page already drawn by another app: ``html`` is its markup, every value
    in it escaped by its maker (a panel in one call, without a template of its own)."""

    html: str
    order: int = 100
    slot: str = ASIDE


Item = Link | Panel | Html
GamePageHook = Callable[..., Iterable[Item] | None]


@dataclass
class Page:
    """What the other apps add to one page: each slot's links and panels, in order."""

    slots: dict[str, list[Item]]

    def __getattr__(self, slot: str) -> list[Item]:
        try:
            return self.__dict__["slots"].get(slot, [])
        except KeyError:
            raise AttributeError(slot) from None


class PageHooks:
    """A registry of functions that add links and panels to one kind of page (a game page
    here; a higher app may keep one for its own pages)."""

    def __init__(self) -> None:
        self._hooks: dict[str, GamePageHook] = {}

    def register(self, fn: GamePageHook, *, uid: str | None = None) -> GamePageHook:
        """Add ``fn``; registering the same ``uid`` again replaces it (so that ``ready()``
        running twice adds nothing twice). Returns ``fn`` (usable as a decorator)."""
        self._hooks[uid or f"{fn.__module__}.{fn.__qualname__}"] = fn
        return fn

    def unregister(self, uid: str) -> None:
        self._hooks.pop(uid, None)

    def collect(self, *args: Any) -> Page:
        """Ask every registered function (with ``args``) for its items, sorted into slots."""
        items: list[tuple[int, int, Item]] = []
        for fn in self._hooks.values():
            for item in fn(*args) or ():
                items.append((item.order, len(items), item))
        items.sort(key=lambda t: (t[0], t[1]))
        slots: dict[str, list[Item]] = {}
        for _order, _n, item in items:
            slots.setdefault(item.slot, []).append(item)
        return Page(slots)


GAME_PAGE = PageHooks()


def register_game_page(fn: GamePageHook, *, uid: str | None = None) -> GamePageHook:
    """Add ``fn(request, game)`` to every game page."""
    return GAME_PAGE.register(fn, uid=uid)


def unregister_game_page(uid: str) -> None:
    GAME_PAGE.unregister(uid)


# Facts the page's game is read with (one query): ``name`` → a function building an expression
# over the game (``OuterRef("pk")``), such as an ``Exists`` of the rows a hook answer would read.
# The page's game then has the attribute ``name``; a hook answer that finds it false needs no
# query of its own (a game read elsewhere lacks it: ask ``getattr(game, name, True)``).
PAGE_FLAGS: dict[str, Callable[[], Any]] = {}


def register_game_page_flag(name: str, build: Callable[[], Any]) -> None:
    """Read ``build()``'s value with the page's game, as its attribute ``name`` (call from
    ``AppConfig.ready()``: the page's query is compiled once, at its first use)."""
    PAGE_FLAGS[name] = build


GAME_LIST = PageHooks()


def register_game_list(
    fn: Callable[[HttpRequest], Iterable[Item] | None], *, uid: str | None = None
) -> Any:
    """Add ``fn(request)`` to the games list: its links go beside *New game* (slot ``head``)."""
    return GAME_LIST.register(fn, uid=uid)  # type: ignore[arg-type]


def game_list(request: HttpRequest) -> Page:
    """The links other apps add to the games list."""
    return GAME_LIST.collect(request)


HOME_PAGE = PageHooks()
# The home page's slot for other apps' panels: under the two games, above the live games.
HOME = "home"


def register_home_page(
    fn: Callable[[HttpRequest], Iterable[Item] | None], *, uid: str | None = None
) -> Any:
    """Add ``fn(request)`` to the home page: its items go in the slot ``home`` (the tournaments'
    current and upcoming events, for one)."""
    return HOME_PAGE.register(fn, uid=uid)  # type: ignore[arg-type]


def home_page(request: HttpRequest) -> Page:
    """The links and panels other apps add to the home page."""
    return HOME_PAGE.collect(request)


PLAYER_PAGE = PageHooks()


def register_player_page(
    fn: Callable[[HttpRequest, Player], Iterable[Item] | None], *, uid: str | None = None
) -> Any:
    """Add ``fn(request, player)`` to every player's page: its panels go in the slot ``aside``,
    under the player's facts and above their games (the ratings' lists and history, for one)."""
    return PLAYER_PAGE.register(fn, uid=uid)  # type: ignore[arg-type]


def player_page(request: HttpRequest, player: Player) -> Page:
    """The links and panels other apps add to ``player``'s page."""
    return PLAYER_PAGE.collect(request, player)


def game_page(request: HttpRequest, game: Game) -> Page:
    """Ask every registered function for its links and panels on ``game``'s page."""
    return GAME_PAGE.collect(request, game)


# Words shown beside a player's name (a small badge) on the game page and in the players' list:
# functions ``fn(players, game)`` answering ``{player pk: label}`` for the players they tag
# (``game`` is the page's game, or ``None`` for a list). An upper app answers (the API marks its
# bots); games knows nothing of why.
PlayerTagHook = Callable[[Sequence["Player"], "Game | None"], Mapping[int, str] | None]
PLAYER_TAGS: dict[str, PlayerTagHook] = {}


def register_player_tags(fn: PlayerTagHook, *, uid: str) -> PlayerTagHook:
    """Add ``fn(players, game)`` (call from ``AppConfig.ready()``; the same ``uid`` replaces)."""
    PLAYER_TAGS[uid] = fn
    return fn


def player_tags(players: Sequence[Player], game: Game | None = None) -> dict[int, list[str]]:
    """Each tagged player's labels, by the player's pk (one call of each registered function)."""
    tags: dict[int, list[str]] = {}
    if not players:
        return tags
    for fn in PLAYER_TAGS.values():
        for pk, label in (fn(players, game) or {}).items():
            tags.setdefault(pk, []).append(label)
    return tags


# The client's address as the site counts it (behind its trusted proxies): an upper app that knows
# the proxies answers (accounts: its log-in protection's ``client_address``); REMOTE_ADDR until
# then. Used to limit how fast a visitor without an account makes games (games.device_views).
_client_address: list[Callable[[HttpRequest], str | None]] = []


def register_client_address(fn: Callable[[HttpRequest], str | None]) -> None:
    """Let ``fn(request)`` name the client (call from ``AppConfig.ready()``; replaces)."""
    _client_address[:] = [fn]


def client_address(request: HttpRequest) -> str | None:
    """The client's address (:func:`register_client_address`)."""
    if _client_address:
        return _client_address[0](request)
    return request.META.get("REMOTE_ADDR")

"""Helpers for the view tests: a tiny HTML tree (stdlib only) and short-hands for games."""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

from django.contrib.auth.models import User
from django.http import HttpResponse

from games import services
from games.models import Game

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


@dataclass
class Node:
    """One element: its tag, attributes, children (nodes and strings) and parent."""

    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)
    parent: Node | None = field(default=None, repr=False)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        """The text inside, with runs of white space collapsed (``<bdi>``, which only isolates a
        name's direction, adds no space)."""
        parts: list[str] = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            else:
                parts.append(child.text() if child.tag == "bdi" else f" {child.text()} ")
        return " ".join("".join(parts).split())

    def iter(self) -> Iterator[Node]:
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.iter()

    def find_all(
        self, tag: str | None = None, *, cls: str | None = None, **attrs: str
    ) -> list[Node]:
        """Descendants with ``tag`` (any if None), the class ``cls`` and exact ``attrs``."""
        found = []
        for node in self.iter():
            if tag is not None and node.tag != tag:
                continue
            if cls is not None and cls not in node.classes:
                continue
            if any(node.attrs.get(name) != value for name, value in attrs.items()):
                continue
            found.append(node)
        return found

    def find(self, tag: str | None = None, *, cls: str | None = None, **attrs: str) -> Node:
        """The single match: fails the test when there is none or more than one."""
        found = self.find_all(tag, cls=cls, **attrs)
        assert len(found) == 1, f"expected one <{tag} class={cls} {attrs}>, found {len(found)}"
        return found[0]

    def has(self, tag: str | None = None, *, cls: str | None = None, **attrs: str) -> bool:
        return bool(self.find_all(tag, cls=cls, **attrs))

    def ancestors(self) -> Iterator[Node]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, parent=self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Node(tag, {k: v or "" for k, v in attrs}, parent=self.current))

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(response_or_text: HttpResponse | str) -> Node:
    """The HTML tree of a response (which must be a 200) or of a string."""
    if isinstance(response_or_text, str):
        text = response_or_text
    else:
        assert response_or_text.status_code == 200, response_or_text.status_code
        text = response_or_text.content.decode()
    builder = _TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


def body(response: HttpResponse) -> str:
    """The raw (still escaped) body of a 200 response."""
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def unescaped(response: HttpResponse) -> str:
    return html.unescape(body(response))


def play(game: Game, *moves: str) -> Game:
    """Play ``moves`` through the service, each by the account of the seat to move.

    Returns the game read again from the database.
    """
    for notation in moves:
        game = Game.objects.get(pk=game.pk)
        seat = game.seats.select_related("player__user").get(
            number=game.rules.to_move(game.current_state())
        )
        user: User = seat.player.user
        services.submit_move(game=game, user=user, notation=notation)
    return Game.objects.get(pk=game.pk)


def move_url(game: Game) -> str:
    return f"/games/{game.pk}/move/"


def board_cells(page: Node) -> dict[str, Node]:
    """Every cell of the board by its name (``A1``…), whether a button or a span."""
    board = page.find("div", cls="board")
    cells = {}
    for node in board.find_all(cls="cell"):
        name = node.attrs.get("value") if node.tag == "button" else node.attrs.get("data-cell")
        assert name, node
        cells[name] = node
    return cells


def cell_buttons(page: Node) -> list[str]:
    """The names of the cells rendered as move buttons (``<button name="cell">``)."""
    return [b.attrs["value"] for b in page.find_all("button", name="cell")]


def move_forms(page: Node, game: Game) -> list[Node]:
    return page.find_all("form", action=move_url(game))


def messages_text(page: Node) -> str:
    boxes = page.find_all("ul", cls="messages")
    return " ".join(box.text() for box in boxes)


def form_data(form: Node) -> dict[str, str]:
    """What a browser would submit for ``form`` untouched (without any submit button's value)."""
    data: dict[str, str] = {}
    for node in form.iter():
        name = node.attrs.get("name")
        if not name or "disabled" in node.attrs:
            continue
        if node.tag == "input":
            kind = node.attrs.get("type", "text")
            if kind in {"submit", "button", "image", "reset", "file"}:
                continue
            if kind in {"checkbox", "radio"}:
                if "checked" in node.attrs:
                    data[name] = node.attrs.get("value", "on")
                continue
            data[name] = node.attrs.get("value", "")
        elif node.tag == "select":
            options = node.find_all("option")
            chosen = [o for o in options if "selected" in o.attrs] or options[:1]
            if chosen:
                data[name] = chosen[0].attrs.get("value", chosen[0].text())
        elif node.tag == "textarea":
            data[name] = node.text()
    return data

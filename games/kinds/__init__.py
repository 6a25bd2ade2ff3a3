"""The game-kind registry: each kind of game (SOS, ultimate tic-tac-toe) is one :class:`Kind`
entry, and nothing outside it asks "is this SOS?" — it asks the entry.

An entry holds the kind's rules factory, its option schema (from which the casual game form and
the tournament settings form generate their fields, and which both services check options
against), its seats and seat labels, its scores, its presenter and its notation hint. The
built-in entries live in :mod:`games.kinds.sos` and :mod:`games.kinds.uttt` and are registered
when the games app is ready (``GamesConfig.ready``).

Apps above games add what they keep per kind through :func:`register_extra` (the sheets' board
layout: ``register_extra("sheet_layout", "sos", layout)``) and read it back with
:func:`extra`; games never imports them. ``docs/game-kinds.md`` says how to add a kind.

    entry = kinds.get(game.kind)      # or kinds.of(game)
    entry.normalise(options, seats=2) # the stored options, ValueError if refused
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise

from games.rules import get_rules

Text = str | Promise  # a translated (lazy) text


@dataclass(frozen=True)
class Option:
    """One rules option of a kind, as a form shows it and the rules take it.

    ``type`` is ``"int"``, ``"choice"`` or ``"bool"``; ``default`` is used when the form leaves
    it empty (``default_from``: another option's value is, as SOS's columns follow its rows);
    ``only_if`` keeps the option out of the stored options when it says no (the classic
    preset of ultimate tic-tac-toe has no tactical options)."""

    name: str
    type: str
    label: Text
    help: Text = ""
    default: Any = None
    choices: Sequence[tuple[str, Text]] = ()
    min: int | None = None
    max: int | None = None
    default_from: str | None = None
    only_if: Callable[[Mapping[str, Any]], bool] | None = None

    def value(self, data: Mapping[str, Any], done: Mapping[str, Any]) -> Any:
        """This option's value from a form's cleaned ``data`` (``done``: the options before)."""
        given = data.get(self.name)
        if self.type == "bool":
            return bool(given)
        if given in (None, ""):
            return done[self.default_from] if self.default_from else self.default
        return given


@dataclass(frozen=True)
class Kind:
    """One kind of game. ``value`` is its stored :class:`games.models.GameKind` value."""

    value: str
    label: Text
    options_legend: Text  # the legend of its options on the forms
    options: tuple[Option, ...]
    default: bool = False  # the kind a form offers first
    # Seats: how many may play; ``seats_option`` names the rules option the count is passed in
    # (SOS's ``players``), else the count must be ``min_seats`` to ``max_seats`` (refused with
    # ``seats_refusal``).
    min_seats: int = 2
    max_seats: int = 2
    seats_option: str | None = None
    seats_refusal: Text = ""
    # A seat's label: its mark (``X``/``O``), or none — then it is named by its number.
    seat_marks: tuple[str, ...] = ()
    # The letters a mover chooses between (SOS's S and O); none when the seat decides the mark.
    letters: tuple[str, ...] = ()
    # Scores: True when moves score points (SOS: a seat's score is its points, a scoring move
    # plays again, the score sheet and the results show them); False when a seat's score is
    # what the position gives (boards won).
    points: bool = False
    # The heading of a seat's score (a msgid marked where the panel's words are).
    score_heading: str = "Boards won"
    small_boards: bool = False  # the game page lists the small boards' statuses
    # The kind's own tie-breaks (of its scores): a tournament of this kind puts them first by
    # default, and only its tournaments may use them (else ``tiebreaks_refusal``).
    tiebreaks: tuple[str, ...] = ()
    tiebreaks_refusal: Text = ""
    notation_hint: str = ""  # a move as written, for placeholders (``E5``, ``B3=S``)
    summary: Callable[[Mapping[str, Any]], str] = field(default=lambda options: "")
    board_view: Callable[..., Any] | None = None  # (rules, state, *, interactive) -> BoardView
    position_classes: Callable[[int, int], str] | None = None  # a paper board's cell classes
    # Engine hooks: is the analysis' evaluation in points (SOS *most*) for these rules?
    points_scale: Callable[[Any], bool] = field(default=lambda rules: False)

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def rules(self, options: Mapping[str, Any]) -> Any:
        """The rules object of this kind under ``options`` (:func:`games.rules.get_rules`)."""
        return get_rules(self.value, **dict(options))

    def seat_mark(self, seat: int) -> str:
        """Seat ``seat``'s mark (``X``), or ``""`` when the kind's seats have none."""
        return self.seat_marks[seat] if 0 <= seat < len(self.seat_marks) else ""

    def seat_label(self, seat: int) -> str:
        """How a sheet names seat ``seat``: its mark, or its number counted from 1."""
        return self.seat_mark(seat) or str(seat + 1)

    def seat_problem(self, seats: int) -> str | None:
        """Why ``seats`` players cannot play this kind (``None``: they can, as far as the
        seats go; the rules check a count passed as an option)."""
        if self.seats_option is None and not self.min_seats <= seats <= self.max_seats:
            return str(self.seats_refusal)
        return None

    def options_from_form(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The rules options a form's cleaned ``data`` gives, defaults filled in."""
        done: dict[str, Any] = {}
        for option in self.options:
            done[option.name] = option.value(data, done)
        return {o.name: done[o.name] for o in self.options if o.only_if is None or o.only_if(done)}

    def normalise(self, options: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """The options as stored, for ``seats`` players; ``ValueError`` saying why not."""
        problem = self.seat_problem(seats)
        if problem:
            raise ValueError(problem)
        opts = dict(options)
        if self.seats_option:
            opts[self.seats_option] = seats
        return dict(self.rules(opts).options)


_KINDS: dict[str, Kind] = {}
_EXTRAS: dict[tuple[str, str], Any] = {}


def register(kind: Kind) -> Kind:
    """Add (or replace) ``kind`` in the registry; returns it."""
    _KINDS[kind.value] = kind
    return kind


def unregister(value: str) -> None:
    """Take kind ``value`` (and its extras) out of the registry (a test's own kinds)."""
    _KINDS.pop(value, None)
    for key in [k for k in _EXTRAS if k[1] == value]:
        del _EXTRAS[key]


def known(value: Any) -> bool:
    """Is ``value`` a registered kind?"""
    return isinstance(value, str) and value in _KINDS


def get(value: str) -> Kind:
    """The entry of kind ``value``; ``KeyError`` for an unknown one."""
    return _KINDS[value]


def of(game: Any) -> Kind:
    """The entry of ``game``'s kind (anything with a ``kind``: a game, a tournament, rules)."""
    return _KINDS[game.kind]


def all_kinds() -> Iterator[Kind]:
    """Every registered kind, in the order registered."""
    return iter(list(_KINDS.values()))


def option_names() -> list[str]:
    """The names of every kind's rules options, kind by kind, each once."""
    return list(dict.fromkeys(name for k in _KINDS.values() for name in k.option_names))


def default_kind() -> str:
    """The kind a form offers first (the entry marked ``default``, else the first one)."""
    marked = [k.value for k in _KINDS.values() if k.default]
    return (marked or list(_KINDS))[0]


def choices() -> list[tuple[str, Text]]:
    """``(value, label)`` of every kind, for a form's choice of game."""
    return [(k.value, k.label) for k in _KINDS.values()]


def foreign_tiebreak(value: str, order: Sequence[str]) -> Kind | None:
    """The kind whose own tie-break ``order`` uses although the tournament is of kind
    ``value`` (``None``: no such tie-break)."""
    for kind in _KINDS.values():
        if kind.value != value and set(kind.tiebreaks) & set(order):
            return kind
    return None


def register_extra(name: str, value: str, obj: Any) -> None:
    """An app above games keeps ``obj`` as its ``name`` for kind ``value`` (the sheets'
    ``sheet_layout``)."""
    _EXTRAS[(name, value)] = obj


def extra(name: str, value: str) -> Any:
    """What was registered as ``name`` for kind ``value``; ``KeyError`` if nothing was."""
    return _EXTRAS[(name, value)]

"""The game page's parts of a game against the computer (:mod:`games.computer`), drawn for its
owner: the computer thinking (and, while the page has no script, a reload every two seconds),
how long it thought over each of its moves (in the score sheet's time column), the hint asked
for, and the buttons Take back and Hint. Every value interpolated is escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape as _html_escape
from typing import Any

from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext

from games import computer
from games.device_models import DeviceGame


def escape(text: object) -> str:
    return _html_escape(str(text), quote=True)


@dataclass
class Facts:
    """What the page shows of a game against the computer."""

    found: DeviceGame
    thinking: bool  # the computer is to move now
    times: dict[int, Any] = field(default_factory=dict)  # ply → its ComputerMove
    people: int = 1  # the seats left to people

    @property
    def alone(self) -> bool:
        """One person against the computer: no need to say whose turn in large letters, nor to
        turn the board."""
        return self.people == 1


def page_facts(
    found: DeviceGame | None, game: Any, mover: Any, replaying: bool, seats: int
) -> Facts | None:
    """The page's facts (``None`` in any other game), and a nudge to the thinker while the
    computer is to move (a thought lost with its process is asked again: games.computer)."""
    if found is None or not found.level:
        return None
    thinking = mover is not None and found.is_computer(mover.number)
    if thinking and not replaying:
        computer.schedule(game.pk, game.moves_list)
    people = seats - bin(found.computer_seats).count("1")
    return Facts(found, thinking, computer.thinking_times(game.pk), people)


def seconds_text(seconds: float) -> str:
    if seconds < 0.01:
        return gettext("under 0.01 s")
    return gettext("%(seconds)s s") % {
        "seconds": number_format(seconds, 2 if seconds < 10 else 1, use_l10n=True)
    }


def move_times(facts: Facts | None, rows: Sequence[Sequence[Any]]) -> list[str]:
    """The score sheet's time column: the computer's thinking time beside each of its moves."""
    if facts is None:
        return []
    return [
        seconds_text(facts.times[row[0]].seconds) if row[0] in facts.times else "" for row in rows
    ]


def thinking_html(c: Mapping[str, Any]) -> str:
    """Under the turn banner: the computer thinks (a live region), or how long it thought last."""
    facts: Facts | None = c.get("computer")
    if facts is None or c.get("replaying"):
        return ""
    level = facts.found.level
    if facts.thinking and c["game"].is_active:
        text = gettext("The computer (level %(level)s) is thinking…") % {"level": level}
        return (
            f'      <p class="computer-thinking" data-thinking role="status">{escape(text)}'
            '<span class="thinking-dots" aria-hidden="true"></span></p>\n'
        )
    if not facts.times:
        return ""
    last = facts.times[max(facts.times)]
    text = ngettext(
        "The computer thought %(took)s over its last move (%(nodes)s position).",
        "The computer thought %(took)s over its last move (%(nodes)s positions).",
        last.nodes,
    ) % {
        "took": seconds_text(last.seconds),
        "nodes": number_format(last.nodes, force_grouping=True),
    }
    return f'      <p class="computer-thought">{escape(text)}</p>\n'


def refresh_html(c: Mapping[str, Any]) -> str:
    """In the page's head: without a script, reload while the computer thinks."""
    facts: Facts | None = c.get("computer")
    if facts is None or not facts.thinking or c.get("replaying") or not c["game"].is_active:
        return ""
    return '<noscript><meta http-equiv="refresh" content="2"></noscript>'


def _form(action: str, token: object, label: str, latest: int, css: str) -> str:
    csrf = (
        format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)
        if token and str(token) != "NOTPROVIDED"
        else ""
    )
    return (
        f'        <form method="post" action="{action}" class="{css}">{csrf}'
        f'<input type="hidden" name="expected_ply" value="{latest}">'
        f'<button type="submit">{escape(label)}</button></form>\n'
    )


def tools_html(c: Mapping[str, Any]) -> str:
    """The owner's buttons (take back, hint), the hint asked for, and what the game counts."""
    facts: Facts | None = c.get("computer")
    if facts is None or c.get("replaying"):
        return ""
    game, found = c["game"], facts.found
    out = ['      <div class="computer-tools">\n']
    hint = found.hint_move if found.hint_ply == c["latest"] and game.is_active else ""
    if hint:
        text = gettext("Hint: the engine's best move is %(move)s.") % {"move": hint}
        cell = hint.partition("=")[0]
        out.append(
            f'        <p class="computer-hint" role="status" data-hint-cell="{escape(cell)}">'
            f"{escape(text)}</p>\n"
        )
    token = c.get("csrf_token")
    pk = game.pk
    if c["latest"] and game.status in ("waiting", "in_progress", "finished"):
        action = reverse("games:computer_take_back", args=[pk])
        out.append(_form(action, token, gettext("Take back"), c["latest"], "take-back"))
    if game.is_active and not facts.thinking and not hint:
        action = reverse("games:computer_hint", args=[pk])
        out.append(_form(action, token, gettext("Hint"), c["latest"], "hint"))
    used = gettext("Hints: %(hints)s · take-backs: %(takebacks)s · never rated.") % {
        "hints": found.hints,
        "takebacks": found.takebacks,
    }
    out.append(f'        <p class="help">{escape(used)}</p>\n      </div>\n')
    return "".join(out)

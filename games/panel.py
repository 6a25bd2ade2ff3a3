"""The game page's panel (``templates/games/_panel.html``: ``{% game_panel %}``) drawn in one call.

The panel — the title, how the game stands, the seats, the board and its forms, the score sheet
and what the other apps add (:mod:`games.hooks`) — was a template of about a hundred tags a page;
here it is the same markup written by Python: a template spent several milliseconds on it. Every
value interpolated is escaped; names are isolated (``<bdi>``). What depends only on the code, the
settings and the language is computed once per process (the translated words, escaped; the
addresses without a game's number), never anything of a request or a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape as _html_escape
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.template import Context
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html
from django.utils.translation import get_language, gettext, gettext_noop

from games import computer_panel, device_panel, endings, kinds, scoresheet
from games.models import GameStatus

# The words of the panel, translated and escaped once per language (as ``{% translate %}`` would
# write them); marked for ``makemessages``.
WORDS = (
    gettext_noop("over the board"),
    gettext_noop("This game was annulled."),
    gettext_noop("Both players forfeited: nobody wins."),
    gettext_noop("Winner:"),
    gettext_noop("Draw"),
    gettext_noop("decided by the arbiter"),
    gettext_noop("To move:"),
    gettext_noop("Extra turn: the last move scored."),
    gettext_noop("Seat number"),
    gettext_noop("Player"),
    gettext_noop("Mark"),
    gettext_noop("Boards won"),
    gettext_noop("SOS points"),
    gettext_noop("to move"),
    gettext_noop("out: time ran out"),
    gettext_noop("Letter to write"),
    gettext_noop("Or type the move:"),
    gettext_noop("Play"),
    gettext_noop("Small boards"),
    gettext_noop("Score sheet"),
    gettext_noop("Replay"),
    gettext_noop("Start"),
    gettext_noop("Back one move"),
    gettext_noop("Forward one move"),
    gettext_noop("Latest position"),
    gettext_noop("Move"),
    gettext_noop("Points"),
    gettext_noop("No moves yet."),
    gettext_noop("Playing grid"),
    gettext_noop("Playing grid: the game is over"),
)

_words: dict[str | None, dict[str, str]] = {}
_urls: dict[tuple[str, str, Any], tuple[str, str]] = {}
# A number no object has: the address of ``name`` with it is split around it.
_PK = 987_654_321_987


def _forget(**_kwargs: Any) -> None:
    _words.clear()
    _word.clear()
    _kinds.clear()
    _settings.clear()
    _urls.clear()


setting_changed.connect(_forget, dispatch_uid="games.panel")


def words() -> dict[str, str]:
    """The panel's words in the active language, escaped."""
    language = get_language()
    found = _words.get(language)
    if found is None:
        found = _words[language] = {w: escape(gettext(w)) for w in WORDS}
    return found


_word: dict[tuple[str | None, str], str] = {}


def word(msgid: str) -> str:
    """``msgid`` (marked with ``gettext_noop`` where it is defined) translated into the active
    language and escaped, once per process and language."""
    key = (get_language(), msgid)
    found = _word.get(key)
    if found is None:
        found = _word[key] = escape(gettext(msgid))
    return found


_kinds: dict[str | None, dict[str, str]] = {}


def kind_label(kind: str) -> str:
    """A game kind's name (``game.get_kind_display()``) in the active language, looked up once
    per process and language."""
    language = get_language()
    labels = _kinds.get(language)
    if labels is None:
        labels = _kinds[language] = {value: str(label) for value, label in kinds.choices()}
    return labels.get(kind, kind)


def url_with_pk(name: str, pk: int) -> str:
    """``reverse(name, args=[pk])``, the address reversed once per process (and script prefix)."""
    key = (name, get_script_prefix(), get_urlconf())
    parts = _urls.get(key)
    if parts is None:
        before, _sep, after = reverse(name, args=[_PK]).partition(str(_PK))
        parts = _urls[key] = (before, after)
    return f"{parts[0]}{int(pk)}{parts[1]}"


def escape(text: object) -> str:
    """Django's ``escape`` (the same five characters) without its lazy-text wrapper: the text
    is written at once."""
    return _html_escape(str(text), quote=True)


def _v(value: object) -> str:
    """A value as ``{{ value }}`` writes it: localised, escaped (a whole number as it is: the
    site groups no thousands; a word of the board, such as a mark, escaped)."""
    kind = type(value)
    if kind is int and not _grouping():
        return str(value)
    if kind is str:
        return escape(value)
    return conditional_escape(localize(value))


_settings: dict[str, Any] = {}


def _grouping() -> bool:
    """``USE_THOUSAND_SEPARATOR``, read once (a changed setting forgets it)."""
    found = _settings.get("grouping")
    if found is None:
        found = _settings["grouping"] = bool(settings.USE_THOUSAND_SEPARATOR)
    return found


def panel_html(
    context: Context,
    item_html: Callable[[Context, Any, str], str],
    board_extra: Callable[[Context], str],
) -> str:
    """The panel of the page's ``context`` (what :func:`games.views._game_context` gives).

    ``item_html(context, item, wrap)`` draws a link or panel of another app; ``board_extra``
    the clocks (beside the board, with the players)."""
    c: Mapping[str, Any] = context
    w = words()
    game = c["game"]
    page = c["page"]
    kind = kinds.of(game)
    active = game.is_active
    latest = c["latest"]
    against = c.get("computer")
    thinking = ' data-thinking="1"' if against is not None and against.thinking else ""
    out = [
        f'<div class="panel{"" if active else " panel--over"}" data-ply="{_v(latest)}" '
        f'data-status="{escape(game.status)}" data-out="{escape(c.get("out", ""))}" '
        f'data-replaying="{"1" if c["replaying"] else "0"}"{thinking}>\n'
        '  <header class="game-head">\n'
        f"    <h1>{escape(str(game))} · {escape(kind_label(game.kind))}</h1>\n"
        f'    <p class="rules-summary">{escape(kind.summary(game.options))}'
        f"{' · ' + w['over the board'] if game.over_the_board else ''}</p>\n"
    ]
    head = page.head
    if head:
        links = " · ".join(item_html(context, item, "span") for item in head)
        out.append(f'    <p class="game-links">{links}</p>\n')
    out.append(
        "  </header>\n"
        '  <div class="game-body">\n'
        f'    <section class="board-col{device_panel.column_class(c)}">\n'
    )
    out.append(device_panel.banner_html(c))  # a game on one device: whose turn, in large letters
    out.append(computer_panel.thinking_html(c))  # against the computer: it thinks, or thought
    out.append('      <p class="status" id="status" aria-live="polite">\n        ')
    out.append(_status(c, w))
    for item in page.status:
        out.append(" " + item_html(context, item, "span"))
    out.append("\n      </p>\n")
    out.append(scoresheet.hints_html(c))
    out.append('      <p class="move-error error" role="alert"></p>\n')
    board_part, typed = _forms(c, w, kind)
    out.append(board_part)
    if kind.small_boards:
        out.append(
            f'      <div class="small-boards" dir="ltr" aria-label="{w["Small boards"]}">'
            f"{c['board'].small_boards_html()}</div>\n"
        )
    out.append("    </section>\n")
    # Beside the board where there is room, below it on a phone: the clocks, the players, the
    # typed move and the score sheet.
    out.append('    <div class="game-side">\n')
    if c.get("clock"):
        out.append(board_extra(context))
    out.append(_seats(c, w, kind))
    out.append(typed)
    out.append(computer_panel.tools_html(c))
    out.append(device_panel.settings_html(c))
    out.append(scoresheet.sheet_html(context, c, w, item_html))
    out.append(scoresheet.says_html(c["moves"], c["names"], sos=kind.points))
    out.append("    </div>\n")
    out.append("  </div>\n</div>\n")
    return "".join(out)


def _forms(c: Mapping[str, Any], w: Mapping[str, str], kind: kinds.Kind) -> tuple[str, str]:
    """The board (in its form, with the letter to write, when the visitor may move) and the
    form of the typed move (empty when he may not)."""
    game = c["game"]
    board = _board(c, w)
    if not c["can_move"]:
        return f"        {board}\n", ""
    action = url_with_pk("games:move", game.pk)
    token = csrf_input(c.get("csrf_token"))
    hidden = f'<input type="hidden" name="expected_ply" value="{_v(c["latest"])}">'
    letters = _letter_choice(kind.letters, w)
    return (
        f'        <form method="post" action="{action}" class="board-form" data-move>\n'
        f"          {token}\n          {hidden}\n{letters}          {board}\n"
        "        </form>\n",
        f'        <form method="post" action="{action}" class="typed-move" data-move>\n'
        f"          {token}\n          {hidden}\n"
        f'          <label for="id_notation">{w["Or type the move:"]}</label>\n'
        '          <input type="text" name="notation" id="id_notation" autocomplete="off" '
        f'maxlength="16" placeholder="{escape(kind.notation_hint)}">\n'
        f'          <button type="submit">{w["Play"]}</button>\n'
        "        </form>\n",
    )


def _status(c: Mapping[str, Any], w: Mapping[str, str]) -> str:
    """How the game stands (or which move a replay shows)."""
    game = c["game"]
    outcome = c["outcome"]
    mover = c["mover"]
    if c["replaying"]:
        return gettext("Replay: the position after move %(n)s of %(total)s.") % {
            "n": _v(c["at"]),
            "total": _v(c["latest"]),
        }
    if game.status == GameStatus.ANNULLED:
        return f'<strong class="result">{w["This game was annulled."]}</strong>'
    if game.status == GameStatus.ABORTED:
        label = endings.WORDS.get(game.end_reason or "")
        text = f'<strong class="result">{escape(game.get_status_display())}</strong>'
        if label is not None:
            text += f'\n          <span class="badge ending">{escape(gettext(label))}</span>'
        return text
    if outcome:
        if outcome.reason == endings.DOUBLE_FORFEIT:
            text = f'<strong class="result">{w["Both players forfeited: nobody wins."]}</strong>'
        elif outcome.winners:
            names = ", ".join(f"<bdi>{escape(n)}</bdi>" for n in c["winner_names"])
            text = f'<strong class="result">{w["Winner:"]} {names}</strong>'
        else:
            text = f'<strong class="result">{w["Draw"]}</strong>'
        result = game.result_text
        text += "\n          "
        if result:
            text += f'<span class="result-text" dir="ltr">{escape(result)}</span>'
        text += "\n          "
        label = endings.WORDS.get(outcome.reason or "")
        how = gettext(label) if label is not None else ""
        if how:
            text += f'<span class="badge ending">{escape(how)}</span>'
        elif game.status == GameStatus.ADJUDICATED:
            text += f'<span class="badge ending">{w["decided by the arbiter"]}</span>'
        return text
    if mover:
        seat_mark = kinds.of(game).seat_mark(mover.number)
        mark = f" ({seat_mark})" if seat_mark else ""
        text = (
            f'<span class="turn">{w["To move:"]} <strong><bdi>{escape(mover.player.name)}</bdi>'
            f"</strong>{mark}</span>\n          "
        )
        if c["extra_turn"]:
            text += f'<span class="extra-turn">{w["Extra turn: the last move scored."]}</span>'
        return text
    if not game.is_active:
        return f'<strong class="result">{escape(game.get_status_display())}</strong>'
    return ""


def _letter_choice(letters: tuple[str, ...], w: Mapping[str, str]) -> str:
    """The choice of the letter to write (SOS's S or O), the first checked; none without."""
    if not letters:
        return ""
    choices = "".join(
        f'            <label><input type="radio" name="letter" value="{escape(letter)}"'
        f"{' checked' if n == 0 else ''}> {escape(letter)}</label>\n"
        for n, letter in enumerate(letters)
    )
    return (
        '          <fieldset class="letter-choice">\n'
        f"            <legend>{w['Letter to write']}</legend>\n"
        f"{choices}"
        "          </fieldset>\n"
    )


def _seats(c: Mapping[str, Any], w: Mapping[str, str], kind: kinds.Kind) -> str:
    marks = bool(kind.seat_marks)
    columns = (f"<th>{w['Mark']}</th>" if marks else "") + f"<th>{word(kind.score_heading)}</th>"
    out = [
        '      <table class="seats">\n'
        f'        <thead><tr><th><span class="visually-hidden">{w["Seat number"]}</span></th>'
        f"<th>{w['Player']}</th>{columns}</tr></thead>\n"
        "        <tbody>\n"
    ]
    for seat in c["seats"]:
        number = _v(seat["number"])
        player = seat["player"]
        classes = (" to-move" if seat["to_move"] else "") + (" winner" if seat["winner"] else "")
        classes += " out" if seat.get("out") else ""
        badge = "".join(
            f' <span class="badge player-tag">{escape(tag)}</span>' for tag in seat.get("tags", ())
        )
        badge += f' <span class="badge">{w["to move"]}</span>' if seat["to_move"] else ""
        badge += f' <span class="badge seat-out">{w["out: time ran out"]}</span>' * bool(
            seat.get("out")
        )
        mark = f'<td class="mark">{_v(seat["mark"])}</td>' if marks else ""
        swatch = seat["colour_class"]
        out.append(
            f'          <tr class="seat-{number}{classes}">\n'
            f'            <td><span class="swatch {swatch}" aria-hidden="true"></span>'
            f"{number}</td>\n"
            f"            <td>{_player_link(c, player)}{badge}</td>\n"
            f"            {mark}\n"
            f'            <td class="score">{_v(seat["score"])}</td>\n'
            "          </tr>\n"
        )
    out.append("        </tbody>\n      </table>\n")
    return "".join(out)


def _player_link(c: Mapping[str, Any], player: Any) -> str:
    """The seat's player, linked to his page (a game on one device's seats have none)."""
    name = f"<bdi>{escape(player.name)}</bdi>"
    if getattr(c["game"], "device_token", None) is not None:  # read with the page's game
        return name
    return f'<a href="{url_with_pk("games:player", player.pk)}">{name}</a>'


def _board(c: Mapping[str, Any], w: Mapping[str, str]) -> str:
    """The board (``games/_board.html``): the grid."""
    board = c["board"]
    active = c["game"].is_active
    label = w["Playing grid"] if active else w["Playing grid: the game is over"]
    over = "" if active else " board--over"
    disabled = "" if active else ' aria-disabled="true"'
    return (
        f'<div class="board board--{escape(board.kind)} cols-{board.width} rows-{board.height}'
        f'{over}" dir="ltr" role="table" aria-label="{label}"{disabled}>{board.grid_html()}</div>'
    )


def csrf_input(token: object) -> str:
    """What ``{% csrf_token %}`` writes."""
    if not token or str(token) == "NOTPROVIDED":
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)

"""Forms of the games app: new game, new player, a move."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import clock
from games.authority import is_arbiter_member, may_link_accounts, may_link_player
from games.models import GameKind, Player
from games.player_services import column_limit
from games.services import validate_game_options

MAX_SEATS = 6

# The rules options of each game kind, as fields of the new game and tournament forms.
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    GameKind.SOS: ("rows", "cols", "mode"),
    GameKind.UTTT: ("preset", "all_draw_line", "decided_boards_free", "no_send_back"),
}


def forget_other_kinds(form: forms.Form, data: dict[str, Any]) -> None:
    """In ``form``'s ``clean()``: the options of the game kinds not chosen (hidden once a kind
    is chosen) are ignored — neither their values nor their errors count."""
    kind = data.get("kind")
    if kind not in KIND_FIELDS:
        return
    for other, names in KIND_FIELDS.items():
        for name in names:
            if other != kind and name not in KIND_FIELDS[kind]:
                data.pop(name, None)
                form.errors.pop(name, None)


def hold_to_column(field: forms.CharField, model: type[models.Model], column: str) -> None:
    """Limit ``field`` (of a form built already: its validators are made) to what ``model``'s
    ``column`` holds, with Django's own translated refusal, for the fields a form takes from
    elsewhere (Django's, allauth's) whose value ends in that column."""
    limit = column_limit(model, column)
    field.max_length = limit
    field.validators = [v for v in field.validators if not isinstance(v, MaxLengthValidator)] + [
        MaxLengthValidator(limit)
    ]
    field.widget.attrs["maxlength"] = str(limit)


class NameSelect(forms.Select):
    """A list of names (players, accounts): each option takes its direction from its own text
    (``dir="auto"``), so a name written right to left, or holding a direction override, stays in
    its option. Every choice of a name on the site's forms uses it."""

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        option["attrs"]["dir"] = "auto"
        return option


class TimeControlField(forms.CharField):
    """A time control in its short form (``10+5``, ``10 d5``, ``3 days/move``); cleaned to the
    stored code (``""``: no clock)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Time control"))
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 60)
        kwargs.setdefault(
            "help_text",
            _(
                "Empty: no clock. 10+5: 10 minutes each and 5 seconds added a move; 10 d5: a "
                "5-second delay; 3 days/move; 2 days/move 30 days: also at most 30 days in all."
            ),
        )
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, str) and "/" in value and value.split("/")[0] in clock.KINDS:
            try:
                return clock.TimeControl.from_code(value).short_form(ngettext)
            except ValueError:
                return value
        return value

    def clean(self, value: Any) -> str:
        text = super().clean(value)
        try:
            return clock.parse(text).to_code()
        except clock.BadTimeControl as err:
            raise forms.ValidationError(err.translate(_)) from None


class NewGameForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("Game"),
        choices=GameKind.choices,
        initial=GameKind.UTTT,
        widget=forms.RadioSelect,
    )
    # SOS
    rows = forms.IntegerField(
        label=_("Rows"),
        min_value=3,
        max_value=26,
        initial=5,
        required=False,
        help_text=_("SOS: the grid's height, 3 to 26."),
    )
    cols = forms.IntegerField(
        label=_("Columns"),
        min_value=3,
        max_value=26,
        initial=5,
        required=False,
        help_text=_("SOS: the grid's width, 3 to 26."),
    )
    mode = forms.ChoiceField(
        label=_("Winning"),
        initial="most",
        required=False,
        choices=[("most", _("Most SOSs when the grid is full")), ("first", _("First SOS wins"))],
        help_text=_("SOS: a move that scores earns another move in either mode."),
    )
    # UTTT
    preset = forms.ChoiceField(
        label=_("Rules"),
        initial="tactical",
        required=False,
        choices=[
            ("tactical", _("Tactical (the club sheet)")),
            ("classic", _("Classic (as most websites play)")),
        ],
        help_text=_(
            "Tactical: decided boards stay playable and drawn boards count for both players. "
            "Classic: decided boards close and drawn boards count for nobody."
        ),
    )
    all_draw_line = forms.ChoiceField(
        label=_("Three drawn boards in a line"),
        initial="draw",
        required=False,
        choices=[("draw", _("End the game as a draw")), ("continue", _("Play on"))],
        help_text=_("Tactical only: what a line of three drawn small boards does."),
    )
    decided_boards_free = forms.BooleanField(
        label=_("Sent to a decided board: play anywhere"),
        required=False,
        help_text=_("Tactical only: being sent to a won or drawn board frees the move."),
    )
    no_send_back = forms.BooleanField(
        label=_("No sending straight back"),
        required=False,
        help_text=_(
            "You may not send the opponent back to the board they just played in "
            "(lifted when no other move is left)."
        ),
    )
    over_the_board = forms.BooleanField(
        label=_("Over the board"),
        required=False,
        help_text=_("An arbiter enters the moves for players sitting at one table."),
    )
    time_control = TimeControlField()

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        players = Player.objects.order_by("name")
        for n in range(MAX_SEATS):
            self.fields[f"seat_{n}"] = forms.ModelChoiceField(
                queryset=players,
                required=n < 2,
                widget=NameSelect,
                label=_("Seat %(number)s") % {"number": n + 1},
                help_text=_("Moves first.") if n == 0 else "",
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{n}"] for n in range(MAX_SEATS)]

    def sos_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in KIND_FIELDS[GameKind.SOS]]

    def uttt_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in KIND_FIELDS[GameKind.UTTT]]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        forget_other_kinds(self, data)
        kind = data.get("kind")
        players = [data.get(f"seat_{n}") for n in range(MAX_SEATS)]
        players = [p for p in players if p is not None]
        if len({p.pk for p in players}) != len(players):
            raise forms.ValidationError(_("A player can take only one seat in a game."))
        if kind == GameKind.UTTT and len(players) != 2:
            raise forms.ValidationError(_("Ultimate tic-tac-toe is played by exactly two players."))
        if data.get("over_the_board") and not is_arbiter_member(self.user):
            self.add_error("over_the_board", _("Only arbiters can run games over the board."))
        if data.get("over_the_board") and data.get("time_control"):
            self.add_error(
                "time_control", _("A game played over the board has no clock on the site.")
            )
        data["players"] = players
        data["options"] = self.rules_options(kind, data)
        if kind and not self.errors:
            try:
                validate_game_options(kind, data["options"], len(players))
            except ValueError as err:
                raise forms.ValidationError(
                    _("These rules options are not allowed: %(reason)s") % {"reason": err}
                ) from None
        return data

    @staticmethod
    def rules_options(kind: str | None, data: dict[str, Any]) -> dict[str, Any]:
        if kind == GameKind.SOS:
            rows = data.get("rows") or 5
            return {
                "rows": rows,
                "cols": data.get("cols") or rows,
                "mode": data.get("mode") or "most",
            }
        preset = data.get("preset") or "tactical"
        if preset == "classic":
            return {"preset": preset, "no_send_back": bool(data.get("no_send_back"))}
        return {
            "preset": preset,
            "all_draw_line": data.get("all_draw_line") or "draw",
            "decided_boards_free": bool(data.get("decided_boards_free")),
            "no_send_back": bool(data.get("no_send_back")),
        }


class PlayerForm(forms.ModelForm):
    """A new player; only a superuser links him to an account (``user``)."""

    class Meta:
        model = Player
        fields = ["name", "club", "rating", "user"]
        widgets = {
            "name": forms.TextInput(attrs={"dir": "auto"}),
            "club": forms.TextInput(attrs={"dir": "auto"}),
            "user": NameSelect,
        }

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not (may_link_accounts(user) and may_link_player(user, self.instance)):
            del self.fields["user"]
        else:
            # Only accounts no player is linked to yet (one account, one player).
            linked = Player.objects.filter(user__isnull=False)
            if self.instance.pk:
                linked = linked.exclude(pk=self.instance.pk)
            self.fields["user"].queryset = (
                get_user_model()
                .objects.exclude(pk__in=linked.values("user"))
                .order_by(get_user_model().USERNAME_FIELD)
            )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A player needs a name."))
        return name

"""Forms of the games app: new game, new player, a move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import clock, kinds
from games.authority import is_arbiter_member, may_link_accounts, may_link_player
from games.models import Player
from games.player_services import column_limit
from games.services import validate_game_options

MAX_SEATS = 6


def option_field(option: kinds.Option) -> forms.Field:
    """The form field of a game kind's rules ``option`` (:class:`games.kinds.Option`)."""
    common = {"label": option.label, "help_text": option.help, "required": False}
    if option.type == "int":
        return forms.IntegerField(
            min_value=option.min, max_value=option.max, initial=option.default, **common
        )
    if option.type == "choice":
        return forms.ChoiceField(choices=list(option.choices), initial=option.default, **common)
    if option.type == "bool":
        return forms.BooleanField(initial=option.default, **common)
    raise ValueError(f"unknown option type {option.type!r}")


def kind_option_fields() -> dict[str, forms.Field]:
    """The fields of every registered kind's options, kind by kind (a name two kinds share
    is one field)."""
    fields: dict[str, forms.Field] = {}
    for kind in kinds.all_kinds():
        for option in kind.options:
            fields.setdefault(option.name, option_field(option))
    return fields


@dataclass(frozen=True)
class KindOptions:
    """A kind's options on a form: its value (``data-kind``), legend and bound fields."""

    kind: str
    legend: Any
    fields: list[forms.BoundField]


class KindOptionFields:
    """Mixed into a form (before ``forms.Form``) with a choice of game (``kind``): the rules
    options of every kind, generated from the game-kind registry (:mod:`games.kinds`) when the
    form is made, after the field named by ``kind_options_after``."""

    kind_options_after = "kind"
    fields: dict[str, forms.Field]
    errors: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = kinds.choices()
        self.fields["kind"].initial = kinds.default_kind()
        fields: dict[str, forms.Field] = {}
        for name, field in self.fields.items():
            fields[name] = field
            if name == self.kind_options_after:
                fields.update(kind_option_fields())
        self.fields = fields

    def kind_options(self) -> list[KindOptions]:
        """Each kind's options, as the form's fieldsets show them (only the chosen kind's
        show: static/css/site.css)."""
        return [
            KindOptions(k.value, k.options_legend, [self[name] for name in k.option_names])
            for k in kinds.all_kinds()
        ]

    def forget_other_kinds(self, data: dict[str, Any]) -> None:
        """In ``clean()``: the options of the game kinds not chosen (hidden once a kind is
        chosen) are ignored — neither their values nor their errors count."""
        kind = data.get("kind")
        if not kinds.known(kind):
            return
        own = kinds.get(kind).option_names
        for other in kinds.all_kinds():
            for name in other.option_names:
                if name not in own:
                    data.pop(name, None)
                    self.errors.pop(name, None)

    @staticmethod
    def rules_options(kind: str | None, data: dict[str, Any]) -> dict[str, Any]:
        """The rules options of ``kind`` (the default kind if none) from the cleaned ``data``."""
        return kinds.get(kind if kinds.known(kind) else kinds.default_kind()).options_from_form(
            data
        )


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


class NewGameForm(KindOptionFields, forms.Form):
    kind = forms.ChoiceField(label=_("Game"), widget=forms.RadioSelect)
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

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.forget_other_kinds(data)
        kind = data.get("kind")
        players = [data.get(f"seat_{n}") for n in range(MAX_SEATS)]
        players = [p for p in players if p is not None]
        if len({p.pk for p in players}) != len(players):
            raise forms.ValidationError(_("A player can take only one seat in a game."))
        problem = kinds.get(kind).seat_problem(len(players)) if kinds.known(kind) else None
        if problem:
            raise forms.ValidationError(problem)
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

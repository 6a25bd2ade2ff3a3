"""Forms of the tournaments app (the tournament's settings form is in ``settings_form``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.bidi import ltr_text, ltr_within
from games.forms import NameSelect
from games.models import Player
from games.player_services import column_limit
from games.templatetags.bidi_tags import isolate
from tournaments.acts.entry_changes import parse_half_byes
from tournaments.core import vocabulary as V
from tournaments.errors import TournamentError
from tournaments.models import ARBITER_REASONS, Entry, Tournament


class EntryForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Player.objects.order_by("name"),
        required=False,
        widget=NameSelect,
    )
    new_name = forms.CharField(
        label=_("…or a new player's name"),
        max_length=column_limit(Player, "name"),
        required=False,
        widget=forms.TextInput(attrs={"dir": "auto"}),
    )
    rating = forms.IntegerField(label=_("Rating"), min_value=0, required=False)
    half_byes = forms.CharField(
        label=_("Half-point byes in rounds"),
        required=False,
        help_text=_("Round numbers, separated by commas."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The list offers only the players not entered yet; one entered already (a form sent
        # twice) still reaches the service, whose refusal names him.
        field = self.fields["player"]
        offered = field.queryset.exclude(pk__in=tournament.entries.values("player_id"))
        field.widget.choices = forms.ModelChoiceField(
            queryset=offered, empty_label=field.empty_label
        ).choices

    def clean_half_byes(self) -> list[int]:
        # The rule the admin's entry form uses too (entry_changes.parse_half_byes).
        try:
            return parse_half_byes(self.cleaned_data.get("half_byes") or "")
        except TournamentError as err:
            raise forms.ValidationError(err.message) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        name = " ".join((data.get("new_name") or "").split())
        data["new_name"] = name
        if not data.get("player") and not name:
            raise forms.ValidationError(_("Choose a player or write a new player's name."))
        return data


# A result in a choice is a left-to-right island (LRI…PDI): in a right-to-left list, ``+/-``
# would read ``-/+``.
RESULT_CHOICES = [(code, ltr_text(V.notation(code))) for code in V.GAME_RESULT_ORDER]


def _decision_label(code: str) -> str:
    return ltr_within(gettext(V.DECISION_LABELS[code]), V.notation(code))


decision_label = lazy(_decision_label, str)
"""The arbiter's choice of ``code`` in words (``+/- (second player forfeits)``), translated when
shown, its notation a left-to-right island."""


def _version_field() -> forms.CharField:
    """What the arbiter saw (``versions.version_of``): an act based on a gone version is refused."""
    return forms.CharField(
        widget=forms.HiddenInput,
        max_length=40,
        error_messages={"required": _("This form is out of date: open the page again.")},
    )


class ResultForm(forms.Form):
    # Starts empty on the round page: a board's result is chosen, never preset.
    result = forms.ChoiceField(
        label=_("Result"),
        choices=[("", "—"), *RESULT_CHOICES],
    )
    first_score = forms.IntegerField(label=_("SOS points, first"), min_value=0, required=False)
    second_score = forms.IntegerField(label=_("SOS points, second"), min_value=0, required=False)
    version = _version_field()


class OverrideForm(forms.Form):
    """The arbiter's boards for a round: a first and a second player (or the bye) a board."""

    def __init__(self, *args: Any, entries: list[Entry], boards: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (str(e.pk), f"{e.rank or ''}. {isolate(e.player.name)}") for e in entries
        ]
        second = [("", "—"), ("bye", _("bye")), *choices[1:]]
        self.boards = boards
        for n in range(boards):
            self.fields[f"first_{n}"] = forms.ChoiceField(
                choices=choices, required=False, label=_("Board %(n)s") % {"n": n + 1}
            )
            self.fields[f"second_{n}"] = forms.ChoiceField(choices=second, required=False, label="")

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(n + 1, self[f"first_{n}"], self[f"second_{n}"]) for n in range(self.boards)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        boards = []
        for n in range(self.boards):
            first, second = data.get(f"first_{n}"), data.get(f"second_{n}")
            if not first and not second:
                continue
            if not first or not second:
                raise forms.ValidationError(
                    _("Board %(n)s needs two players, or a player and the bye.") % {"n": n + 1}
                )
            boards.append((int(first), None if second == "bye" else int(second)))
        if not boards:
            raise forms.ValidationError(_("Set at least one board."))
        data["boards"] = boards
        return data


DECISION_CHOICES = [(code, decision_label(code)) for code in V.GAME_RESULT_ORDER]


class _ReasonForm(forms.Form):
    """An arbiter's act: the reason, a note, and the version the arbiter saw (left out by the
    admin's actions on several objects at once: ``versioned=False``)."""

    # No default: the arbiter names the reason every time.
    reason = forms.ChoiceField(
        label=_("Reason"),
        choices=[("", "—"), *ARBITER_REASONS],
        error_messages={"required": _("Choose the reason.")},
    )
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    version = _version_field()

    def __init__(self, *args: Any, versioned: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not versioned:
            del self.fields["version"]


class DecideForm(_ReasonForm):
    result = forms.ChoiceField(label=_("Result"), choices=DECISION_CHOICES)


class WinnersForm(_ReasonForm):
    """For an SOS game of three or more seats: the winning seats (none ticked: a draw)."""

    def __init__(self, *args: Any, seats: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["winners"] = forms.MultipleChoiceField(
            label=_("Winners"),
            required=False,
            widget=forms.CheckboxSelectMultiple,
            choices=[(str(n), isolate(name)) for n, name in seats],
        )


class TakeBackForm(_ReasonForm):
    count = forms.IntegerField(label=_("Moves to take back"), min_value=1, initial=1)


class AnnulForm(_ReasonForm):
    replay = forms.BooleanField(
        label=_("Replay: give the pairing a new game"), required=False, initial=True
    )


class WithdrawalForm(_ReasonForm):
    from_round = forms.IntegerField(label=_("From round"), min_value=1, required=False)
    version = _version_field()


class ClaimDecisionForm(forms.Form):
    """The arbiter's answer to a claim of a win: accept or reject (one of the two buttons), and
    a note as every act has (the note field of the act forms)."""

    accept = forms.TypedChoiceField(
        choices=[("1", _("Accept")), ("0", _("Reject"))], coerce=lambda v: v == "1"
    )
    note = _ReasonForm.base_fields["note"]


class AddTimeForm(_ReasonForm):
    """The arbiter gives one side more time on its clock."""

    seat = forms.TypedChoiceField(label=_("Player"), coerce=int, choices=())
    minutes = forms.IntegerField(
        label=_("Minutes to add"), min_value=1, max_value=7 * 24 * 60, initial=2
    )

    def __init__(self, *args: Any, seats: list[tuple[int, str]] = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(n, isolate(name)) for n, name in seats]


ENGINE_RESULT_CHOICES = [(code, decision_label(code)) for code in V.PLAYED_RESULTS]


class EngineDecideForm(_ReasonForm):
    """The arbiter's decision on the engine's page (two seats): the result, preset to the
    engine's suggestion."""

    result = forms.ChoiceField(label=_("Result"), choices=ENGINE_RESULT_CHOICES)


class EngineWinnersForm(WinnersForm):
    """The arbiter's decision on the engine's page (more seats): the winners, preset to the
    engine's."""


class EngineRequestForm(forms.Form):
    """Asking the engine: the version the arbiter saw, as every act's form."""

    version = _version_field()

"""The knockout's options on the tournament form (``TournamentForm`` mixes them in): shown with
the format, read into ``format_options`` and checked by the format's entry
(``Format.clean_options``), whose error codes name these fields."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms import TimeControlField
from tournaments import formats
from tournaments.errors import TournamentError
from tournaments.formats import CupOptions, Decider, Seeding
from tournaments.formats.knockout import MAX_ARMAGEDDON_EXTRA, MAX_GAMES, MAX_TIEBREAK_GAMES

CUP_FIELDS = (
    "seeding",
    "third_place",
    "reset",
    "games",
    "tiebreak_games",
    "tiebreak_time_control",
    "decider",
    "armageddon_time_control",
    "armageddon_extra",
)


class CupOptionFields(forms.Form):
    """The fields ``cup_<option>`` of a knockout's options."""

    cup_seeding = forms.ChoiceField(
        label=_("Seeding"),
        choices=Seeding.choices,
        initial=Seeding.RATING,
        required=False,
        help_text=_(
            "Knockouts only. A draw is made with a random seed the cup keeps, so it can be "
            "shown and replayed; the arbiter may seed again until round 1 is paired."
        ),
    )
    cup_third_place = forms.BooleanField(
        label=_("Third-place match"),
        required=False,
        help_text=_("Single elimination: the semi-finals' losers play for third place."),
    )
    cup_reset = forms.BooleanField(
        label=_("Grand final reset"),
        required=False,
        initial=True,
        help_text=_(
            "Double elimination: a second grand final when the losers' bracket winner wins "
            "the first."
        ),
    )
    cup_games = forms.IntegerField(
        label=_("Games a match"),
        min_value=1,
        max_value=MAX_GAMES,
        initial=1,
        required=False,
        help_text=_("Knockouts only: each match has this many games, the first move alternating."),
    )
    cup_tiebreak_games = forms.IntegerField(
        label=_("Tie-break games"),
        min_value=0,
        max_value=MAX_TIEBREAK_GAMES,
        initial=0,
        required=False,
        help_text=_("Played when a match is level after its games."),
    )
    cup_tiebreak_time_control = TimeControlField(
        label=_("Time control of the tie-break games"),
        help_text=_("Empty: the tournament's time control. Also the decider's clock."),
    )
    cup_decider = forms.ChoiceField(
        label=_("Decider"),
        choices=Decider.choices,
        initial=Decider.ARMAGEDDON,
        required=False,
        help_text=_(
            "When still level after the tie-break games: an armageddon game (a draw sends the "
            "second player through), sudden-death games, or the drawing of lots."
        ),
    )

    cup_armageddon_time_control = TimeControlField(
        label=_("Time control of the armageddon game"),
        help_text=_(
            "The second player's clock in the armageddon game; empty: the tie-break games'."
        ),
    )
    cup_armageddon_extra = forms.IntegerField(
        label=_("Armageddon: the first player's extra time (seconds)"),
        min_value=0,
        max_value=MAX_ARMAGEDDON_EXTRA,
        initial=60,
        required=False,
        help_text=_(
            "The player who moves first in the armageddon game gets this much more time; "
            "a draw sends the second player through."
        ),
    )

    def cup_fields(self) -> list[forms.BoundField]:
        return [self[f"cup_{name}"] for name in CUP_FIELDS]

    @staticmethod
    def cup_initial(stored: dict[str, Any]) -> dict[str, Any]:
        """The fields' values for a tournament's stored options."""
        options = CupOptions.of(stored).to_dict()
        return {f"cup_{name}": options[name] for name in CUP_FIELDS}

    def clean_format_options(self, data: dict[str, Any]) -> None:
        """``data["format_options"]``: the chosen format's options, checked by its entry."""
        entry = formats.find(data.get("format"))
        prefix = f"{entry.form_prefix}_" if entry is not None else "cup_"
        given = {
            name.removeprefix(prefix): value
            for name, value in data.items()
            if name.startswith(prefix) and value not in (None, "")
        }
        has_groups = entry is not None and entry.group_count(options=None, players=2) > 0
        if has_groups and data.get("group_size") not in (None, ""):  # the tournament form's
            given["group_size"] = data["group_size"]
        try:
            data["format_options"] = entry.clean_options(given) if entry is not None else {}
        except TournamentError as err:
            field = err.code if err.code in self.fields else None
            self.add_error(field, err.message)

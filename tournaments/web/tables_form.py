"""The options of an SOS event at tables on the tournament form (``TournamentForm`` mixes them
in): shown with the format, read into ``format_options`` by ``CupOptionFields``'s
``clean_format_options`` (the format's ``form_prefix`` is ``tables``) and checked by the
format's entry (``Tables.clean_options``), whose error codes name these fields."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.formats import Scoring, TablesOptions
from tournaments.formats.tables import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE

TABLES_FIELDS = ("size", "allow_small", "scoring", "scheme")


class TablesOptionFields(forms.Form):
    """The fields ``tables_<option>`` of an event at tables."""

    tables_size = forms.IntegerField(
        label=_("Players a table"),
        min_value=MIN_SIZE,
        max_value=MAX_SIZE,
        initial=DEFAULT_SIZE,
        required=False,
        help_text=_(
            "SOS at tables only: 3 to 6. A field that does not divide is split into tables "
            "one smaller (10 players at 4: 4 + 3 + 3)."
        ),
    )
    tables_allow_small = forms.BooleanField(
        label=_("Allow tables of two"),
        required=False,
        help_text=_("Otherwise a bye is given when the players cannot be split into tables."),
    )
    tables_scoring = forms.ChoiceField(
        label=_("Scoring"),
        choices=Scoring.choices,
        initial=Scoring.PLACEMENT,
        required=False,
        help_text=_(
            "Placement points by the finishing order at the table (scaled so that smaller "
            "tables are worth the same on average), or the SOS counts themselves."
        ),
    )
    tables_scheme = forms.CharField(
        label=_("Points for the places"),
        max_length=60,
        required=False,
        widget=forms.TextInput(attrs={"dir": "ltr", "placeholder": "3-2-1-0"}),
        help_text=_(
            "Best place first, one number a place, separated by dashes; empty: one point less "
            "for each place down to 0 (3, 2, 1, 0 at tables of four)."
        ),
    )

    def tables_fields(self) -> list[forms.BoundField]:
        return [self[f"tables_{name}"] for name in TABLES_FIELDS]

    @staticmethod
    def tables_initial(stored: dict[str, Any]) -> dict[str, Any]:
        """The fields' values for a tournament's stored options."""
        options = TablesOptions.of(stored)
        scheme = "-".join(f"{p:g}" for p in options.scheme)
        return {
            "tables_size": options.size,
            "tables_allow_small": options.allow_small,
            "tables_scoring": options.scoring,
            "tables_scheme": scheme,
        }

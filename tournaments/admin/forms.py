"""The admin's forms of tournaments and entries: their changes checked by the services' own
validation (``tournament_settings.validated_changes``,
``entry_changes.validated_entry_changes``), not a copy of it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms import TimeControlField
from tournaments.acts import entry_changes, tournament_settings
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament


class EntryAdminForm(forms.ModelForm):
    """The admin's entry form: the half-point byes written as on the site ("2, 4"), the changes
    checked by the service's own validation (``entry_changes.validated_entry_changes``)."""

    half_byes = forms.CharField(
        label=_("Half-point byes in rounds"),
        required=False,
        help_text=_("Round numbers, separated by commas."),
    )

    class Meta:
        model = Entry
        fields = ["player", "rank", "rating"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        byes = (self.instance.half_byes or []) if self.instance.pk else []
        self.initial["half_byes"] = ", ".join(str(r) for r in byes)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            if "half_byes" in data:
                data["half_byes"] = entry_changes.parse_half_byes(data["half_byes"] or "")
            changes = {f: data[f] for f in entry_changes.ENTRY_FIELDS if f in data}
            data.update(entry_changes.validated_entry_changes(self.instance, changes))
        except TournamentError as err:
            self.add_error(err.code if err.code in self.fields else None, err.message)
        return data


class TournamentAdminForm(forms.ModelForm):
    """The admin's tournament form: its settings checked by the services' own validation."""

    time_control = TimeControlField()  # the short form (3+2), stored as its code

    class Meta:
        model = Tournament
        fields = [*tournament_settings.SETTING_FIELDS, "arbiters"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        changes = {
            f: data[f] for f in tournament_settings.SETTING_FIELDS if f in self.fields and f in data
        }
        try:
            clean = tournament_settings.validated_changes(self.instance, changes)
        except TournamentError as err:
            self.add_error(err.code if err.code in self.fields else None, err.message)
            return data
        for field in changes:
            data[field] = clean[field]
        return data

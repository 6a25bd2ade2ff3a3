"""The rating list page's filter, search and sort (plain GET links: they work without a
script). A value the form cannot read is shown as an error and the default used instead."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ratings.queries import SORTS

ACTIVE_CHOICES = [
    ("", _("every player")),
    ("3", _("played in the last 3 months")),
    ("6", _("played in the last 6 months")),
    ("12", _("played in the last 12 months")),
    ("24", _("played in the last 24 months")),
]
SORT_CHOICES = [(s, s) for s in SORTS] + [(f"-{s}", f"-{s}") for s in SORTS]


class ListFilter(forms.Form):
    q = forms.CharField(label=_("Name or club"), required=False, max_length=100)
    active = forms.ChoiceField(
        label=_("Active players only"),
        required=False,
        choices=ACTIVE_CHOICES,
        error_messages={"invalid_choice": _("Choose one of the periods offered.")},
    )
    sort = forms.ChoiceField(
        required=False,
        choices=SORT_CHOICES,
        widget=forms.HiddenInput,
        error_messages={"invalid_choice": _("The list cannot be sorted that way.")},
    )

    def values(self) -> dict[str, Any]:
        """The filter's values: the valid ones as given, the defaults for the rest."""
        out: dict[str, Any] = {"q": "", "active": None, "sort": "rank"}
        if not self.is_bound:
            return out
        self.is_valid()
        data = self.cleaned_data
        if data.get("q"):
            out["q"] = data["q"].replace("\x00", "")
        if data.get("active"):
            out["active"] = int(data["active"])
        if data.get("sort"):
            out["sort"] = data["sort"]
        return out

    def query_without(self, *names: str) -> str:
        """The page's query string without ``names`` (for the sort and page links), ending in
        ``&`` when not empty."""
        if not self.is_bound:
            return ""
        values = self.values()
        kept = {
            "q": values["q"],
            "active": values["active"] or "",
            "sort": values["sort"] if values["sort"] != "rank" else "",
        }
        pairs = {k: v for k, v in kept.items() if v and k not in names}
        return urlencode(pairs) + "&" if pairs else ""

    def columns(self, glicko: bool) -> list[dict[str, Any]]:
        """The table's sortable columns: key, label, the sort a click asks for, the current
        direction (``ascending``/``descending``/``none``, for ``aria-sort``)."""
        current = self.values()["sort"]
        labels = [
            ("rank", pgettext_lazy("rating list", "Rank")),
            ("name", _("Player")),
            ("rating", _("Rating")),
            ("deviation", _("Deviation")) if glicko else ("k", _("K")),
            ("games", _("Games")),
            ("last", _("Last played")),
            ("change", _("Change in the last period")),
        ]
        out = []
        for key, label in labels:
            if current == key:
                state, click = "ascending", f"-{key}"
            elif current == f"-{key}":
                state, click = "descending", key
            else:
                state, click = "none", key
            out.append({"key": key, "label": label, "click": click, "state": state})
        return out

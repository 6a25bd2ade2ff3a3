"""The forms of the ratings pages: a list's settings, a tournament's list."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.bidi import isolate
from ratings.lists import FIELDS
from ratings.models import RatingList
from tournaments.models import Tournament


class RatingListForm(forms.ModelForm):
    """A list's name, game, preset, method, period and the method's settings."""

    class Meta:
        model = RatingList
        fields = list(FIELDS)
        widgets = {"name": forms.TextInput(attrs={"dir": "auto"})}

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A rating list needs a name."))
        return name


class ListChoice(forms.ModelChoiceField):
    """A list by its name, isolated (an option holds text only: FSI … PDI)."""

    def label_from_instance(self, obj: Any) -> str:
        return isolate(obj.name)


class RatedForm(forms.Form):
    """The list a tournament's games feed, and whether its starting ratings come from it."""

    rating_list = ListChoice(
        label=_("Rating list"),
        queryset=RatingList.objects.none(),
        error_messages={"invalid_choice": _("Choose one of the rating lists for this game.")},
    )
    seed_from_list = forms.BooleanField(
        label=_("Take the starting ratings from the list when round 1 is paired"),
        required=False,
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lists = RatingList.objects.filter(kind=tournament.kind, active=True)
        self.fields["rating_list"].queryset = lists

"""The arbiter's timetable page: when each round of a tournament starts, in the site's time
zone (``tournaments.acts.round_times`` checks and writes it)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import authority
from tournaments.acts import round_times
from tournaments.errors import TournamentError
from tournaments.models import RoundTime, Tournament

LOCAL_FORMAT = "%Y-%m-%dT%H:%M"


class RoundTimesForm(forms.Form):
    """A start (``round_<n>``) and a place (``place_<n>``) for each round 1..``count``."""

    def __init__(self, *args: Any, count: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.count = count
        for n in range(1, count + 1):
            self.fields[f"round_{n}"] = forms.DateTimeField(
                label=_("Round %(number)s") % {"number": n},
                required=False,
                input_formats=[LOCAL_FORMAT, "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"],
                widget=forms.DateTimeInput(
                    attrs={"type": "datetime-local", "dir": "ltr"}, format=LOCAL_FORMAT
                ),
                error_messages={"invalid": gettext_lazy("Enter a date and a time.")},
            )
            self.fields[f"place_{n}"] = forms.CharField(
                label=_("Venue of round %(number)s") % {"number": n},
                required=False,
                max_length=200,
                widget=forms.TextInput(attrs={"dir": "auto"}),
            )

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(n, self[f"round_{n}"], self[f"place_{n}"]) for n in range(1, self.count + 1)]


def _initial(t: Tournament) -> dict[str, Any]:
    initial: dict[str, Any] = {}
    for rt in RoundTime.objects.filter(tournament=t):
        initial[f"round_{rt.number}"] = timezone.localtime(rt.starts_at)
        initial[f"place_{rt.number}"] = rt.place
    return initial


@login_required
def round_times_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The arbiter sets when rounds 1..N start (and where); everyone sees them on the
    tournament's page."""
    t = get_object_or_404(Tournament, pk=pk)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    count = round_times.planned_rounds(t)
    form = RoundTimesForm(request.POST or None, initial=_initial(t), count=count)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        starts = {n: d[f"round_{n}"] for n in range(1, count + 1)}
        places = {n: d[f"place_{n}"] for n in range(1, count + 1)}
        try:
            round_times.set_round_times(
                tournament=t, user=request.user, starts=starts, places=places
            )
        except TournamentError as err:
            form.add_error(err.code if err.code in form.fields else None, err.message)
        else:
            messages.success(request, _("The round times are saved."))
            return redirect(t)
    return render(
        request,
        "tournaments/round_times.html",
        {"t": t, "form": form, "zone": timezone.get_current_timezone_name()},
    )

"""Events in stages on the site (issue 29, docs/stages.md): the stages of an event listed in
order on each stage's page, a group stage's standings group by group, and the arbiter's form
that starts the play-off (``tournaments.acts.playoff``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from games.player_services import column_limit
from tournaments import authority, queries
from tournaments.acts import group_reads, playoff, stages
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.web.cup_form import CUP_FIELDS, CupOptionFields

PLAYOFF_CUP_FIELDS = tuple(name for name in CUP_FIELDS if name not in ("seeding", "reset"))


class PlayoffForm(CupOptionFields):
    """How many go on, and the play-off's match options (its seeding is the standings')."""

    qualifiers = forms.IntegerField(
        label=gettext_lazy("Qualifiers"),
        min_value=1,
        max_value=128,
        initial=2,
        help_text=gettext_lazy(
            "Groups: how many of each group go on (1 or 2; winners and runners-up crossed, "
            "A1–B2, B1–A2). One table (a Swiss, a round robin): the top N (byes to the top "
            "seeds when N is not a power of two)."
        ),
    )
    name = forms.CharField(
        label=gettext_lazy("Name of the play-off"),
        max_length=column_limit(Tournament, "name"),
        required=False,
        widget=forms.TextInput(attrs={"dir": "auto"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["cup_seeding"], self.fields["cup_reset"]

    def cup_fields(self) -> list[forms.BoundField]:
        return [self[f"cup_{name}"] for name in PLAYOFF_CUP_FIELDS]

    def cup_options(self) -> dict[str, Any]:
        given = {name: self.cleaned_data.get(f"cup_{name}") for name in PLAYOFF_CUP_FIELDS}
        return {k: v for k, v in given.items() if v not in (None, "")}


def stage_links(t: Tournament) -> list[dict[str, Any]]:
    """Every stage of ``t``'s event, in order ("Stage 1: Groups"); none for a lone tournament."""
    chain = stages.stages(t)
    if len(chain) < 2:
        return []
    return [
        {
            "tournament": s,
            "label": _("Stage %(number)s: %(format)s")
            % {"number": n, "format": s.get_format_display()},
            "current": s.pk == t.pk,
        }
        for n, s in enumerate(chain, 1)
    ]


def group_tables(t: Tournament) -> list[tuple[str, queries.Standings]]:
    """A group stage's standings, one table a group (none before the draw or without groups)."""
    return queries.group_standings(t)


def wall_groups(t: Tournament, schedule: list[queries.ScheduledRound]) -> list[dict[str, Any]]:
    """A group stage's wall chart, one chart a group: its rounds (its boards of ``schedule``)
    and its standings; none before the draw or without groups."""
    if not t.format_entry.has_groups:
        return []
    tables = dict(group_tables(t))
    return [
        {"label": label, "schedule": rounds, "standings": tables[label]}
        for label, rounds in group_reads.group_schedules(schedule)
        if label in tables
    ]


def standings_context(t: Tournament, request: HttpRequest, explain: int | None) -> dict[str, Any]:
    """The standings page of a group stage: ``?group=A`` one group's table, else every group's
    (an explained entry's group alone); the group whose table is ``standings``."""
    labels = stages.group_labels(t)
    group = request.GET.get("group", "")
    if group not in labels:
        group = ""
    if labels and not group and explain is not None:
        group = t.entries.filter(pk=explain).values_list("group", flat=True).first() or ""
    return {
        "group_labels": labels,
        "group": group,
        "standings": queries.standings(t, group=group or None),
        "group_tables": group_tables(t) if labels and not group else [],
    }


def stage_context(t: Tournament, is_arbiter: bool) -> dict[str, Any]:
    """What the tournament page shows of stages: the links, the groups' tables, and for the
    arbiter of a finished stage the play-off's form."""
    show_form = is_arbiter and not t.format_entry.plays_matches
    problem = playoff.playoff_problem(t) if show_form else None
    return {
        "stage_links": stage_links(t),
        "group_tables": group_tables(t),
        "playoff_form": PlayoffForm() if show_form and problem is None else None,
    }


@require_http_methods(["GET", "POST"])
@login_required
def start_playoff(request: HttpRequest, pk: int) -> HttpResponse:
    """The arbiter starts the play-off of a finished stage."""
    t = get_object_or_404(Tournament, pk=pk)
    if not authority.may_arbitrate(request.user, t):
        raise PermissionDenied
    form = PlayoffForm(request.POST or None)
    problem = playoff.playoff_problem(t)
    if request.method == "POST" and form.is_valid():
        try:
            stage = playoff.start_playoff(
                tournament=t,
                user=request.user,
                qualifiers=form.cleaned_data["qualifiers"],
                name=form.cleaned_data.get("name") or "",
                cup_options=form.cup_options(),
            )
        except TournamentError as err:
            form.add_error(err.code if err.code in form.fields else None, err.message)
        else:
            return redirect(stage)
    return render(
        request, "tournaments/playoff_form.html", {"t": t, "form": form, "problem": problem}
    )

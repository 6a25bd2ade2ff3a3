"""The arbiter's adjudication by engine of one game (``tournaments:engine``): ask the engine,
watch it, decide — through the services of ``tournaments.acts.engine_verdict``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games import analysis, analysis_queue
from games.analysis_models import AnalysisStatus
from games.models import Game
from tournaments import authority
from tournaments.acts import versions
from tournaments.acts.engine_verdict import (
    current_analysis,
    decide_by_engine,
    engine_record,
    engine_seconds,
    request_analysis,
)
from tournaments.errors import TournamentError
from tournaments.models import RecordReason
from tournaments.web.engine_text import figures_text, suggested_result, verdict_text
from tournaments.web.forms import EngineDecideForm, EngineRequestForm, EngineWinnersForm


@login_required
def engine_page(request: HttpRequest, game: int) -> HttpResponse:
    """The arbiter's adjudication by engine of one game: ask, watch, decide."""
    g = get_object_or_404(Game, pk=game)
    pairing = authority.pairing_of(g)
    if not authority.may_adjudicate(request.user, game=g, pairing=pairing):
        raise PermissionDenied
    here = reverse("tournaments:engine", args=[g.pk])
    version = versions.version_of(game=g, pairing=pairing)
    seats = list(g.seats.select_related("player").order_by("number"))
    names = {s.number: s.player.name for s in seats}
    act = request.POST.get("act", "") if request.method == "POST" else ""
    job = current_analysis(g, pairing)
    if act == "analyse":
        form = EngineRequestForm(request.POST)
        if form.is_valid():
            try:
                request_analysis(
                    user=request.user, game=g, expected_version=form.cleaned_data["version"]
                )
            except TournamentError as err:
                messages.error(request, err.message)
        return redirect(here)
    record = engine_record(job) if job is not None and job.status == AnalysisStatus.DONE else None
    decide_form = None
    if record is not None:
        initial: dict[str, Any] = {"version": version, "reason": RecordReason.UNFINISHED}
        data = request.POST if act == "decide" else None
        if len(seats) > 2:
            winners = (record["verdict"] or {}).get("winners")
            if winners is not None:
                initial["winners"] = [str(w) for w in winners]
            decide_form = EngineWinnersForm(
                data, initial=initial, seats=list(names.items()), auto_id="id_engine_%s"
            )
        else:
            suggestion = suggested_result(record)
            if suggestion:
                initial["result"] = suggestion
            decide_form = EngineDecideForm(data, initial=initial, auto_id="id_engine_%s")
        if data is not None and decide_form.is_valid():
            d = decide_form.cleaned_data
            try:
                decide_by_engine(
                    user=request.user,
                    job=job,  # type: ignore[arg-type]
                    reason=d["reason"],
                    note=d.get("note", ""),
                    result=d.get("result", ""),
                    winners=[int(w) for w in d["winners"]] if "winners" in d else None,
                    expected_version=d["version"],
                )
            except TournamentError as err:
                messages.error(request, err.message)
                return redirect(here)
            messages.success(request, _("The decision is recorded."))
            return redirect(g)
    points = analysis.scale_is_points(g)
    return render(
        request,
        "tournaments/engine.html",
        {
            "game": g,
            "pairing": pairing,
            "job": job,
            "queue": analysis_queue.queue_state(job) if job is not None else None,
            "version": version,
            "seconds": engine_seconds(g, pairing),
            "record": record,
            "verdict": verdict_text(record, kind=g.kind, names=names, points=points)
            if record
            else "",
            "figures": figures_text(
                record, kind=g.kind, points=points, players=len(seats), names=names
            )
            if record
            else "",
            "decide_form": decide_form,
            "back": reverse("tournaments:game_arbiter", args=[g.pk]),
        },
    )

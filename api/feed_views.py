"""The calendar feeds' views: ``/api/v1/tournaments/{pk}/calendar.ics`` (public) and
``/api/v1/calendar/{secret}.ics`` (a player's private link). ``text/calendar``, a strong ETag
and Last-Modified (a 304 for a calendar that asks again with them), cache headers; an unknown
tournament or secret is the API's 404 problem, the same for every wrong secret."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date
from django.views.decorators.http import require_safe

from api import calendar_links, feeds
from api.http import problem
from api.languages import language_of
from tournaments.models import Tournament

CALENDAR_TYPE = "text/calendar; charset=utf-8"
# Calendars fetch a subscription every few hours at most; a few minutes' reuse costs nothing.
FEED_MAX_AGE = 300


def _answer(
    request: HttpRequest, feed: feeds.Feed, *, filename: str, private: bool
) -> HttpResponse:
    etag = '"' + hashlib.blake2b(feed.content, digest_size=16).hexdigest() + '"'
    response = HttpResponse(feed.content, content_type=CALENDAR_TYPE)
    response["ETag"] = etag
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    last = feed.last_modified.timestamp() if feed.last_modified else None
    if last is not None:
        response["Last-Modified"] = http_date(last)
    if private:
        patch_cache_control(response, private=True, max_age=FEED_MAX_AGE)
        response["X-Robots-Tag"] = "noindex"
    else:
        patch_cache_control(response, public=True, max_age=FEED_MAX_AGE)
    patch_vary_headers(response, ("Accept-Language",))
    conditional = get_conditional_response(
        request, etag=etag, last_modified=int(last) if last else None, response=response
    )
    return conditional or response


@require_safe
def tournament_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's timetable as a calendar: one event per planned round."""
    t = Tournament.objects.filter(pk=pk).first()
    if t is None:
        return problem(request, "not_found")
    with language_of(request):
        feed = feeds.tournament_feed(
            t, host=request.get_host(), absolute=request.build_absolute_uri
        )
    return _answer(request, feed, filename=f"tournament-{t.pk}.ics", private=False)


@require_safe
def player_calendar(request: HttpRequest, secret: str) -> HttpResponse:
    """A player's rounds, by his private link's secret."""
    player = calendar_links.player_by_secret(secret)
    if player is None:
        return problem(request, "not_found")
    with language_of(request):
        feed = feeds.player_feed(
            player, host=request.get_host(), absolute=request.build_absolute_uri
        )
    return _answer(request, feed, filename="rounds.ics", private=True)

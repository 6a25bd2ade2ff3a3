"""News for a player: paired, your move, an arbiter's decision that touches your game.

Nothing is stored for them: each is read from the record it is about (a round's ``paired_at``,
a game's last move, an arbiter's record in the tournament's log), newer than what the account has
seen (:class:`~accounts.models.NoticeSettings`). "My games" shows them (and marks them seen);
``manage.py send_notices`` mails them to the accounts that asked for it; the header counts the
unseen ones (:func:`header_counts`, two queries).

Which records are news is said once, in :func:`_paired` and :func:`_decisions` (and
:func:`~accounts.mygames.games_to_move` for "your move"): the list and the count both read them.
A notice keeps its sentence untranslated and its values apart, so it is worded in the language
active where it is shown, with every name isolated: ``<bdi>`` on a page (:attr:`Notice.html`),
FSI…PDI in a mail (:attr:`Notice.text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import router
from django.db.models import F, Func, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from accounts.models import NoticeSettings
from accounts.mygames import USER_ID, games_to_move
from games.bidi import html_sentence, text_sentence
from games.models import Game
from games.queries import CompiledQuery
from tournaments.models import Pairing, ResultRecord, ResultSource


@dataclass(frozen=True)
class Notice:
    """One piece of news: ``message`` (a lazily translated sentence with ``%(key)s``
    placeholders) filled with ``values`` (strings are names, numbers are numbers)."""

    when: datetime
    message: str | Promise
    values: Mapping[str, object] = field(default_factory=dict)
    url: str = ""

    @property
    def text(self) -> str:
        """The notice in plain text (a mail), each name between FSI and PDI."""
        return text_sentence(str(self.message), self.values)

    @property
    def html(self) -> SafeString:
        """The notice in HTML (a page), escaped, each name in ``<bdi>``."""
        return html_sentence(str(self.message), self.values)


@dataclass(frozen=True)
class HeaderCounts:
    """The header's two figures: games waiting for the user's move, and unseen notices."""

    to_move: int
    new: int


def settings_of(user: AbstractBaseUser) -> NoticeSettings:
    found, _created = NoticeSettings.objects.get_or_create(user=user)
    return found


def seen_until(user: AbstractBaseUser, state: NoticeSettings) -> datetime:
    """The time up to which ``user`` has seen his news (his first visit: when he joined).
    :func:`header_counts` says the same in SQL."""
    return state.seen_at or user.date_joined


def mark_seen(state: NoticeSettings, until: datetime) -> None:
    """The user has seen his news up to ``until`` (the moment they were read: news arriving
    while the page is made stays new)."""
    NoticeSettings.objects.filter(pk=state.pk).update(seen_at=until)
    state.seen_at = until


def _paired(user: AbstractBaseUser | int) -> QuerySet[Pairing]:
    mine = Q(first__player__user=user) | Q(second__player__user=user)
    return Pairing.objects.filter(mine, round__paired_at__isnull=False)


def _decisions(user: AbstractBaseUser | int) -> QuerySet[ResultRecord]:
    """Arbiters' records on ``user``'s boards or entries, not his own acts nor online play."""
    return (
        ResultRecord.objects.filter(
            Q(pairing__first__player__user=user)
            | Q(pairing__second__player__user=user)
            | Q(entry__player__user=user)
        )
        .exclude(source=ResultSource.ONLINE)
        .exclude(decided_by=user)
    )


def _within(when: datetime, since: datetime | None, until: datetime | None) -> bool:
    return (since is None or when > since) and (until is None or when <= until)


def news(
    user: AbstractBaseUser,
    since: datetime | None,
    until: datetime | None = None,
    *,
    to_move: list[Game] | None = None,
) -> list[Notice]:
    """``user``'s news after ``since`` (all of them for ``None``) and up to ``until`` (if
    given), newest first. ``to_move`` is :func:`~accounts.mygames.games_to_move` if the caller
    has it already."""
    notices: list[Notice] = []
    paired = _paired(user).select_related(
        "round__tournament", "first__player", "second__player", "game"
    )
    if since is not None:
        paired = paired.filter(round__paired_at__gt=since)
    if until is not None:
        paired = paired.filter(round__paired_at__lte=until)
    for p in paired:
        other = p.second if p.first.player.user_id == user.pk else p.first
        values: dict[str, object] = {
            "tournament": p.round.tournament.name,
            "round": p.round.number,
        }
        if other is not None:
            message = _("%(tournament)s, round %(round)s: you are paired against %(opponent)s.")
            values["opponent"] = other.player.name
        else:
            message = _("%(tournament)s, round %(round)s: you have a bye.")
        url = p.game.get_absolute_url() if p.game else p.round.get_absolute_url()
        notices.append(Notice(p.round.paired_at, message, values, url))
    for game in games_to_move(user) if to_move is None else to_move:
        if _within(game.waiting_since, since, until):
            notices.append(
                Notice(
                    game.waiting_since,
                    _("Game %(number)s: it is your move."),
                    {"number": game.pk},
                    game.get_absolute_url(),
                )
            )
    decisions = _decisions(user).select_related("tournament").distinct()
    if since is not None:
        decisions = decisions.filter(decided_at__gt=since)
    if until is not None:
        decisions = decisions.filter(decided_at__lte=until)
    for record in decisions:
        url = (
            record.game.get_absolute_url()
            if record.game_id
            else record.tournament.get_absolute_url()
        )
        notices.append(
            Notice(
                record.decided_at,
                _("%(tournament)s: an arbiter's decision: %(act)s."),
                {"tournament": record.tournament.name, "act": record.get_act_display()},
                url,
            )
        )
    notices.sort(key=lambda n: n.when, reverse=True)
    return notices


EARLIER = timedelta(days=14)  # "My games" lists the news seen in these days before…
EARLIER_SHOWN = 10  # …at most this many of them


def earlier_news(
    user: AbstractBaseUser, seen: datetime, *, to_move: list[Game] | None = None
) -> list[Notice]:
    """The last news ``user`` has seen already (up to ``seen``), newest first."""
    return news(user, seen - EARLIER, seen, to_move=to_move)[:EARLIER_SHOWN]


def _count(queryset: QuerySet) -> Subquery:
    """``SELECT COUNT(DISTINCT pk)`` of ``queryset`` as a subquery (one row, no GROUP BY)."""
    counted = queryset.order_by().annotate(
        n=Func(F("pk"), function="COUNT", template="%(function)s(DISTINCT %(expressions)s)")
    )
    return Subquery(counted.values("n")[:1], output_field=IntegerField())


def _header_counts_query(user_id: int) -> QuerySet:
    """The account's time seen and its two counts of unseen news, in one row."""
    since = OuterRef("since")
    return (
        get_user_model()
        .objects.filter(pk=user_id)
        .order_by()
        .annotate(since=Coalesce(F("notice_settings__seen_at"), F("date_joined")))
        .annotate(
            paired=_count(_paired(user_id).filter(round__paired_at__gt=since)),
            decided=_count(_decisions(user_id).filter(decided_at__gt=since)),
        )
        .values_list("since", "paired", "decided")
    )


# Asked on every page a logged-in user sees (the header's badges): its SQL is built once.
HEADER_COUNTS = CompiledQuery(_header_counts_query, USER_ID, constants=(str(ResultSource.ONLINE),))


def header_counts(user: AbstractBaseUser) -> HeaderCounts:
    """How many games wait for ``user``'s move and how many of his news he has not seen: two
    queries (the waiting games; the time seen and the two counts in one)."""
    waiting = games_to_move(user)
    rows = HEADER_COUNTS.rows(router.db_for_read(get_user_model()), user.pk)
    row = rows[0] if rows else None
    if row is None:
        return HeaderCounts(len(waiting), 0)
    seen, paired, decided = row
    moves = sum(1 for game in waiting if game.waiting_since > seen)
    return HeaderCounts(len(waiting), (paired or 0) + (decided or 0) + moves)

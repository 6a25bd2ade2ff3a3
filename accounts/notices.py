"""News for a player: paired, your move, an arbiter's decision that touches your game.

Nothing is stored for them: each is read from the record it is about (a round's ``paired_at``,
a game's last move, an arbiter's record in the tournament's log), newer than what the account has
seen (:class:`~accounts.models.NoticeSettings`). "My games" shows them (and marks them seen);
``manage.py send_notices`` mails them to the accounts that asked for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import NoticeSettings
from accounts.mygames import games_to_move
from tournaments.models import Adjudication, Pairing, ResultSource


@dataclass(frozen=True)
class Notice:
    when: datetime
    text: str
    url: str


def settings_of(user: AbstractBaseUser) -> NoticeSettings:
    found, _created = NoticeSettings.objects.get_or_create(user=user)
    return found


def news(user: AbstractBaseUser, since: datetime | None) -> list[Notice]:
    """``user``'s news after ``since`` (all of them for ``None``), newest first."""
    notices: list[Notice] = []
    mine = Q(first__player__user=user) | Q(second__player__user=user)
    paired = Pairing.objects.filter(mine, round__paired_at__isnull=False).select_related(
        "round__tournament", "first__player", "second__player", "game"
    )
    if since is not None:
        paired = paired.filter(round__paired_at__gt=since)
    for p in paired:
        other = p.second if p.first.player.user_id == user.pk else p.first
        values = {
            "tournament": p.round.tournament.name,
            "round": p.round.number,
            "opponent": other.player.name if other is not None else "",
        }
        text = (
            _("%(tournament)s, round %(round)s: you are paired against %(opponent)s.") % values
            if other is not None
            else _("%(tournament)s, round %(round)s: you have a bye.") % values
        )
        url = p.game.get_absolute_url() if p.game else p.round.get_absolute_url()
        notices.append(Notice(p.round.paired_at, text, url))
    for game in games_to_move(user):
        if since is None or game.waiting_since > since:
            text = _("Game %(number)s: it is your move.") % {"number": game.pk}
            notices.append(Notice(game.waiting_since, text, game.get_absolute_url()))
    decisions = (
        Adjudication.objects.filter(
            Q(pairing__first__player__user=user)
            | Q(pairing__second__player__user=user)
            | Q(entry__player__user=user)
        )
        .exclude(source=ResultSource.ONLINE)
        .exclude(decided_by=user)
        .select_related("tournament")
        .distinct()
    )
    if since is not None:
        decisions = decisions.filter(decided_at__gt=since)
    for record in decisions:
        text = _("%(tournament)s: an arbiter's decision: %(act)s.") % {
            "tournament": record.tournament.name,
            "act": record.get_act_display(),
        }
        url = (
            record.game.get_absolute_url()
            if record.game_id
            else record.tournament.get_absolute_url()
        )
        notices.append(Notice(record.decided_at, text, url))
    notices.sort(key=lambda n: n.when, reverse=True)
    return notices

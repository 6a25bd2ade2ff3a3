"""A tournament's change stamp, ``Tournament.revision``: its one owner.

Whatever changes what a tournament's reads show (its standings, rounds, crosstable, entries, the
tournament itself) raises it by one, with an F() update of the tournament's row in the writer's
transaction, so the API's ETags are a digest of it (``api.http``) and a 304 reads one row.

Two ways reach :func:`bump`, so that no write is forgotten:

* the rows saved or deleted one at a time — a tournament, an entry, a round, a pairing, a result
  record, a round time, and a player (games, floor 1, cannot know tournaments: the receiver here
  bumps every tournament the player is entered in) — through Django's ``post_save`` and
  ``post_delete`` signals, connected by :func:`connect` (admin, imports and restores included);
* the writes that send no signal (``QuerySet.update``, ``bulk_create``, ``bulk_update``) call
  :func:`bump` themselves; tests/tournaments/test_revision.py fails for a function of the acts
  that makes such a write without calling it.

A move of a game is not a change here: the rounds' ETag reads the games' plies instead (one
aggregate query, :func:`games_stamp`), so a move costs no write of the tournament's row.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Max, Sum
from django.db.models.signals import post_delete, post_save

from games.models import Player
from tournaments.models import Entry, Pairing, ResultRecord, Round, RoundTime, Tournament

# The models whose rows belong to one tournament, and the path from each to it.
OWNED: dict[type, str] = {
    Entry: "tournament_id",
    Round: "tournament_id",
    RoundTime: "tournament_id",
    ResultRecord: "tournament_id",
}


def bump(tournament: Tournament | int | None, *, using: str = "default") -> None:
    """Raise the change stamp of ``tournament`` (or its pk) by one: one UPDATE."""
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    if pk is not None:
        Tournament.objects.using(using).filter(pk=pk).update(revision=F("revision") + 1)


def bump_players(players: Any, *, using: str = "default") -> None:
    """Raise the stamp of every tournament one of ``players`` (pks) is entered in: one UPDATE."""
    entered = Entry.objects.using(using).filter(player__in=players).values("tournament_id")
    Tournament.objects.using(using).filter(pk__in=entered).update(revision=F("revision") + 1)


def games_stamp(tournament: Tournament) -> tuple[Any, Any]:
    """What changes with a move in any of ``tournament``'s games: the sum of their plies (a move
    adds one, a take-back removes some) and the last time one was saved. One query."""
    found = Pairing.objects.filter(round__tournament=tournament, game__isnull=False).aggregate(
        plies=Sum("game__ply"), saved=Max("game__updated_at")
    )
    return found["plies"], found["saved"]


def _owned_changed(sender: type, instance: Any, using: str, **kwargs: Any) -> None:
    if kwargs.get("raw"):  # fixtures load rows as they are
        return
    bump(getattr(instance, OWNED[sender]), using=using)


def _pairing_changed(sender: type, instance: Pairing, using: str, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return
    tournament = Round.objects.using(using).filter(pk=instance.round_id).values("tournament_id")[:1]
    Tournament.objects.using(using).filter(pk__in=tournament).update(revision=F("revision") + 1)


def _tournament_saved(sender: type, instance: Tournament, using: str, **kwargs: Any) -> None:
    fields = kwargs.get("update_fields")
    if kwargs.get("raw") or kwargs.get("created") or fields == frozenset({"revision"}):
        return
    bump(instance, using=using)


def _player_changed(sender: type, instance: Player, using: str, **kwargs: Any) -> None:
    if kwargs.get("raw") or kwargs.get("created"):
        return
    bump_players([instance.pk], using=using)


def connect() -> None:
    """Connect the receivers (the app's ``ready``)."""
    for model in OWNED:
        uid = f"revision.{model.__name__}"
        post_save.connect(_owned_changed, sender=model, dispatch_uid=uid)
        post_delete.connect(_owned_changed, sender=model, dispatch_uid=uid)
    post_save.connect(_pairing_changed, sender=Pairing, dispatch_uid="revision.Pairing")
    post_delete.connect(_pairing_changed, sender=Pairing, dispatch_uid="revision.Pairing")
    post_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="revision.Tournament")
    post_save.connect(_player_changed, sender=Player, dispatch_uid="revision.Player")

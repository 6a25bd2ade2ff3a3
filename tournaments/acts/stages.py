"""Events in stages (issue 29, docs/stages.md): a group stage's draw, and the chain of stages.

A stage is a tournament of its own (its rounds, standings, format); a later stage points to the
one it follows (``Tournament.previous_stage``). The play-off, made from the standings of the
stage before, is ``tournaments.acts.playoff``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from tournaments import pairing
from tournaments.acts import revision
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament


def draw_groups(t: Tournament, entries: Sequence[Entry]) -> None:
    """Round 1 of a group stage (its entry's ``group_count``): each entry's group by the
    serpentine over the starting ranks, and the number of rounds (the largest group's round
    robin). Nothing for a format without groups."""
    count = t.format_entry.group_count(options=t.format_options, players=len(entries))
    if not count:
        return
    if count > pairing.MAX_GROUPS:
        raise TournamentError(
            _("At most %(count)s groups: make the groups larger.") % {"count": pairing.MAX_GROUPS},
            "groups",
        )
    ranked = sorted(entries, key=lambda e: (e.rank or 10**9, e.pk))
    groups = pairing.serpentine_groups(ranked, count)
    for index, members in enumerate(groups):
        for e in members:
            e.group = pairing.group_label(index)
    Entry.objects.bulk_update(list(entries), ["group"])
    revision.bump(t)  # a bulk write sends no signal: the groups change what the pages show
    t.rounds = pairing.groups_rounds(groups)
    t.save(update_fields=["rounds"])


def origin_text(origin: str) -> str:
    """A play-off qualifier's origin for the pages: "A1" as it is, a single table's place
    ("3") translated ("place 3")."""
    if origin.isdigit():
        return _("place %(place)s") % {"place": origin}
    return origin


def group_labels(t: Tournament) -> list[str]:
    """The groups of ``t`` as drawn ("A", "B", …), none before round 1 or without groups."""
    labels = t.entries.exclude(group="").values_list("group", flat=True).distinct()
    return sorted(set(labels))


def stages(t: Tournament) -> list[Tournament]:
    """Every stage of the event ``t`` belongs to, the first first (one query a stage)."""
    first = t
    seen = {t.pk}
    while first.previous_stage_id is not None and first.previous_stage_id not in seen:
        first = Tournament.objects.get(pk=first.previous_stage_id)
        seen.add(first.pk)
    chain = [first]
    while True:
        following = Tournament.objects.filter(previous_stage=chain[-1]).first()
        if following is None or following.pk in {s.pk for s in chain}:
            return chain
        chain.append(following)

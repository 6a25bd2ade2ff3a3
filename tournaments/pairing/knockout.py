"""Knockout seeding: the standard bracket order, byes to the top seeds, and the seed orders.

Pure Python over plain values (no Django). Seeds are 1-based (seed 1 = the favourite); a slot
of the first round holds an entrant or ``None`` (a bye). The brackets themselves are in
``knockout_bracket``, how they advance in ``knockout_advance``, the matches of several games in
``knockout_match``.

The rules, and where they come from:

- **Bracket order.** Seeds are placed so that the two of every first-round pair add up to
  ``size + 1`` and the favourites of every later round do too: seeds 1 and 2 can meet only in
  the final, 1–4 only from the semi-finals, 1–8 only from the quarter-finals (the standard
  seeding of knockout brackets: Challonge's, the *brackets-manager* project's ``inner_outer``
  ordering, OEIS A208569). Inside a half the layout is the NCAA one the issue quotes: for 16 it
  reads 1–16, 8–9, 5–12, 4–13, 6–11, 3–14, 7–10, 2–15 — the top seed on top, seed 2 at the
  bottom (``inner_outer`` and A208569 draw 4–13 above 5–12 and seed 2 in the middle: the same
  meetings, another drawing).
- **Byes.** A field that is not a power of two is padded to the next one with byes; the byes
  stand at the places of the missing seeds (``n + 1 .. size``), so they face seeds 1, 2, 3, …
  (Challonge; *brackets-manager*'s ``BYE`` seeding), and only in the first round.
- **Seed orders.** By starting rank or rating (the order given, or ratings high to low, ties
  kept in the order given); by draw (a ``random.Random`` the caller seeds, so a draw can be
  replayed); from a Swiss (its top ``n`` in standings order); crossed from groups: the group
  winners seeded 1..g, each runner-up placed against the winner of the paired group
  (A1–B2, B1–A2, C1–D2, D1–C2, …, as FIFA and Challonge's two-stage events cross groups), so
  two of one group meet only in the final.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

K = TypeVar("K")


class KnockoutError(ValueError):
    """A bracket, seeding or result that cannot be (a size out of range, an unknown match, a
    winner not in the match, …). The message is English; the caller's checks come first."""


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds ``entrants`` (1 for 0 or 1 entrant)."""
    if entrants < 0:
        raise KnockoutError("the number of entrants cannot be negative")
    size = 1
    while size < entrants:
        size *= 2
    return size


def _check_power_of_two(size: int) -> None:
    if size < 1 or size & (size - 1):
        raise KnockoutError(f"a bracket's size is a power of two, not {size}")


def _favourites(size: int) -> list[int]:
    """The seeds expected to win each first-round pair, top to bottom, for a bracket of
    ``2 * size``: the top seed stays on top of its pair, every other favourite goes below the
    seed it would meet (the NCAA layout)."""
    order = [1]
    while len(order) < size:
        width = 2 * len(order) + 1
        grown = [1, width - 1]
        for seed in order[1:]:
            grown += [width - seed, seed]
        order = grown
    return order


def bracket_order(size: int) -> list[int]:
    """The seeds of a bracket of ``size`` (a power of two) from top to bottom, first-round
    pairs side by side: ``bracket_order(8) == [1, 8, 4, 5, 3, 6, 2, 7]``."""
    _check_power_of_two(size)
    if size == 1:
        return [1]
    out: list[int] = []
    for seed in _favourites(size // 2):
        out += [seed, size + 1 - seed]
    return out


def seeded_slots(seeds: Sequence[K], size: int | None = None) -> list[K | None]:
    """The first round's slots, top to bottom: ``seeds`` (seed 1 first) placed by
    ``bracket_order``, ``None`` (a bye) where a seed beyond the field would stand, so the byes
    face the top seeds. ``size`` defaults to the smallest power of two that holds the field."""
    if size is None:
        size = bracket_size(len(seeds))
    _check_power_of_two(size)
    if len(seeds) > size:
        raise KnockoutError(f"{len(seeds)} entrants do not fit in a bracket of {size}")
    return [seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)]


# -- Seed orders -----------------------------------------------------------------------------


def seeds_by_rank(entrants: Iterable[tuple[K, int]]) -> list[K]:
    """Seed order by starting rank (rank 1 first); ``(entrant, rank)`` pairs."""
    return [key for key, _ in sorted(entrants, key=lambda pair: pair[1])]


def seeds_by_rating(entrants: Iterable[tuple[K, float | None]]) -> list[K]:
    """Seed order by rating, highest first; the unrated last; ties in the order given."""
    listed = list(entrants)
    rated = [(key, rating) for key, rating in listed if rating is not None]
    unrated = [key for key, rating in listed if rating is None]
    return [key for key, _ in sorted(rated, key=lambda pair: -pair[1])] + unrated


def seeds_by_draw(entrants: Sequence[K], rng: random.Random) -> list[K]:
    """Seed order drawn by lot with the caller's ``rng`` (seed it to replay the draw)."""
    drawn = list(entrants)
    rng.shuffle(drawn)
    return drawn


def seeds_from_standings(standings: Sequence[K], qualifiers: int) -> list[K]:
    """The top ``qualifiers`` of a Swiss (or any one table), in standings order."""
    if not 1 <= qualifiers <= len(standings):
        raise KnockoutError(f"{qualifiers} qualifiers from a table of {len(standings)}")
    return list(standings[:qualifiers])


def seeds_from_groups(groups: Sequence[Sequence[K]], qualifiers: int = 2) -> list[K]:
    """Seed order crossing ``groups`` (each group's standings, best first; the number of
    groups a power of two): the winners are seeds 1..g in group order; with two qualifiers a
    group, the runner-up of group j gets the seed that meets the winner of its paired group
    (A with B, C with D, …) in the first round, so A1–B2, B1–A2, C1–D2, D1–C2, and the two of a
    group stand in opposite halves."""
    count = len(groups)
    _check_power_of_two(count)
    if qualifiers not in (1, 2):
        raise KnockoutError("one or two qualifiers a group")
    if any(len(group) < qualifiers for group in groups):
        raise KnockoutError(f"every group needs {qualifiers} placed entrants")
    seeds: list[K | None] = [group[0] for group in groups]
    if qualifiers == 2:
        seeds += [None] * count
        for j, group in enumerate(groups):
            partner = j ^ 1 if count > 1 else j
            # Seed s meets seed 2g + 1 - s in the first round of a bracket of 2g.
            seeds[2 * count - partner - 1] = group[1]
    return [seed for seed in seeds if seed is not None]

"""The natural pairing of a bracket without a matching: an exact shortcut of the Dutch system in
a large field (pure Python, no Django), beside the reduced graphs of ``reduction``.

``natural`` takes the round's state (``dutch_round.DutchRound``) and the bracket explicitly and
completes the rest of the field with ``reduction.complete``.

**When the natural pairing is the matchings' pairing.** The bracket is ``vi[:nsgb]``
(``Bracket.members[:end]``; its ``sgb = mdps`` moved-down players first, none here), the next
score group ``vi[nsgb:]``, and every player from ``nxt`` (``Bracket.below``) on is below it. The
natural pairing of a homogeneous bracket of ``N`` players (D.1's first candidate: no exchange,
no transposition) is S1[i]–S2[i], S1 its first ``N // 2`` players; with ``N`` odd, S2's last
player is left over. It is the pairing of the weighted formulation (``dutch_weights.weight``) when:

* **no moved-down player** (``sgb == 0``), so every pair inside the bracket has the same
  score fields (C.7, the higher player's score is the group's) and its float fields count
  only the bracket's own players (a pair of one score group floats nobody up: C.15/C.17/
  C.19/C.21 are met by every pair, and C.14/C.16/C.18/C.20 count the players of the pair
  who floated down, who are not floating again);
* ``N`` **even**, or ``N`` odd and the bracket the **last** one (nothing below it, the
  player left over takes the bye);
* every natural pair may meet (C.1–C.3) and **meets C.10–C.13** (each pair's colour
  fields at their most, 1);
* the **rest completes**: the players below are paired greedily
  (``complete``, all of them, or all but one bye candidate when their number is odd),
  which shows that C.4 and C.5 can be met together with the natural pairs;
* with ``N`` odd: the player left over may take the bye (C.5), did not float down in the
  rounds the float criteria look at (C.14, C.16, C.18, C.20), and when C.9 is in play
  (``c9_in_play``) has played no fewer games than any other player of the bye's score in
  the bracket;
* the next bracket will not have C.9 in play (``odd`` field, next group at the bye's
  score), as the matching's own view of the rest decides that.

Proof. The weight of a matching is the sum of its edges' weights; the fields are wide
enough that no sum carries into a higher field, so matchings compare field by field from
the most significant one (completion and C.5 first, then C.6, C.7, C.8, C.9, C.10–C.13,
C.14–C.21, then the low bits of the candidate order). Call U the natural pairs with the
greedy completion of the rest. In every field above the low bits, U reaches an upper
bound that holds for every matching of the remaining players:

* completion/C.5: each edge counts 1 plus its players who cannot take the bye, so a
  matching counts at most ``⌊n/2⌋`` plus every such player, with one bye candidate left
  over when the count ``n`` is odd; U does exactly that;
* C.6: at most ``⌊N/2⌋`` pairs inside a bracket of ``N`` players; U has them;
* C.7: every pair inside the bracket has the same score bit, so given C.6 the sum is
  the same for all; C.8: with ``N`` even, every matching at the C.6 bound pairs the
  whole bracket inside it, so the players left for the next bracket, and thus the most
  C.8 can give, do not depend on which pairs the bracket has; with ``N`` odd there is no
  next bracket (no edge has C.8 set); C.9: not in play, or constant over the bracket's
  players but for the one left over, whose term is the smallest by the condition;
* C.10–C.13: at most one per pair, ``⌊N/2⌋`` in all; U's pairs all have it;
* C.14–C.21: as said above, each sum counts the bracket's players who floated down and
  are paired inside it (at most all of them: U pairs all of them) or is the same for
  every pair.

So every maximum-weight matching reaches the same bounds, U among them, and the order of
the candidates (the low bits and the decisions of
``dutch_brackets`` and ``dutch_remainder``: fewest exchanges, then S1 from the top each
against the highest S2 player possible) picks the first candidate of D.1 among them, which
is the natural pairing. With ``N`` even, the pairs of the rest are left for the next
brackets (their fields do not depend on the bracket's pairs).
``tests/pairing/test_shortcuts.py`` checks this against the whole graph.
"""

from __future__ import annotations

from .dutch_records import DOWN, colour_criteria
from .dutch_round import Bracket, DutchRound
from .reduction import complete


def natural(r: DutchRound, b: Bracket) -> list[tuple[int, int]] | None:
    """The bracket's pairs when its natural pairing is provably what the matchings would give;
    None when that is not shown (the matchings decide). The conditions and the proof are in
    the module's docstring."""
    vi, sgb, nsgb, nxt, odd = b.members, b.mdps, b.end, b.below, r.odd
    if sgb or not nsgb:
        return None
    half = nsgb // 2
    last = nsgb == len(vi) and nxt == r.n
    if nsgb % 2 and not last:
        return None
    sp = r.players
    if nsgb < len(vi) and odd and r.bye_score >= sp[vi[nsgb]].score:
        return None
    compatible = r.compatible
    pairs = []
    for i in range(half):
        s1, s2 = vi[i], vi[i + half]
        h, low = sp[s1], sp[s2]
        if not compatible(h, low) or not all(colour_criteria(h, low)):
            return None
        pairs.append((s1, s2))
    if nsgb % 2:
        f = sp[vi[nsgb - 1]]
        if not r.bye_candidate(f):
            return None
        if any(f.floats[k] == DOWN for k in range(min(r.played_rounds, 2))):
            return None
        if r.c9_in_play and any(
            sp[v].played > f.played for v in vi[:nsgb] if sp[v].score == r.bye_score
        ):
            return None
        return pairs
    rest = vi[nsgb:] + list(range(nxt, r.n))
    if rest and complete(r, rest, bye=len(rest) % 2 == 1) is None:
        return None
    return pairs

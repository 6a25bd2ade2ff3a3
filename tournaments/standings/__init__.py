"""Standings and tie-breaks, computed in pure Python from result records (no Django here).

API
===

``compute_standings(entries, games, *, system, order, rounds_played, ranks=None,
round_robin=False, dummy_cap=False, ratings=None, unrated=None)``
    -> ``list[StandingRow]``, best first. Sorted by points, then by each tie-break of
    ``order`` (every value higher-is-better), then by starting rank (``ranks``: entry -> rank,
    ascending; unranked entries last, by id). Entries level on points and on every tie-break
    share a place: ``row.place`` is the first place of the tie and ``row.place_to`` the last
    (``row.place_label`` gives "3-4"), ``row.shared`` says whether it is shared.
    ``row.tiebreaks`` holds the values in ``order``; ``row.explanations[key]`` an
    ``Explanation(value, terms, params)`` telling how each value was computed. ``ratings``
    (entry -> rating or ``None``) and ``unrated`` (the rating an unrated opponent counts with,
    ``None``: left out) are read by the rating tie-breaks only.

``TIEBREAKS: dict[str, TieBreak]``
    The registry. Each ``TieBreak`` has a ``key`` (what a tournament stores in its order), a
    ``label`` and an ``abbr`` (FIDE acronym) marked with ``gettext_noop`` — translate them with
    ``gettext`` when rendering — and ``compute(table, groups=()) -> {entry: Explanation}``.
    Keys: buchholz, buchholz_cut1, median_buchholz, sonneborn_berger, direct_encounter, wins,
    second_moves, second_move_wins, rounds_won, rounds_elected, progressive, koya, sos_points,
    sos_difference; and, in ``variants``, buchholz_cut2, median_buchholz2, fore_buchholz,
    average_opponents_buchholz, sonneborn_berger_cut1; in ``performance`` (C.07 art. 10),
    average_rating_opponents and its _cut1, _cut2, _median1, _median2, performance_rating,
    perfect_performance, average_performance_opponents, average_perfect_performance_opponents.
    A new tie-break is a subclass decorated with ``@register``.

``SWISS_ORDER``, ``ROUND_ROBIN_ORDER: tuple[str, ...]``
    FIDE's default orders: a Swiss's (buchholz_cut1, buchholz, sonneborn_berger,
    direct_encounter, wins) and a round robin's (direct_encounter, sonneborn_berger, wins,
    koya). Each tournament format's entry (``tournaments.formats``) names its own.

``Explanation.terms``
    A tuple of ``Term(round, kind, opponent, value, score, points, scored, conceded, note,
    cut)``, one per contributing round (or game): ``value`` is what the term adds, ``score`` the
    opponent's (or dummy's) score used, ``points`` what the entry earned, ``scored`` /
    ``conceded`` the SOS game scores, ``cut`` whether it was left out, ``note`` a code: "dummy"
    (own unplayed round, 16.4), "adjusted" (the opponent's score counts final requested byes as
    draws, 16.3), "below_threshold" (Koya). ``kind`` is the round's kind from the entry's side:
    played, forfeit_win, forfeit_loss, double_forfeit, bye, half_bye, zero_bye, absent.
    ``Explanation.params``: Koya {"maximum", "threshold"}; Fore Buchholz {"round" (the final
    round, whose games count as draws)}; the average of the opponents' Buchholz {"sum",
    "games"} (its value is their quotient, not the terms' total); direct encounter {"group",
    "all_met", "points" (entry -> its separate standings score), "decided"} and, when not all met,
    "maximum" (entry -> the most it could have scored).
    Another note: "dummy_capped" (the dummy's score lowered by ``dummy_cap``, 16.4 of 2026).
    The rating tie-breaks: terms are games over the board, ``value`` the opponent's rating
    (APRO/APPO: the opponent's TPR/PTP), ``points`` the game score 1/½/0; notes "unrated"
    (left out), "unrated_value" (counted with ``unrated``), "no_performance" (APRO/APPO: the
    opponent has no rated game). Params: ARO and its cuts, APRO, APPO {"sum", "games"}; TPR
    {"aro", "score", "games", "p" (hundredths), "dp"}; PTP {"score", "games", "expected",
    "expected_below" (hundredths, at the PTP and one point below)}.

``crosstable(entries_in_order, games, *, system=None, rounds_played=None)``
    -> ``list[CrosstableRow(number, entry, cells, points)]`` for a round robin: ``cells[j]`` is a
    tuple of "1" / "½" / "0" / "+" / "-", one per game against the j-th entry, by round (two in
    a double cycle; empty on the diagonal).

``ResultTable.build(entries, games, *, system, rounds_played, round_robin=False,
dummy_cap=False, ratings=None, unrated=None)``
    The per-entry rounds every tie-break reads (``rounds``, ``points``, ``adjusted``); build one
    to compute a single tie-break on its own.

Unplayed rounds and the FIDE choices (Tie-Break Regulations C.07, 2023-2026, art. 16)
=====================================================================================

Records: a round 1..``rounds_played`` without a record for an entry is an *absence* (FIDE: a
round after a withdrawal is a zero-point bye). A game whose result is not entered yet is left out
for both players (neither a game nor an absence). Records of later rounds are ignored.

* VUR, voluntary unplayed rounds (16.1): half-point byes, zero-point byes, absences, forfeit
  losses and double forfeits. A pairing-allocated bye and a forfeit win are unplayed but not
  voluntary.
* An opponent's score, as it counts in Buchholz and Sonneborn-Berger (16.3): the opponent's
  points, round by round as scored — except requested byes (half-point, zero-point, absent)
  followed only by VURs until the end (a withdrawal; or such a bye in the last round), each of
  which counts as a draw (``PointSystem.draw``). NB: this is the 2023 rule; the pre-2023 rule
  counted *every* unplayed round of the opponent as a draw, which is not applied here.
* The entry's own unplayed rounds (16.4, "dummy opponent"): every round not played over the
  board (byes of every kind, forfeits won or lost, double forfeits, absences) counts as a game
  against a dummy opponent whose score is the entry's own final points.
* ``dummy_cap=True`` (a tournament option, off by default): the cap of the C.07 revision in
  force from 1 March 2026 (art. 16.4.1 / 16.4.2): the dummy's score is at most, in a round
  with a scheduled opponent (a forfeit won or lost, a double forfeit), that opponent's score
  as it counts in Buchholz (16.3), and in a round without one (a bye of any kind, an
  absence), the points of a draw × the rounds played. Buchholz, its cuts and Sonneborn-Berger
  all use the capped score.
* Buchholz (8.1): the sum over rounds 1..``rounds_played`` of the opponents' scores as above
  (played games) and the dummy's score (unplayed rounds).
* Cut-1 (14.1, 16.5): drops the least significant contribution; when the entry has VURs, the
  lowest VUR contribution is dropped instead, whatever its value. Median-1 (14.3) drops that
  and the most significant contribution (no VUR rule for the highest). Ties: earliest round.
  Never more cuts than contributions.
* Sonneborn-Berger (9.1): the sum over rounds of (the score used in Buchholz × the points the
  entry earned in the round); so an unplayed round adds own score × its points (a
  pairing-allocated bye or forfeit win: own × win points; a half-point bye: own × its points;
  losses nothing). Points are the tournament's (a 3-1-0 system weighs a win 3, a draw 1).
* Direct encounter (6, the text in force from 1 March 2026, unchanged in substance since
  2024): among a group level on points and on every tie-break before it, the separate
  standings of the games played over the board among the group (a forfeit is no encounter,
  as in ``records.histories``, except in a round robin, 6.1.1 / 15.2); two who met more than
  once add the average of their games (6.1.2). When every two members have played each other,
  the separate standings rank them, and each subset still level is ranked by DE again on its
  own games, until nothing changes (6.2). When not, in a Swiss (6.3): the member alone at the
  top whatever the outcome of the missing games (its points above every other unranked
  member's maximum: its points plus a win for each member it has not met) is ranked first,
  then the same for the next place; DE is then applied again to the members left. In a round
  robin a group that has not all met stays level. The value is the number of group members
  DE ranks below the entry (members left level share it); 0 for an entry tied with nobody.
* Wins (7.2, FIDE "WON"): games won over the board. Forfeit wins and byes do not count.
* Rounds won (7.1, "WIN"): the rounds in which the entry got a win's points, with or without
  playing: games won, forfeit wins, and byes whose points equal a win's.
* Games with the second move (7.3, "BPG"): games played over the board with the second move;
  games won with it (7.4, "BWG"): those of them won.
* Rounds elected to play (7.6, "REP"): ``rounds_played`` less the voluntary unplayed rounds
  (half-point and zero-point byes, absences, forfeit losses, double forfeits); a round whose
  result is not entered yet counts. In a round robin the rounds with a scheduled opponent less
  the forfeit losses (15.2: a resting round is none).
* Cut 2 and median 2 (14.2, 14.4): as cut 1 and median 1, two terms each way (16.5.2).
* Fore Buchholz (8.3): Buchholz over ``fore_table(table)``, the table with every game of round
  ``rounds_played`` that had a scheduled opponent (played, forfeit, double forfeit) turned into
  a draw over the board for both; byes and absences unchanged.
* Average of the opponents' Buchholz (8.2): the mean of the Buchholz of the opponents met (as
  in ``ResultTable.met``), once per game; 0 without any.
* Sonneborn-Berger cut 1 (14.1.1, 16.5): the term of the opponent with the lowest score goes
  (ties: the lowest product, then the earliest round); with VURs the lowest VUR product goes
  instead when it is not lower than that term's.
* The rating tie-breaks (art. 10, ``performance``): over the games played over the board (a
  forfeit, a bye or an absence is no opponent, in a round robin too), each with the opponent's
  rating and the game score 1/½/0. An unrated opponent counts with ``unrated`` when given, else
  the game is left out of them. ARO (10.1): the average rating, to the nearest whole number
  (0.5 up); its cut and median variants (14.1-14.4) drop the lowest / highest ratings. TPR
  (10.2): ARO + dp (table 8.1.1 of the FIDE Rating Regulations) for p = score / games to the
  hundredth. PTP (10.3): the lowest whole rating whose expected score (table 8.1.2, full
  scale) reaches the score; a zero score: the lowest opponent's rating - 800; a full score
  comes out as the highest opponent's rating + 736. APRO / APPO (10.4, 10.5): the average of the
  opponents' TPR / PTP (opponents without a rated game left out), rounded as ARO. 0 without
  any counted game.
* Progressive score (7.5): the sum of the entry's running score after each round 1..
  ``rounds_played``; every point counts (byes, forfeits).
* Koya (9.2): the points scored (forfeit results included, byes not) against opponents whose
  points are at least 50% of the maximum possible score: in a Swiss the win points × the
  rounds played; in a round robin the win points × the games each entry plays (the most
  rounds any entry had an opponent in, so a resting round does not count).
* Round robins (``round_robin=True``), the usual all-play-all reading (Otto Milvang's
  TieBreakServer does the same): a forfeit counts as a game against its scheduled opponent
  (Buchholz and Sonneborn-Berger use that opponent's score, not a dummy; direct encounter counts
  it as an encounter), and no round counts as a draw in the opponents' scores (the resting round
  of an odd-sized round robin is no requested bye). Wins and games with the second move still
  count over-the-board games only.
* SOS points and their difference: the sum of the entry's game scores
  (``GameRecord.first_score`` / ``second_score``), and that sum less the opponents', over games
  played over the board (forfeits and byes have no game score).

``python -m tournaments.standings`` times the standings of a synthetic 1,000-entry, 9-round
Swiss with every tie-break.
"""

from . import performance as performance  # registers the rating tie-breaks (art. 10)
from . import tables as tables  # the standings of an event at tables (issue 30)
from .crosstable import CELLS, CrosstableRow, crosstable
from .direct_encounter import DirectEncounter
from .results import (
    ABSENT,
    FORFEIT_BOTH,
    FORFEIT_LOST,
    FORFEIT_WON,
    PAIRING_BYE,
    PLAYED,
    REQUESTED_HALF_BYE,
    VUR_KINDS,
    ZERO_POINT_BYE,
    ResultTable,
    RoundResult,
)
from .table import StandingRow, compute_standings, tiebreaks_for
from .tiebreaks import (
    NOTE_ADJUSTED,
    NOTE_BELOW,
    NOTE_CAPPED,
    NOTE_DUMMY,
    ROUND_ROBIN_ORDER,
    SWISS_ORDER,
    TIEBREAKS,
    Explanation,
    Term,
    TieBreak,
    gettext_noop,
    register,
)
from .variants import fore_table

__all__ = [
    "ABSENT",
    "CELLS",
    "FORFEIT_BOTH",
    "FORFEIT_LOST",
    "FORFEIT_WON",
    "NOTE_ADJUSTED",
    "NOTE_BELOW",
    "NOTE_CAPPED",
    "NOTE_DUMMY",
    "PAIRING_BYE",
    "PLAYED",
    "REQUESTED_HALF_BYE",
    "ROUND_ROBIN_ORDER",
    "SWISS_ORDER",
    "TIEBREAKS",
    "VUR_KINDS",
    "ZERO_POINT_BYE",
    "CrosstableRow",
    "DirectEncounter",
    "Explanation",
    "ResultTable",
    "RoundResult",
    "StandingRow",
    "Term",
    "TieBreak",
    "compute_standings",
    "crosstable",
    "fore_table",
    "gettext_noop",
    "register",
    "tiebreaks_for",
]

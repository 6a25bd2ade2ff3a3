"""Tournaments, entries, rounds and pairings. Tournaments point at games, never the reverse.

The models and their choices live in this package's modules, by concern: ``tournament``
(tournaments and entries), ``rounds`` (rounds and pairings), ``result_records`` (the records of
results and decisions, claims) and ``join_requests``. Importing the package registers them with
Django, and ``tournaments.models`` is where the rest of the code imports them from (the app's
public models interface).
"""

from .join_requests import JoinRequest
from .knockout import Cup, KnockoutMatch
from .result_records import (
    ARBITER_REASONS,
    BYE_REASONS,
    Act,
    Claim,
    ClaimStatus,
    RecordReason,
    ResultRecord,
    ResultSource,
)
from .round_times import RoundTime
from .rounds import Pairing, Result, Round, RoundStatus
from .tables import TableSeat, TableSeating
from .tournament import (
    POINT_FIELD,
    Acceleration,
    Entry,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    acceleration_problem,
)

__all__ = [
    "ARBITER_REASONS",
    "BYE_REASONS",
    "POINT_FIELD",
    "Acceleration",
    "Act",
    "Claim",
    "ClaimStatus",
    "Cup",
    "Entry",
    "JoinRequest",
    "KnockoutMatch",
    "Pairing",
    "RecordReason",
    "Result",
    "ResultRecord",
    "ResultSource",
    "Round",
    "RoundStatus",
    "RoundTime",
    "TableSeat",
    "TableSeating",
    "Tournament",
    "TournamentFormat",
    "TournamentStatus",
    "acceleration_problem",
]

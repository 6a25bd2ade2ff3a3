"""Tournament formats, a registry: each format is one entry saying how it pairs a round, how
many rounds it has, whether it has a crosstable and a published schedule, how its standings read
unplayed rounds, its default tie-breaks, its TRF type, and whether accelerated pairings apply
(the workbook's players and crosstable sheets follow these too).

Ask the entry, never the format's name: ``formats.get(value)`` (``UnknownFormat`` for a value
with no entry, never read as another format), ``tournament.format_entry``, ``formats.find``
(``None`` when unknown), ``formats.entries()``, ``formats.by_trf_type`` (a TRF's ``092`` line).
A new format: a ``Format`` subclass in a module of this package and one ``register(...)`` line
below (docs/formats.md).
"""

from tournaments.formats.base import (
    EntryLike,
    Format,
    PairedRound,
    TournamentFormat,
    UnknownFormat,
    by_trf_type,
    entries,
    find,
    get,
    register,
)
from tournaments.formats.groups import GROUPS, Groups
from tournaments.formats.knockout import (
    KNOCKOUT,
    KNOCKOUT_DOUBLE,
    CupOptions,
    Decider,
    Knockout,
    Seeding,
)
from tournaments.formats.round_robin import RoundRobin
from tournaments.formats.swiss import Burstein, Swiss
from tournaments.formats.tables import TABLES, Scoring, Tables, TablesOptions

register(Swiss())
register(Burstein())
register(RoundRobin(TournamentFormat.ROUND_ROBIN, double=False, trf_type="Individual: Round-Robin"))
register(
    RoundRobin(
        TournamentFormat.DOUBLE_ROUND_ROBIN,
        double=True,
        trf_type="Individual: Double Round-Robin",
    )
)
register(KNOCKOUT)
register(KNOCKOUT_DOUBLE)
register(GROUPS)
register(TABLES)

__all__ = [
    "Burstein",
    "CupOptions",
    "Decider",
    "EntryLike",
    "Format",
    "Groups",
    "Knockout",
    "PairedRound",
    "RoundRobin",
    "Scoring",
    "Seeding",
    "Swiss",
    "Tables",
    "TablesOptions",
    "TournamentFormat",
    "UnknownFormat",
    "by_trf_type",
    "entries",
    "find",
    "get",
    "register",
]

"""An import plan: every change a workbook would make, its problems and its warnings.

The plan is built by :mod:`sheets.imports.read` (read and check everything, collect every error)
and applied by :mod:`sheets.imports.apply` in one transaction. Nothing here touches the database.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field

from sheets.errors import SheetError
from tournaments.core import vocabulary as V


def result_of_winners(winners: tuple[int, ...] | None) -> str | None:
    return V.of_winners(winners)


@dataclass(frozen=True)
class NewEntry:
    sheet: str
    cell: str
    name: str
    rating: int | None
    club: str
    rank: int | None
    player_id: int | None  # an existing player to register, or None to create one
    # A late entry: the rounds paired before it, each a bye of ``bye`` with its record.
    byes: tuple[int, ...] = ()
    bye: str = V.ZERO_BYE


def score_text(first: int | None, second: int | None) -> str:
    """An SOS game score as the sheets write it, ``5:3`` (``…`` for a side not known; ``""``
    for none)."""
    if first is None and second is None:
        return ""
    return f"{'…' if first is None else first}:{'…' if second is None else second}"


@dataclass(frozen=True)
class ResultChange:
    sheet: str
    cell: str
    pairing_id: int
    round: int
    board: int
    first: str
    second: str | None
    old: str
    new: str
    first_score: int | None = None
    second_score: int | None = None
    version: str = ""  # the pairing's version when the plan was made (versions.version_of)
    old_first_score: int | None = None  # the SOS scores on the site now
    old_second_score: int | None = None

    @property
    def old_score(self) -> str:
        return score_text(self.old_first_score, self.old_second_score)

    @property
    def new_score(self) -> str:
        """The SOS scores the board will have: a side the sheet leaves out keeps its score; a
        result that is no game played keeps none."""
        if self.new not in V.PLAYED_RESULTS:
            return ""
        first = self.old_first_score if self.first_score is None else self.first_score
        second = self.old_second_score if self.second_score is None else self.second_score
        return score_text(first, second)


@dataclass(frozen=True)
class GameChange:
    sheet: str
    pairing_id: int
    round: int
    board: int
    names: tuple[str, ...]
    game_id: int | None  # None: a game is created for the pairing
    start_ply: int = 0
    moves: tuple[str, ...] = ()
    position: tuple[str, ...] | None = None
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None  # a final position's result
    decide: tuple[int, ...] | None = None  # winners stated on a move list the rules left open
    old_result: str = ""
    result: str = ""  # the pairing's result once the game is written ("" while unfinished)

    @property
    def score(self) -> str:
        """A final position's SOS scores as written (``5:3``; ``""`` without)."""
        return ":".join(str(s) for s in self.scores) if self.scores else ""

    @property
    def action(self) -> str:
        if self.game_id is None:
            return "create"
        return "position" if self.position is not None else "extend"


@dataclass(frozen=True)
class MatchGames:
    """A knockout match's score typed into the bracket sheet, as the games it stands for: the
    results of games ``len(known) + 1`` on, each from its first mover's view (the upper slot
    moves first in the odd games). Each game after the first is made by the cup once the game
    before has its result, so they are entered one by one (``apply``)."""

    sheet: str
    cell: str
    match: int  # the match's number
    match_id: int  # its ``KnockoutMatch`` row
    first: str  # the upper slot's player
    second: str  # the lower slot's
    old: str  # the score as it stands (the site's, with the other sheets' changes)
    new: str  # the score typed
    known: tuple[str, ...]  # the games' results before these, in order
    games: tuple[str, ...]

    @property
    def lines(self) -> list[tuple[int, str, str, str]]:
        """Each game to enter: its number in the match, its first mover, the other, the result."""
        out = []
        for n, code in enumerate(self.games, len(self.known) + 1):
            first, second = (self.first, self.second) if n % 2 else (self.second, self.first)
            out.append((n, first, second, code))
        return out


@dataclass(frozen=True)
class TableChange:
    """An SOS event at tables: a table's counts as a round sheet gives them (in seat order),
    recorded by the tables' act (``tournaments.acts.tables.record_table``)."""

    sheet: str
    cell: str
    table_id: int
    round: int
    table: int
    names: tuple[str, ...]
    old: tuple[int | None, ...]
    new: tuple[int, ...]

    @property
    def old_text(self) -> str:
        return ":".join("…" if c is None else str(c) for c in self.old)

    @property
    def new_text(self) -> str:
        return ":".join(str(c) for c in self.new)


@dataclass
class ImportPlan:
    tournament_id: int
    errors: list[SheetError] = field(default_factory=list)
    new_entries: list[NewEntry] = field(default_factory=list)
    results: list[ResultChange] = field(default_factory=list)
    games: list[GameChange] = field(default_factory=list)
    matches: list[MatchGames] = field(default_factory=list)  # scores typed into the bracket
    tables: list[TableChange] = field(default_factory=list)  # an event at tables' results
    warnings: list[str] = field(default_factory=list)  # shown, never blocking (missing sheets)
    sheets_read: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def empty(self) -> bool:
        return not (self.new_entries or self.results or self.games or self.matches or self.tables)

    @property
    def result_count(self) -> int:
        """The results the plan enters: result changes, the bracket's games, tables' results."""
        return len(self.results) + sum(len(m.games) for m in self.matches) + len(self.tables)

    def digest(self) -> str:
        """A fingerprint of the changes: the preview and the apply step must agree on it."""
        payload = [
            [asdict(x) for x in self.new_entries],
            [asdict(x) for x in self.results],
            [asdict(x) for x in self.games],
        ]
        # a plan without the newer kinds of change keeps the fingerprint it had before them
        if self.matches or self.tables:
            payload.append([asdict(x) for x in self.matches])
        if self.tables:
            payload.append([asdict(x) for x in self.tables])
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:32]

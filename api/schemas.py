"""The shapes of the API's answers (pydantic, through django-ninja): the OpenAPI schema is
generated from them. Plain values only: ids, codes of the vocabulary and their labels in the
request's language, never markup."""

from __future__ import annotations

import datetime

from ninja import Schema
from pydantic import Field


class Problem(Schema):
    """An error, as RFC 9457 problem details (``application/problem+json``)."""

    type: str
    title: str
    status: int
    detail: str = ""
    instance: str = ""
    code: str = ""
    invalid_params: list[str] = []


class Page(Schema):
    count: int
    page: int
    pages: int
    page_size: int


class Points(Schema):
    win: float
    draw: float
    loss: float
    bye: float


class StageLink(Schema):
    """Another stage of the same event (docs/stages.md): a tournament of its own."""

    id: int
    url: str = Field(description="Its page on the site.")
    api_url: str = Field(description="Its read in this API (GET /tournaments/{pk}).")


class TournamentOut(Schema):
    id: int
    name: str
    kind: str
    kind_label: str
    options: dict
    format: str
    format_label: str
    status: str
    status_label: str
    start_date: datetime.date | None
    end_date: datetime.date | None
    rounds: int | None
    online: bool
    time_control: str
    points: Points
    tiebreaks: list[str]
    has_crosstable: bool
    url: str
    previous_stage: StageLink | None = Field(
        None, description="The stage this one was fed from (a play-off's groups or Swiss)."
    )
    next_stage: StageLink | None = Field(
        None, description="The stage this one feeds (its play-off), once started."
    )


class TournamentPage(Page):
    items: list[TournamentOut]


class EntryOut(Schema):
    id: int
    player: int
    name: str
    club: str
    rank: int | None
    rating: int | None
    joined_round: int
    withdrawn_from_round: int | None


class Side(Schema):
    entry: int
    player: int
    name: str


class BoardOut(Schema):
    board: int
    group: str = Field("", description="A group stage's group the board is played in.")
    first: Side
    second: Side | None
    result: str
    result_label: str
    first_score: int | None
    second_score: int | None
    game: int | None
    version: str = Field(
        description="What a result entered for this board is based on: send it back with it."
    )


class RoundOut(Schema):
    number: int
    status: str
    status_label: str
    paired: bool
    paired_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    starts_at: datetime.datetime | None = Field(
        None, description="When the round is planned to start (the arbiter's timetable)."
    )
    boards: list[BoardOut]


class RoundsOut(Schema):
    tournament: int
    rounds: list[RoundOut]


class TiebreakOut(Schema):
    key: str
    label: str
    abbr: str


class StandingOut(Schema):
    place: int
    place_label: str
    shared: bool
    entry: int
    player: int
    name: str
    start_rank: int | None
    points: float
    tiebreaks: dict[str, float]
    group: str = Field(
        "", description="A group stage's group (A, B, …) of the row, its place the group's."
    )


class StandingsOut(Schema):
    tournament: int
    rounds_played: int
    tiebreaks: list[TiebreakOut]
    groups: list[str] = Field(
        [],
        description="A group stage's groups, in order: the rows are then each group's table, "
        "one after the other, each with its own places (none before the draw).",
    )
    rows: list[StandingOut]


class TermOut(Schema):
    round: int | None
    kind: str
    opponent: str
    value: float | None
    score: float | None
    points: float | None
    note: str
    cut: bool


class ExplanationOut(Schema):
    key: str
    label: str
    abbr: str
    value: float
    help: str
    terms: list[TermOut]


class ExplainedStandingOut(Schema):
    tournament: int
    row: StandingOut
    explanations: list[ExplanationOut]


class CrossRowOut(Schema):
    number: int
    entry: int
    player: int
    name: str
    cells: list[list[str]]
    points: float
    group: str = Field(
        "",
        description="A group stage's group of the row: its number and its cells are within "
        "the group (cells[j] against the group's j-th player).",
    )
    place_label: str = Field("", description="A group stage's place of the row in its group.")


class CrosstableOut(Schema):
    tournament: int
    groups: list[str] = Field(
        [], description="A group stage's groups, in order: the rows are one crosstable a group."
    )
    rows: list[CrossRowOut]


class PlayerOut(Schema):
    id: int
    name: str
    club: str
    rating: int | None
    url: str


class PlayerPage(Page):
    items: list[PlayerOut]


class SeatOut(Schema):
    number: int
    player: int
    name: str
    mark: str
    score: int


class GameSummary(Schema):
    id: int
    kind: str
    kind_label: str
    status: str
    status_label: str
    result: str
    ply: int
    seats: list[SeatOut]
    url: str


class GamePage(Page):
    items: list[GameSummary]


class MoveOut(Schema):
    ply: int
    seat: int
    notation: str
    points: int


class PositionOut(Schema):
    rows: list[list[str]]
    to_move: int | None
    legal_moves: list[str]
    small_boards: list[str]
    out: list[int] = []  # the seats out of the game: their time ran out (SOS of three or more)


class ClockOut(Schema):
    remaining_ms: list[int]
    running: int | None
    paused: bool
    waiting: bool
    out: list[int] = []  # the seats out of the game (their time ran out)


class GameOut(GameSummary):
    options: dict
    rules: str
    time_control: str
    winners: list[int] | None
    end_reason: str
    moves: list[MoveOut]
    position: PositionOut
    clock: ClockOut | None


class OptionOut(Schema):
    name: str
    type: str
    label: str
    help: str
    default: int | str | bool | None
    choices: list[list[str]]
    min: int | None
    max: int | None


class KindOut(Schema):
    value: str
    label: str
    min_seats: int
    max_seats: int
    seat_marks: list[str]
    letters: list[str]
    points: bool
    notation_hint: str
    options_legend: str
    options: list[OptionOut]


class MoveAccepted(Schema):
    game: int
    ply: int
    notation: str


class BoardResult(Schema):
    board: int
    result: str


class ResultsAccepted(Schema):
    round: int
    boards: list[BoardResult]


class Paired(Schema):
    round: int
    boards: int

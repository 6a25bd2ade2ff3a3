"""Builders for the spreadsheet tests: tournaments played through the services, random legal
games, and surgery on .xlsx files (a part replaced, a cell's XML rewritten)."""

from __future__ import annotations

import io
import random
import re
import zipfile
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User

from games import services as game_services
from games.models import Game, Player
from games.rules import get_rules
from sheets.imports import gameio
from tests import factories
from tests.factories import make_user
from tournaments import pairings
from tournaments.acts import services
from tournaments.models import Round, Tournament

NAMES = ("Алиса", "Борис", "Carol", "Dmitri", "Eve", "Фёдор", "Gleb", "Hanna")


def random_moves(
    kind: str, options: dict[str, Any], seed: int, limit: int | None = None
) -> list[str]:
    """A random legal move list (the whole game unless ``limit``)."""
    rules = get_rules(kind, **options)
    rnd = random.Random(seed)
    state = rules.start()
    while (moves := rules.legal_moves(state)) and (limit is None or state.ply < limit):
        state = rules.play(state, rnd.choice(moves))
    return list(state.moves)


def new_game(
    kind: str, seated: Sequence[Player], *, seed: int = 1, limit: int | None = None, **options: Any
) -> Game:
    """A game created by the service and played with random legal moves."""
    game = game_services.create_game(kind=kind, options=options, players=list(seated))
    moves = random_moves(kind, dict(game.options), seed, limit)
    if moves:
        staff = User.objects.filter(username="mover").first() or make_user("mover", is_staff=True)
        game = gameio.play_moves(game=game, user=staff, moves=moves, expected_ply=0)
    return game


def new_tournament(
    arbiter: User,
    *,
    kind: str = "uttt",
    players: int = 4,
    format: str = "round_robin",
    online: bool = True,
    rounds: int | None = None,
    name: str = "Кубок клуба",
    options: dict[str, Any] | None = None,
    pair: bool = True,
) -> Tournament:
    t = services.create_tournament(
        name=name,
        kind=kind,
        options=options or {},
        format=format,
        rounds=rounds,
        online=online,
        created_by=arbiter,
    )
    for n in range(players):
        player = Player.objects.create(
            name=NAMES[n], rating=1500 + 10 * n, club="Ладья" if n % 2 else ""
        )
        services.register(tournament=t, player=player, user=arbiter)
    if pair:
        pairings.pair_round(tournament=t, user=arbiter)
    return t


def play_round(rnd: Round, arbiter: User, *, seed: int = 1, limit: int | None = None) -> None:
    """Every game of ``rnd`` played (online) or given a result (paper)."""
    t = rnd.tournament
    codes = ["1-0", "0-1", "1/2"]
    for n, p in enumerate(rnd.pairings.select_related("game").order_by("board")):
        if p.second_id is None or p.result:
            continue
        if p.game_id:
            moves = random_moves(t.kind, dict(t.options), seed + n, limit)
            with factories.committed():  # as played on the site: its result follows after commit
                gameio.play_moves(game=p.game, user=arbiter, moves=moves, expected_ply=0)
        else:
            services.record_result(pairing=p, result=codes[(seed + n) % 3], user=arbiter)


def current_round(t: Tournament) -> Round:
    return t.round_set.order_by("-number").first()


# -- .xlsx surgery ---------------------------------------------------------------------------


def parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {name: z.read(name) for name in z.namelist()}


def rezip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in files.items():
            z.writestr(name, content)
    return out.getvalue()


def sheet_part(data: bytes, title: str) -> str:
    """The part name of the sheet ``title``."""
    from sheets.xlsx.writer import sheet_parts

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        found = {t: name for name, t in sheet_parts(z).items()}
    return found[title]


def set_cell_xml(data: bytes, title: str, ref: str, xml: str) -> bytes:
    """Replace (or add to its row) the ``<c>`` element of ``ref`` in sheet ``title``."""
    files = parts(data)
    name = sheet_part(data, title)
    text = files[name].decode()
    pattern = re.compile(rf'<c r="{ref}"[^>]*?(/>|>.*?</c>)')
    if pattern.search(text):
        text = pattern.sub(lambda m: xml, text, count=1)
    else:
        row = re.sub(r"\D", "", ref)
        text = re.sub(rf'(<row r="{row}"[^>]*>)', lambda m: m.group(1) + xml, text, count=1)
    files[name] = text.encode()
    return rezip(files)


def edit(data: bytes, changes: dict[tuple[str, str], Any]) -> bytes:
    """Set cell values with openpyxl (as a user would) and save: {(sheet, "C4"): value}."""
    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(data))
    for (title, ref), value in changes.items():
        wb[title][ref] = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


# -- workbooks built in the tests ------------------------------------------------------------


def board_spec(
    t: Tournament,
    pairing: Any,
    *,
    moves: Sequence[str] = (),
    position: Sequence[str] | None = None,
    winners: tuple[int, ...] | None = None,
    scores: list[int] | None = None,
    names: Sequence[str] | None = None,
    title: str | None = None,
    **details: Any,
) -> Any:
    """The board sheet of ``pairing`` with the given moves or final position."""
    from sheets.boards.write import BoardData, board_sheet
    from sheets.workbooks.write import board_title

    data = BoardData(
        kind=t.kind,
        options=dict(t.options),
        seats=list(names or [pairing.first.player.name, pairing.second.player.name]),
        moves=list(moves),
        position=list(position) if position is not None else None,
        winners=winners,
        scores=scores,
        tournament=details.pop("tournament", t.name),
        round=details.pop("round", pairing.round.number),
        board=details.pop("board", pairing.board),
        game=details.pop("game", None),
    )
    return board_sheet(data, title or board_title(pairing.round.number, pairing.board))


def workbook(t: Tournament, *extra: Any, base: bool = True, without: Sequence[str] = ()) -> bytes:
    """The tournament's exported sheets (``base``, less the titles ``without``) and ``extra``
    sheet specs, as an .xlsx."""
    from sheets.workbooks.write import TournamentData, tournament_sheets
    from sheets.xlsx.writer import write_workbook

    sheets = list(tournament_sheets(TournamentData.load(t))) if base else []
    sheets = [s for s in sheets if s.title not in without]
    out = io.BytesIO()
    write_workbook([*sheets, *extra], out)
    return out.getvalue()

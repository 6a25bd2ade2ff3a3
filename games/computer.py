"""The computer's moves in a game against it (a game on one device, :mod:`games.device`, with
some seats played by the computer at a level from 1 to 8: :mod:`games.engine.levels`).

**Off the request path, in-process.** When a move leaves the computer to move, the move's
transaction schedules its thought (:func:`schedule`, on commit): a thread of the server process
takes it, runs the search in a separate *search process* (``COMPUTER_PROCESSES``, a pool started
once, so a search never holds the server's interpreter) with a hard cap of ``COMPUTER_SECONDS``
CPU seconds, and records the move through the one move service (``by_computer``). The page sees
it through its usual poll. The queue of the engine's analyses (``manage.py db_worker``) is not
used: it takes one job at a time, and an arbiter's analysis of a whole game may hold it for
minutes, while a computer's move takes milliseconds to a few seconds and a player waits for it.

A position is thought over once at a time across every server process (a lease in the shared
cache, :func:`schedule`); the move is recorded only if the game still has the moves it was
thought over (``expected_ply`` and the moves' key), so a take-back meanwhile, or a second
thinker, records nothing. A thought lost with its process is asked again by the game page
(:func:`schedule` from the page's view, once the lease has run out).

``COMPUTER_MOVES = "inline"`` (tests) thinks at once, in the caller's thread, with no lease.
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connections

from games import computer_search
from games.device_models import ComputerMove
from games.models import Game

logger = logging.getLogger(__name__)

# The hard cap on a computer's move, in CPU seconds of its search (level 8 rarely needs 3).
SECONDS = 5.0
# How long the thread waits for the search process beyond the cap before it gives up on it.
GRACE_SECONDS = 10.0
# A hint (the full engine's best move, asked by the player who waits for it) is capped lower.
HINT_SECONDS = 1.5
LEVEL_FOR_FALLBACK = 1

_lock = threading.Lock()
_threads: ThreadPoolExecutor | None = None
_processes: ProcessPoolExecutor | None = None
_thinker: Callable[[int, tuple[str, ...]], bool] | None = None


def cap_seconds() -> float:
    return float(getattr(settings, "COMPUTER_SECONDS", SECONDS))


def hint_seconds() -> float:
    return float(getattr(settings, "COMPUTER_HINT_SECONDS", HINT_SECONDS))


def inline() -> bool:
    return getattr(settings, "COMPUTER_MOVES", "background") == "inline"


def process_count() -> int:
    return max(0, int(getattr(settings, "COMPUTER_PROCESSES", 1)))


def moves_key(moves: Sequence[str]) -> str:
    return hashlib.sha256(" ".join(moves).encode()).hexdigest()[:24]


def lease_key(game_id: int, moves: Sequence[str]) -> str:
    return f"computer:{game_id}:{len(moves)}:{moves_key(moves)}"


def schedule(game_id: int, moves: Sequence[str]) -> None:
    """Have the computer think over the game ``game_id`` after ``moves`` (its moves now), off the
    request path; nothing when that position is being thought over already."""
    moves = tuple(moves)
    if inline():
        think(game_id, moves)
        return
    key = lease_key(game_id, moves)
    if not cache.add(key, time.time(), timeout=int(cap_seconds() + GRACE_SECONDS) + 5):
        return
    _thread_pool().submit(_run, game_id, moves, key)


def connect(thinker: Callable[[int, tuple[str, ...]], bool]) -> None:
    """From ``GamesConfig.ready()``: the thinker (games.computer_moves.think), which records
    through the move service, which schedules it (so it is registered, not imported)."""
    global _thinker
    _thinker = thinker


def think(game_id: int, moves: Sequence[str]) -> bool:
    """The registered thinker's answer (whether the computer moved)."""
    if _thinker is None:
        raise RuntimeError("games.computer.connect() was not called")
    return _thinker(game_id, tuple(moves))


def _run(game_id: int, moves: tuple[str, ...], key: str) -> None:
    try:
        think(game_id, moves)
    except Exception:  # a thread's failure is logged; the page asks again after the lease
        logger.exception("the computer's move in game %s failed", game_id)
    finally:
        try:
            cache.delete(key)
        finally:
            connections.close_all()  # this thread's connections


def search(game: Game, level: int, *, seed: int, seconds: float) -> tuple[str, int]:
    """The move of ``level`` in ``game``'s position and the positions looked at: in the search
    process when there is one (a level-1 move if it fails or overruns), else in this thread."""
    args = (game.kind, dict(game.options), list(game.moves_list), list(game.out_seats))
    if process_count() == 0:
        return computer_search.best(*args, level, seed, seconds)
    try:
        future: Future = _process_pool().submit(computer_search.best, *args, level, seed, seconds)
        return future.result(timeout=seconds + GRACE_SECONDS)
    except (FutureTimeout, BrokenProcessPool, OSError) as err:
        logger.warning("the search process failed (%s): a level-1 move instead", type(err).__name__)
        _drop_process_pool()
        return computer_search.best(*args, LEVEL_FOR_FALLBACK, seed, seconds)


def _thread_pool() -> ThreadPoolExecutor:
    global _threads
    with _lock:
        if _threads is None:
            _threads = ThreadPoolExecutor(
                max_workers=max(1, process_count()) * 2, thread_name_prefix="computer"
            )
        return _threads


def _process_pool() -> ProcessPoolExecutor:
    global _processes
    with _lock:
        if _processes is None:
            # "spawn": a clean interpreter that imports the engine alone, not a copy of the
            # server's (a fork of a process with threads may inherit a held lock).
            context = multiprocessing.get_context("spawn")
            _processes = ProcessPoolExecutor(max_workers=process_count(), mp_context=context)
            _processes.submit(computer_search.warm)
        return _processes


def _drop_process_pool() -> None:
    global _processes
    with _lock:
        pool, _processes = _processes, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Stop the thinker's pools (tests; a server's exit does it by itself)."""
    global _threads
    with _lock:
        threads, _threads = _threads, None
    if threads is not None:
        threads.shutdown(wait=True)
    _drop_process_pool()


def thinking_times(game_id: int) -> dict[int, Any]:
    """How long the computer thought over each of its moves in ``game_id``: ply → its row."""
    return {row.ply: row for row in ComputerMove.objects.filter(game_id=game_id)}

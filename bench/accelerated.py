"""Accelerated (Baku, C.04.5.1) Swiss tournaments played through our Dutch pairing, and bbpPairings
as the judge.

    .venv/bin/python bench/accelerated.py --bbp /tmp/bbp/bbpPairings.exe [--count 40]
        [--seed 1] [--out DIR]

Each tournament (10-150 players, 5-11 rounds, seeded) is played round by round: the state before
round k is read from the TRF being written (``trf.pairing_state``, as the reference replay
reads it), paired by ``pair_swiss``, and random results are entered (about a fifth drawn, the
odd forfeit). A few players join late (zero-point or half-point byes for the rounds they
missed, and a start number by rating), a few ask for half-point byes, one may withdraw. The
file carries ``XXR``, ``XXC white1`` and the Baku ``XXA`` lines (``baku_schedule``, group A cut
from round 1's pairing list).

bbpPairings is the judge, two ways: ``--dutch FILE -c`` on the whole tournament, and every round
re-paired from the state before it (``--dutch STATE -p``) and compared board for board with
ours. Prints one line per tournament and the totals: rounds that agree, and files that pass
both checks. With ``--out``, the files that pass both are written there (the accelerated
reference of ``tests/pairing/test_accelerated.py``). bbpPairings is never needed by the tests;
build it from its public source in a scratch folder.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments import pairing, trf
from tournaments.pairing.acceleration import baku_schedule
from tournaments.trf.base import TrfPlayer, TrfRound, TrfTournament

Pairs = set[tuple[int, int | None]]


def _pre_entered(rng: random.Random, players: int, rounds: int) -> dict[int, dict[int, str]]:
    """Byes decided before the pairing: late entries' missed rounds, half-point byes asked for,
    a withdrawal (start number -> round -> result character)."""
    pre: dict[int, dict[int, str]] = {}
    for n in rng.sample(range(1, players + 1), rng.randint(0, min(3, players // 8))):
        join = rng.randint(2, 3)
        kind = rng.choice("ZH")
        pre.setdefault(n, {}).update({r: kind for r in range(1, join)})
    for _ in range(rng.randint(0, players // 10)):
        pre.setdefault(rng.randint(1, players), {}).setdefault(rng.randint(2, rounds - 1), "H")
    if rng.random() < 0.3:
        n, start = rng.randint(1, players), rng.randint(3, rounds)
        pre.setdefault(n, {}).update({r: "Z" for r in range(start, rounds + 1)})
    return pre


def _state_file(t: TrfTournament, k: int) -> TrfTournament:
    """The file as it stood before round ``k`` was paired (see the reference README)."""
    players = []
    for p in t.players:
        blocks = list(p.rounds[: k - 1])
        block = p.round(k)
        if block.opponent is None and not block.is_empty and block.result != "U":
            blocks += [trf.base.EMPTY] * (k - 1 - len(blocks)) + [block]
        points = sum(_points(b) for b in p.rounds[: k - 1])
        players.append(replace(p, rounds=blocks, points=points))
    return replace(t, players=players)


def _points(b: TrfRound) -> float:
    return {"1": 1.0, "+": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "H": 0.5}.get(b.result, 0.0)


def _ours(t: TrfTournament, k: int) -> list[pairing.Pair]:
    return trf.pairing_state(t, k).pair()


def _play(rng: random.Random, t: TrfTournament, k: int, pairs: list[pairing.Pair]) -> None:
    by_number = {p.number: p for p in t.players}

    def put(n: int, block: TrfRound) -> None:
        p = by_number[n]
        p.rounds += [trf.base.EMPTY] * (k - len(p.rounds))
        p.rounds[k - 1] = block

    for pair in pairs:
        if pair.second is None:
            put(pair.first, TrfRound(None, "-", "U"))
            continue
        x = rng.random()
        decisive = rng.choice((("1", "0"), ("0", "1")))
        w, b = ("+", "-") if x < 0.02 else ("=", "=") if x < 0.22 else decisive
        put(pair.first, TrfRound(pair.second, "w", w))
        put(pair.second, TrfRound(pair.first, "b", b))


def make(seed: int) -> TrfTournament:
    """One accelerated tournament, every round paired by our Dutch pairing."""
    rng = random.Random(seed)
    n, rounds = rng.randint(10, 150), rng.randint(5, 11)
    pre = _pre_entered(rng, n, rounds)
    players = []
    for i in range(1, n + 1):
        blocks = [trf.base.EMPTY] * rounds
        for r, kind in pre.get(i, {}).items():
            blocks[r - 1] = TrfRound(None, "-", kind)
        players.append(TrfPlayer(i, name=f"Player {i}", rating=2600 - 7 * i, rounds=blocks))
    t = TrfTournament(name=f"Accelerated {seed}", rounds=rounds, colours="white1", players=players)
    t.type = "FIDE_DUTCH_2025"
    first = {p.number for p in players if p.round(1).is_empty}
    t.acceleration = baku_schedule([p.number for p in players], rounds=rounds, first_round=first)
    for k in range(1, rounds + 1):
        _play(rng, t, k, _ours(t, k))
    for p in t.players:
        p.points = sum(_points(b) for b in p.rounds)
    return t


def _bbp(bbp: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([bbp, "--dutch", *args], capture_output=True, text=True, timeout=600)


def bbp_round(bbp: str, t: TrfTournament, k: int, work: Path) -> Pairs:
    state, out = work / f"state{k}.trf", work / f"out{k}.txt"
    state.write_text(trf.format_trf(_state_file(t, k)), encoding="utf-8")
    _bbp(bbp, str(state), "-p", str(out))
    got: Pairs = set()
    for line in out.read_text().split("\n")[1:]:
        if line.strip():
            a, b = (int(x) for x in line.split())
            got.add((a, b or None))
    return got


def file_pairs(t: TrfTournament, k: int) -> Pairs:
    out: Pairs = set()
    for p in t.players:
        b = p.round(k)
        if b.opponent is not None and b.colour == "w":
            out.add((p.number, b.opponent))
        elif b.opponent is None and b.result == "U":
            out.add((p.number, None))
    return out


def judge(bbp: str, t: TrfTournament) -> tuple[bool, int, int]:
    """(bbpPairings -c passes, rounds re-paired the same, rounds)."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        path = work / "t.trf"
        path.write_text(trf.format_trf(t), encoding="utf-8")
        check = _bbp(bbp, str(path), "-c")
        same = sum(bbp_round(bbp, t, k, work) == file_pairs(t, k) for k in range(1, t.rounds + 1))
    ok = check.returncode == 0 and "Checker pairings" not in check.stdout
    return ok, same, t.rounds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bbp", required=True)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    agree = total = passed = 0
    for seed in range(args.seed, args.seed + args.count):
        t = make(seed)
        ok, same, rounds = judge(args.bbp, t)
        agree, total, passed = agree + same, total + rounds, passed + (ok and same == rounds)
        print(f"seed={seed} players={len(t.players)} rounds={rounds} check={ok} same={same}")
        if args.out and ok and same == rounds:
            args.out.mkdir(parents=True, exist_ok=True)
            name = f"a{seed:05d}_{len(t.players)}p_{rounds}r.trf"
            (args.out / name).write_text(trf.format_trf(t), encoding="utf-8")
    print(f"rounds agreeing with bbpPairings: {agree}/{total}; files passing: {passed}/", end="")
    print(args.count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

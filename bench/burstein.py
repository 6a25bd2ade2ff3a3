"""Swiss tournaments played through our Burstein pairing (C.04.4.2), and bbpPairings'
``--burstein`` as the judge.

    .venv/bin/python bench/burstein.py --bbp /tmp/bbp/bbpPairings.exe [--count 40]
        [--seed 1] [--out DIR]

Each tournament (10-150 players, 5-11 rounds, seeded) is played round by round: the state
before round k is read from the TRF being written (``trf.pairing_state``, as the reference
replay reads it), paired by ``pair_burstein`` (``PairingState.pair(system="burstein")``), and
random results are entered (about a fifth drawn, the odd forfeit). A few players join late
(zero-point or half-point byes for the rounds they missed, a start number by rating), a few ask
for half-point byes, one may withdraw (``bench/accelerated.py``'s schedule). The file carries
``XXR`` and ``XXC white1``, no ``XXA``: the seeding rounds are the Burstein system's own.

bbpPairings is the judge, two ways: ``--burstein FILE -c`` on the whole tournament, and every
round re-paired from the state before it (``--burstein STATE -p``) and compared board for
board with ours. bbpPairings crashes (a segmentation fault or a heap error) on many rounds where
the bye goes to the last player of the field; those rounds are counted apart and judged again
with our bye pre-entered as an absence (``without_bye``: bbpPairings then pairs the others the
same way, without choosing a bye). Prints one line per tournament (the rounds that differ, those
bbpPairings failed on, and their second judgement) and the totals: rounds that agree, rounds
bbpPairings failed on and how many of them agree with the bye out, files that pass both
checks. With ``--out``, the files that pass both
are written there (the reference of ``tests/pairing/test_burstein_reference.py``).
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

from bench.accelerated import _play as play_round
from bench.accelerated import _points as points
from bench.accelerated import _pre_entered, _state_file, file_pairs
from tournaments import trf
from tournaments.trf.base import TrfPlayer, TrfRound, TrfTournament

Pairs = set[tuple[int, int | None]]


def make(seed: int, rounds_only: int | None = None) -> TrfTournament:
    """One tournament, every round paired by our Burstein pairing."""
    rng = random.Random(seed)
    n, rounds = rng.randint(10, 150), rng.randint(5, 11)
    pre = _pre_entered(rng, n, rounds)
    players = []
    for i in range(1, n + 1):
        blocks = [trf.base.EMPTY] * rounds
        for r, kind in pre.get(i, {}).items():
            blocks[r - 1] = TrfRound(None, "-", kind)
        players.append(TrfPlayer(i, name=f"Player {i}", rating=2600 - 7 * i, rounds=blocks))
    t = TrfTournament(name=f"Burstein {seed}", rounds=rounds, colours="white1", players=players)
    t.type = "FIDE_BURSTEIN"
    for k in range(1, (rounds_only or rounds) + 1):
        play_round(rng, t, k, trf.pairing_state(t, k).pair(system="burstein"))
    for p in t.players:
        p.points = sum(points(b) for b in p.rounds)
    return t


def _bbp(bbp: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([bbp, "--burstein", *args], capture_output=True, text=True, timeout=600)


def bbp_round(bbp: str, t: TrfTournament, k: int, work: Path) -> Pairs | None:
    """bbpPairings' pairing of round ``k`` from the state before it; None when it fails."""
    state, out = work / f"state{k}.trf", work / f"out{k}.txt"
    state.write_text(trf.format_trf(_state_file(t, k)), encoding="utf-8")
    if _bbp(bbp, str(state), "-p", str(out)).returncode != 0:
        return None
    got: Pairs = set()
    for line in out.read_text().split("\n")[1:]:
        if line.strip():
            a, b = (int(x) for x in line.split())
            got.add((a, b or None))
    return got


def without_bye(t: TrfTournament, k: int, bye: int) -> TrfTournament:
    """The file with round ``k``'s bye pre-entered as an absence: bbpPairings then pairs the
    others without choosing a bye (and without its crash). Nothing else it reads changes: from
    round 2 on the player keeps his rank and the seeding counts round 1's pairing; in round 1
    the bye is the last participant of the list (no one ranked below him), and the seeded half
    of an odd field is the same without him."""
    players = []
    for p in t.players:
        if p.number == bye:
            rounds = list(p.rounds)
            rounds[k - 1] = TrfRound(None, "-", "Z")
            p = replace(p, rounds=rounds)
        players.append(p)
    return replace(t, players=players)


def judge_bye_out(bbp: str, t: TrfTournament, k: int, work: Path) -> bool | None:
    """A round bbpPairings failed on, re-paired with our bye taken out beforehand: whether the
    other boards agree (None: no bye)."""
    ours = file_pairs(t, k)
    bye = next((a for a, b in ours if b is None), None)
    if bye is None:
        return None
    got = bbp_round(bbp, without_bye(t, k, bye), k, work)
    return got == ours - {(bye, None)}


def judge(bbp: str, t: TrfTournament) -> tuple[bool, list[int], list[int]]:
    """(bbpPairings -c passes, the rounds re-paired otherwise, the rounds bbpPairings could
    not pair: it crashes, e.g. when the bye goes to the last player of the field, where its
    ``computeMatching`` inserts him back past the end of a vector)."""
    differ, failed = [], []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        path = work / "t.trf"
        path.write_text(trf.format_trf(t), encoding="utf-8")
        check = _bbp(bbp, str(path), "-c")
        for k in range(1, t.rounds + 1):
            got = bbp_round(bbp, t, k, work)
            if got is None:
                failed.append(k)
            elif got != file_pairs(t, k):
                differ.append(k)
    ok = check.returncode == 0 and "Checker pairings" not in check.stdout
    return ok, differ, failed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bbp", required=True)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    agree = total = passed = crashed = bye_out = bye_out_same = 0
    for seed in range(args.seed, args.seed + args.count):
        t = make(seed)
        ok, differ, failed = judge(args.bbp, t)
        with tempfile.TemporaryDirectory() as tmp:
            again = [judge_bye_out(args.bbp, t, k, Path(tmp)) for k in failed]
        bye_out += sum(x is not None for x in again)
        bye_out_same += sum(x is True for x in again)
        rounds = t.rounds
        same = rounds - len(differ) - len(failed)
        agree, total = agree + same, total + rounds - len(failed)
        crashed += len(failed)
        clean = ok and not differ and not failed
        passed += clean
        print(
            f"seed={seed} players={len(t.players)} rounds={rounds} check={ok} same={same}"
            + (f" differ={differ}" if differ else "")
            + (f" bbp_failed={failed}" if failed else "")
            + (f" bye_out_same={again}" if failed else "")
        )
        if args.out and clean:
            args.out.mkdir(parents=True, exist_ok=True)
            name = f"b{seed:05d}_{len(t.players)}p_{rounds}r.trf"
            (args.out / name).write_text(trf.format_trf(t), encoding="utf-8")
    print(
        f"rounds agreeing with bbpPairings: {agree}/{total} (rounds bbpPairings failed on: ", end=""
    )
    print(f"{crashed}); files passing: {passed}/{args.count}")
    print("rounds bbpPairings failed on, re-paired with our bye taken out: ", end="")
    print(f"{bye_out_same}/{bye_out} agree")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

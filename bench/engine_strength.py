"""The strength section of ``bench/engine.py``: UTTT games against OpenSpiel's C++ MCTS bot
(needs ``pip install open_spiel``, a benchmark tool, not a site dependency). Imported by
``bench/engine.py``, which puts the project on the path."""

from __future__ import annotations

import argparse
import random
import time

from games.engine.uttt_pos import UtttPos
from games.engine.uttt_search import Mcts
from games.engine.uttt_tables import DRAW

STRENGTH_TARGET = 0.55


class OpenSpielGame:
    """One OpenSpiel UTTT state kept in step with our fast position.

    OpenSpiel splits a free move in two actions of the same player (first the board, then the
    cell, both 0-8 in our numbering); it asks for a board whenever the board it is sent to is
    won or drawn (or on the first move). bench checks the mapping on random games first.
    """

    def __init__(self, pyspiel) -> None:
        self.game = pyspiel.load_game("ultimate_tic_tac_toe")
        self.state = self.game.new_initial_state()

    @staticmethod
    def free(pos: UtttPos) -> bool:
        return pos.last < 0 or bool((pos.xw | pos.ow | pos.dr) >> (pos.last % 9) & 1)

    def apply(self, pos: UtttPos, move: int) -> None:
        if self.free(pos):
            self.state.apply_action(move // 9)
        self.state.apply_action(move % 9)


def check_mapping(pyspiel, games: int, rng: random.Random) -> None:
    """Play random games in both engines at once: same legal moves, same results."""
    for _ in range(games):
        osg = OpenSpielGame(pyspiel)
        pos = UtttPos(classic=True)
        while pos.winner < 0:
            moves = pos.legal_moves()
            st = osg.state
            assert not st.is_terminal() and st.current_player() == pos.turn
            m = rng.choice(moves)
            if osg.free(pos):
                assert st.legal_actions() == sorted({mm // 9 for mm in moves})
                st.apply_action(m // 9)
            assert st.legal_actions() == [mm % 9 for mm in moves if mm // 9 == m // 9]
            st.apply_action(m % 9)
            pos.play(m)
        assert osg.state.is_terminal()
        returns = list(osg.state.returns())
        expected = [0, 0] if pos.winner == DRAW else [1, -1] if pos.winner == 0 else [-1, 1]
        assert returns == expected, (returns, pos.winner)


def os_bot_move(bot, osg: OpenSpielGame, pos: UtttPos) -> int:
    """Let OpenSpiel's bot move (one or two actions); our move index."""
    board = None
    if osg.free(pos):
        board = bot.step(osg.state)
        osg.state.apply_action(board)
    cell = bot.step(osg.state)
    osg.state.apply_action(cell)
    if board is None:
        board = pos.last % 9
    return board * 9 + cell


def calibrate(pyspiel, move_time: float, rng: random.Random) -> int:
    """OpenSpiel simulations per move so that its mean time per move is ``move_time``."""
    game = pyspiel.load_game("ultimate_tic_tac_toe")
    sims = 2000
    evaluator = pyspiel.RandomRolloutEvaluator(1, rng.randrange(1 << 30))
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, True, rng.randrange(1 << 30), False)
    spent, moves = 0.0, 0
    for _ in range(2):
        osg = OpenSpielGame(pyspiel)
        pos = UtttPos(classic=True)
        while pos.winner < 0:
            start = time.process_time()
            m = os_bot_move(bot, osg, pos)
            spent += time.process_time() - start
            moves += 1
            pos.play(m)
    return max(50, int(sims * move_time / (spent / moves)))


def our_settings(args: argparse.Namespace) -> dict:
    """The options of ``Mcts`` given on the command line (the rest keep their defaults)."""
    settings: dict = {}
    if args.uct_c is not None:
        settings["c"] = args.uct_c
    if args.light:
        settings["heavy"] = 0
    elif args.heavy is not None:
        settings["heavy"] = args.heavy
    if args.smart is not None:
        settings["smart"] = bool(args.smart)
    if args.prior is not None:
        settings["prior"] = args.prior
    if args.minimax is not None:
        settings["minimax"] = args.minimax
    if args.cutoff is not None:
        settings["cutoff"] = None if args.cutoff < 0 else args.cutoff
    return settings


def section_strength(args: argparse.Namespace) -> None:
    try:
        import pyspiel
    except ImportError:
        print("== strength: open_spiel is not installed (pip install open_spiel): skipped")
        return
    rng = random.Random(args.seed)
    check_mapping(pyspiel, 200, rng)
    sims = args.os_sims or calibrate(pyspiel, args.move_time, rng)
    print(
        f"== strength: {args.games} classic games against OpenSpiel MCTSBot (uct_c 2, random"
        f" rollouts, solver on, {sims:,} simulations ≈ {args.move_time} s/move); ours"
        f" {args.move_time} s/move; times are CPU seconds of this process (fair on a shared"
        " machine); position mapping checked on 200 random games"
    )
    settings = our_settings(args)
    print(f"our settings: {settings or 'the defaults'}")
    game = pyspiel.load_game("ultimate_tic_tac_toe")
    score = 0.0
    wins = draws = losses = 0
    our_time = their_time = 0.0
    our_moves = their_moves = 0
    for g in range(args.start, args.start + args.games):
        ours = g % 2  # we play X in even games, O in odd ones
        evaluator = pyspiel.RandomRolloutEvaluator(1, rng.randrange(1 << 30))
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, True, rng.randrange(1 << 30), False)
        osg = OpenSpielGame(pyspiel)
        pos = UtttPos(classic=True)
        # Varied openings: the first two moves at random (the same opening for both colours).
        opening_rng = random.Random(args.seed * 1000 + g // 2)
        for _ in range(2):
            m = opening_rng.choice(pos.legal_moves())
            osg.apply(pos, m)
            pos.play(m)
        mcts = Mcts(pos, seed=rng.randrange(1 << 30), **settings)
        while pos.winner < 0:
            if pos.turn == ours:
                start = time.process_time()
                mcts.run(seconds=args.move_time, clock=time.process_time)
                m = mcts.best_move()
                our_time += time.process_time() - start
                our_moves += 1
                osg.apply(pos, m)
            else:
                start = time.process_time()
                m = os_bot_move(bot, osg, pos)
                their_time += time.process_time() - start
                their_moves += 1
            mcts.advance(m)
            pos.play(m)
        assert osg.state.is_terminal()
        if pos.winner == DRAW:
            draws += 1
            score += 0.5
        elif pos.winner == ours:
            wins += 1
            score += 1
        else:
            losses += 1
        if args.verbose:
            print(
                f"game {g + 1}: we played {'XO'[ours]}, result {['X', 'O', 'draw'][pos.winner]};"
                f" running score {score:g}/{g + 1 - args.start}; CPU s a move so far: ours"
                f" {our_time / max(1, our_moves):.3f},"
                f" OpenSpiel {their_time / max(1, their_moves):.3f}",
                flush=True,
            )
    n = max(1, args.games)
    pct = score / n
    print(
        f"score {score:g}/{args.games} = {pct:.1%} (+{wins} ={draws} -{losses});"
        f" mean CPU time per move: ours {our_time / max(1, our_moves):.3f} s,"
        f" OpenSpiel {their_time / max(1, their_moves):.3f} s"
    )
    print(f"target ≥ {STRENGTH_TARGET:.0%}: {'ok' if pct >= STRENGTH_TARGET else 'MISSED'}")

"""Ultimate tic-tac-toe search: an exact endgame solver, and MCTS with MCTS-Solver.

- :class:`~games.engine.uttt_solver.UtttSolver` (in :mod:`games.engine.uttt_solver`) — negamax
  with alpha-beta over win (+1) / draw (0) / loss (-1) for the seat to move, a transposition table
  and moves that win a small board tried first.
- :class:`Mcts` — UCT over the fast position (:mod:`games.engine.uttt_pos`) with the MCTS-Solver
  rules of Winands, Björnsson and Saito (2008): a terminal child is proven; a node with a child
  proven a win for its mover is a proven loss for the other seat; a node whose children are all
  proven takes the best of them (so proven draws propagate too); selection never enters a child
  proven lost for the seat choosing, and a proven node is not played out but returns its value.
  Leaves with few empty cells are handed to the exact solver (an endgame solver inside the tree).
  By default a new leaf is not played out but evaluated (:func:`uttt_eval.evaluate`: each seat's
  chances on the small boards, multiplied along the meta-board's lines), and each node also keeps
  the minimax of the evaluations below it (implicit minimax backups, Lanctot et al. 2014), mixed
  into selection with the weight ``minimax``. Playouts are still there (``cutoff=None``: to the
  end; ``cutoff=N``: N half-moves, then the evaluation): random, or "heavy" (a player sent to one
  board takes a cell that wins it when it can). New children are tried board-winning moves first,
  and the move chosen is the most visited child (a proven win whenever there is one). The tree
  can be kept between moves.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from .budget import OutOfBudget
from .uttt_eval import evaluate_pos
from .uttt_playout import playout_value, random_playout
from .uttt_pos import UtttPos
from .uttt_solver import LOSS, WIN, SolverLimits, UtttSolver
from .uttt_tables import DRAW, tables


class Node:
    __slots__ = ("children", "h", "move", "mover", "n", "parent", "proven", "untried", "w")

    def __init__(self, move: int, mover: int, parent: Node | None) -> None:
        self.move = move
        self.mover = mover  # the seat that played ``move`` into this node
        self.parent = parent
        self.children: list[Node] = []
        self.untried: list[int] | None = None  # None until the node is first expanded
        self.n = 0
        self.w = 0.0  # rewards for ``mover``: 1 win, 0.5 draw, 0 loss
        self.proven: int | None = None  # WIN / 0 / LOSS for ``mover``, once proven
        self.h = 0.5  # implicit minimax: the minimax of the evaluations below, for ``mover``


class Mcts:
    """Monte Carlo tree search with MCTS-Solver over a copy of ``pos``."""

    def __init__(
        self,
        pos: UtttPos,
        *,
        c: float = 0.4,
        heavy: bool = True,
        smart: bool = False,
        prior: int = 4,
        solve_at: int = 8,
        cutoff: int | None = 0,
        minimax: float = 0.4,
        seed: int | None = None,
    ) -> None:
        self.pos = pos.copy()
        self.c = c
        self.heavy = heavy
        self.smart = smart
        self.prior = prior
        # Playouts cut after this many half-moves and evaluated (0: the leaf is evaluated at once;
        # None: played to the end).
        self.cutoff = cutoff
        # Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, 2014): each node keeps
        # the minimax of the evaluations of the leaves below it, and selection weighs it by
        # ``minimax`` against the mean reward.
        self.minimax = minimax
        self._tables = tables()
        self.solve_at = solve_at
        self.solve_nodes = 2_000  # per leaf: a leaf must not eat a move's whole budget
        self.rng = random.Random(seed)
        self.root = Node(-1, self.pos.turn ^ 1, None)
        self.playouts = 0
        self.nodes = 0
        self.solver = UtttSolver()
        self._init_terminal(self.root)

    # -- tree building ---------------------------------------------------------------------------
    def _init_terminal(self, node: Node) -> None:
        """Prove ``node`` at once if its position (``self.pos``) is over or small enough."""
        pos = self.pos
        w = pos.winner
        if w >= 0:
            node.proven = 0 if w == DRAW else (WIN if w == node.mover else LOSS)
            return
        if self.solve_at and pos.empty_cells() <= self.solve_at:
            self.solver.limits = SolverLimits(nodes=self.solve_nodes)
            try:
                v = self.solver.solve(pos)  # for the seat to move = the other one
            except OutOfBudget:
                return
            finally:
                self.nodes += self.solver.limits.nodes
            node.proven = -v

    def _set_prior(self, child: Node, wins: bool) -> None:
        """Progressive bias as ``prior`` virtual playouts: a move that wins its small board is
        good; one that sends the opponent to a closed board (a free move) or to a board the
        opponent wins at once is bad. (``self.pos`` is the position after the move.)"""
        pos = self.pos
        if pos.winner >= 0:
            return
        q = 0.75 if wins else 0.5
        t = child.move % 9
        decided = pos.xw | pos.ow | pos.dr
        if ((decided if pos.classic else pos.full) >> t & 1) and not pos.free:
            q -= 0.2
        elif not decided >> t & 1:
            win = self._tables.win_o if pos.turn else self._tables.win_x
            if win[pos.st[t]]:
                q -= 0.25
        child.n = self.prior
        child.w = self.prior * q

    def _expand_moves(self) -> list[int]:
        moves = self.pos.legal_moves()
        self.rng.shuffle(moves)
        wins = [m for m in moves if self.pos.wins_board(m)]
        if wins:
            moves = [m for m in moves if m not in wins] + wins  # popped from the end: wins first
        return moves

    def _select(self, node: Node) -> Node:
        """The child to descend into (UCT), skipping children proven lost for the chooser."""
        logn = self.c * self.c * math.log(node.n)
        sqrt = math.sqrt
        best, best_u = None, -1.0
        for ch in node.children:
            p = ch.proven
            if p is None:
                n = ch.n
                u = ch.w / n + sqrt(logn / n)
            elif p == LOSS:  # the chooser (ch.mover) loses there
                continue
            else:
                u = 0.5 if p == 0 else 2.0
            if u > best_u:
                best, best_u = ch, u
        if best is None:  # every child loses: any will do (the node is proven)
            return node.children[0]
        return best

    def _select_minimax(self, node: Node) -> Node:
        """:meth:`_select` with the implicit minimax value mixed into each child's score."""
        logn = self.c * self.c * math.log(node.n)
        sqrt = math.sqrt
        a = self.minimax
        b = 1.0 - a
        best, best_u = None, -1.0
        draw = None
        for ch in node.children:
            p = ch.proven
            if p is None:
                n = ch.n
                u = b * ch.w / n + a * ch.h + sqrt(logn / n)
            elif p == LOSS:
                continue
            elif p == 0:
                # A proven draw teaches nothing more: search the unproven children (which the
                # node's proof needs), and take the draw only when none is left.
                draw = ch
                continue
            else:
                return ch
            if u > best_u:
                best, best_u = ch, u
        if best is None:
            return draw or node.children[0]
        return best

    def iterate(self) -> None:
        """One selection, expansion, playout and back-propagation."""
        pos = self.pos
        node = self.root
        depth = 0
        minimax = self.minimax
        select = self._select_minimax if minimax else self._select
        while node.proven is None:
            if node.untried is None:
                node.untried = self._expand_moves()
            if node.untried:
                m = node.untried.pop()
                wins = self.prior and pos.wins_board(m)
                pos.play(m)
                depth += 1
                child = Node(m, pos.turn ^ 1, node)
                if self.prior:
                    self._set_prior(child, wins)
                node.children.append(child)
                self.nodes += 1
                self._init_terminal(child)
                node = child
                break
            node = select(node)
            pos.play(node.move)
            depth += 1
        if node.proven is not None:
            p = node.proven
            winner = DRAW if p == 0 else (node.mover if p == WIN else node.mover ^ 1)
            vx = 0.5 if winner == DRAW else 1.0 - winner
            hx = vx
        else:
            if self.cutoff is not None:
                vx = playout_value(pos, self.rng, self.heavy, self.cutoff)
            else:
                winner = random_playout(pos, self.rng, self.heavy, self.smart)
                vx = 0.5 if winner == DRAW else 1.0 - winner
            self.playouts += 1
            if minimax:
                hx = vx if self.cutoff == 0 else evaluate_pos(pos)
        if minimax:
            node.h = 1.0 - hx if node.mover else hx
            self._back_minimax(node.parent)
        for _ in range(depth):
            pos.undo()
        # Back-propagation with the solver's rules; ``vx`` is X's score (1 win, ½ draw, 0 loss,
        # or an evaluation between).
        prove = node.proven is not None
        vo = 1.0 - vx
        while node is not None:
            node.n += 1
            node.w += vo if node.mover else vx
            parent = node.parent
            if prove and parent is not None and parent.proven is None:
                prove = self._try_prove(parent)
            else:
                prove = False
            node = parent

    @staticmethod
    def _back_minimax(node: Node | None) -> None:
        """Update the implicit minimax values from ``node`` up to the root."""
        while node is not None:
            best = 0.0
            for ch in node.children:
                if ch.h > best:
                    best = ch.h
            node.h = 1.0 - best
            node = node.parent

    def _try_prove(self, node: Node) -> bool:
        """Prove ``node`` from its children if the solver's rules allow; whether it was."""
        best = None
        unproven = False
        for ch in node.children:
            p = ch.proven
            if p == WIN:  # the seat to move at ``node`` wins by playing there
                node.proven = LOSS
                return True
            if p is None:
                unproven = True
            elif best is None or p > best:
                best = p
        if unproven or node.untried or node.untried is None or best is None:
            return False
        node.proven = -best
        return True

    # -- running and reading ---------------------------------------------------------------------
    def run(
        self,
        seconds: float | None = None,
        iterations: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """Search until the root is proven, ``seconds`` pass on ``clock`` (wall-clock time by
        default; ``time.process_time`` counts this process's CPU only) or ``iterations`` ran."""
        deadline = None if seconds is None else clock() + seconds
        k = 0
        while self.root.proven is None:
            self.iterate()
            k += 1
            if iterations is not None and k >= iterations:
                break
            if deadline is not None and not k & 7 and clock() > deadline:
                break

    def best_child(self, node: Node | None = None) -> Node | None:
        node = node or self.root
        if not node.children:
            return None
        wins = [ch for ch in node.children if ch.proven == WIN]
        if wins:
            return max(wins, key=lambda ch: ch.n)
        alive = [ch for ch in node.children if ch.proven != LOSS] or node.children
        return max(alive, key=lambda ch: (ch.proven == 0 and ch.n > 0, ch.n, ch.w))

    def best_move(self) -> int:
        """The move to play: a proven win if any, else the most visited child; when the root was
        proven before any child was made (small endgames), the exact solver's choice."""
        ch = self.best_child()
        if ch is not None:
            return ch.move
        values = self.solver.move_values(self.pos)
        self.nodes += self.solver.nodes
        return max(values, key=lambda mv: mv[1])[0]

    def principal_line(self, limit: int = 20) -> list[int]:
        out = []
        node: Node | None = self.root
        while node is not None and len(out) < limit:
            ch = self.best_child(node)
            if ch is None or ch.n == 0:
                break
            out.append(ch.move)
            node = ch
        return out

    def advance(self, move: int) -> None:
        """Keep the subtree after ``move`` as the new root (tree reuse between moves)."""
        nxt = None
        for ch in self.root.children:
            if ch.move == move:
                nxt = ch
                break
        self.pos.play(move)
        if nxt is None:
            nxt = Node(move, self.pos.turn ^ 1, None)
            self._init_terminal(nxt)
        nxt.parent = None
        self.root = nxt

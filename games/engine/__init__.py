"""The engine: search and solvers over the rules engine (pure Python, no Django).

    from games.engine import analyse, Budget
    result = analyse(rules, state, Budget(seconds=2))
    result.best_move, result.evaluation, result.line, result.nodes

See ``docs/engine.md``. The fast position types (``uttt_pos``, ``sos_pos``) are for search only;
the site keeps using the immutable states of :mod:`games.rules`.
"""

from .analysis import DEFAULT_BUDGET, Analysis, Budget, Evaluation, analyse, as_dict

__all__ = ["DEFAULT_BUDGET", "Analysis", "Budget", "Evaluation", "analyse", "as_dict"]

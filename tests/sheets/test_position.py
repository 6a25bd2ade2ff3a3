"""Final positions: what a position alone can prove (pure checks, no database)."""

from __future__ import annotations

from games.rules import get_rules
from sheets.boards.position import check_sos, check_uttt, sos_lines
from tests.sheets.helpers import random_moves

TACTICAL = dict(get_rules("uttt").options)
CLASSIC = dict(get_rules("uttt", preset="classic").options)


def final(options: dict, seed: int):
    rules = get_rules("uttt", **options)
    state = rules.replay(random_moves("uttt", rules.options, seed))
    return [list(row) for row in state.grid], rules.outcome(state).winners


def test_finished_games_pass() -> None:
    for options in (TACTICAL, CLASSIC):
        for seed in range(30):
            grid, winners = final(options, seed)
            assert check_uttt(grid, winners, options) == [], (options, seed)


def test_the_wrong_winner_is_caught() -> None:
    caught = 0
    for seed in range(30):
        grid, winners = final(CLASSIC, seed)
        if len(winners) == 1:
            caught += bool(check_uttt(grid, (1 - winners[0],), CLASSIC))
    assert caught >= 10


def test_mark_counts() -> None:
    grid = [["X"] * 9] + [[""] * 9 for _ in range(8)]
    [(where, message)] = check_uttt(grid, (0,), TACTICAL)
    assert where == "board" and "9" in message


def test_unfinished_position_is_no_draw() -> None:
    grid = [["X", "O"] + [""] * 7] + [[""] * 9 for _ in range(8)]
    assert [w for w, _m in check_uttt(grid, (), TACTICAL)] == ["winner"]


def test_sos_scores_must_add_up() -> None:
    rules = get_rules("sos", rows=4, cols=4, players=2)
    state = rules.replay(random_moves("sos", rules.options, seed=3))
    grid = [list(row) for row in state.grid]
    assert len(sos_lines(grid)) == sum(state.scores)
    problems, scores = check_sos(grid, state.outcome.winners, list(state.scores), rules.options)
    assert problems == [] and scores == list(state.scores)
    problems, _ = check_sos(
        grid, state.outcome.winners, [state.scores[0] + 1, state.scores[1]], rules.options
    )
    assert problems


def test_sos_first_mode() -> None:
    grid = [["S", "O", "S"], ["", "", ""], ["", "", ""]]
    options = {"rows": 3, "cols": 3, "players": 2, "mode": "first"}
    assert check_sos(grid, (1,), [None, None], options) == ([], [0, 1])
    two_apart = [["S", "O", "S"], ["", "", ""], ["S", "O", "S"]]
    assert check_sos(two_apart, (0,), [None, None], options)[0]

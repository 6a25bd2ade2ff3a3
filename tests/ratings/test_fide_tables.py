"""The FIDE tables as data: rows checked against the published tables 8.1.1 and 8.1.2 of the
Rating Regulations (2024 text), at their row boundaries."""

from __future__ import annotations

import math

import pytest

from tournaments.core.fide_tables import DP_UPPER_HALF, PD_UPPER_BOUNDS, dp_of, pd_hundredths


@pytest.mark.parametrize(
    ("difference", "pd"),
    [
        (0, 50),
        (3, 50),  # row 0-3: .50 / .50
        (4, 51),  # row 4-10: .51 / .49
        (10, 51),
        (92, 63),  # row 92-98: .63 / .37
        (98, 63),
        (99, 64),  # row 99-106: .64 / .36
        (198, 76),  # row 198-206: .76 / .24
        (345, 89),  # row 345-357: .89 / .11
        (357, 89),
        (358, 90),
        (391, 91),
        (392, 92),  # row 392-411: .92 / .08
        (400, 92),
        (411, 92),
        (412, 93),
        (735, 99),  # row 620-735: .99 / .01
        (736, 100),  # above 735: 1.0 / 0
        (-4, 49),  # the lower-rated player's column
        (-100, 36),
        (-400, 8),
    ],
)
def test_table_8_1_2_rows(difference: int, pd: int) -> None:
    assert pd_hundredths(difference) == pd


@pytest.mark.parametrize(
    ("p", "dp"),
    [
        *[(100, 800), (99, 677), (92, 401), (75, 193), (57, 50), (51, 7), (50, 0)],
        *[(49, -7), (41, -65), (25, -193), (8, -401), (1, -677), (0, -800)],
    ],
)
def test_table_8_1_1_rows(p: int, dp: int) -> None:
    assert dp_of(p) == dp


def test_the_tables_are_the_tables_not_the_logistic_formula() -> None:
    """At D = 600 the logistic curve 1/(1 + 10^(−D/400)) gives 0.969, which rounds to 0.97;
    the published row 560-619 says 0.98. At p = 0.99 the inverse formula gives 798; the table
    says 677."""
    assert round(100 / (1 + 10 ** (-600 / 400))) == 97
    assert pd_hundredths(600) == 98
    assert round(400 * math.log10(0.99 / 0.01)) == 798
    assert dp_of(99) == 677


def test_the_tables_are_monotone_and_whole() -> None:
    assert list(PD_UPPER_BOUNDS) == sorted(set(PD_UPPER_BOUNDS))
    assert list(DP_UPPER_HALF) == sorted(set(DP_UPPER_HALF))
    assert [pd_hundredths(d) for d in range(0, 800)] == sorted(pd_hundredths(d) for d in range(800))
    with pytest.raises(ValueError):
        dp_of(101)

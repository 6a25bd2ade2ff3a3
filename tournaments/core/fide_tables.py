"""The two tables of the FIDE Rating Regulations (Handbook B.02, the text in force from
1 March 2024), as published, as data — not the logistic formula they approximate.

Table 8.1.2 converts a rating difference D into the scoring probability PD of the higher-rated
player (the lower-rated one's is 1 − PD). Table 8.1.1 converts a fractional score p into a rating
difference dp (used for an unrated player's first rating, ``Ru = Ra + dp``).

Probabilities are kept in hundredths (integers), exactly as printed, so that every sum of
them is exact; ``pd_hundredths`` and ``dp_of`` are the two look-ups. They live in the
tournaments' pure core because both the standings (the rating tie-breaks of C.07 art. 10) and
``ratings.core.elo`` read them.
"""

from __future__ import annotations

from bisect import bisect_left

# fmt: off
# Table 8.1.2: the highest rating difference D of each row, row by row, for PD = 0.50, 0.51, …,
# 0.99 of the higher-rated player (0-3 → 0.50, 4-10 → 0.51, …, 620-735 → 0.99); a difference
# above 735 gives 1.00.
PD_UPPER_BOUNDS: tuple[int, ...] = (
      3,  10,  17,  25,  32,  39,  46,  53,  61,  68,   # 0.50 … 0.59
     76,  83,  91,  98, 106, 113, 121, 129, 137, 145,   # 0.60 … 0.69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,   # 0.70 … 0.79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,   # 0.80 … 0.89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,   # 0.90 … 0.99
)

# Table 8.1.1: dp for p = 0.50, 0.51, …, 1.00. The published table's lower half is this one
# mirrored (p = 0.49 → −7, …, p = 0.00 → −800): dp(1 − p) = −dp(p).
DP_UPPER_HALF: tuple[int, ...] = (
      0,                                                  # 0.50
      7,  14,  21,  29,  36,  43,  50,  57,  65,  72,     # 0.51 … 0.60
     80,  87,  95, 102, 110, 117, 125, 133, 141, 149,     # 0.61 … 0.70
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240,     # 0.71 … 0.80
    251, 262, 273, 284, 296, 309, 322, 336, 351, 366,     # 0.81 … 0.90
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,     # 0.91 … 1.00
)
# fmt: on

assert len(PD_UPPER_BOUNDS) == 50 and len(DP_UPPER_HALF) == 51


def pd_hundredths(difference: int) -> int:
    """Table 8.1.2: the scoring probability, in hundredths, of a player whose rating is
    ``difference`` points above the opponent's (negative: below). The whole table — no 400-point
    cap here; ``elo`` applies the cap before it looks up."""
    higher = 50 + bisect_left(PD_UPPER_BOUNDS, abs(difference))
    return higher if difference >= 0 else 100 - higher


def dp_of(p_hundredths: int) -> int:
    """Table 8.1.1: dp for a fractional score ``p`` given in hundredths (0 … 100)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"p must be 0 … 100 hundredths, not {p_hundredths}")
    if p_hundredths >= 50:
        return DP_UPPER_HALF[p_hundredths - 50]
    return -DP_UPPER_HALF[50 - p_hundredths]

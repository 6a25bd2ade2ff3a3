"""The ratings app's answers to the tournaments app's signals and hooks (connected in
``RatingsConfig.ready``)."""

from __future__ import annotations


def connect() -> None:
    """Nothing yet."""

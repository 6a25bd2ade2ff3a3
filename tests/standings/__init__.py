"""Tests of the pure standings core (tournaments.standings)."""

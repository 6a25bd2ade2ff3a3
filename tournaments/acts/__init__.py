"""The acts on a tournament: every write, each through one service and one record."""

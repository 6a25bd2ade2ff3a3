"""The tournament workbook: ``write`` (players, rounds, standings, log, board sheets), reading
its ``tables`` back, and ``results`` in the club's notation."""

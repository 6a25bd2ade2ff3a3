"""The rating arithmetic as a pure core: no Django, no models, plain records in and out.

- ``periods``: the shared shape — a game record, the rating periods, ``run`` (a whole history,
  period by period) and ``apply_period`` (one more period on top of a state);
- ``elo``: FIDE-style Elo as the FIDE Rating Regulations (2024 text) describe it;
- ``glicko2``: Glicko-2 as Glickman's "Example of the Glicko-2 system" describes it;
- the regulations' two tables (8.1.1 and 8.1.2) are data in ``tournaments.core.fide_tables``
  (one place: the standings' rating tie-breaks read them too).
"""

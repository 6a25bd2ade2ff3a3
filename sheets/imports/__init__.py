"""Imports: read a workbook against the site (``read``, with ``context``), put each board's
sheets and game together (``reconcile``), the resulting ``plan``, and ``apply`` it (``gameio``
bridges to the games services)."""

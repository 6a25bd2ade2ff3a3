"""Spreadsheet import and export in the lettered-grid layout of the clubs' paper forms.

See ``docs/spreadsheets.md`` for the design and ``sheets.services`` for the API.
"""

"""Board sheets, one game a sheet in the clubs' paper layout: ``write`` one, ``read`` one back
into a ``record``, ``check`` it (moves replayed through the rules engine, or a final
``position``), and the rules in words (``ruletext``)."""

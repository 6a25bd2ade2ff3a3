"""The xlsx layer: the streaming ``writer``, the ``reader`` (python-calamine), the file checks
before anything is read (``safety``) and the uploads kept between preview and apply
(``uploads``). Knows nothing of games or tournaments."""

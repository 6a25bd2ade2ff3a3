"""The embedded SQLite database's backend: Django's, with writers queued on a lock file
(:mod:`config.sqlite.base`). ``ENGINE = "config.sqlite"``."""

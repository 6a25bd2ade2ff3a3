"""``python -m config.checkdeploy``: Django's deployment checks on the production settings.

Runs ``manage.py check --deploy --fail-level WARNING`` with
``DJANGO_SETTINGS_MODULE=config.settings.production`` and exits non-zero on any warning, so CI can
call it as it is. Variables the production settings require and the environment lacks get
stand-ins (a throw-away random secret key, the host ``example.org``), said on stderr: the check is
then of the settings' code and defaults; on a server, run it with the real environment. Extra
arguments go to ``check`` (e.g. ``--tag security``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping, Sequence

STAND_INS = {"DJANGO_ALLOWED_HOSTS": "example.org"}


def prepare_environment(environ: MutableMapping[str, str]) -> list[str]:
    """Point ``environ`` at the production settings; fill in what is missing. Returns the names
    given stand-ins."""
    from django.core.management.utils import get_random_secret_key

    environ["DJANGO_SETTINGS_MODULE"] = "config.settings.production"
    filled = []
    for name, value in {"DJANGO_SECRET_KEY": get_random_secret_key(), **STAND_INS}.items():
        if not environ.get(name, "").strip():
            environ[name] = value
            filled.append(name)
    return filled


def main(argv: Sequence[str] | None = None) -> None:
    """Run the checks; exits with check's status (1 on any warning or error)."""
    from django.core.management import execute_from_command_line

    filled = prepare_environment(os.environ)
    if filled:
        print(f"checkdeploy: stand-ins for {', '.join(filled)} (not set)", file=sys.stderr)
    args = list(sys.argv[1:] if argv is None else argv)
    execute_from_command_line(["manage.py", "check", "--deploy", "--fail-level", "WARNING", *args])


if __name__ == "__main__":
    main()

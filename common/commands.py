"""The management commands' common ground: each speaks one of the site's languages.

:class:`TranslatedCommand` is a ``BaseCommand`` with a ``--language`` option (one of
``settings.LANGUAGES``; by default the active language — ``settings.LANGUAGE_CODE`` when run from
``manage.py``, the caller's when called from code) and runs the whole command — its output, its
errors, and ``--help`` too — under ``translation.override`` of that language. A language the site
does not have is refused with the list of those it has.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _

OPTION = "--language"
# How many problems a command's message lists before "… and N more".
SHOWN_PROBLEMS = 20


def language_codes() -> list[str]:
    """The codes of the site's languages (``settings.LANGUAGES``), in their order."""
    return [code for code, _name in settings.LANGUAGES]


def language_code(value: str) -> str:
    """``value`` as one of the site's language codes (case, ``_``/``-`` and a region aside:
    ``EN``, ``en_GB``); an ``ArgumentTypeError`` naming the languages there are otherwise."""
    code = str(value).strip().lower().replace("_", "-")
    for candidate in (code, code.split("-")[0]):  # "en-GB" is English
        if candidate in language_codes():
            return candidate
    raise argparse.ArgumentTypeError(
        _("There is no language “%(code)s” on this site; choose one of: %(codes)s.")
        % {"code": value, "codes": ", ".join(language_codes())}
    )


def _language_in(argv: Sequence[str]) -> str | None:
    """The language named on a command line (``--language xx`` or ``--language=xx``), if it is
    one of the site's; ``None`` otherwise (the parser then says what is wrong)."""
    for n, arg in enumerate(argv):
        value = None
        if arg == OPTION and n + 1 < len(argv):
            value = argv[n + 1]
        elif arg.startswith(OPTION + "="):
            value = arg.split("=", 1)[1]
        if value is not None:
            try:
                return language_code(value)
            except argparse.ArgumentTypeError:
                return None
    return None


def model_label(label: str) -> str:
    """A model named by its label (``games.game``) as people call it, in the active language:
    its ``verbose_name_plural`` ("Games"); the label itself for a model that is not installed."""
    try:
        model = apps.get_model(label)
    except (LookupError, ValueError):
        return label
    return capfirst(str(model._meta.verbose_name_plural))


def problem_list(problems: Sequence[str], *, shown: int = SHOWN_PROBLEMS) -> str:
    """``problems`` one a line (``  - …``), the first ``shown`` of them, then "… and N more"."""
    listed = list(problems)[:shown]
    text = "\n".join(f"  - {problem}" for problem in listed)
    if len(problems) > len(listed):
        text += "\n  " + _("… and %(count)s more.") % {"count": len(problems) - len(listed)}
    return text


class TranslatedCommand(BaseCommand):
    """A command whose output and errors are in the language of ``--language``."""

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        if parser.description is not None:  # a lazy ``help``: argparse's wrapping needs a str
            parser.description = str(parser.description)
        parser.add_argument(
            OPTION,
            type=language_code,
            default=None,
            metavar="|".join(language_codes()),
            help=_("the language of the messages (default: the site's, %(code)s)")
            % {"code": settings.LANGUAGE_CODE},
        )
        return parser

    def run_from_argv(self, argv: list[str]) -> None:
        # From the shell: the help and the parser's own errors in the language asked for too.
        with translation.override(_language_in(argv[2:]) or translation.get_language()):
            super().run_from_argv(argv)

    def execute(self, *args: Any, **options: Any) -> Any:
        asked = options.get("language")
        try:  # call_command(..., language=…) passes the value without the parser's check
            code = language_code(asked) if asked else None
        except argparse.ArgumentTypeError as err:
            raise CommandError(str(err)) from None
        self.language = code or translation.get_language() or settings.LANGUAGE_CODE
        options["language"] = self.language
        with translation.override(self.language):
            return super().execute(*args, **options)

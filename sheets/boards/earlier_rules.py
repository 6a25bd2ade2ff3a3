"""Earlier wordings of the rule sentences of :mod:`sheets.boards.ruletext`: read, never written.

A board sheet carries the rules in force in words, in the language it was written in, and an
import reads the options back from those words (``sheets.boards.read``). When a catalogue's
review rewords a sentence, a sheet written before it would match no language any more: its
rules would be lost. So every earlier wording stays here, as plain data, and the reader accepts
it as the same rule; the writer only ever uses the catalogue.

``EARLIER[code]`` lists the earlier wordings of language ``code``, each a mapping from a rule
sentence's msgid to its text in that wording. A wording names only the sentences whose text
differs from the current catalogue (the others read as the catalogue has them); when a later
review rewords a sentence again, add the text it had to every earlier wording that does not
name it yet, and the new earlier wording as a new mapping.
"""

# ruff: noqa: E501 - each sentence whole on its line, as the catalogue had it

from __future__ import annotations

from collections.abc import Mapping

EARLIER: dict[str, tuple[Mapping[str, str], ...]] = {
    "fa": (
        # Before the review of the Persian catalogue (commit 325443e, 2026-12-01).
        {
            "The cell played, read inside its small board, names the opponent's board.": "خانهٔ بازی‌شده، اگر درون صفحهٔ کوچکش خوانده شود، صفحهٔ حریف را تعیین می‌کند.",  # U_SEND
            "A won or drawn small board stays in play while it has empty cells.": "صفحهٔ کوچکِ برده یا مساوی‌شده تا وقتی خانهٔ خالی دارد در بازی می‌ماند.",  # U_OPEN
            "Sent to a won or drawn small board, play any empty cell.": "اگر به صفحهٔ کوچکِ برده یا مساوی‌شده فرستاده شدید، در هر خانهٔ خالی بازی کنید.",  # U_FREE
            "A won or drawn small board is closed: no more moves in it.": "صفحهٔ کوچکِ برده یا مساوی‌شده بسته است: دیگر حرکتی در آن نیست.",  # U_CLOSED
            "Sent to a closed or full board, play in any open board.": "اگر به صفحهٔ بسته یا پر فرستاده شدید، در هر صفحهٔ بازی بازی کنید.",  # U_CLOSED_FREE
            "Three won small boards in a line win; drawn boards count for nobody.": "سه صفحهٔ کوچکِ برده در یک ردیف برنده است؛ صفحه‌های مساوی برای هیچ‌کس حساب نمی‌شوند.",  # U_BIG_CLASSIC
            "A move that completes lines for both players wins for the mover.": "حرکتی که برای هر دو بازیکن ردیف کامل کند، به سود حرکت‌کننده است.",  # U_BOTH
            "No open board left without a winning line: a draw.": "صفحهٔ بازی نمانده و ردیف برنده‌ای نیست: تساوی.",  # U_NO_OPEN
            "None.": "هیچ.",  # NONE
            "Each new SOS scores a point, and the scorer moves again.": "هر SOS تازه یک امتیاز دارد و امتیازگیرنده دوباره حرکت می‌کند.",  # S_AGAIN
            "When the grid is full, the most SOSs win.": "وقتی جدول پر شد، بیشترین SOS برنده است.",  # S_MOST
        },
    ),
}

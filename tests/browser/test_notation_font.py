"""The notation's font tells O from 0: the vendored monospace loads in Chromium and its zero has
ink in the middle (a dot) where the letter O has none."""

from __future__ import annotations

import pytest

from games import services
from tests.browser.conftest import PageFactory
from tests.factories import make_player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Draw a glyph on a canvas in the page's notation font and count the dark pixels in the middle
# fifth of its box (the hole of an O; the dot or slash of a distinct zero).
CENTRE_INK = """async (glyph) => {
  const family = getComputedStyle(document.querySelector('.notation')).fontFamily;
  await document.fonts.load('700 160px "Club Mono"');
  const canvas = document.createElement('canvas');
  canvas.width = 200; canvas.height = 200;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, 200, 200);
  ctx.fillStyle = '#000'; ctx.font = '700 160px ' + family;
  ctx.textBaseline = 'alphabetic';
  const m = ctx.measureText(glyph);
  ctx.fillText(glyph, 20, 170);
  const left = 20 - m.actualBoundingBoxLeft, right = 20 + m.actualBoundingBoxRight;
  const top = 170 - m.actualBoundingBoxAscent, bottom = 170 + m.actualBoundingBoxDescent;
  const w = right - left, h = bottom - top;
  const box = ctx.getImageData(left + 0.4 * w, top + 0.4 * h, 0.2 * w, 0.2 * h).data;
  let ink = 0;
  for (let i = 0; i < box.length; i += 4) if (box[i] < 128) ink++;
  return {ink, family, loaded: document.fonts.check('700 160px "Club Mono"')};
}"""


def test_the_notation_font_tells_the_letter_o_from_zero(open_page: PageFactory) -> None:
    game = services.create_game(
        kind="sos",
        options={"rows": 3, "cols": 3, "players": 2, "mode": "most"},
        players=[make_player("Alice"), make_player("Boris")],
    )
    page = open_page(game.get_absolute_url())
    page.evaluate(
        "document.querySelector('.scoresheet').insertAdjacentHTML('beforeend',"
        " '<span class=\"notation\">O0</span>')"
    )
    letter = page.evaluate(CENTRE_INK, "O")
    zero = page.evaluate(CENTRE_INK, "0")
    assert letter["family"].startswith('"Club Mono"')
    assert letter["loaded"], "the vendored font did not load"
    assert letter["ink"] == 0
    assert zero["ink"] > 20

// The new-game forms on one device and against the computer (templates/games/device_new.html):
// only the seats the game has are shown (the number under "Players"); without this script every
// seat's row is there and the server reads as many as the number says.
(function () {
  "use strict";
  const seats = document.querySelector('input[name="seats"]');
  const rows = document.querySelectorAll(".seat-row");
  if (!seats || !rows.length) return;
  function show() {
    const count = parseInt(seats.value, 10);
    rows.forEach(function (row, n) {
      row.hidden = Number.isFinite(count) && count >= 2 && n >= count;
    });
  }
  seats.addEventListener("input", show);
  show();
})();

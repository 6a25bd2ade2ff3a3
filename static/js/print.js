// The "Print" button of the pages made to be printed (pairings, standings, crosstable): shown
// only where JavaScript runs; without it the browser's own Print gives the same sheet.
(function () {
  "use strict";
  document.querySelectorAll("button[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
})();

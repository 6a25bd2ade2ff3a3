// The bracket page's live update: every 15 seconds it asks whether the tournament changed
// (its change stamp, Tournament.revision) and, when it did, swaps the drawn bracket for the new
// one. Without JavaScript the page is complete; it simply does not update itself.
(function () {
  "use strict";
  var box = document.getElementById("bracket");
  if (!box || !window.fetch) {
    return;
  }
  var EVERY = 15000;
  function poll() {
    if (document.hidden) {
      return;
    }
    var url = box.dataset.live + "?since=" + encodeURIComponent(box.dataset.revision);
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (response.status !== 200) {
          return null;
        }
        var revision = response.headers.get("X-Revision");
        return response.text().then(function (html) {
          box.innerHTML = html;
          if (revision) {
            box.dataset.revision = revision;
          }
        });
      })
      .catch(function () {});
  }
  window.setInterval(poll, EVERY);
  document.addEventListener("visibilitychange", poll);
})();

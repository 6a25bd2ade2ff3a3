// The board page without reloads: moves are posted with fetch, the panel is swapped in place,
// and a light poll notices the opponent's moves. Without JavaScript the same forms and links work.
(function () {
  "use strict";
  const root = document.getElementById("game");
  if (!root) return;
  const panelUrl = root.dataset.panelUrl;
  const liveUrl = root.dataset.liveUrl;
  const POLL_MS = 1000;
  let letter = null;
  let busy = false;

  function panel() {
    return root.querySelector(".panel");
  }

  function atFromLocation() {
    const at = new URL(window.location.href).searchParams.get("at");
    return at === null ? null : at;
  }

  async function load(at) {
    const url = new URL(panelUrl, window.location.href);
    if (at !== null && at !== undefined) url.searchParams.set("at", at);
    const response = await fetch(url, { headers: { "X-Requested-With": "fetch" }, cache: "no-store" });
    if (!response.ok) return false;
    root.innerHTML = await response.text();
    restoreLetter();
    return true;
  }

  function restoreLetter() {
    if (!letter) return;
    const radio = root.querySelector('input[name="letter"][value="' + letter + '"]');
    if (radio) radio.checked = true;
  }

  function showError(text) {
    const box = root.querySelector(".move-error");
    if (box) box.textContent = text;
  }

  root.addEventListener("change", function (event) {
    if (event.target.name === "letter") letter = event.target.value;
  });

  root.addEventListener("submit", async function (event) {
    const form = event.target;
    if (!form.hasAttribute("data-move")) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    const data = new FormData(form, event.submitter);
    let result = { ok: false, error: "" };
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: data,
        headers: { Accept: "application/json", "X-Requested-With": "fetch" },
        credentials: "same-origin",
      });
      result = await response.json();
    } catch (err) {
      // Not JSON (an error page, an expired session) or no network at all.
      result = { ok: false, error: root.dataset.networkError || "" };
    }
    await load(null);
    busy = false;
    if (!result.ok) showError(result.error);
  });

  root.addEventListener("click", function (event) {
    const link = event.target.closest("a[data-at]");
    if (!link) return;
    event.preventDefault();
    load(link.dataset.at).then(function () {
      window.history.replaceState(null, "", link.href);
    });
  });

  async function poll() {
    const current = panel();
    if (!busy && current && current.dataset.replaying !== "1" && !document.hidden) {
      try {
        const response = await fetch(liveUrl, { cache: "no-store" });
        if (response.ok) {
          const live = await response.json();
          // A round started by the arbiter: the board becomes playable (same ply and status).
          const started = live.clock && !live.clock.waiting && current.querySelector("[data-clocks-waiting]");
          if (String(live.ply) !== current.dataset.ply || live.status !== current.dataset.status || started) {
            await load(atFromLocation() === null ? null : live.ply);
          }
        }
      } catch (err) {
        // The network may come back; try again on the next tick.
      }
    }
    window.setTimeout(poll, POLL_MS);
  }
  window.setTimeout(poll, POLL_MS);
})();

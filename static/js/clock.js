// The board page's clocks: counted down in the browser between polls, corrected by the server's
// figures at each poll. The server keeps the time; this is only a display. When a displayed
// clock reaches zero, the server is asked at once: it ends the game on time, and the page's
// own poll (game.js) then shows the result.
(function () {
  "use strict";
  if (window.clubClocks) return;
  window.clubClocks = true;
  const root = document.getElementById("game");
  if (!root) return;
  const liveUrl = root.dataset.liveUrl;
  const TICK_MS = 200;
  const POLL_MS = 2000;
  let seen = null;
  let base = null;
  let asked = false;
  const warned = {};

  function box() {
    return root.querySelector("[data-clocks]");
  }

  function fromMarkup(el) {
    const ms = [];
    el.querySelectorAll(".clock").forEach(function (c) {
      ms[Number(c.dataset.seat)] = Number(c.dataset.ms);
    });
    return {
      at: performance.now(),
      ms: ms,
      running: el.dataset.running === "" ? null : Number(el.dataset.running),
      paused: el.dataset.paused === "1",
    };
  }

  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function format(ms, el) {
    let s = Math.max(0, Math.floor(ms / 1000));
    if (el.dataset.correspondence === "1" && s >= 86400) {
      const days = Math.floor(s / 86400);
      s -= days * 86400;
      return days + " " + el.dataset.dayUnit + " " + two(Math.floor(s / 3600)) + ":" + two(Math.floor((s % 3600) / 60));
    }
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = s % 60;
    return h ? h + ":" + two(m) + ":" + two(sec) : m + ":" + two(sec);
  }

  function render() {
    const el = box();
    if (!el) return;
    if (el !== seen) {
      // A new panel (after a move or a poll that saw a change): the server's figures.
      seen = el;
      base = fromMarkup(el);
      asked = false;
    }
    const elapsed = performance.now() - base.at;
    const low = Number(el.dataset.lowMs);
    el.querySelectorAll(".clock").forEach(function (c) {
      const seat = Number(c.dataset.seat);
      const running = base.running === seat && !base.paused;
      const left = base.ms[seat] - (running ? elapsed : 0);
      c.classList.toggle("clock--running", running);
      c.classList.toggle("clock--low", left <= low);
      c.querySelector(".clock__time").textContent = format(left, el);
      if (running && left <= low && !warned[seat]) {
        warned[seat] = true;
        const name = c.querySelector(".clock__name").textContent;
        el.querySelector(".clocks__warning").textContent = el.dataset.lowText + " " + name;
      }
      if (running && left <= 0 && !asked) {
        asked = true;
        poll(false);
      }
    });
  }

  async function poll(again) {
    if (box() && liveUrl && !document.hidden) {
      try {
        const response = await fetch(liveUrl, { cache: "no-store" });
        if (response.ok) {
          const live = await response.json();
          if (live.clock) {
            base = {
              at: performance.now(),
              ms: live.clock.remaining_ms,
              running: live.clock.running,
              paused: live.clock.paused,
            };
          }
        }
      } catch (err) {
        // The network may come back; the display runs on meanwhile.
      }
    }
    if (again) window.setTimeout(poll, POLL_MS, true);
  }

  window.setInterval(render, TICK_MS);
  window.setTimeout(poll, POLL_MS, true);
})();

// The board page without reloads: moves are posted with fetch, the panel is swapped in place,
// and a light poll notices the opponent's moves. Without JavaScript the same forms and links work.
(function () {
  "use strict";
  const root = document.getElementById("game");
  if (!root) return;
  const panelUrl = root.dataset.panelUrl;
  const liveUrl = root.dataset.liveUrl;
  const POLL_MS = 1000;
  const THINKING_RELOAD = 8;  // polls
  let waited = 0;
  let letter = null;
  let busy = false;
  const announcer = document.getElementById("move-announcer");
  const SOUND_KEY = "club.moveSounds";
  let sounds = readSounds();
  let audio = null;
  let shownPly = panel() ? Number(panel().dataset.ply) : 0;
  // Keyboard play: the cell that has the board's one tab stop (its name), and whether the focus
  // was on the board when the panel was swapped (then it is put back there).
  let focusName = null;
  let focusPending = false;

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
    const active = document.activeElement;
    const onBoard = !!(active && active.closest && active.closest("#game .board"));
    focusPending = onBoard || (focusPending && (!active || active === document.body));
    root.innerHTML = await response.text();
    restoreLetter();
    setupBoard();
    announceNewMoves();
    return true;
  }

  // -- What a move says: the live region outside the panel, and an optional beep --------------

  function announceNewMoves() {
    const current = panel();
    if (!current) return;
    const ply = Number(current.dataset.ply);
    if (current.dataset.replaying !== "1" && ply > shownPly) {
      const says = current.querySelector("template.says");
      if (says && announcer) {
        says.content.querySelectorAll("p[data-ply]").forEach(function (p) {
          if (Number(p.dataset.ply) > shownPly) {
            const line = document.createElement("p");
            line.textContent = p.textContent;
            announcer.appendChild(line);
          }
        });
        while (announcer.childElementCount > 6) announcer.removeChild(announcer.firstElementChild);
      }
      beep(current.querySelector(".result") ? 440 : 660);
    }
    if (current.dataset.replaying !== "1") shownPly = ply;
  }

  function readSounds() {
    try {
      return window.localStorage.getItem(SOUND_KEY) === "on";
    } catch (err) {
      return false;
    }
  }

  function beep(frequency) {
    if (!sounds) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.16);
    } catch (err) {
      // No sound: the move is shown and announced all the same.
    }
  }

  const toggle = document.querySelector(".sound-toggle");
  if (toggle) {
    toggle.closest("[hidden]")?.removeAttribute("hidden");
    toggle.setAttribute("aria-pressed", sounds ? "true" : "false");
    toggle.addEventListener("click", function () {
      sounds = !sounds;
      toggle.setAttribute("aria-pressed", sounds ? "true" : "false");
      try {
        window.localStorage.setItem(SOUND_KEY, sounds ? "on" : "off");
      } catch (err) {
        // Private windows may refuse: the choice lasts for this page.
      }
      if (sounds) beep(660);
    });
  }

  // -- Keyboard play: one tab stop on the board, the arrows move it over the playable cells ----

  function grid() {
    const board = root.querySelector(".board");
    if (!board) return null;
    const rows = [];
    board.querySelectorAll(".board-row").forEach(function (row) {
      const cells = row.querySelectorAll(".cell");
      if (cells.length) rows.push(Array.prototype.slice.call(cells));
    });
    return { board: board, rows: rows };
  }

  function cellName(cell) {
    return cell.value || cell.dataset.cell || "";
  }

  function position(g, cell) {
    for (let r = 0; r < g.rows.length; r++) {
      const c = g.rows[r].indexOf(cell);
      if (c >= 0) return [r, c];
    }
    return null;
  }

  function playable(cell) {
    return cell && cell.tagName === "BUTTON";
  }

  function setStop(g, target) {
    g.board.querySelectorAll("button.cell").forEach(function (b) {
      b.tabIndex = b === target ? 0 : -1;
    });
    if (target) focusName = cellName(target);
  }

  // The playable cell nearest to the one named (the same one if still playable).
  function nearest(g, name) {
    let best = null;
    let bestDistance = Infinity;
    let from = null;
    g.rows.forEach(function (row, r) {
      row.forEach(function (cell, c) {
        if (cellName(cell) === name) from = [r, c];
      });
    });
    g.rows.forEach(function (row, r) {
      row.forEach(function (cell, c) {
        if (!playable(cell)) return;
        const d = from ? Math.abs(r - from[0]) + Math.abs(c - from[1]) : r * 100 + c;
        if (d < bestDistance) {
          best = cell;
          bestDistance = d;
        }
      });
    });
    return best;
  }

  function markHint() {
    // A hint against the computer (games/computer_panel.py): its cell framed on the board too.
    const hint = root.querySelector("[data-hint-cell]");
    if (!hint) return;
    root.querySelectorAll("button.cell").forEach(function (b) {
      if (b.value === hint.dataset.hintCell) b.classList.add("hinted");
    });
  }

  function setupBoard() {
    markHint();
    const g = grid();
    if (!g) return;
    const target = nearest(g, focusName);
    setStop(g, target);
    if (!focusPending) return;
    if (target) {
      target.focus();
      focusPending = false;
    } else {
      // Not our turn: the focus waits on the board itself until a cell can be played again.
      g.board.tabIndex = -1;
      g.board.focus();
    }
  }

  const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  root.addEventListener("keydown", function (event) {
    const cell = event.target.closest && event.target.closest(".board button.cell");
    if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
    const g = grid();
    const at = g && position(g, cell);
    if (!at) return;
    let next = null;
    if (STEPS[event.key]) {
      const step = STEPS[event.key];
      let r = at[0] + step[0];
      let c = at[1] + step[1];
      while (r >= 0 && r < g.rows.length && c >= 0 && c < g.rows[r].length) {
        if (playable(g.rows[r][c])) {
          next = g.rows[r][c];
          break;
        }
        r += step[0];
        c += step[1];
      }
    } else if (/^[a-z]$/i.test(event.key)) {
      // SOS: the letter keys choose the letter to write (S, O), the focus stays on the cell.
      const radio = root.querySelector('input[name="letter"][value="' + event.key.toUpperCase() + '"]');
      if (!radio) return;
      radio.checked = true;
      letter = radio.value;
      event.preventDefault();
      return;
    } else if (event.key === "Home" || event.key === "End") {
      const all = g.board.querySelectorAll("button.cell");
      next = all[event.key === "Home" ? 0 : all.length - 1];
    } else {
      return;
    }
    event.preventDefault();
    if (next) {
      setStop(g, next);
      next.focus();
    }
  });

  root.addEventListener("focusin", function (event) {
    const cell = event.target.closest && event.target.closest(".board button.cell");
    if (!cell) return;
    const g = grid();
    if (g) setStop(g, cell);
  });

  setupBoard();

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
          // A seat whose time ran out at a table of three or more: the others play on (same ply).
          const out = live.clock && live.clock.out ? live.clock.out.join(",") : (current.dataset.out || "");
          // The computer thinking (a game against it): its move comes with the ply; the panel is
          // asked again now and then all the same, which asks again a thought lost on the server.
          const thinking = current.dataset.thinking === "1" && ++waited % THINKING_RELOAD === 0;
          if (String(live.ply) !== current.dataset.ply || live.status !== current.dataset.status || started || out !== (current.dataset.out || "") || thinking) {
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

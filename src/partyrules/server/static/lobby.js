// The lobby: the open tables (GET /api/tables, refreshed while the page is open) and a
// form that creates a table (POST /api/tables) from a game's settings as GET /api/games
// describes them, then shows the host, seat and spectator links to hand out.
"use strict";

(() => {
  const REFRESH_EVERY = 5000;
  let games = [];

  const {language, t, loadMessages, translatePage, el, humanize} = window.PartyPage;

  function showError(message, code) {
    const box = document.getElementById("banners");
    const banner = el("div", {class: "banner error", role: "alert", dataset: {code: code || ""}},
      el("span", {class: "message"}, message, code ? el("span", {class: "code"}, ` (${code})`) : null),
      el("button", {type: "button", class: "dismiss", "aria-label": t("Dismiss"),
                    onclick: () => banner.remove()}, "×"));
    box.replaceChildren(banner);
  }

  // -- open tables ------------------------------------------------------------------------

  async function refreshTables() {
    const box = document.getElementById("tables");
    let tables;
    try {
      const response = await fetch("/api/tables");
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      tables = await response.json();
    } catch (error) {
      box.replaceChildren(el("p", {class: "hint"}, t("Could not list the tables ({error}).", {error: error.message})));
      return;
    }
    if (!tables.length) {
      box.replaceChildren(el("p", {class: "hint"}, t("No open table yet: create one above.")));
      return;
    }
    box.replaceChildren(el("table", {class: "tables"},
      el("thead", {}, el("tr", {}, el("th", {}, t("Game")), el("th", {}, t("Seats")),
                                   el("th", {}, t("Moves")), el("th", {}, t("Started")))),
      el("tbody", {}, tables.map((table) => el("tr", {dataset: {table: table.id}},
        el("td", {}, table.title, el("br"), el("span", {class: "hint"}, table.id)),
        el("td", {}, table.seats.map((seat) => el("span", {
          class: seat.kind === "person" ? (seat.connected ? "seat-dot on" : "seat-dot") : "seat-dot bot",
          title: seat.kind !== "person" ? t("Seat {seat}: bot {kind}", {seat: seat.seat, kind: seat.kind})
            : seat.connected ? t("Seat {seat}: a person, here", {seat: seat.seat})
              : t("Seat {seat}: a person, not connected", {seat: seat.seat}),
        }))),
        el("td", {}, String(table.actions), table.finished ? " " + t("(over)") : ""),
        el("td", {}, formatTime(table.created)))))));
  }

  function formatTime(iso) {
    const when = new Date(iso);
    return Number.isNaN(when.getTime()) ? String(iso) : when.toLocaleString(language);
  }

  // -- the form ---------------------------------------------------------------------------

  function selectedGame() {
    const name = document.getElementById("game-select").value;
    return games.find((game) => game.name === name);
  }

  /** A config field's input, labelled by the game's sentence for it (its `options`). */
  function configInput(game, field, fallback) {
    const id = `config-${field}`;
    const name = (game.options || {})[field] || humanize(field);
    if (typeof fallback === "boolean") {
      return el("label", {class: "check"},
        el("input", {type: "checkbox", id, name: field, checked: fallback, dataset: {kind: "boolean"}}),
        name);
    }
    if (typeof fallback === "number") {
      return el("label", {}, name,
        el("input", {type: "number", id, name: field, placeholder: String(fallback), step: "1",
                     dataset: {kind: "number"}}));
    }
    if (typeof fallback === "string") {
      return el("label", {}, name,
        el("input", {type: "text", id, name: field, placeholder: fallback, dataset: {kind: "string"}}));
    }
    // null (a default of None, or no default) and lists: JSON, left out when empty.
    return el("label", {}, t("{name} (JSON)", {name}),
      el("input", {type: "text", id, name: field, dataset: {kind: "json"},
                   placeholder: fallback === null ? t("default") : JSON.stringify(fallback)}));
  }

  function seatSelect(game, seat) {
    const options = ["person", ...game.bots];
    return el("label", {}, t("Seat {seat}", {seat}),
      el("select", {name: `seat-${seat}`, dataset: {seat: String(seat)}},
        options.map((option) => el("option", {value: option}, option === "person" ? t("a person")
          : t("bot: {spec}", {spec: t(option)})))));
  }

  function renderSeats() {
    const game = selectedGame();
    const box = document.getElementById("seat-fields");
    const count = Number(document.getElementById("players-input").value);
    const before = [...box.querySelectorAll("select")].map((select) => select.value);
    if (!game || !Number.isInteger(count) || count < 1 || count > 20) {
      box.replaceChildren();
      return;
    }
    box.replaceChildren(...Array.from({length: count}, (_, seat) => seatSelect(game, seat)));
    box.querySelectorAll("select").forEach((select, seat) => {
      if (before[seat]) select.value = before[seat];
    });
  }

  function renderGame() {
    const game = selectedGame();
    if (!game) return;
    const players = document.getElementById("players-input");
    players.min = String(game.min_players);
    players.max = String(game.max_players);
    const fallback = typeof game.config.players === "number" ? game.config.players : game.min_players;
    players.value = String(Math.max(game.min_players, Math.min(game.max_players, fallback)));
    document.getElementById("game-hint").textContent = [
      t("{title}: {low} to {high} players.", {title: game.title, low: game.min_players,
                                              high: game.max_players}),
      ...(game.how_to_play || []).slice(0, 1)].join(" ");
    const fields = Object.entries(game.config).filter(([field]) => field !== "players");
    document.getElementById("config-fields").replaceChildren(
      ...fields.map(([field, fallbackValue]) => configInput(game, field, fallbackValue)));
    renderSeats();
  }

  function readConfig(game) {
    const config = {players: Number(document.getElementById("players-input").value)};
    for (const input of document.querySelectorAll("#config-fields input")) {
      const field = input.name;
      const fallback = game.config[field];
      const kind = input.dataset.kind;
      if (kind === "boolean") {
        if (input.checked !== fallback) config[field] = input.checked;
      } else if (input.value.trim() === "") {
        continue;                 // the game's default
      } else if (kind === "number") {
        config[field] = Number(input.value);
      } else if (kind === "string") {
        config[field] = input.value.trim();
      } else {
        try {
          config[field] = JSON.parse(input.value);
        } catch (_) {
          throw new Error(t("{name} must be JSON (for example 3, \"text\" or [1, 2]).",
                            {name: (game.options || {})[field] || humanize(field)}));
        }
      }
    }
    return config;
  }

  async function createTable(event) {
    event.preventDefault();
    const game = selectedGame();
    if (!game) return;
    let body;
    try {
      body = {
        game: game.name,
        language,                 // a game that has one plays its deck in the page's language
        config: readConfig(game),
        seats: [...document.querySelectorAll("#seat-fields select")].map((select) => select.value),
      };
    } catch (error) {
      showError(error.message, "invalid_config");
      return;
    }
    if (document.getElementById("referee-input").checked) body.referee = true;
    const seed = document.getElementById("seed-input").value.trim();
    if (seed !== "") body.seed = Number(seed);
    const button = document.getElementById("create-button");
    button.disabled = true;
    try {
      const response = await fetch("/api/tables", {
        method: "POST",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify(body),
      });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) {
        const error = answer.error || {};
        showError(error.message || t("The server refused the table (HTTP {status}).",
                                     {status: response.status}), error.code);
        return;
      }
      document.getElementById("banners").replaceChildren();
      showLinks(answer);
      refreshTables();
    } catch (error) {
      showError(t("Could not reach the server ({error}).", {error: error.message}), "offline");
    } finally {
      button.disabled = false;
    }
  }

  function linkRow(label, path, role) {
    const url = new URL(path, location.origin).href;
    const input = el("input", {type: "text", readonly: true, value: url, "aria-label": label,
                               onfocus: (event) => event.target.select()});
    const copy = el("button", {type: "button", class: "secondary", onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
      } catch (_) {
        input.select();
        document.execCommand("copy");  // older browsers and plain-http pages
      }
      copy.textContent = t("Copied");
      setTimeout(() => { copy.textContent = t("Copy"); }, 1500);
    }}, t("Copy"));
    return el("div", {class: "link-row", dataset: {role}},
      el("strong", {}, label),
      el("div", {class: "copy-line"}, input, copy, el("a", {href: url, target: "_blank", rel: "noopener"}, t("Open"))));
  }

  function showLinks(created) {
    const hostLabel = created.referee ? t("Host (referee: sees every hidden card)") : t("Host");
    const rows = [linkRow(hostLabel, created.links.host, "host")];
    for (const seat of created.seats) {
      const path = created.links.seats[String(seat.seat)];
      const name = t("Seat {seat}", {seat: seat.seat});
      if (path) rows.push(linkRow(name, path, `seat-${seat.seat}`));
      else rows.push(el("div", {class: "link-row", dataset: {role: `seat-${seat.seat}`}},
        el("strong", {}, name), el("span", {class: "hint"}, t("bot: {spec}", {spec: t(seat.kind)}))));
    }
    rows.push(linkRow(t("Spectators"), created.links.spectator, "spectator"));
    document.getElementById("links").replaceChildren(...rows);
    const section = document.getElementById("created");
    section.dataset.table = created.id;
    section.hidden = false;
    section.scrollIntoView({behavior: "smooth", block: "start"});
  }

  async function loadGames() {
    try {
      const response = await fetch(`/api/games?language=${language}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      games = await response.json();
    } catch (error) {
      showError(t("Could not load the games ({error}).", {error: error.message}), "offline");
      return;
    }
    const select = document.getElementById("game-select");
    select.replaceChildren(...games.map((game) => el("option", {value: game.name}, game.title)));
    renderGame();
  }

  document.addEventListener("DOMContentLoaded", async () => {
    window.PartyPage.languageSwitch(document.getElementById("language"));
    await loadMessages(null);
    translatePage();
    document.getElementById("game-select").addEventListener("change", renderGame);
    document.getElementById("players-input").addEventListener("input", renderSeats);
    document.getElementById("create-form").addEventListener("submit", createTable);
    loadGames();
    refreshTables();
    setInterval(() => {
      if (!document.hidden) refreshTables();
    }, REFRESH_EVERY);
  });
})();

// The lobby: the open tables (GET /api/tables, refreshed while the page is open) and a
// form that creates a table (POST /api/tables) from a game's settings as GET /api/games
// describes them, then shows the host, seat and spectator links to hand out.
"use strict";

(() => {
  const REFRESH_EVERY = 5000;
  let games = [];

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
      else if (name === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function humanize(key) {
    const words = String(key).replace(/_/g, " ").trim();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  function showError(message, code) {
    const box = document.getElementById("banners");
    const banner = el("div", {class: "banner error", role: "alert", dataset: {code: code || ""}},
      el("span", {class: "message"}, message, code ? el("span", {class: "code"}, ` (${code})`) : null),
      el("button", {type: "button", class: "dismiss", "aria-label": "Dismiss",
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
      box.replaceChildren(el("p", {class: "hint"}, `Could not list the tables (${error.message}).`));
      return;
    }
    if (!tables.length) {
      box.replaceChildren(el("p", {class: "hint"}, "No open table yet: create one above."));
      return;
    }
    box.replaceChildren(el("table", {class: "tables"},
      el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Seats"),
                                   el("th", {}, "Moves"), el("th", {}, "Started"))),
      el("tbody", {}, tables.map((table) => el("tr", {dataset: {table: table.id}},
        el("td", {}, table.title, el("br"), el("span", {class: "hint"}, table.id)),
        el("td", {}, table.seats.map((seat) => el("span", {
          class: seat.kind === "person" ? (seat.connected ? "seat-dot on" : "seat-dot") : "seat-dot bot",
          title: `Seat ${seat.seat}: ${seat.kind}${seat.kind === "person"
            ? (seat.connected ? ", here" : ", not connected") : ""}`,
        }))),
        el("td", {}, String(table.actions), table.finished ? " (over)" : ""),
        el("td", {}, formatTime(table.created)))))));
  }

  function formatTime(iso) {
    const when = new Date(iso);
    return Number.isNaN(when.getTime()) ? String(iso) : when.toLocaleString();
  }

  // -- the form ---------------------------------------------------------------------------

  function selectedGame() {
    const name = document.getElementById("game-select").value;
    return games.find((game) => game.name === name);
  }

  function configInput(field, fallback) {
    const id = `config-${field}`;
    if (typeof fallback === "boolean") {
      return el("label", {class: "check"},
        el("input", {type: "checkbox", id, name: field, checked: fallback, dataset: {kind: "boolean"}}),
        humanize(field));
    }
    if (typeof fallback === "number") {
      return el("label", {}, humanize(field),
        el("input", {type: "number", id, name: field, placeholder: String(fallback), step: "1",
                     dataset: {kind: "number"}}));
    }
    if (typeof fallback === "string") {
      return el("label", {}, humanize(field),
        el("input", {type: "text", id, name: field, placeholder: fallback, dataset: {kind: "string"}}));
    }
    // null (a default of None, or no default) and lists: JSON, left out when empty.
    return el("label", {}, `${humanize(field)} (JSON)`,
      el("input", {type: "text", id, name: field, dataset: {kind: "json"},
                   placeholder: fallback === null ? "default" : JSON.stringify(fallback)}));
  }

  function seatSelect(game, seat) {
    const options = ["person", ...game.bots];
    return el("label", {}, `Seat ${seat}`,
      el("select", {name: `seat-${seat}`, dataset: {seat: String(seat)}},
        options.map((option) => el("option", {value: option}, option === "person" ? "a person" : `bot: ${option}`))));
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
    document.getElementById("game-hint").textContent =
      `${game.title}: ${game.min_players} to ${game.max_players} players.`;
    const fields = Object.entries(game.config).filter(([field]) => field !== "players");
    document.getElementById("config-fields").replaceChildren(
      ...fields.map(([field, fallbackValue]) => configInput(field, fallbackValue)));
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
          throw new Error(`${humanize(field)} must be JSON (for example 3, "text" or [1, 2]).`);
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
        showError(error.message || `The server refused the table (HTTP ${response.status}).`, error.code);
        return;
      }
      document.getElementById("banners").replaceChildren();
      showLinks(answer);
      refreshTables();
    } catch (error) {
      showError(`Could not reach the server (${error.message}).`, "offline");
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
      copy.textContent = "Copied";
      setTimeout(() => { copy.textContent = "Copy"; }, 1500);
    }}, "Copy");
    return el("div", {class: "link-row", dataset: {role}},
      el("strong", {}, label),
      el("div", {class: "copy-line"}, input, copy, el("a", {href: url, target: "_blank", rel: "noopener"}, "Open")));
  }

  function showLinks(created) {
    const hostLabel = created.referee ? "Host (referee: sees every hidden card)" : "Host";
    const rows = [linkRow(hostLabel, created.links.host, "host")];
    for (const seat of created.seats) {
      const path = created.links.seats[String(seat.seat)];
      if (path) rows.push(linkRow(`Seat ${seat.seat}`, path, `seat-${seat.seat}`));
      else rows.push(el("div", {class: "link-row", dataset: {role: `seat-${seat.seat}`}},
        el("strong", {}, `Seat ${seat.seat}`), el("span", {class: "hint"}, `bot: ${seat.kind}`)));
    }
    rows.push(linkRow("Spectators", created.links.spectator, "spectator"));
    document.getElementById("links").replaceChildren(...rows);
    const section = document.getElementById("created");
    section.dataset.table = created.id;
    section.hidden = false;
    section.scrollIntoView({behavior: "smooth", block: "start"});
  }

  async function loadGames() {
    try {
      const response = await fetch("/api/games");
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      games = await response.json();
    } catch (error) {
      showError(`Could not load the games (${error.message}).`, "offline");
      return;
    }
    const select = document.getElementById("game-select");
    select.replaceChildren(...games.map((game) => el("option", {value: game.name}, game.title)));
    renderGame();
  }

  document.addEventListener("DOMContentLoaded", () => {
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

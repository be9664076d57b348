// The table page: one WebSocket to /ws/{id}, a join with the token of the URL fragment
// (the fragment never reaches the server), then every update rendered: the view by a
// generic renderer that fits any game, the legal actions as buttons (free-text ones as
// a text box and a button), the log, errors as a dismissible banner. A game's screen is
// its board script, served from its own package where the game declares one
// (table.board in the welcome), which registers itself with PartyTable.register.
"use strict";

(() => {
  const TABLE_SEAT = -1;            // partyrules.core.game.TABLE: the whole table's rulings
  const MAX_LOG = 500;              // the server sends at most the last 500 entries
  const RECONNECT_DELAYS = [250, 500, 1000, 2000, 4000];   // then every 4 s, with jitter
  const PING_EVERY = 20000;         // keeps idle connections open through proxies
  const MANY_BUTTONS = 12;          // beyond this, a filter box helps on a phone
  // Field names under which views hold a seat number: shown as "Seat 2 (you)".
  const SEAT_KEYS = /^(seat|active|dreamer|deciding|distributor|partner|offender|winner|first_player|first_dreamer|first_active|crew_seat)$/;

  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token");
  const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());

  const {language, t, tn, N_, loadMessages, translatePage, el, svgEl, humanize} = window.PartyPage;

  const plugins = new Map();        // game name -> {render(ctx)}
  const pluginState = {};           // survives updates: a plugin's timers, its choices
  const requestedScripts = new Set();
  const componentCache = {key: null, data: undefined};

  let socket = null;
  let welcome = null;               // the last welcome message
  let update = null;                // the last update message
  let log = new Map();              // version -> narration this viewer may read
  let reconnectAttempt = 0;
  let reconnectTimer = null;
  let pingTimer = null;
  let stopped = false;              // a refused token: reconnecting would not help
  let pending = false;              // an action is on its way: buttons wait for an answer
  let pings = [];                   // per ping not yet answered: true if it follows an act

  // -- small DOM helpers ------------------------------------------------------------------

  function players() {
    return welcome ? welcome.table.players : 0;
  }

  function mySeat() {
    if (!welcome) return null;
    return welcome.role === "host" ? TABLE_SEAT : welcome.seat;
  }

  function seatKind(seat) {
    const seats = welcome ? welcome.table.seats : [];
    const found = seats.find((entry) => entry.seat === seat);
    return found ? found.kind : null;
  }

  /** "Seat 2", "Seat 2 (you)", "Seat 3 (random)", "the table". */
  function seatName(seat) {
    if (seat === TABLE_SEAT) return welcome && welcome.role === "host" ? t("the table (you)") : t("the table");
    const name = t("Seat {seat}", {seat});
    if (welcome && welcome.role === "seat" && seat === welcome.seat) return t("{name} (you)", {name});
    const kind = seatKind(seat);
    // A bot by its spec; "random" and "greedy" in the page's words.
    if (kind && kind !== "person") return t("{name} ({kind})", {name, kind: t(kind)});
    return name;
  }

  /** Text boxes keep what a person typed (and the caret) across re-renders. */
  function withKeptInputs(render) {
    const kept = new Map();
    let focused = null;
    for (const input of document.querySelectorAll("input[data-key]")) {
      kept.set(input.dataset.key, input.value);
      if (document.activeElement === input) {
        focused = {key: input.dataset.key, start: input.selectionStart, end: input.selectionEnd};
      }
    }
    render();
    for (const input of document.querySelectorAll("input[data-key]")) {
      if (kept.has(input.dataset.key)) input.value = kept.get(input.dataset.key);
      if (focused && focused.key === input.dataset.key) {
        input.focus();
        try {
          input.setSelectionRange(focused.start, focused.end);
        } catch (_) {
          // some input types have no selection
        }
      }
    }
  }

  // -- banners ----------------------------------------------------------------------------

  function showBanner(kind, message, code) {
    const box = document.getElementById("banners");
    const banner = el("div", {class: `banner ${kind}`, role: kind === "error" ? "alert" : "status",
                             dataset: {code: code || ""}},
      el("span", {class: "message"}, message, code ? el("span", {class: "code"}, ` (${code})`) : null),
      el("button", {type: "button", class: "dismiss", "aria-label": t("Dismiss"),
                    onclick: () => banner.remove()}, "×"));
    box.append(banner);
    // The newest few are enough; older ones go.
    while (box.querySelectorAll(".banner.error").length > 3) box.querySelector(".banner.error").remove();
    return banner;
  }

  function setStatus(text, down) {
    const status = document.getElementById("status");
    status.textContent = text;
    status.classList.toggle("down", Boolean(down));
    document.body.dataset.connection = down ? "down" : "up";
  }

  // -- the connection ---------------------------------------------------------------------

  function send(message, afterAct = false) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showBanner("error", t("Not connected: the message was not sent; reconnecting…"), "offline");
      return false;
    }
    socket.send(JSON.stringify(message));
    if (message && message.type === "ping") pings.push(afterAct);
    return true;
  }

  /** Send an action (the engine's JSON, as listed in `legal`). The buttons wait until it
   *  is settled: the server answers a connection's messages in order and sends the
   *  update an accepted action makes (or the error) before the pong of the ping that
   *  follows it, so an update from another seat in between re-enables nothing. */
  function act(action) {
    if (send({type: "act", action}) && send({type: "ping"}, true)) {
      pending = true;
      disableActions();
    }
  }

  function disableActions() {
    for (const button of document.querySelectorAll("#actions button, #game-area button.act-send")) {
      button.disabled = true;
    }
  }

  function connect() {
    clearTimeout(reconnectTimer);
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
    socket = ws;
    setStatus(reconnectAttempt ? t("reconnecting…") : t("connecting…"), reconnectAttempt > 0);
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({type: "join", token, language}));
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) send({type: "ping"});
      }, PING_EVERY);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (_) {
        showBanner("error", t("The server sent something that is not JSON."), "client");
        return;
      }
      receive(message);
    });
    ws.addEventListener("close", () => {
      if (socket !== ws) return;
      clearInterval(pingTimer);
      pending = false;
      pings = [];
      if (stopped) {
        setStatus(t("disconnected"), true);
        return;
      }
      // Jitter spreads a whole table's reconnections after a server restart.
      const delay = RECONNECT_DELAYS[Math.min(reconnectAttempt, RECONNECT_DELAYS.length - 1)]
        * (1 + Math.random() * 0.25);
      reconnectAttempt += 1;
      setStatus(t("connection lost, reconnecting…"), true);
      reconnectTimer = setTimeout(connect, delay);
    });
  }

  function receive(message) {
    switch (message.type) {
      case "welcome":
        welcome = message;
        reconnectAttempt = 0;
        // The first update after a welcome brings the whole table and log again; until
        // it comes, the page keeps showing the last one.
        log = new Map();
        update = null;
        delete document.body.dataset.version;
        setStatus(t("connected"), false);
        onWelcome();
        break;
      case "update":
        onUpdate(message);
        break;
      case "error":
        onError(message);
        break;
      case "pong":
        if (pings.shift() && !pings.includes(true)) {
          pending = false;        // every action sent is settled
          if (update) withKeptInputs(render);
        }
        break;
      default:
        showBanner("error", t("Unknown message from the server: {type}", {type: message.type}), "client");
    }
  }

  function onWelcome() {
    const table = welcome.table;
    document.body.dataset.role = welcome.role;
    document.body.dataset.seat = welcome.seat === null ? "" : String(welcome.seat);
    document.body.dataset.game = table.game;
    const how = document.getElementById("how-text");
    how.replaceChildren(...(table.how_to_play || []).map((part) => el("p", {}, part)));
    document.getElementById("how-panel").hidden = !(table.how_to_play || []).length;
    showWho();
    loadMessages(table.game).then(() => {
      translatePage();
      showWho();                  // again, in the words that have just come
      loadBoard(table);
      if (update) withKeptInputs(render);
    });
    updateReplayButton();
  }

  /** The header: the game, who this page is, the connection. */
  function showWho() {
    const table = welcome.table;
    document.title = t("{title} · table {id}", {title: table.title, id: table.id});
    document.getElementById("title").textContent = table.title;
    document.getElementById("role").textContent = welcome.role === "seat"
      ? t("Seat {seat}", {seat: welcome.seat})
      : welcome.role === "host" ? t("Host (the table's rulings)") : t("Spectator");
    if (socket && socket.readyState === WebSocket.OPEN) setStatus(t("connected"), false);
  }

  function onError(message) {
    const text = message.message || t("The server refused that.");
    showBanner("error", text, message.code);
    if (message.code === "bad_token") {
      stopped = true;             // the server closes; a retry would be refused again
      setStatus(t("not admitted"), true);
    }
  }

  function onUpdate(message) {
    for (const entry of message.log || []) log.set(entry.version, entry.text);
    if (log.size > MAX_LOG) {
      const versions = [...log.keys()].sort((a, b) => a - b);
      for (const version of versions.slice(0, log.size - MAX_LOG)) log.delete(version);
    }
    const ended = (u) => Boolean(u && (u.finished || u.closed));
    const firstEnd = ended(message) && !ended(update);
    update = message;
    document.body.dataset.version = String(message.version);
    document.body.dataset.finished = String(Boolean(message.finished));
    document.body.dataset.closed = String(Boolean(message.closed));
    withKeptInputs(render);
    if (firstEnd) updateReplayButton();
  }

  // -- per-game scripts -------------------------------------------------------------------

  /** The game's board script (and style sheet), where the game declares one: a game
   *  without a board asks for nothing. */
  function loadBoard(table) {
    const game = table.game;
    if (!table.board || requestedScripts.has(game)) return;
    requestedScripts.add(game);
    if (table.board_style) document.head.append(el("link", {rel: "stylesheet", href: table.board_style}));
    const script = el("script", {src: table.board});
    script.addEventListener("load", () => {
      if (update) withKeptInputs(render);
    });
    // No script for this game: the generic page is the whole page.
    script.addEventListener("error", () => script.remove());
    document.head.append(script);
  }

  // -- rendering --------------------------------------------------------------------------

  function viewData(view) {
    let data = typeof view === "string" ? JSON.parse(view) : view;
    if (data && data.format === "partyrules" && "data" in data) data = data.data;
    return data;
  }

  function actionBody(action) {
    return action && action.format === "partyrules" && "data" in action ? action.data : action;
  }

  function render() {
    if (!update || !welcome) return;
    const view = viewData(update.view);
    const claimed = renderGameArea(view);
    renderTurnLine();
    renderActions(claimed);
    renderOutcome();
    renderLog();
    const viewBox = document.getElementById("view");
    viewBox.replaceChildren(renderView(view));
    document.getElementById("view-text").textContent = update.text || "";
  }

  function renderGameArea(view) {
    const area = document.getElementById("game-area");
    const plugin = plugins.get(welcome.table.game);
    if (!plugin) {
      area.replaceChildren();
      return new Set();
    }
    const context = {
      area, view, update, welcome, table: welcome.table, role: welcome.role, seat: mySeat(),
      legal: update.legal || [], fragment, state: pluginState, tableId, token, pending,
      el, svgEl, humanize, seatName, act, send, substitute, showBanner, t, tn, N_, language,
      fetchJson: (url) => fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.json();
      }),
      rerender: () => withKeptInputs(render),
      components: tableComponents, actionName, prompt,
    };
    let result;
    try {
      result = plugin.render(context);
    } catch (error) {
      area.replaceChildren(el("p", {class: "hint"}, t("This game's screen failed: {error}",
                                                       {error: error.message})));
      reportError(error);           // a script error the page's tests see
      return new Set();
    }
    return new Set((result && result.claimed) || []);
  }

  /** The component data (deck, board) the table's config plays with, from
   *  GET /api/games/<game>/components: undefined while it loads (the page renders again
   *  when it comes), null if it could not be had. */
  function tableComponents() {
    const table = welcome.table;
    const config = JSON.stringify(table.config);
    const key = `${table.game}:${config}`;
    if (componentCache.key !== key) {
      componentCache.key = key;
      componentCache.data = undefined;
      const url = `/api/games/${encodeURIComponent(table.game)}/components?config=${encodeURIComponent(config)}`;
      fetch(url).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      }).then((data) => {
        if (componentCache.key !== key) return;
        componentCache.data = data;
        if (update) withKeptInputs(render);
      }).catch((error) => {
        if (componentCache.key !== key) return;
        componentCache.data = null;
        showBanner("error", t("The game's cards could not be loaded: {error}", {error: error.message}), "client");
      });
    }
    return componentCache.data;
  }

  /** A move's name as people say it (the game's `actions` in the welcome), e.g. "Seat a
   *  guest" for Invite; the class name made readable where the game gives none. */
  function actionName(kind) {
    const names = (welcome && welcome.table.actions) || {};
    return names[kind] || humanize(kind);
  }

  /** What to write in a free-text field (the game's `prompts`: "Class.field"). */
  function prompt(kind, field) {
    const prompts = (welcome && welcome.table.prompts) || {};
    return prompts[`${kind}.${field}`] || humanize(field);
  }

  function renderTurnLine() {
    const line = document.getElementById("turn-line");
    const toAct = update.to_act || [];
    const me = mySeat();
    line.classList.remove("mine");
    if (update.finished) {
      line.textContent = t("The game is over.");
    } else if (update.closed) {
      line.textContent = t("This table was closed: the game stops here.");
    } else if (me !== null && toAct.includes(me) && (update.legal || []).length) {
      line.textContent = welcome.role === "host" ? t("The table may rule now.") : t("Your move.");
      line.classList.add("mine");
    } else if (toAct.length) {
      const others = toAct.filter((seat) => seat !== me || !(update.legal || []).length);
      line.textContent = t("Waiting for {seats}.", {seats: others.map(seatName).join(", ")});
    } else {
      line.textContent = t("Waiting…");
    }
    if (welcome.role === "spectator") line.textContent += " " + t("You are watching.");
  }

  /** The action with the typed text in place of each free-text field's representative. */
  function substitute(action, fields, typed) {
    const body = structuredClone(actionBody(action));
    for (const field of fields) {
      const text = typed[field] === undefined ? "" : typed[field];
      body[field] = Array.isArray(body[field])
        ? text.split(/[\s,;]+/).filter(Boolean)   // a tuple of words: one word each
        : text;
    }
    if (action && action.format === "partyrules" && "data" in action) return {...action, data: body};
    return body;
  }

  function groupActions(legal, claimed) {
    // Plain actions are grouped by kind; free-text actions that differ only in their free
    // text (129 representative guesses) collapse into one text box.
    const groups = new Map();
    legal.forEach((entry, index) => {
      const body = actionBody(entry.action);
      const kind = body.type || "Action";
      if (claimed.has(kind)) return;
      const free = entry.free_text || [];
      let key;
      if (free.length) {
        const rest = {...body};
        for (const field of free) delete rest[field];
        key = `text:${JSON.stringify(rest)}`;
      } else {
        key = `kind:${kind}`;
      }
      if (!groups.has(key)) groups.set(key, {kind, free, entries: []});
      groups.get(key).entries.push({...entry, index});
    });
    return [...groups.values()];
  }

  function renderActions(claimed) {
    const box = document.getElementById("actions");
    const legal = update.legal || [];
    const groups = groupActions(legal, claimed);
    const buttons = groups.filter((group) => !group.free.length)
      .reduce((sum, group) => sum + group.entries.length, 0);
    const children = [];
    if (legal.length && !groups.length) {
      children.push(el("p", {class: "hint"}, t("Your choices are in the box above.")));
    }
    if (!legal.length) {
      children.push(el("p", {class: "hint"}, update.finished ? t("Nothing more to do.")
        : welcome.role === "spectator" ? t("Spectators watch; they do not act.")
          : t("Nothing to do right now.")));
    }
    if (buttons > MANY_BUTTONS) {
      children.push(el("input", {type: "search", class: "filter", placeholder: t("Filter the choices…"),
                                 "aria-label": t("Filter the choices"), dataset: {key: "filter"},
                                 oninput: applyFilter}));
    }
    for (const group of groups) {
      children.push(group.free.length ? freeTextForm(group) : buttonGroup(group));
    }
    box.replaceChildren(...children);
    applyFilter();
  }

  function applyFilter() {
    const filter = document.querySelector("#actions input.filter");
    const wanted = filter ? filter.value.trim().toLowerCase() : "";
    for (const button of document.querySelectorAll("#actions button.act")) {
      button.hidden = Boolean(wanted) && !button.textContent.toLowerCase().includes(wanted);
    }
  }

  function buttonGroup(group) {
    return el("div", {class: "action-group"},
      el("h3", {}, actionName(group.kind)),
      el("div", {class: "action-buttons"}, group.entries.map((entry) => {
        const body = actionBody(entry.action);
        return el("button", {
          type: "button",
          class: body.seat === TABLE_SEAT ? "act ruling" : "act",
          disabled: pending,
          dataset: {type: group.kind, index: String(entry.index)},
          onclick: () => act(entry.action),
        }, entry.text);
      })));
  }

  /** A free-text move: each field a labelled box saying what to write (the game's
   *  prompt, with the rulebook's example), and a button named after the move. */
  function freeTextForm(group) {
    const first = group.entries[0];
    const body = actionBody(first.action);
    const keyBase = `${group.kind}:${body.seat}`;
    const inputs = group.free.map((field) => el("input", {
      type: "text",
      name: field,
      autocomplete: "off",
      autocapitalize: "off",
      id: `text-${group.kind}-${field}`,
      dataset: {key: `${keyBase}:${field}`, field},
    }));
    const labels = group.free.map((field, index) => el("label", {class: "prompt", for: inputs[index].id},
      prompt(group.kind, field)));
    const form = el("form", {class: "free-text", dataset: {type: group.kind}},
      ...group.free.flatMap((_, index) => [labels[index], inputs[index]]),
      el("button", {type: "submit", disabled: pending, dataset: {type: group.kind}}, actionName(group.kind)));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const typed = {};
      for (const input of inputs) typed[input.name] = input.value.trim();
      act(substitute(first.action, group.free, typed));
      for (const input of inputs) input.value = "";
    });
    return el("div", {class: "action-group"}, form);
  }

  function renderOutcome() {
    const old = document.getElementById("outcome-banner");
    if (old) old.remove();
    if (!update.finished) return;
    const outcome = update.outcome || {};
    const winners = (outcome.winners || []).map(seatName).join(", ") || t("nobody");
    const scores = outcome.scores ? " " + t("Scores: {scores}.", {
      scores: outcome.scores.map((s, i) => `${seatName(i)} ${s}`).join(", ")}) : "";
    const banner = el("div", {class: "banner over", id: "outcome-banner", role: "status"},
      el("span", {class: "message"},
        t("Game over: {reason} Winners: {winners}.", {reason: outcome.text || outcome.reason || "",
                                                      winners}) + scores));
    document.getElementById("banners").prepend(banner);
  }

  function renderLog() {
    const list = document.getElementById("log");
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    const versions = [...log.keys()].sort((a, b) => a - b);
    list.replaceChildren(...versions.map((version) =>
      el("li", {dataset: {version: String(version)}},
        el("span", {class: "n"}, String(version)), log.get(version))));
    if (atBottom || versions.length < 15) list.scrollTop = list.scrollHeight;
  }

  // -- the generic view renderer: any game's view JSON, by its shape ----------------------

  const isScalar = (value) => value === null || ["string", "number", "boolean"].includes(typeof value);

  function scalarText(key, value) {
    if (value === null) return "—";
    if (value === "") return t("(empty)");
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (typeof value === "number" && SEAT_KEYS.test(key) && Number.isInteger(value)
        && value >= TABLE_SEAT && value < players()) {
      return seatName(value);
    }
    return String(value);
  }

  function chips(values) {
    const box = el("div", {class: values.length ? "chips" : "chips empty"});
    for (const value of values) {
      const text = Array.isArray(value) ? value.map((part) => scalarText("", part)).join(" · ")
        : scalarText("", value);
      box.append(el("span", {class: "chip"}, text));
    }
    return box;
  }

  function perSeatTable(label, values) {
    const me = mySeat();
    return el("table", {class: "scores"},
      el("thead", {}, el("tr", {}, el("th", {}, t("Seat")), el("th", {}, label))),
      el("tbody", {}, values.map((value, seat) =>
        el("tr", {class: seat === me ? "mine" : null},
          el("td", {}, seatName(seat)), el("td", {}, scalarText("", value))))));
  }

  function mixedTuple(value) {
    // A pair like [seat, word]: items of different JSON types, so not a list of cards.
    return Array.isArray(value) && value.length > 1 && value.every(isScalar)
      && new Set(value.map((item) => typeof item)).size > 1;
  }

  function renderValue(key, value) {
    if (isScalar(value)) {
      if (typeof value === "number" && /_size$/.test(key)) return el("span", {class: "count"}, String(value));
      return el("span", {class: value === null || value === "" ? "scalar none" : "scalar"},
                scalarText(key, value));
    }
    if (Array.isArray(value)) return renderArray(key, value);
    return renderRecord(value);
  }

  function renderArray(key, value) {
    const perSeat = value.length === players() && players() > 0;
    if (value.every(isScalar)) {
      const numeric = value.every((item) => typeof item === "number");
      if (perSeat && numeric && /(score|points|money|_sizes|_counts)/.test(key)) {
        return perSeatTable(humanize(key), value);
      }
      if (numeric && /_sizes$/.test(key)) {
        return el("div", {class: "chips"}, value.map((size, index) =>
          el("span", {}, `#${index} `, el("span", {class: "count"}, String(size)))));
      }
      return chips(value);
    }
    if (value.every(Array.isArray) && !value.some(mixedTuple)) {
      if (perSeat) {
        const me = mySeat();
        return el("div", {}, value.map((row, seat) =>
          el("div", {class: seat === me ? "seat-row mine" : "seat-row"},
            el("span", {class: "who"}, seatName(seat)),
            row.every(isScalar) ? chips(row) : renderValue(key, row))));
      }
      return el("div", {}, value.map((row) => renderValue(key, row)));
    }
    if (value.every((item) => Array.isArray(item) && item.every(isScalar))) return chips(value);
    return el("div", {}, value.map((item, index) => {
      const label = perSeat ? seatName(index) : `#${index}`;
      if (isScalar(item)) return el("div", {class: "field inline"}, el("span", {class: "label"}, label), renderValue(key, item));
      const inner = renderValue(key, item);
      return el("div", {class: perSeat && index === mySeat() ? "seat-row mine" : "seat-row"},
        el("span", {class: "who"}, label), inner);
    }));
  }

  function renderRecord(record, skip) {
    const tag = typeof record.type === "string" ? record.type : null;
    const fields = el("div", {class: "fields"});
    for (const [key, value] of Object.entries(record)) {
      if (key === "type" && tag) continue;
      if (skip && skip.has(key)) continue;
      const inline = isScalar(value);
      fields.append(el("div", {class: inline ? "field inline" : "field", dataset: {field: key}},
        el("span", {class: "label"}, humanize(key)), renderValue(key, value)));
    }
    if (!tag) return el("div", {class: "record"}, fields);
    return el("div", {class: "record"}, el("div", {class: "label"}, el("span", {class: "tag"}, humanize(tag))), fields);
  }

  const PER_SEAT_COLUMN = /(score|points|money|_sizes|_counts)/;

  /** One table of every per-seat number of the view (scores, hand sizes, penalties). */
  function seatsTable(view, keys) {
    const me = mySeat();
    return el("table", {class: "scores seats"},
      el("thead", {}, el("tr", {}, el("th", {}, t("Seat")), keys.map((key) => el("th", {}, humanize(key))))),
      el("tbody", {}, Array.from({length: players()}, (_, seat) =>
        el("tr", {class: seat === me ? "mine" : null},
          el("td", {}, seatName(seat)),
          keys.map((key) => el("td", {dataset: {field: key}}, scalarText("", view[key][seat])))))));
  }

  function renderView(view) {
    if (!view || typeof view !== "object" || Array.isArray(view)) return renderValue("view", view);
    const columns = Object.keys(view).filter((key) => PER_SEAT_COLUMN.test(key)
      && Array.isArray(view[key]) && view[key].length === players()
      && view[key].every((item) => typeof item === "number"));
    // The viewer's seat is in the header and the seats to act in the turn line; the
    // per-seat numbers make one table; the settings go last, folded.
    const main = renderRecord(view, new Set(["seat", "to_act", "config", ...columns]));
    const wrap = el("div", {},
      columns.length ? el("div", {class: "table-scroll"}, seatsTable(view, columns)) : null, main);
    if (view.config && typeof view.config === "object") {
      wrap.append(el("details", {}, el("summary", {}, t("Settings")), renderRecord(view.config)));
    }
    return wrap;
  }

  // -- the replay -------------------------------------------------------------------------

  function updateReplayButton() {
    const button = document.getElementById("replay-button");
    if (!welcome) return;
    // The replay deals every hand: a host who plays reads it at the end, as everyone.
    const over = Boolean(update && (update.finished || update.closed));
    const allowed = (welcome.role === "host" && welcome.table.referee) || over;
    button.hidden = !allowed;
    const close = document.getElementById("close-button");
    close.hidden = welcome.role !== "host" || over;
  }

  async function closeTable() {
    if (!window.confirm(t("Close this table for everyone? The game stops and cannot go on."))) return;
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/close`,
                                 {method: "POST", headers: {Authorization: `Bearer ${token}`}});
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      showBanner("error", (body.error && body.error.message)
        || t("The table could not be closed (HTTP {status}).", {status: response.status}), "close");
    }
  }

  async function downloadReplay() {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`,
                                 {headers: {Authorization: `Bearer ${token}`}});
    if (!response.ok) {
      let message = t("The replay is not available (HTTP {status}).", {status: response.status});
      try {
        const body = await response.json();
        if (body.error && body.error.message) message = body.error.message;
      } catch (_) {
        // the status says enough
      }
      showBanner("error", message, "replay");
      return;
    }
    const blob = await response.blob();
    const link = el("a", {href: URL.createObjectURL(blob), download: `${tableId}.replay.json`});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  // -- public face: per-game scripts register here; tests reach the socket ----------------

  window.PartyTable = {
    /** A game's screen: `plugin.render(ctx)` runs on every update and may return
     *  `{claimed: ["Guess", ...]}`, the kinds of action it offers itself. */
    register(game, plugin) {
      plugins.set(game, plugin);
      if (update && welcome && welcome.table.game === game) withKeptInputs(render);
    },
    /** Send one protocol message as is (a join, an act, a ping). */
    send,
    act,
    get welcome() { return welcome; },
    /** True while an action sent is not settled yet (its buttons wait). */
    get pending() { return pending; },
    get update() { return update; },
    el, svgEl, humanize, seatName, substitute, t, tn,
    get language() { return language; },
    TABLE: TABLE_SEAT,
  };

  document.addEventListener("DOMContentLoaded", () => {
    translatePage();
    // A new join in the chosen language: the narration comes again in it.
    window.PartyPage.languageSwitch(document.getElementById("language"));
    document.getElementById("replay-button").addEventListener("click", downloadReplay);
    document.getElementById("close-button").addEventListener("click", closeTable);
    if (!token) {
      stopped = true;
      setStatus(t("no token"), true);
      showBanner("error", t("This link has no token: open the table from the link you were "
        + "given (it ends in #token=…)."), "bad_token");
      return;
    }
    connect();
  });
  // A fragment changed by hand (another seat's link pasted in the same tab) is a new join.
  window.addEventListener("hashchange", () => location.reload());
})();

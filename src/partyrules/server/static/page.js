// What the lobby and the table pages share: the page's language and its messages (the
// gettext catalogues, served by GET /api/messages/<language>), the language switch, and
// the small DOM helpers. Loaded before lobby.js and table.js, as window.PartyPage.
"use strict";

(() => {
  const LANGUAGES = ["en", "it"];
  const LANGUAGE_KEY = "partyrules.language";

  // The page's language: the one chosen on a page (kept in this browser), else the
  // browser's first that we speak, else English.
  const language = (() => {
    const chosen = localStorage.getItem(LANGUAGE_KEY);
    if (LANGUAGES.includes(chosen)) return chosen;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const primary = String(tag).toLowerCase().split("-")[0];
      if (LANGUAGES.includes(primary)) return primary;
    }
    return "en";
  })();
  let messages = {};
  const pluralRules = new Intl.PluralRules(language);

  function fill(text, params) {
    return String(text).replace(/\{([a-z_]*)\}/g, (whole, name) =>
      params && name in params ? String(params[name]) : whole);
  }

  /** A message in the page's language, its {placeholders} filled from `params`. */
  function t(message, params) {
    const found = messages[message];
    return fill(typeof found === "string" ? found : message, params);
  }

  /** The plural form for `n` (also usable as {n}): gettext's two forms, the browser's
   *  plural rules choosing ("one" is the first form in English and Italian). */
  function tn(singular, plural, n, params) {
    const found = messages[singular];
    const index = pluralRules.select(n) === "one" ? 0 : 1;
    const text = Array.isArray(found) ? found[Math.min(index, found.length - 1)]
      : (index === 0 ? singular : plural);
    return fill(text, {n, ...(params || {})});
  }

  /** Mark a message for the catalogue, to be translated where it is shown. */
  function N_(message) {
    return message;
  }

  /** The pages' messages in the page's language, with `game`'s own where one is named
   *  (English needs none: the ids are the English words). */
  async function loadMessages(game) {
    if (language === "en") return;
    try {
      const response = await fetch(`/api/messages/${language}?game=${encodeURIComponent(game || "")}`);
      if (response.ok) messages = (await response.json()).messages || {};
    } catch (_) {
      // the page stays in English
    }
  }

  // The words the pages' HTML holds (data-text elements): marked here for the catalogue,
  // translated by translatePage.
  const HTML_WORDS = [N_("How to play"), N_("Your move"), N_("What happened"), N_("Lobby"),
    N_("Download the replay"), N_("Close the table"), N_("Language"),
    N_("For developers: the view's data"), N_("the web table"), N_("Your new table"),
    N_("Send each person the link of their seat. Keep the host link: it makes the table's "
       + "rulings (a timer, a reveal) and can close the table. The host sees no more than a "
       + "spectator until the game is over, unless the table has a referee, whose host link "
       + "can download the replay, every hidden card in it, at any time. Anyone with the "
       + "spectator link can watch."),
    N_("New table"), N_("Game"), N_("Players"), N_("Seats"),
    N_("Each seat is a person (who gets a link) or a bot that plays on the server."),
    N_("Variants and settings"), N_("Leave a box empty to keep the game's default."),
    N_("I run this table as a referee and play no seat"),
    N_("A referee's host link can download the replay at any time, and the replay shows "
       + "every hidden card. Leave this off if you play: then the replay opens for everyone "
       + "when the game is over."),
    N_("Seed (optional: the same seed deals the same game)"), N_("Create the table"),
    N_("Open tables"), N_("Loading…"), N_("random"), N_("greedy")];

  /** Every [data-text] element in the page's language, and the page's lang attribute. */
  function translatePage() {
    document.documentElement.lang = language;
    for (const node of document.querySelectorAll("[data-text]")) node.textContent = t(node.dataset.text);
    const placeholder = document.querySelector("[data-placeholder]");
    if (placeholder) placeholder.placeholder = t(placeholder.dataset.placeholder);
  }

  /** The language switch `select`: shows the page's language; a choice is kept in this
   *  browser and the page loads again in it. */
  function languageSwitch(select) {
    select.value = language;
    select.addEventListener("change", () => {
      localStorage.setItem(LANGUAGE_KEY, select.value);
      location.reload();
    });
  }

  /** Build an element: el("div", {class: "x", onclick: f}, child, "text", ...). */
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name.startsWith("on") && typeof value === "function") {
        node.addEventListener(name.slice(2), value);
      } else if (name === "dataset") {
        Object.assign(node.dataset, value);
      } else if (value === true) {
        node.setAttribute(name, "");
      } else {
        node.setAttribute(name, String(value));
      }
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** The same for SVG elements. */
  function svgEl(tag, attributes, ...children) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null) continue;
      if (name.startsWith("on") && typeof value === "function") {
        node.addEventListener(name.slice(2), value);
      } else {
        node.setAttribute(name, String(value));
      }
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** "first_player" -> "First player": a field's name where nothing better is given. */
  function humanize(key) {
    const words = String(key).replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").trim();
    return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
  }

  window.PartyPage = {LANGUAGES, HTML_WORDS, language, t, tn, N_, loadMessages, translatePage,
                      languageSwitch, el, svgEl, humanize};
})();

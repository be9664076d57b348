// When I Dream at the web table. A sentence says where the round stands; the Dreamer
// gets a dark screen (eyes closed: the clues heard, a big box to name the dream, then the
// narration's box); a Spirit gets the Dream card with its word in large type, its own
// Spirit card with its goal, the clue box on its turn and the two score cards' piles;
// everyone sees the seats' points and penalty cards and the last round's result. The
// host's page runs the dream's 2-minute timer (stopped at the clue cap, as the rulebook
// stops it), sends the table's TimeUp when it runs out, and holds the table's rulings:
// penalties, judgements, the best dream teller.
//
// The timer's length can be set in the link's fragment, `#token=...&timer=90` (seconds):
// a table that plays faster, and the browser tests, use it.
"use strict";

(() => {
  const DREAM_SECONDS = 120;        // rule 2: the dream lasts 2 minutes
  const TICK = 250;
  const LOW_SECONDS = 15;           // the clock turns red
  const TABLE = -1;
  // Spirit card ids (partyrules.games.when_i_dream.cards): Fairies 0..4, Boogeymen 5..8,
  // Sandmen 9..10.
  function spiritRole(card) {
    if (card === null || card === undefined) return null;
    if (card <= 4) return "fairy";
    if (card <= 8) return "boogeyman";
    return "sandman";
  }

  function roleName(ctx, role) {
    if (role === "fairy") return ctx.t("Fairy");
    if (role === "boogeyman") return ctx.t("Boogeyman");
    if (role === "sandman") return ctx.t("Sandman");
    return ctx.t("the Dreamer");
  }

  function roleGoal(ctx, role) {
    if (role === "fairy") {
      return ctx.t("Help the Dreamer find the word: you score 1 point per card of the Fairies' pile.");
    }
    if (role === "boogeyman") {
      return ctx.t("Lead the Dreamer to wrong words without being found out: you score 1 point per card of the Boogeymen's pile.");
    }
    return ctx.t("Keep the two piles even: equal piles score every card plus 2, piles 1 card apart the larger pile, further apart the smaller one.");
  }

  // -- reading the view -------------------------------------------------------------------

  function legalOf(ctx, kind) {
    return ctx.legal.filter((entry) => entry.action.type === kind);
  }

  function players(view) {
    return view.config.players;
  }

  /** Rule 2: the clue turns per clue-giver for one card (3 with 6 or fewer players). */
  function clueCap(view) {
    return players(view) <= 6 ? 3 : 2;
  }

  /** Every clue-giver has had its clue turns for the card in play: time stops. */
  function atCap(view) {
    const phase = view.phase;
    if (phase.type !== "Dreaming" || phase.time_up) return false;
    return phase.clue_turns.every((turns, seat) => seat === view.dreamer || turns >= clueCap(view));
  }

  /** The round's clues split into those on the card in play and the earlier ones. A new
   *  card resets the clue turns, so the last clue turns' clues are this card's (a clue
   *  that broke a rule ended its own card); a skipped turn (the 5-second rule) gives no
   *  clue, so with skips an earlier clue may be counted in. */
  function splitClues(view) {
    const clues = view.clues || [];
    const phase = view.phase;
    if (phase.type !== "Dreaming") return {current: null, earlier: clues};
    const turns = phase.clue_turns.reduce((sum, n) => sum + n, 0);
    const count = Math.min(turns, clues.length);
    return {current: clues.slice(clues.length - count), earlier: clues.slice(0, clues.length - count)};
  }

  /** The Dream deck's word pairs: the config's own deck, else the default deck of the
   *  table's language (the component data; undefined while it loads). */
  function deckOf(ctx, view) {
    if (view.config.cards) return view.config.cards;
    const data = ctx.components();
    return data ? data.cards : undefined;
  }

  /** A Dream card as people read it: its word on the side in use, both words in the
   *  expert variant (where the side of a past card is not kept). */
  function cardName(ctx, view, card) {
    const deck = deckOf(ctx, view);
    const words = deck && deck[card];
    if (!words) return "…";
    if (view.config.side === "top") return words[0];
    if (view.config.side === "bottom") return words[1];
    return ctx.t("{top} / {bottom}", {top: words[0], bottom: words[1]});
  }

  function listOf(names) {
    return names.join(", ");
  }

  // -- pieces of the screen ---------------------------------------------------------------

  /** A big labelled text box and its button, sending the first action of `kind` with
   *  the typed text in `field`. */
  function bigForm(ctx, kind, field, buttonText, options) {
    const entries = legalOf(ctx, kind);
    if (!entries.length) return null;
    const entry = entries[0];
    const id = `wid-${kind}-${field}`;
    const input = ctx.el("input", {
      type: "text", id, name: field, autocomplete: "off", autocapitalize: "off",
      spellcheck: "false", dataset: {key: `wid:${kind}:${field}`, field},
    });
    const form = ctx.el("form", {class: "big-form", dataset: {type: kind}},
      ctx.el("label", {class: "prompt", for: id}, ctx.prompt(kind, field)),
      input,
      ctx.el("button", {type: "submit", class: "act-send", disabled: ctx.pending, dataset: {type: kind}},
        buttonText));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text && !(options && options.emptyAllowed)) {
        input.focus();
        return;
      }
      ctx.act(ctx.substitute(entry.action, [field], {[field]: text}));
      input.value = "";
    });
    return form;
  }

  /** A button that sends one legal action. */
  function actButton(ctx, entry, text, extraClass) {
    return ctx.el("button", {
      type: "button", class: `act-send ${extraClass || ""}`.trim(), disabled: ctx.pending,
      dataset: {type: entry.action.type}, onclick: () => ctx.act(entry.action),
    }, text);
  }

  function clueChips(ctx, clues, options) {
    const latest = options && options.latest;
    return ctx.el("div", {class: options && options.small ? "clues earlier" : "clues"},
      clues.map(([seat, word], index) => ctx.el("span", {
        class: latest && index === clues.length - 1 ? "clue latest" : "clue",
        title: ctx.seatName(seat),
      }, word)));
  }

  /** The clues of this card (large, the latest marked) and the round's earlier ones. */
  function cluesSection(ctx, view, heard) {
    const {current, earlier} = splitClues(view);
    const el = ctx.el;
    const parts = [];
    if (current === null) {
      if (earlier.length) {
        parts.push(el("h3", {}, ctx.t("Clues this round")), clueChips(ctx, earlier, {latest: true}));
      }
    } else {
      parts.push(el("h3", {}, ctx.t("Clues for this card")));
      parts.push(current.length ? clueChips(ctx, current, {latest: true})
        : el("p", {class: "eyes"}, heard ? ctx.t("A new card: wait for the first clue…")
          : ctx.t("No clue yet on this card.")));
      if (earlier.length) {
        parts.push(el("h3", {}, ctx.t("Earlier clues this round")), clueChips(ctx, earlier, {small: true}));
      }
    }
    if (!parts.length) return null;
    return el("div", {class: "board-section clue-list", "aria-live": "polite"}, ...parts);
  }

  function phaseSentence(ctx, view) {
    const phase = view.phase;
    const me = ctx.role === "seat" ? ctx.seat : null;
    const dreamer = ctx.seatName(view.dreamer);
    const iDream = me === view.dreamer;
    switch (phase.type) {
      case "Dreaming":
        if (phase.time_up) {
          return iDream ? ctx.t("Time is up: name this last card once more, or let it go.")
            : ctx.t("Time is up: {dreamer} names the last card once more, or lets it go.", {dreamer});
        }
        if (atCap(view)) {
          return iDream ? ctx.t("Every Spirit has given its clues for this card: time stops until you name it.")
            : ctx.t("Every Spirit has given its clues for this card: time stops until {dreamer} names it.", {dreamer});
        }
        if (iDream) return ctx.t("You dream, eyes closed: listen to the clues and name the dream whenever you think you know it.");
        if (me === phase.active) return ctx.t("Your turn to give a clue: one word for {dreamer}, the Dreamer.", {dreamer});
        return ctx.t("{dreamer} dreams; {active} gives the next clue.", {dreamer, active: ctx.seatName(phase.active)});
      case "Judging":
        return ctx.role === "host" ? ctx.t("The Dreamer named “{guess}”: the table judges whether it is the word on the card.", {guess: phase.guess})
          : ctx.t("The table judges whether “{guess}”, named by {dreamer}, is the word on the card.", {guess: phase.guess, dreamer});
      case "Recounting":
        return iDream ? ctx.t("Open your eyes and tell your dream: name every piece of it you remember.")
          : ctx.t("{dreamer} tells the dream, naming every piece they remember.", {dreamer});
      case "JudgingRecount":
        return ctx.t("The table judges whether the narration of {dreamer} named every piece of the Fairies' pile.", {dreamer});
      case "Tiebreak":
        return ctx.t("Still tied after the penalty cards: the table names the best dream teller among {seats}.",
          {seats: listOf([...phase.tied].sort((a, b) => a - b).map(ctx.seatName))});
      case "Over": {
        const winners = [...phase.winners].sort((a, b) => a - b).map(ctx.seatName);
        return ctx.tn("The game is over: {seats} wins.", "The game is over: {seats} win.", winners.length,
          {seats: listOf(winners)});
      }
      default:
        return "";
    }
  }

  /** The phase in a word, for the page's tests and styles. */
  function phaseName(view) {
    const phase = view.phase;
    if (phase.type === "Dreaming") return phase.time_up ? "time-up" : atCap(view) ? "clue-cap" : "dreaming";
    return {Judging: "judging", Recounting: "recounting", JudgingRecount: "judging-narration",
            Tiebreak: "tiebreak", Over: "over"}[phase.type] || phase.type;
  }

  function phaseLine(ctx, view) {
    const mine = ctx.legal.length > 0 && ctx.role !== "spectator"
      && !(ctx.role === "host" && view.phase.type === "Dreaming");
    const over = view.phase.type === "Over" || view.phase.type === "Tiebreak";
    return ctx.el("p", {class: mine ? "phase-line mine" : "phase-line", dataset: {phase: phaseName(view)}},
      over ? null : ctx.el("span", {class: "round"},
        ctx.t("Round {round} of {rounds}", {round: view.round, rounds: players(view)})),
      over ? null : " ",
      phaseSentence(ctx, view));
  }

  // -- the Dreamer ------------------------------------------------------------------------

  function dreamerScreen(ctx, view) {
    const phase = view.phase;
    const el = ctx.el;
    const claimed = [];
    const guesses = (view.guesses || []).length;
    const parts = [el("h2", {}, ctx.t("You are the Dreamer"))];
    if (phase.type === "Dreaming" || phase.type === "Judging") {
      let eyes = ctx.t("Eyes closed. Listen to the clues and name the dream: a right guess or a wrong one, you will not know which.");
      if (phase.type === "Judging") eyes = ctx.t("The table judges your guess; you will not learn whether it was right.");
      else if (phase.time_up) eyes = ctx.t("No more clues: the time is up.");
      else if (atCap(view)) eyes = ctx.t("No more clues for this card: name it now.");
      parts.push(el("p", {class: "eyes"}, eyes));
      const clues = cluesSection(ctx, view, true);
      if (clues) parts.push(clues);
      const guess = bigForm(ctx, "Guess", "word", ctx.t("Name it"));
      if (guess) {
        parts.push(guess);
        claimed.push("Guess");
      }
      const decline = legalOf(ctx, "DeclineGuess");
      if (decline.length) {
        parts.push(el("div", {class: "move-bar"}, actButton(ctx, decline[0], ctx.t("Let the card go"), "secondary")));
        claimed.push("DeclineGuess");
      }
    }
    if (phase.type === "Recounting" || phase.type === "JudgingRecount") {
      parts.push(el("p", {class: "eyes"}, phase.type === "Recounting"
        ? ctx.t("Open your eyes: the dream is over. Try to remember every piece of it.")
        : ctx.t("The table judges your narration.")));
      const recount = bigForm(ctx, "Recount", "words", ctx.t("Tell the dream"), {emptyAllowed: true});
      if (recount) {
        parts.push(recount);
        claimed.push("Recount");
      }
    }
    parts.push(el("p", {class: "guesses"}, phase.type === "Recounting"
      ? ctx.tn("You named the dream {n} time: name at most {n} piece.",
        "You named the dream {n} times: name at most {n} pieces.", guesses)
      : ctx.tn("You have named the dream {n} time this round.", "You have named the dream {n} times this round.", guesses)));
    return {node: el("section", {class: "dreamer-screen", "aria-label": ctx.t("The Dreamer's screen")}, ...parts), claimed};
  }

  // -- a Spirit ---------------------------------------------------------------------------

  function spiritCard(ctx, view) {
    const role = spiritRole(view.spirit);
    if (!role) return null;
    return ctx.el("div", {class: "board-section spirit-section"},
      ctx.el("h3", {}, ctx.t("Your Spirit card")),
      ctx.el("div", {class: `card spirit-card ${role}`, dataset: {role}},
        ctx.el("span", {class: "name"}, roleName(ctx, role)),
        ctx.el("span", {class: "sub"}, roleGoal(ctx, role))));
  }

  function dreamCard(ctx, view) {
    const el = ctx.el;
    const dreamer = ctx.seatName(view.dreamer);
    const card = el("section", {class: "dream-card", "aria-label": ctx.t("The Dream card")});
    if (view.word) {
      card.append(el("div", {class: "hint"}, ctx.t("{dreamer}, the Dreamer, must find:", {dreamer})),
        el("div", {class: "word", dataset: {word: view.word}}, view.word),
        el("div", {class: "side"}, view.side === "bottom" ? ctx.t("the bottom word of the card")
          : ctx.t("the top word of the card")));
    } else {
      // Face down: the Dreamer's knowledge (a spectator's, the host's), or no card left.
      card.classList.add("face-down");
      card.append(el("div", {class: "hint"}, view.phase.type === "Dreaming" || view.phase.type === "Judging"
        ? ctx.t("{dreamer} dreams. The word on the card is on the Spirits' screens, not on this one.", {dreamer})
        : ctx.t("No Dream card in play: the dream is over.")));
    }
    return card;
  }

  function spiritScreen(ctx, view) {
    const el = ctx.el;
    const phase = view.phase;
    const claimed = [];
    const card = dreamCard(ctx, view);
    // The clue box sits on the card, under the word it must not say.
    const clue = phase.type === "Dreaming" ? bigForm(ctx, "GiveClue", "word", ctx.t("Say it")) : null;
    if (clue) {
      card.append(clue);
      claimed.push("GiveClue");
    }
    const parts = [el("div", {class: "spirit-top"}, card, spiritCard(ctx, view))];
    const clues = cluesSection(ctx, view, false);
    if (clues) parts.push(clues);
    return {node: el("div", {class: "spirit-screen"}, ...parts), claimed};
  }

  /** The two score cards and the cards under them (a Spirit's knowledge). */
  function pilesSection(ctx, view) {
    if (!view.pile_sizes) return null;
    const el = ctx.el;
    const pile = (cls, title, cards) => el("div", {class: `pile ${cls}`},
      el("h4", {}, title, " ", el("span", {class: "count"}, String(cards.length))),
      cards.length ? el("div", {class: "card-row"}, cards.map((card) =>
        el("span", {class: "card small", dataset: {card: String(card)}}, el("span", {class: "name"}, cardName(ctx, view, card)))))
        : el("p", {class: "empty"}, ctx.t("No card yet.")));
    return el("section", {class: "board-section piles"},
      el("h3", {}, ctx.t("The score cards")),
      el("div", {class: "pile-pair"},
        pile("fairy", ctx.t("Fairies' pile (right guesses)"), view.fairy || []),
        pile("boogeyman", ctx.t("Boogeymen's pile (wrong guesses)"), view.boogeyman || [])));
  }

  // -- the host and spectators ------------------------------------------------------------

  function publicScreen(ctx, view) {
    const el = ctx.el;
    const parts = [dreamCard(ctx, view)];
    const clues = cluesSection(ctx, view, false);
    if (clues) parts.push(clues);
    const guesses = (view.guesses || []).length;
    if (guesses) {
      parts.push(el("p", {class: "hint"}, ctx.tn("{dreamer} has named the dream {n} time this round.",
        "{dreamer} has named the dream {n} times this round.", guesses, {dreamer: ctx.seatName(view.dreamer)})));
    }
    return {node: el("div", {class: "public-screen"}, ...parts), claimed: []};
  }

  /** The table's rulings, on the host's page: penalties, the call of time, the
   *  judgements and the best dream teller. */
  function rulings(ctx, view) {
    const el = ctx.el;
    const claimed = [];
    const parts = [];
    const phase = view.phase;
    const claim = (kind) => {
      const entries = legalOf(ctx, kind);
      if (entries.length) claimed.push(kind);
      return entries;
    };
    const breaches = claim("RuleBreach");
    const timeUp = claim("TimeUp");
    const skip = claim("SkipClue");
    if (timeUp.length || skip.length) {
      parts.push(el("div", {class: "move-bar"},
        timeUp.map((entry) => actButton(ctx, entry, ctx.t("Call time up now"), "ruling")),
        skip.map((entry) => actButton(ctx, entry, ctx.t("Too slow (5 seconds): the next clue-giver plays"), "ruling"))));
    }
    if (breaches.length) {
      parts.push(el("p", {class: "hint"}, ctx.t("A clue broke the rules for definitions (a translation, a part of the word, an invented word)? The card goes in front of its author:")),
        el("div", {class: "move-bar"}, breaches.map((entry) =>
          actButton(ctx, entry, ctx.t("Penalty for {seat}", {seat: ctx.seatName(entry.action.offender)}), "ruling"))));
    }
    const judge = claim("JudgeGuess");
    if (judge.length) {
      parts.push(el("p", {class: "hint"}, ctx.t("The Dreamer named “{guess}”. Is it the word on the card? (The Spirits see it on their screens.)", {guess: phase.guess})),
        el("div", {class: "move-bar"}, judge.map((entry) =>
          actButton(ctx, entry, entry.action.correct ? ctx.t("Right") : ctx.t("Wrong"), "ruling"))));
    }
    const recount = claim("JudgeRecount");
    if (recount.length) {
      const words = phase.words && phase.words.length ? phase.words.join(", ") : ctx.t("nothing");
      parts.push(el("p", {class: "hint"}, ctx.t("The Dreamer told: {words}. Did the narration name every piece of the Fairies' pile?", {words})),
        el("div", {class: "move-bar"}, recount.map((entry) =>
          actButton(ctx, entry, entry.action.bonus ? ctx.t("Yes: 1 more point") : ctx.t("No"), "ruling"))));
    }
    const best = claim("BestDream");
    const none = claim("NoBestDream");
    if (best.length || none.length) {
      parts.push(el("p", {class: "hint"}, ctx.t("Who told the most beautiful dream?")),
        el("div", {class: "move-bar"},
          best.map((entry) => actButton(ctx, entry, ctx.t("{seat} told the best dream", {seat: ctx.seatName(entry.action.winner)}), "ruling")),
          none.map((entry) => actButton(ctx, entry, ctx.t("Nobody: the tied share the win"), "ruling"))));
    }
    if (!parts.length) return {node: null, claimed};
    return {node: el("section", {class: "board-section rulings", "aria-label": ctx.t("The table's rulings")},
      el("h3", {}, ctx.t("The table's rulings")), ...parts), claimed};
  }

  // -- everyone: seats, the last round, the end -------------------------------------------

  function seatsSection(ctx, view) {
    const el = ctx.el;
    const acting = new Set(ctx.update.to_act || []);
    const chips = view.points.map((points, seat) => {
      const mine = ctx.role === "seat" && seat === ctx.seat;
      const classes = ["seat-chip"];
      if (acting.has(seat) && view.phase.type !== "Over") classes.push("acting");
      if (mine) classes.push("mine");
      const penalties = view.penalty_counts[seat];
      const faces = (view.penalty_cards && view.penalty_cards[seat]) || [];
      const ended = view.phase.type === "Over" || view.phase.type === "Tiebreak";
      let role = null;
      if (!ended && seat === view.dreamer) role = ctx.t("the Dreamer");
      else if (!ended && mine && view.spirit !== null) role = roleName(ctx, spiritRole(view.spirit));
      return el("span", {class: classes.join(" "), dataset: {seat: String(seat)}},
        el("strong", {}, ctx.seatName(seat)),
        role ? el("span", {class: "role"}, role) : null,
        el("span", {class: "points"}, ctx.tn("{n} point", "{n} points", points)),
        penalties ? el("span", {class: "penalties"}, ctx.tn("{n} penalty card", "{n} penalty cards", penalties),
          faces.length ? ` (${faces.map((card) => cardName(ctx, view, card)).join(", ")})` : null) : null);
    });
    return el("section", {class: "board-section seats"},
      el("h3", {}, ctx.t("Seats")), el("div", {class: "seats-strip"}, chips));
  }

  function lastRoundSection(ctx, view) {
    const result = view.last_round;
    if (!result) return null;
    const el = ctx.el;
    const over = view.phase.type === "Over" || view.phase.type === "Tiebreak";
    const round = over ? view.round : view.round - 1;
    const names = (cards) => cards.length ? cards.map((card) => cardName(ctx, view, card)).join(", ") : "—";
    const chips = result.gains.map((gain, seat) => {
      const spirit = result.spirits[seat];
      const role = spirit === null ? null : spiritRole(spirit);
      return el("span", {class: `seat-chip result ${role || "dreamer"}`, dataset: {seat: String(seat)}},
        el("strong", {}, ctx.seatName(seat)),
        el("span", {class: "role"}, roleName(ctx, role)),
        el("span", {class: "gain"}, ctx.t("+{n}", {n: gain})));
    });
    return el("section", {class: "board-section last-round"},
      el("h3", {}, ctx.t("Round {round}: the dream of {dreamer}", {round, dreamer: ctx.seatName(result.dreamer)})),
      el("p", {}, ctx.t("Fairies' pile: {n} ({cards}).", {n: result.fairy.length, cards: names(result.fairy)}),
        " ", ctx.t("Boogeymen's pile: {n} ({cards}).", {n: result.boogeyman.length, cards: names(result.boogeyman)}),
        result.bonus ? [" ", ctx.t("The narration named every piece of the Fairies' pile: 1 more point for the Dreamer.")] : null),
      el("div", {class: "seats-strip"}, chips));
  }

  function finalSection(ctx, view) {
    const el = ctx.el;
    const phase = view.phase;
    const winners = new Set(phase.type === "Over" ? phase.winners : phase.tied);
    const rows = view.points.map((points, seat) => {
      const penalties = view.penalty_counts[seat];
      return el("tr", {class: ctx.role === "seat" && seat === ctx.seat ? "mine" : null},
        el("td", {}, ctx.seatName(seat), winners.has(seat) ? el("span", {class: "winner"},
          phase.type === "Over" ? ctx.t("wins") : ctx.t("tied")) : null),
        el("td", {}, String(points)), el("td", {}, String(penalties)), el("td", {}, String(points - penalties)));
    });
    return el("section", {class: "board-section final"},
      el("h3", {}, ctx.t("Final scores")),
      el("div", {class: "table-scroll", tabindex: "0", role: "region", "aria-label": ctx.t("Final scores")},
        el("table", {class: "scores"},
          el("thead", {}, el("tr", {}, el("th", {}, ctx.t("Seat")), el("th", {}, ctx.t("Dream points")),
            el("th", {}, ctx.t("Penalty cards")), el("th", {}, ctx.t("Score")))),
          el("tbody", {}, rows))));
  }

  // -- the host's timer -------------------------------------------------------------------

  function timerSeconds(ctx) {
    const asked = Number(ctx.fragment.get("timer"));
    return Number.isFinite(asked) && asked > 0 ? asked : DREAM_SECONDS;
  }

  function timerKey(ctx, view) {
    return `partyrules:dream:${ctx.tableId}:${view.round}`;
  }

  /** The timer of the round, kept in the tab's session storage so that a reload keeps
   *  the time: when it started (moved on by every pause) and, while paused, since when. */
  function loadTimer(ctx, view) {
    const key = timerKey(ctx, view);
    let stored = null;
    try {
      stored = JSON.parse(sessionStorage.getItem(key) || "null");
    } catch (_) {
      stored = null;
    }
    if (!stored || !Number(stored.started)) stored = {started: Date.now(), pausedAt: null};
    return {key, started: Number(stored.started), pausedAt: stored.pausedAt || null, seconds: timerSeconds(ctx)};
  }

  function saveTimer(timer) {
    sessionStorage.setItem(timer.key, JSON.stringify({started: timer.started, pausedAt: timer.pausedAt}));
  }

  function format(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  }

  function timeLeft(timer) {
    const now = timer.pausedAt || Date.now();
    return timer.seconds - (now - timer.started) / 1000;
  }

  function tick(ctx) {
    const timer = ctx.state.timer;
    if (!timer) return;
    const box = document.getElementById("dream-timer");
    const left = timeLeft(timer);
    if (box) {
      box.querySelector(".clock").textContent = format(left);
      box.classList.toggle("low", left <= LOW_SECONDS);
      box.dataset.left = String(Math.max(0, Math.ceil(left)));
    }
    if (left > 0 || timer.pausedAt || ctx.state.timeUpSent === timer.key) return;
    const latest = window.PartyTable.update;
    const timeUp = latest && latest.legal.find((entry) => entry.action.type === "TimeUp");
    if (!timeUp) return;
    ctx.state.timeUpSent = timer.key;   // once: the update that follows ends the dream
    ctx.act(timeUp.action);
  }

  function stopTimer(ctx) {
    clearInterval(ctx.state.interval);
    ctx.state.interval = null;
    ctx.state.timer = null;
  }

  function hostTimer(ctx, view) {
    const el = ctx.el;
    const phase = view.phase;
    if (phase.type !== "Dreaming" || phase.time_up) {
      stopTimer(ctx);
      if (phase.type === "Dreaming" && phase.time_up) {
        return el("section", {class: "dream-timer", id: "dream-timer", "aria-label": ctx.t("The dream's timer"), dataset: {left: "0"}},
          el("span", {class: "clock"}, "0:00"), el("span", {class: "note"}, ctx.t("Time is up: the Dreamer's last guess.")));
      }
      return null;
    }
    const key = timerKey(ctx, view);
    if (!ctx.state.timer || ctx.state.timer.key !== key) {
      ctx.state.timer = loadTimer(ctx, view);
      delete ctx.state.timeUpSent;
    }
    const timer = ctx.state.timer;
    // Rule 2: at the clue cap the time stops until a new card is revealed.
    const stopped = atCap(view);
    if (stopped && !timer.pausedAt) {
      timer.pausedAt = Date.now();
    } else if (!stopped && timer.pausedAt) {
      timer.started += Date.now() - timer.pausedAt;
      timer.pausedAt = null;
    }
    saveTimer(timer);
    if (!ctx.state.interval) ctx.state.interval = setInterval(() => tick(ctx), TICK);
    const restart = el("button", {type: "button", class: "secondary", onclick: () => {
      timer.started = Date.now();
      timer.pausedAt = atCap(ctx.view) ? timer.started : null;
      delete ctx.state.timeUpSent;
      saveTimer(timer);
      tick(ctx);
    }}, ctx.t("Restart the timer"));
    const left = timeLeft(timer);
    const box = el("section", {class: left <= LOW_SECONDS ? "dream-timer low" : "dream-timer", id: "dream-timer",
                               "aria-label": ctx.t("The dream's timer")},
      el("span", {class: "clock", role: "timer"}, format(left)),
      el("span", {class: "note"}, stopped
        ? ctx.t("Time stops: every Spirit has given its clues for this card, the Dreamer must name it.")
        : ctx.t("{dreamer} dreams. When the time runs out, this page calls time up.", {dreamer: ctx.seatName(view.dreamer)})),
      restart);
    setTimeout(() => tick(ctx), 0);
    return box;
  }

  window.PartyTable.register("when_i_dream", {
    render(ctx) {
      deckOf(ctx, ctx.view);   // the deck's words load now, before a pile needs them
      const view = ctx.view;
      const phase = view.phase;
      const parts = [phaseLine(ctx, view)];
      const claimed = [];
      const ended = phase.type === "Over" || phase.type === "Tiebreak";
      if (ctx.role === "host") {
        const timer = hostTimer(ctx, view);
        if (timer) parts.push(timer);
        const ruled = rulings(ctx, view);
        if (ruled.node) parts.push(ruled.node);
        claimed.push(...ruled.claimed);
      } else {
        stopTimer(ctx);
      }
      if (ended) {
        parts.push(finalSection(ctx, view));
      } else {
        let screen;
        if (ctx.role === "seat" && ctx.seat === view.dreamer) screen = dreamerScreen(ctx, view);
        else if (ctx.role === "seat") screen = spiritScreen(ctx, view);
        else screen = publicScreen(ctx, view);
        parts.push(screen.node);
        claimed.push(...screen.claimed);
        const piles = pilesSection(ctx, view);
        if (piles) parts.push(piles);
      }
      parts.push(seatsSection(ctx, view));
      const last = lastRoundSection(ctx, view);
      if (last) parts.push(last);
      const screen = ctx.role !== "seat" ? ctx.role : ctx.seat === view.dreamer && !ended ? "dreamer" : "spirit";
      ctx.area.replaceChildren(ctx.el("div", {class: "wid-board", dataset: {screen}}, ...parts));
      return {claimed};
    },
  });
})();

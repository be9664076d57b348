// When I Dream at the web table: the Dreamer's screen (eyes closed: only the clues heard,
// the guesses made and a big guess box), the word card and Spirit of the other seats with
// a big clue box, and on the host's page the dream's 2-minute timer, which sends the
// table's TimeUp ruling when it runs out.
//
// The timer's length can be set in the link's fragment, `#token=...&timer=90` (seconds):
// a table that plays faster, and the browser tests, use it.
"use strict";

(() => {
  const DREAM_SECONDS = 120;        // rule 2: the dream lasts 2 minutes
  const TICK = 250;
  // Spirit card ids (partyrules.games.when_i_dream.cards): Fairies 0..4, Boogeymen 5..8,
  // Sandmen 9..10.
  function spiritRole(card) {
    if (card === null || card === undefined) return null;
    if (card <= 4) return "fairy";
    if (card <= 8) return "boogeyman";
    return "sandman";
  }
  const ROLE_GOAL = {
    fairy: "help the Dreamer find the word",
    boogeyman: "lead the Dreamer astray, unseen",
    sandman: "keep the Dreamer's finds and misses even",
  };

  function legalOf(ctx, kind) {
    return ctx.legal.filter((entry) => entry.action.type === kind);
  }

  /** A big text box and button sending the first action of `kind` with the typed text. */
  function bigForm(ctx, kind, field, placeholder, buttonText) {
    const entries = legalOf(ctx, kind);
    if (!entries.length) return null;
    const entry = entries[0];
    const input = ctx.el("input", {
      type: "text", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
      placeholder, "aria-label": placeholder,
      dataset: {key: `wid:${kind}:${field}`, field},
    });
    const form = ctx.el("form", {class: "big-form", dataset: {type: kind}}, input,
      ctx.el("button", {type: "submit", class: "act-send", disabled: ctx.pending, dataset: {type: kind}},
        buttonText));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) {
        input.focus();
        return;
      }
      ctx.act(ctx.substitute(entry.action, [field], {[field]: text}));
      input.value = "";
    });
    return form;
  }

  function cluesHeard(ctx, view) {
    const clues = view.clues || [];
    return ctx.el("div", {class: "clues", "aria-label": "Clues heard"},
      clues.length ? clues.map(([, word], index) =>
        ctx.el("span", {class: index === clues.length - 1 ? "clue latest" : "clue"}, word))
        : ctx.el("span", {class: "eyes"}, "No clue yet: listen…"));
  }

  function dreamerScreen(ctx, view) {
    const phase = view.phase || {};
    const el = ctx.el;
    const claimed = [];
    const parts = [
      el("h2", {}, "You are the Dreamer"),
      el("div", {class: "eyes"}, phase.type === "Recounting"
        ? "Open your eyes: tell your dream, naming the pieces you remember."
        : "Eyes closed. Listen to the clues and say what you dream of."),
    ];
    if (phase.type === "Dreaming" || phase.type === "Judging") {
      parts.push(el("div", {}, el("strong", {}, "Clues heard")), cluesHeard(ctx, view));
      if (phase.time_up) parts.push(el("div", {class: "eyes"}, "Time is up: one last guess, or let the card go."));
      const guess = bigForm(ctx, "Guess", "word", "What are you dreaming of?", "Guess");
      if (guess) {
        parts.push(guess);
        claimed.push("Guess");
      }
    }
    if (phase.type === "Recounting") {
      const recount = bigForm(ctx, "Recount", "words", "The words of your dream", "Tell the dream");
      if (recount) {
        parts.push(recount);
        claimed.push("Recount");
      }
    }
    if ((view.guesses || []).length) {
      parts.push(el("div", {class: "guesses"}, `Your guesses: ${view.guesses.join(", ")}`));
    }
    return {node: el("section", {class: "dreamer-screen", "aria-label": "Dreamer"}, ...parts), claimed};
  }

  function spiritScreen(ctx, view) {
    const el = ctx.el;
    const role = spiritRole(view.spirit);
    const phase = view.phase || {};
    const claimed = [];
    const card = el("section", {class: "dream-card", "aria-label": "Dream card"});
    if (view.word) {
      card.append(el("div", {class: "hint"}, `${ctx.seatName(view.dreamer)}, the Dreamer, must find`),
        el("div", {class: "word", dataset: {word: view.word}}, view.word));
    } else {
      card.append(el("div", {class: "hint"}, `${ctx.seatName(view.dreamer)} dreams.`));
    }
    if (role) {
      card.append(el("div", {}, "You are a ", el("span", {class: `spirit ${role}`}, role),
        `: ${ROLE_GOAL[role]}.`));
    }
    if (phase.type === "Dreaming") {
      const mine = phase.active === ctx.seat;
      card.append(el("div", {class: "hint"}, mine ? "Your turn to give a clue: one word."
        : `${ctx.seatName(phase.active)} gives the next clue.`));
      const clue = bigForm(ctx, "GiveClue", "word", "Your one-word clue", "Say it");
      if (clue) {
        card.append(clue);
        claimed.push("GiveClue");
      }
    }
    if ((view.clues || []).length) card.append(el("div", {class: "hint"}, "Clues so far"), cluesHeard(ctx, view));
    return {node: card, claimed};
  }

  // -- the host's timer -------------------------------------------------------------------

  function timerSeconds(ctx) {
    const asked = Number(ctx.fragment.get("timer"));
    return Number.isFinite(asked) && asked > 0 ? asked : DREAM_SECONDS;
  }

  function timerKey(ctx, view) {
    return `partyrules:dream:${ctx.tableId}:${view.round}`;
  }

  function startedAt(ctx, view, restart) {
    const key = timerKey(ctx, view);
    let started = Number(sessionStorage.getItem(key));
    if (restart || !started) {
      started = Date.now();
      sessionStorage.setItem(key, String(started));
      delete ctx.state.timeUpSent;
    }
    return started;
  }

  function format(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  }

  function tick(ctx) {
    const timer = ctx.state.timer;
    if (!timer) return;
    const box = document.getElementById("dream-timer");
    const left = timer.seconds - (Date.now() - timer.started) / 1000;
    if (box) {
      box.querySelector(".clock").textContent = format(left);
      box.classList.toggle("low", left <= 15);
      box.dataset.left = String(Math.max(0, Math.ceil(left)));
    }
    if (left > 0 || ctx.state.timeUpSent === timer.key) return;
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
    const phase = view.phase || {};
    if (phase.type !== "Dreaming" || phase.time_up) {
      stopTimer(ctx);
      if (phase.type === "Dreaming" && phase.time_up) {
        return el("section", {class: "dream-timer", id: "dream-timer", dataset: {left: "0"}},
          el("span", {class: "clock"}, "0:00"), el("span", {class: "note"}, "Time is up: the Dreamer's last guess."));
      }
      return null;
    }
    const key = timerKey(ctx, view);
    if (!ctx.state.timer || ctx.state.timer.key !== key) {
      ctx.state.timer = {key, started: startedAt(ctx, view, false), seconds: timerSeconds(ctx)};
    }
    if (!ctx.state.interval) ctx.state.interval = setInterval(() => tick(ctx), TICK);
    const restart = el("button", {type: "button", class: "secondary", onclick: () => {
      ctx.state.timer.started = startedAt(ctx, view, true);
      tick(ctx);
    }}, "Restart the timer");
    const box = el("section", {class: "dream-timer", id: "dream-timer", "aria-label": "Dream timer"},
      el("span", {class: "clock"}, format(ctx.state.timer.seconds)),
      el("span", {class: "note"}, `${ctx.seatName(view.dreamer)} dreams (round ${view.round}). `
        + "When the time runs out, this page calls time up."),
      restart);
    setTimeout(() => tick(ctx), 0);
    return box;
  }

  window.PartyTable.register("when_i_dream", {
    render(ctx) {
      const view = ctx.view;
      const parts = [];
      let claimed = [];
      if (ctx.role === "host") {
        const timer = hostTimer(ctx, view);
        if (timer) parts.push(timer);
      }
      const phase = view.phase || {};
      if (phase.type !== "Over" && phase.type !== "Tiebreak") {
        if (ctx.role === "seat" && ctx.seat === view.dreamer) {
          const screen = dreamerScreen(ctx, view);
          parts.push(screen.node);
          claimed = screen.claimed;
        } else if (ctx.role === "seat") {
          const screen = spiritScreen(ctx, view);
          parts.push(screen.node);
          claimed = screen.claimed;
        } else if ((view.clues || []).length) {
          parts.push(ctx.el("section", {class: "dream-card"},
            ctx.el("div", {class: "hint"}, `${ctx.seatName(view.dreamer)} dreams. Clues so far`),
            cluesHeard(ctx, view)));
        }
      }
      ctx.area.replaceChildren(...parts);
      return {claimed};
    },
  });
})();

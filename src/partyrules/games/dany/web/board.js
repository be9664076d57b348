// Dany goes to Hollywood at the web table. The screen, top to bottom: a sentence saying
// who does what now; in the Final Twist the seats to point at; your secret Personality
// card (and, while you create, your secret Choice card); the Idea card's five film titles
// (the deciding personality taps one to answer); the creation, card by card in the order
// it was laid out; your Memory cards (tap one to lay it out) and the box to send the
// creation; then the table: failures, the Idea deck and successes as the rulebook lays
// them out (failures left of the deck, successes right), the Memory pile and the box;
// and the seats, each with its role and, once turned up, its Personality card.
//
// Memory cards are wordless pictures in the box: each is named by the picture the game's
// presentation lists (its words "memory", which the table brings in the page's language),
// as the narration names them.
"use strict";

(() => {
  const DANY = 0;                   // partyrules.games.dany.cards.DANY
  const REASON = 1;                 // partyrules.games.dany.cards.REASON
  const HAND = 7;                   // 1. the active personality draws 7 Memory cards
  const SUCCESSES_TO_WIN = 6;       // End of Game: 6 correct answers

  // -- names ------------------------------------------------------------------------------

  /** The picture on Memory card `card`, in the page's language: the game's list of
   *  pictures (partyrules.games.dany.cards.MEMORY_IMAGES) comes with the table. */
  function memoryName(ctx, card) {
    const pictures = ctx.table.words.memory;
    const image = pictures[card % pictures.length];
    const copy = Math.floor(card / pictures.length) + 1;
    return copy === 1 ? image : ctx.t("{image} (copy {copy})", {image, copy});
  }

  function personalityName(ctx, card) {
    if (card === DANY) return "Dany";
    if (card === REASON) return ctx.t("Dany's Reason");
    return ctx.t("Secondary personality");
  }

  function personalityGoal(ctx, card) {
    if (card === DANY) {
      return ctx.t("Lead the others to wrong answers without being found out: you win if the Final Twist does not unmask you.");
    }
    if (card === REASON) return ctx.t("Dany's secret ally: you win if Dany wins.");
    return ctx.t("Help the others find the words, and unmask Dany in the Final Twist.");
  }

  /** Where the game stands: composing, discussing, reveal, twist or over (the view has
   *  no phase field; who may act tells the phases apart). */
  function phaseOf(view) {
    if (view.over) return "over";
    if ((view.candidates || []).length) return "twist";
    if (view.word !== null && view.word !== undefined) return "reveal";
    const toAct = view.to_act || [];
    if (toAct.includes(view.deciding) && !toAct.includes(view.active)) return "discussing";
    return "composing";
  }

  function legalOf(ctx, kind) {
    return ctx.legal.filter((entry) => entry.action.type === kind);
  }

  function title(view, word) {
    return (view.idea_words || [])[word - 1];
  }

  // -- pieces of the screen ---------------------------------------------------------------

  function section(ctx, label, className, ...children) {
    return ctx.el("section", {class: `board-section ${className}`, "aria-label": label},
      ctx.el("h3", {}, label), ...children);
  }

  function memoryCard(ctx, card, sub, action) {
    const hue = (card * 47) % 360;
    const attributes = {class: "card memory", style: `--suit: hsl(${hue} 55% 42%)`,
                        dataset: {card: String(card)}};
    const face = [ctx.el("span", {class: "picture", "aria-hidden": "true"}),
      ctx.el("span", {class: "name"}, memoryName(ctx, card)),
      sub ? ctx.el("span", {class: "sub"}, sub) : null];
    if (!action) return ctx.el("div", attributes, ...face);
    return ctx.el("button", {...attributes, type: "button", class: "card memory act-send",
                             disabled: ctx.pending, onclick: () => ctx.act(action)}, ...face);
  }

  /** Sentences one after the other. */
  function joined(...sentences) {
    return sentences.join(" ");
  }

  function phaseSentence(ctx, view, phase) {
    const me = ctx.role === "seat" ? ctx.seat : null;
    const host = ctx.role === "host";
    const active = ctx.seatName(view.active);
    const deciding = ctx.seatName(view.deciding);
    switch (phase) {
      case "composing": {
        if (me === view.active) {
          return ctx.t("Your turn to create: make the others guess \u201c{title}\u201d (word {word}). Tap your Memory cards to lay them out in order, then send the creation. Not a word!",
                       {title: title(view, view.choice), word: view.choice});
        }
        if (me === view.deciding) {
          return ctx.t("{active} is laying out a creation. Then you give the final answer.",
                       {active});
        }
        const sentence = ctx.t("{active} is laying out a creation; {deciding} will give the final answer.", {active, deciding});
        return host ? joined(sentence, ctx.t("If the active personality speaks or helps, void the turn."))
          : sentence;
      }
      case "discussing": {
        if (me === view.deciding) {
          return ctx.t("Talk it over with the others, then tap the word you choose on the Idea card: your answer is final.");
        }
        if (me === view.active) {
          return ctx.t("Your creation is on the table. Stay silent: any help voids the turn. {deciding} gives the final answer.", {deciding});
        }
        const sentence = ctx.t("Which word does the creation show? Talk it over: {deciding} gives the final answer.", {deciding});
        return host ? joined(sentence, ctx.t("If the active personality speaks or helps, void the turn."))
          : sentence;
      }
      case "reveal": {
        const right = view.word === view.choice;
        const said = ctx.t("{deciding} answered \u201c{answer}\u201d; the Choice card says {choice}, \u201c{title}\u201d.", {deciding, answer: title(view, view.word),
                                                 choice: view.choice, title: title(view, view.choice)});
        const verdict = right ? ctx.t("A right answer!") : ctx.t("A wrong answer.");
        const next = host ? ctx.t("Confirm the reveal, or rule that the creation could not be explained when someone asked.") : ctx.t("The table confirms the reveal.");
        return joined(said, verdict, next);
      }
      case "twist": {
        // A vote already counted while the Final Twist goes on was a tie: this is the re-vote.
        const revote = view.last_accusation ? ctx.t("The vote was a tie: a new vote, only for {seats}.",
          {seats: view.candidates.map(ctx.seatName).join(", ")}) : twistReason(ctx, view);
        if (me !== null && legalOf(ctx, "Accuse").length) {
          return joined(revote, ctx.t("Talk it over, then tap the seat you think is Dany."));
        }
        if (me !== null && view.ballot !== null && view.ballot !== undefined) {
          return joined(revote, ctx.t("You pointed at {seat}; waiting for the other ballots.",
                                      {seat: ctx.seatName(view.ballot)}));
        }
        return joined(revote, ctx.t("Everyone points at the one they think is Dany."));
      }
      default: {
        const dany = (view.revealed || []).find(([, card]) => card === DANY);
        const reason = (view.revealed || []).find(([, card]) => card === REASON);
        let sentence = ctx.t("The game is over.");
        if (dany) sentence = joined(sentence, ctx.t("Dany was {seat}.", {seat: ctx.seatName(dany[0])}));
        if (reason) sentence = joined(sentence, ctx.t("Dany's Reason was {seat}.", {seat: ctx.seatName(reason[0])}));
        return sentence;
      }
    }
  }

  /** Why the Final Twist is played, in the engine's order of the checks. */
  function twistReason(ctx, view) {
    const needed = view.config.danys_reason ? 4 : 3;
    if ((view.failures || []).length >= needed) {
      return ctx.tn("The personalities failed {n} time: Final Twist!",
                    "The personalities failed {n} times: Final Twist!", view.failures.length);
    }
    if (view.memory_size < HAND) return ctx.t("Fewer than 7 Memory cards are left: Final Twist!");
    return ctx.t("No Idea card is left: Final Twist!");
  }

  function personalitySection(ctx, view) {
    if (ctx.role !== "seat" || view.personality === null || view.personality === undefined) return null;
    const card = view.personality;
    const kind = card === DANY ? "dany" : card === REASON ? "reason" : "secondary";
    // At the end every card is turned up: the secret is out.
    const secret = !view.over;
    return section(ctx, ctx.t("Your Personality card"), "dany-personality",
      ctx.el("div", {class: `card personality ${secret ? "secret " : ""}${kind}`, dataset: {personality: String(card)}},
        secret ? ctx.el("span", {class: "badge"}, ctx.t("Secret: only you see it")) : null,
        ctx.el("span", {class: "name"}, personalityName(ctx, card)),
        ctx.el("span", {class: "sub"}, personalityGoal(ctx, card))));
  }

  /** The Choice card: the active personality's secret until the reveal, then public. */
  function choiceCard(ctx, view, phase) {
    if (view.choice === null || view.choice === undefined) return null;
    const open = phase === "reveal";
    return ctx.el("div", {class: open ? "card choice" : "card choice secret", dataset: {choice: String(view.choice)}},
      open ? null : ctx.el("span", {class: "badge"}, ctx.t("Secret: only you see it")),
      ctx.el("span", {class: "name"}, ctx.t("Choice card {n}", {n: view.choice})),
      ctx.el("span", {class: "sub"}, ctx.t("The word to guess: \u201c{title}\u201d", {title: title(view, view.choice)})));
  }

  function ideaCard(ctx, view, phase) {
    const words = view.idea_words || [];
    if (!words.length) return {node: null, claimed: []};
    const decide = legalOf(ctx, "Decide");
    const mine = ctx.role === "seat" && ctx.seat === view.active;
    const showChoice = phase === "reveal" || (mine && phase !== "over");
    const items = words.map((word, index) => {
      const number = index + 1;
      const marks = [];
      if (showChoice && view.choice === number) {
        marks.push(ctx.el("span", {class: "mark right"}, phase === "reveal" ? ctx.t("the word to guess")
          : ctx.t("your word")));
      }
      if (phase === "reveal" && view.word === number) {
        marks.push(ctx.el("span", {class: view.word === view.choice ? "mark right" : "mark wrong"},
                          ctx.t("the answer")));
      }
      const entry = decide.find((candidate) => candidate.action.word === number);
      const content = [ctx.el("span", {class: "number"}, String(number)),
        ctx.el("span", {class: "title"}, word), ...marks];
      const chosen = (showChoice && view.choice === number) || (phase === "reveal" && view.word === number);
      if (entry) {
        return ctx.el("li", {}, ctx.el("button", {
          type: "button", class: "word act-send", disabled: ctx.pending,
          dataset: {word: String(number)},
          "aria-label": ctx.t("Answer {n}: \u201c{title}\u201d", {n: number, title: word}),
          onclick: () => ctx.act(entry.action)}, ...content));
      }
      return ctx.el("li", {class: chosen ? "word chosen" : "word", dataset: {word: String(number)}}, ...content);
    });
    const label = ctx.t("Idea card (turn {turn})", {turn: view.turn});
    const node = section(ctx, label, "dany-idea", ctx.el("div", {class: "idea-row"},
      ctx.el("ol", {class: decide.length ? "card idea-words answering" : "card idea-words"}, ...items),
      choiceCard(ctx, view, phase)));
    return {node, claimed: decide.length ? ["Decide"] : []};
  }

  function creation(ctx, view, phase) {
    if (phase === "twist" || phase === "over") return {node: null, claimed: []};
    const mine = ctx.role === "seat" && ctx.seat === view.active;
    const el = ctx.el;
    const cards = (view.kept || []).map((card, index) =>
      memoryCard(ctx, card, ctx.t("Card {n} of the creation", {n: index + 1})));
    if (!cards.length && view.kept_size) {
      for (let index = 0; index < view.kept_size; index += 1) {
        cards.push(el("div", {class: "card back"}, el("span", {class: "name"}, ctx.t("Face down")),
          el("span", {class: "sub"}, ctx.t("Card {n} of the creation", {n: index + 1}))));
      }
    }
    const parts = [];
    if (cards.length) {
      parts.push(el("div", {class: "card-row creation"}, ...cards));
    } else {
      parts.push(el("p", {class: "hint"}, phase === "composing"
        ? (mine ? ctx.t("No card laid out yet.") : ctx.t("No card laid out yet: {seat} is thinking.",
                                                        {seat: ctx.seatName(view.active)}))
        : ctx.t("No card: the creation is empty.")));
    }
    if (view.layout) {
      parts.push(el("p", {class: "layout"}, ctx.t("How the cards lie: \u201c{layout}\u201d", {layout: view.layout})));
    }
    const label = mine ? ctx.t("Your creation") : ctx.t("The creation of {seat}", {seat: ctx.seatName(view.active)});
    const claimed = [];
    const done = legalOf(ctx, "Done");
    if (done.length) {
      parts.push(doneForm(ctx, done[0]));
      claimed.push("Done");
    }
    return {node: section(ctx, label, "dany-creation", ...parts), claimed};
  }

  function doneForm(ctx, entry) {
    const input = ctx.el("input", {type: "text", id: "dany-layout", autocomplete: "off",
                                   dataset: {key: "dany:layout", field: "layout"}});
    const form = ctx.el("form", {class: "dany-done", dataset: {type: "Done"}},
      ctx.el("label", {class: "prompt", for: "dany-layout"}, ctx.prompt("Done", "layout")),
      ctx.el("div", {class: "move-bar"}, input,
        ctx.el("button", {type: "submit", class: "act-send", disabled: ctx.pending, dataset: {type: "Done"}},
               ctx.actionName("Done"))));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ctx.act(ctx.substitute(entry.action, ["layout"], {layout: input.value.trim()}));
      input.value = "";
    });
    return form;
  }

  function hand(ctx, view) {
    const keeps = legalOf(ctx, "Keep");
    if (!(view.hand || []).length) return {node: null, claimed: []};
    const cards = view.hand.map((card) => {
      const entry = keeps.find((candidate) => candidate.action.card === card);
      return memoryCard(ctx, card, null, entry ? entry.action : null);
    });
    const label = keeps.length
      ? ctx.tn("Your Memory card: tap it to lay it out", "Your Memory cards: tap one to lay it out", view.hand.length)
      : ctx.tn("Your Memory card", "Your Memory cards", view.hand.length);
    return {node: section(ctx, label, "dany-hand", ctx.el("div", {class: "hand"}, ...cards)),
            claimed: keeps.length ? ["Keep"] : []};
  }

  function twistSeats(ctx, view) {
    const accuse = legalOf(ctx, "Accuse");
    const el = ctx.el;
    const parts = [];
    if (accuse.length) {
      parts.push(el("div", {class: "seat-targets"}, accuse.map((entry) =>
        el("button", {type: "button", class: "seat-target act-send", disabled: ctx.pending,
                      dataset: {target: String(entry.action.target)},
                      onclick: () => ctx.act(entry.action)},
          el("span", {class: "finger", "aria-hidden": "true"}, "\u261D"),
          ctx.t("Point at {seat}", {seat: ctx.seatName(entry.action.target)})))));
    }
    const last = lastVote(ctx, view);
    if (last) parts.push(last);
    if (!parts.length) return {node: null, claimed: []};
    return {node: section(ctx, ctx.t("Final Twist: who is Dany?"), "dany-twist", ...parts),
            claimed: accuse.length ? ["Accuse"] : []};
  }

  function lastVote(ctx, view) {
    const vote = view.last_accusation;
    if (!vote) return null;
    const lines = vote.ballots.map((target, seat) => ctx.el("li", {},
      ctx.t("{voter} pointed at {target}", {voter: ctx.seatName(seat), target: ctx.seatName(target)})));
    const tied = vote.tied.length > 1 ? ctx.t("A tie between {seats}.", {seats: vote.tied.map(ctx.seatName).join(", ")})
      : ctx.t("{seat} is designated.", {seat: ctx.seatName(vote.tied[0])});
    return ctx.el("div", {class: "last-vote"}, ctx.el("p", {class: "hint"}, ctx.t("The last vote")),
      ctx.el("ul", {}, ...lines), ctx.el("p", {}, tied));
  }

  function ideaTitles(ctx, view, card) {
    const custom = view.config.idea_words;
    const words = custom ? custom[card] : (ctx.components() || [])[card];
    return words ? words.join(" \u00b7 ") : "";
  }

  function pile(ctx, view, name, cards, count, slots, className) {
    const el = ctx.el;
    const track = slots ? el("span", {class: "track", "aria-hidden": "true"},
      Array.from({length: slots}, (_, index) => el("span", {class: index < cards.length ? "slot full" : "slot"}))) : null;
    return el("div", {class: `pile ${className}`},
      el("span", {class: "name"}, name), el("span", {class: "pile-count"}, count), track,
      cards.length ? el("ul", {class: "pile-cards"}, cards.map((card) =>
        el("li", {}, ideaTitles(ctx, view, card)))) : null);
  }

  function tablePiles(ctx, view) {
    const needed = view.config.danys_reason ? 4 : 3;
    const failures = view.failures || [];
    const successes = view.successes || [];
    const voided = view.voided || [];
    const piles = ctx.el("div", {class: "piles"},
      pile(ctx, view, ctx.t("Failures"), failures, ctx.t("{n} of {needed}", {n: failures.length, needed}),
           needed, "failures"),
      ctx.el("div", {class: "pile deck"}, ctx.el("span", {class: "name"}, ctx.t("Idea deck")),
        ctx.el("span", {class: "pile-count"}, ctx.tn("{n} card", "{n} cards", view.ideas_size))),
      pile(ctx, view, ctx.t("Successes"), successes,
           ctx.t("{n} of {needed}", {n: successes.length, needed: SUCCESSES_TO_WIN}), SUCCESSES_TO_WIN, "successes"));
    const others = ctx.el("p", {class: "hint piles-more"},
      ctx.tn("Memory pile: {n} card.", "Memory pile: {n} cards.", view.memory_size), " ",
      ctx.tn("In the box: {n} Memory card used.", "In the box: {n} Memory cards used.", view.box_size),
      voided.length ? " " + ctx.tn("{n} turn scored nothing.", "{n} turns scored nothing.", voided.length) : "");
    return section(ctx, ctx.t("The table"), "dany-table", piles, others);
  }

  function seats(ctx, view, phase) {
    const revealed = new Map((view.revealed || []).map(([seat, card]) => [seat, card]));
    const winners = new Set(view.over ? view.over.winners : []);
    const chips = Array.from({length: ctx.table.players}, (_, seat) => {
      const notes = [];
      if (phase !== "twist" && phase !== "over") {
        if (seat === view.active) notes.push(ctx.t("creates"));
        if (seat === view.deciding) notes.push(ctx.t("decides"));
      }
      if (revealed.has(seat)) notes.push(personalityName(ctx, revealed.get(seat)));
      if (phase === "twist" && (view.voted || []).includes(seat)) notes.push(ctx.t("has pointed"));
      if (winners.has(seat)) notes.push(ctx.t("wins"));
      const acting = (view.to_act || []).includes(seat);
      const classes = ["seat-chip", acting ? "acting" : "", ctx.role === "seat" && seat === ctx.seat ? "mine" : "",
        revealed.get(seat) === DANY ? "dany" : ""].filter(Boolean).join(" ");
      return ctx.el("span", {class: classes, dataset: {seat: String(seat)}},
        ctx.el("strong", {}, ctx.seatName(seat)), notes.length ? ctx.el("span", {}, notes.join(" \u00b7 ")) : null);
    });
    return section(ctx, ctx.t("The personalities"), "dany-seats", ctx.el("div", {class: "seats-strip"}, ...chips));
  }

  window.PartyTable.register("dany", {
    render(ctx) {
      const view = ctx.view;
      const phase = phaseOf(view);
      // The host may void a turn at any moment, but its move is due only at the reveal.
      const mineNow = ctx.legal.length > 0 && (ctx.role !== "host" || phase === "reveal");
      const parts = [ctx.el("p", {class: mineNow ? "phase-line mine" : "phase-line", dataset: {phase}},
                            phaseSentence(ctx, view, phase))];
      const claimed = [];
      const add = (piece) => {
        if (piece.node) parts.push(piece.node);
        claimed.push(...piece.claimed);
      };
      // What the person acts on comes first (a phone shows it without scrolling): the
      // seats to point at, the hand and the creation it builds, the words to answer.
      add(twistSeats(ctx, view));
      add(hand(ctx, view));
      const building = ctx.legal.some((entry) => entry.action.type === "Done");
      if (building) add(creation(ctx, view, phase));
      add(ideaCard(ctx, view, phase));
      if (!building) add(creation(ctx, view, phase));
      const secret = personalitySection(ctx, view);
      if (secret) parts.push(secret);
      parts.push(tablePiles(ctx, view), seats(ctx, view, phase));
      ctx.area.replaceChildren(ctx.el("div", {class: "dany-board"}, ...parts));
      return {claimed};
    },
  });
})();

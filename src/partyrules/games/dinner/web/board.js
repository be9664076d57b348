// Guess Who's Coming to Dinner at the web table: the seat's hand as guest cards (name,
// domain in words and colour, recently deceased), the dinner tables and burials as
// circles of seated guests, the vote as a toggle per new guest and one ballot button.
//
// A turn is composed here and sent whole: the engine has no undo inside a proposal, so
// the page keeps the person's choice (where they dine, the guests in seating order, the
// story) until "Put it to the vote", then sends the opening, one Invite per guest and
// the Propose in order. A turn already begun (a reload after an Invite) goes on from
// what the table shows.
"use strict";

(() => {
  /** Marks a word for the catalogue; translated where it is shown. */
  function N_(message) {
    return message;
  }

  const KINDS = ["Unknown", "Exchange", "StartTable", "StartBurial", "JoinTable", "Pass",
    "Invite", "Propose", "Ballot"];
  const MAX_TABLE = 7;              // 3) a table never exceeds 7 guests (a burial's deceased too)
  const NEW_TABLE = [2, 6];         // 2) a new table takes 2 to 6 cards
  const BURIAL = [1, 5];            // 4) a burial: 1 to 5 guests around the deceased (spec)
  const SUIT_WORDS = {
    "politics": N_("politics"),
    "science": N_("science"),
    "literature": N_("literature"),
    "music": N_("music"),
    "cinema & tv": N_("cinema & tv"),
    "sport": N_("sport"),
    "business & tech": N_("business & tech"),
    "arts & fashion": N_("arts & fashion"),
  };
  // One colour per domain, for the card's stripe and dot (never for text).
  const SUIT_COLOURS = {
    "politics": "#1f4fa8",
    "science": "#0b7a6e",
    "literature": "#8a5a12",
    "music": "#b4236b",
    "cinema & tv": "#c2410c",
    "sport": "#2f7d32",
    "business & tech": "#475569",
    "arts & fashion": "#7e3ab0",
  };
  const PALETTE = Object.values(SUIT_COLOURS);

  // -- the deck and the actions -----------------------------------------------------------

  function makeDeck(ctx, guests) {
    const suits = [...new Set(guests.map((guest) => guest.suit))];
    return {
      guests,
      name: (card) => (guests[card] ? guests[card].name : ctx.t("card {card}", {card})),
      suit: (card) => {
        const suit = guests[card] ? guests[card].suit : "";
        return SUIT_WORDS[suit] ? ctx.t(SUIT_WORDS[suit]) : suit;
      },
      colour: (card) => {
        const suit = guests[card] ? guests[card].suit : "";
        return SUIT_COLOURS[suit] || PALETTE[Math.max(0, suits.indexOf(suit)) % PALETTE.length];
      },
      deceased: (card) => Boolean(guests[card] && guests[card].deceased),
      suitOf: (card) => (guests[card] ? guests[card].suit : ""),
    };
  }

  function guestsOf(ctx, view) {
    const custom = view.config && view.config.guests;
    if (Array.isArray(custom)) return custom;
    const data = ctx.components();
    if (data === undefined || data === null) return data;
    const found = data && data.format === "partyrules" && "data" in data ? data.data : data;
    return Array.isArray(found) ? found : null;
  }

  function body(action) {
    return action && action.format === "partyrules" && "data" in action ? action.data : action;
  }

  function entriesOf(ctx, kind) {
    return ctx.legal.filter((entry) => body(entry.action).type === kind);
  }

  /** An action of the engine's JSON shaped like `sample` (bare, or in its envelope). */
  function build(sample, fields) {
    if (sample && sample.format === "partyrules" && "data" in sample) {
      const data = {...fields};
      delete data.type;
      return {...sample, type: fields.type, data};
    }
    return fields;
  }

  function points(deck, cards) {
    return cards.length + new Set(cards.map((card) => deck.suitOf(card))).size;
  }

  function sameSet(list, set) {
    return list.length === set.size && list.every((card) => set.has(card));
  }

  // -- names of places --------------------------------------------------------------------

  function dinnerNumber(view, index) {
    return 1 + view.tables.slice(0, index).filter((table) => !table.burial).length;
  }

  /** Where a table is: "at table 2", "at the burial of Name". */
  function whereName(ctx, deck, view, index) {
    const table = view.tables[index];
    if (table && table.burial) return ctx.t("at the burial of {name}", {name: deck.name(table.cards[0])});
    return ctx.t("at table {n}", {n: table ? dinnerNumber(view, index) : index});
  }

  function joinName(ctx, deck, view, index) {
    const table = view.tables[index];
    if (table && table.burial) return ctx.t("Join the burial of {name}", {name: deck.name(table.cards[0])});
    return ctx.t("Join table {n}", {n: table ? dinnerNumber(view, index) : index});
  }

  /** Where the proposal being built or voted on goes: "at table 2", "at a new table". */
  function targetName(ctx, deck, view, phase) {
    if (phase.table !== null && phase.table !== undefined) return whereName(ctx, deck, view, phase.table);
    if (phase.deceased !== null && phase.deceased !== undefined) {
      return ctx.t("at the burial of {name}", {name: deck.name(phase.deceased)});
    }
    return ctx.t("at a new table");
  }

  function scoreLine(ctx, cards, deck) {
    const domains = new Set(cards.map((card) => deck.suitOf(card))).size;
    // Each part on its own: the extractor misses a message inside another's arguments.
    const total = ctx.tn("{n} point", "{n} points", cards.length + domains);
    const guests = ctx.tn("{n} guest", "{n} guests", cards.length);
    const kinds = ctx.tn("{n} domain", "{n} domains", domains);
    return ctx.t("{points} = {guests} + {domains}", {points: total, guests, domains: kinds});
  }

  // -- cards --------------------------------------------------------------------------------

  /** A guest card: a button when `options.onclick` is given. */
  function cardNode(ctx, deck, card, options = {}) {
    const el = ctx.el;
    const clickable = typeof options.onclick === "function";
    const sub = deck.deceased(card) ? ctx.t("{domain} · recently deceased", {domain: deck.suit(card)})
      : deck.suit(card);
    const classes = ["card", "dn-card"];
    if (options.className) classes.push(options.className);
    if (deck.deceased(card)) classes.push("dn-deceased");
    return el(clickable ? "button" : "div", {
      type: clickable ? "button" : null,
      class: classes.join(" "),
      style: `--suit: ${deck.colour(card)}`,
      "aria-pressed": clickable && options.pressed !== undefined ? String(Boolean(options.pressed)) : null,
      disabled: clickable && (options.disabled || ctx.pending),
      dataset: {card: String(card), name: deck.name(card)},
      onclick: clickable ? options.onclick : null,
    },
    options.order ? el("span", {class: "dn-order", "aria-hidden": "true"}, String(options.order)) : null,
    el("span", {class: "name"}, deck.name(card),
      deck.deceased(card) ? el("span", {class: "dn-cross", "aria-hidden": "true"}, " \u2020") : null),
    el("span", {class: "sub"}, el("span", {class: "dn-dot", "aria-hidden": "true"}), sub),
    options.note ? el("span", {class: "sub dn-note"}, options.note) : null);
  }

  /** A table as a circle: the cloth in the middle (a burial's deceased, or the host),
   *  the guests seated around it in order; `fresh` marks the guests not yet accepted. */
  function ring(ctx, deck, {title, host, cards, burial, fresh, caption, className, stories}) {
    const el = ctx.el;
    const centre = burial ? cards[0] : null;
    const around = burial ? cards.slice(1) : cards;
    const count = around.length;
    const guests = el("ul", {class: "dn-guests", "aria-label": ctx.t("Guests at {place}", {place: title})});
    around.forEach((card, index) => {
      // Around the cloth, clockwise; two or more guests sit either side of the top.
      const angle = (2 * Math.PI * index) / Math.max(count, 1) + (count > 1 ? Math.PI / count : 0);
      const x = 50 + 50 * Math.sin(angle);
      const y = 50 - 50 * Math.cos(angle);
      guests.append(el("li", {class: fresh && fresh.has(card) ? "dn-seat dn-new" : "dn-seat",
                              style: `left: ${x.toFixed(1)}%; top: ${y.toFixed(1)}%`},
        chip(ctx, deck, card, fresh && fresh.has(card))));
    });
    const cloth = el("div", {class: "dn-cloth"},
      centre !== null ? chip(ctx, deck, centre, fresh && fresh.has(centre), "dn-centre")
        : el("span", {class: "dn-host"}, ctx.t("Host: {who}", {who: ctx.seatName(host)})));
    const parts = [
      el("h4", {}, title),
      el("p", {class: "dn-points"}, caption),
      burial ? el("p", {class: "dn-host-line"}, ctx.t("Host: {who}", {who: ctx.seatName(host)})) : null,
      el("div", {class: "dn-ring", dataset: {count: String(count)}}, cloth, guests),
    ];
    for (const story of stories || []) {
      if (story) parts.push(el("blockquote", {class: "dn-story"}, story));
    }
    return el("figure", {class: `dn-place${burial ? " burial" : ""}${className ? ` ${className}` : ""}`}, ...parts);
  }

  function chip(ctx, deck, card, fresh, extra) {
    const el = ctx.el;
    const note = fresh ? ctx.t("new") : null;
    return el("span", {class: `dn-chip${extra ? ` ${extra}` : ""}`, style: `--suit: ${deck.colour(card)}`,
                       dataset: {card: String(card)}},
      el("span", {class: "dn-chip-name"}, deck.name(card),
        deck.deceased(card) ? el("span", {"aria-hidden": "true"}, " \u2020") : null),
      el("span", {class: "dn-chip-sub"}, deck.suit(card), note ? ` · ${note}` : ""));
  }

  // -- the turn being composed ------------------------------------------------------------

  /** The local choice of the active seat, kept until the turn changes. */
  function composition(ctx, view) {
    const state = ctx.state;
    const key = `${view.turn}`;
    if (state.turnKey !== key) {
      state.turnKey = key;
      state.plan = null;
      state.chosen = [];
      state.mode = "seat";
      state.story = "";
      state.storyMissing = false;
    }
    state.chosen = state.chosen.filter((card) => view.hand.includes(card));
    return state;
  }

  /** The openings offered now: a new table, a burial per deceased card, a join per table. */
  function openings(ctx) {
    const found = [];
    for (const entry of ctx.legal) {
      const action = body(entry.action);
      if (action.type === "StartTable") found.push({kind: "new", key: "new", entry});
      if (action.type === "StartBurial") {
        found.push({kind: "burial", key: `burial:${action.deceased}`, deceased: action.deceased, entry});
      }
      if (action.type === "JoinTable") found.push({kind: "join", key: `join:${action.table}`, table: action.table, entry});
    }
    return found;
  }

  /** The plan in force: the phase's target once the turn has opened, else the chosen
   *  opening (a new table where it may be). */
  function currentPlan(ctx, view, state) {
    const phase = view.phase;
    if (phase.type === "Inviting") {
      if (phase.deceased !== null) return {kind: "burial", deceased: phase.deceased, fixed: true};
      if (phase.table !== null) return {kind: "join", table: phase.table, fixed: true};
      return {kind: "new", fixed: true};
    }
    const offered = openings(ctx);
    const kept = state.plan && offered.find((opening) => opening.key === state.plan);
    const plan = kept || offered[0] || null;
    state.plan = plan ? plan.key : null;
    return plan;
  }

  function bounds(view, plan, invited) {
    if (!plan) return [0, 0];
    if (plan.kind === "burial") return [Math.max(0, BURIAL[0] - invited), BURIAL[1] - invited];
    if (plan.kind === "join") {
      const table = view.tables[plan.table];
      const room = MAX_TABLE - (table ? table.cards.length : MAX_TABLE) - invited;
      return [Math.max(0, 1 - invited), room];
    }
    return [Math.max(0, NEW_TABLE[0] - invited), NEW_TABLE[1] - invited];
  }

  function planRule(ctx, view, plan) {
    if (plan.kind === "burial") return ctx.t("A burial gathers 1 to 5 guests around the deceased.");
    if (plan.kind === "join") {
      const table = view.tables[plan.table];
      const room = MAX_TABLE - (table ? table.cards.length : MAX_TABLE);
      return ctx.tn("This table has room for {n} more guest.", "This table has room for {n} more guests.", room);
    }
    return ctx.t("A new table seats 2 to 6 guests.");
  }

  function sendProposal(ctx, view, plan, state) {
    const phase = view.phase;
    const seat = ctx.seat;
    const story = (state.story || "").trim();
    const sequence = [];
    if (phase.type === "Drawing") {
      const opening = openings(ctx).find((found) => found.key === plan.key);
      if (!opening) return;
      sequence.push(opening.entry.action);
      for (const card of state.chosen) sequence.push(build(opening.entry.action, {type: "Invite", seat, card}));
      sequence.push(build(opening.entry.action, {type: "Propose", seat, story}));
    } else {
      const invites = entriesOf(ctx, "Invite");
      for (const card of state.chosen) {
        const entry = invites.find((found) => body(found.action).card === card);
        if (!entry) return;
        sequence.push(entry.action);
      }
      sequence.push(build(ctx.legal[0].action, {type: "Propose", seat, story}));
    }
    state.chosen = [];
    state.story = "";
    state.storyMissing = false;
    startQueue(ctx, sequence);
  }

  // -- sending a turn: one action at a time ------------------------------------------------
  //
  // The server takes a few messages a second from a connection (and a burst of 10), and
  // each action is an act and a ping: a whole turn is sent one action after the other,
  // each once the previous one is settled and at least PACE ms after it. While it goes,
  // the board is busy (its controls wait, `.dn-board[data-busy]`). An action refused
  // ends the sending: the board shows the turn as the table has it.

  const PACE = 120;

  function startQueue(ctx, actions) {
    const queue = {actions, sent: 0, base: ctx.update.version, expect: ctx.update.version, at: 0, timer: null};
    ctx.state.queue = queue;
    sendNext(ctx, queue);
    ctx.rerender();
  }

  function sendNext(ctx, queue) {
    queue.timer = null;
    if (ctx.state.queue !== queue) return;
    const action = queue.actions[queue.sent];
    queue.sent += 1;
    queue.expect = queue.base + queue.sent;
    queue.at = Date.now();
    ctx.act(action);
  }

  /** Moves the sending on at a render; true while it is not done. */
  function advanceQueue(ctx) {
    const queue = ctx.state.queue;
    if (!queue) return false;
    if (ctx.pending || queue.timer) return true;
    if (ctx.update.version < queue.expect || queue.sent >= queue.actions.length) {
      ctx.state.queue = null;       // done, or refused
      return false;
    }
    const wait = Math.max(0, PACE - (Date.now() - queue.at));
    queue.timer = setTimeout(() => sendNext(ctx, queue), wait);
    return true;
  }

  // -- the sections -------------------------------------------------------------------------

  function phaseSentence(ctx, deck, view) {
    const phase = view.phase;
    const me = ctx.role === "seat" ? ctx.seat : null;
    const t = ctx.t;
    switch (phase.type) {
      case "Over": {
        const outcome = ctx.update.outcome || {};
        const winners = outcome.winners || [];
        const best = winners.length ? view.scores[winners[0]] : 0;
        const who = winners.map((seat) => ctx.seatName(seat)).join(", ");
        const won = winners.length > 1
          ? ctx.tn("{who} share the win with {n} point.", "{who} share the win with {n} points.", best, {who})
          : ctx.tn("{who} wins with {n} point.", "{who} wins with {n} points.", best, {who});
        return t("The game is over. {reason} {won}", {reason: outcome.text || "", won});
      }
      case "Drawing": {
        if (phase.active !== me) return t("{who} is playing: they drew a card and will seat guests.", {who: ctx.seatName(phase.active)});
        if (ctx.state.mode === "exchange") return t("Tap the card you want to discard: you will draw another.");
        if (!openings(ctx).length) return t("Your turn: you cannot start or join a table, so you pass.");
        if (phase.drawn !== null) {
          return t("Your turn: you drew {name}. Tap guests in your hand to seat them, choose where they dine, tell the story and put it to the vote.",
                   {name: deck.name(phase.drawn)});
        }
        return t("Your turn: the draw pile is empty. Tap guests in your hand to seat them, choose where they dine, tell the story and put it to the vote.");
      }
      case "Inviting":
        if (phase.active === me) {
          return t("Your turn: tap more guests to seat them {where}, then tell the story.",
                   {where: targetName(ctx, deck, view, phase)});
        }
        return t("{who} is seating guests {where}.", {who: ctx.seatName(phase.active), where: targetName(ctx, deck, view, phase)});
      case "Voting": {
        const voters = view.scores.length - 1;
        const done = (view.voted || []).length;
        if (phase.active === me) {
          return t("The others are voting on your guests: {done} of {total} ballots are in.", {done, total: voters});
        }
        if (me !== null && (view.to_act || []).includes(me)) {
          if (!phase.story) {
            return t("{who} puts guests to the vote without a story: welcome or turn down each new guest, then cast your ballot.",
                     {who: ctx.seatName(phase.active)});
          }
          return t("{who} has told their story: welcome or turn down each new guest, then cast your ballot.",
                   {who: ctx.seatName(phase.active)});
        }
        if (me !== null) {
          const waiting = (view.to_act || []).map((seat) => ctx.seatName(seat)).join(", ");
          return t("You have voted. Waiting for {seats}.", {seats: waiting});
        }
        return t("The table votes on the guests of {who}: {done} of {total} ballots are in.",
                 {who: ctx.seatName(phase.active), done, total: voters});
      }
      default:
        return "";
    }
  }

  function lastVoteNode(ctx, deck, view) {
    const result = view.last_vote;
    if (!result) return null;
    const el = ctx.el;
    const who = ctx.seatName(result.seat);
    const headline = result.accepted
      ? ctx.tn("Last vote: the guests of {who} were accepted, {n} point.", "Last vote: the guests of {who} were accepted, {n} points.",
               result.points, {who})
      : ctx.t("Last vote: the guests of {who} were turned down and went back to the hand.", {who});
    const down = result.turned_down || [];
    const lines = (result.ballots || []).map((ballot, voter) => {
      if (ballot === null) return null;
      return el("li", {}, ballot.length
        ? ctx.t("{who} turned down {names}", {who: ctx.seatName(voter), names: ballot.map(deck.name).join(", ")})
        : ctx.t("{who} welcomed everyone", {who: ctx.seatName(voter)}));
    }).filter(Boolean);
    return el("div", {class: "dn-last-vote"},
      el("p", {}, headline, result.accepted && down.length
        ? " " + ctx.t("Turned down, back in hand: {names}.", {names: down.map(deck.name).join(", ")}) : ""),
      el("details", {}, el("summary", {}, ctx.t("The ballots")), el("ul", {}, lines)));
  }

  function seatsNode(ctx, deck, view) {
    const el = ctx.el;
    const me = ctx.role === "seat" ? ctx.seat : null;
    const acting = new Set(view.to_act || []);
    const voted = new Set(view.voted || []);
    const chips = view.scores.map((score, seat) => el("span", {
      class: `seat-chip${acting.has(seat) ? " acting" : ""}${seat === me ? " mine" : ""}`,
      dataset: {seat: String(seat)},
    },
    el("span", {}, ctx.seatName(seat)),
    el("strong", {}, ctx.tn("{n} point", "{n} points", score)),
    el("span", {}, ctx.tn("{n} card", "{n} cards", view.hand_sizes[seat])),
    voted.has(seat) ? el("span", {class: "dn-voted"}, ctx.t("\u2713 voted")) : null));
    const discard = view.discard || [];
    const parts = [
      el("h3", {}, ctx.t("Scores")),
      el("div", {class: "seats-strip"}, chips),
      el("p", {class: "dn-pile"},
        ctx.tn("Draw pile: {n} card.", "Draw pile: {n} cards.", view.pile_size), " ",
        discard.length ? ctx.tn("Discard pile: {n} card, the last {name}.", "Discard pile: {n} cards, the last {name}.",
                                discard.length, {name: deck.name(discard[discard.length - 1])})
          : ctx.t("Discard pile: empty.")),
    ];
    (view.known_in_hands || []).forEach((cards, seat) => {
      if (seat === me || !cards.length) return;
      parts.push(el("p", {class: "dn-known"}, ctx.t("Turned down, so known to be in the hand of {who}: {names}.",
                                                      {who: ctx.seatName(seat), names: cards.map(deck.name).join(", ")})));
    });
    if ((view.known_under || []).length) {
      const list = view.known_under.map(([position, card]) =>
        ctx.t("{name} ({n} from the bottom)", {name: deck.name(card), n: position + 1})).join(", ");
      parts.push(el("p", {class: "dn-known"}, ctx.t("Your cards under the pile: {list}.", {list})));
    }
    if (view.config && view.config.no_screen_tables) {
      parts.push(el("p", {class: "dn-variant"}, ctx.t("Variant: no table based on movie castings or TV shows.")));
    }
    return el("section", {class: "board-section dn-seats", "aria-label": ctx.t("Scores")}, ...parts);
  }

  function voteNode(ctx, deck, view) {
    const el = ctx.el;
    const phase = view.phase;
    const ballots = entriesOf(ctx, "Ballot");
    const proposed = phase.deceased !== null ? [phase.deceased, ...phase.invited] : [...phase.invited];
    const state = ctx.state;
    const key = `${view.turn}:${proposed.join(",")}`;
    if (state.voteKey !== key) {
      state.voteKey = key;
      state.rejected = new Set();
    }
    const rejected = state.rejected;
    const who = ctx.seatName(phase.active);
    const cards = proposed.map((card) => cardNode(ctx, deck, card, {
      pressed: !rejected.has(card),
      className: rejected.has(card) ? "dn-rejected" : "dn-welcome",
      note: rejected.has(card) ? ctx.t("Turned down") : ctx.t("Welcome"),
      onclick: () => {
        if (rejected.has(card)) rejected.delete(card);
        else rejected.add(card);
        ctx.rerender();
      },
    }));
    const chosen = ballots.find((entry) => sameSet(body(entry.action).rejected || [], rejected));
    const cast = el("button", {
      type: "button", class: "act-send primary", disabled: ctx.pending || !chosen, dataset: {move: "ballot"},
      onclick: () => {
        if (chosen) ctx.act(chosen.action);
      },
    }, rejected.size ? ctx.tn("Cast my ballot: turn down {n} guest", "Cast my ballot: turn down {n} guests", rejected.size)
      : ctx.t("Cast my ballot: welcome everyone"));
    const hints = [ctx.t("Tap a guest to turn them down; tap again to welcome them back.")];
    if (phase.deceased !== null) hints.push(ctx.t("Turning down the deceased cancels the whole burial."));
    if (view.config && view.config.no_screen_tables) hints.push(ctx.t("Variant: no table based on movie castings or TV shows."));
    return el("section", {class: "board-section dn-vote", "aria-label": ctx.t("Your ballot")},
      el("h3", {}, ctx.t("Your ballot on the guests of {who} {where}", {who, where: targetName(ctx, deck, view, phase)})),
      phase.story ? el("blockquote", {class: "dn-story"}, phase.story)
        : el("p", {class: "hint"}, ctx.t("{who} told no story.", {who})),
      el("p", {class: "hint"}, hints.join(" ")),
      el("div", {class: "card-row dn-ballot"}, cards),
      el("div", {class: "move-bar"}, cast));
  }

  function handNode(ctx, deck, view, onTap, state, plan) {
    const el = ctx.el;
    const phase = view.phase;
    const chosen = (state && state.chosen) || [];
    const drawn = phase.type === "Drawing" && phase.active === ctx.seat ? phase.drawn : null;
    const invited = phase.type === "Inviting" ? phase.invited.length : 0;
    const [, most] = plan ? bounds(view, plan, invited) : [0, 0];
    const cards = view.hand.map((card) => {
      if (!onTap) {
        return cardNode(ctx, deck, card, {note: card === drawn ? ctx.t("just drawn") : null});
      }
      const order = chosen.indexOf(card) + 1;
      const centre = plan && plan.kind === "burial" && plan.deceased === card;
      const exchanging = state.mode === "exchange";
      let note = card === drawn ? ctx.t("just drawn") : null;
      if (!exchanging && centre) note = ctx.t("at the centre of the burial");
      else if (!exchanging && order) note = ctx.t("guest no. {n}", {n: order});
      return cardNode(ctx, deck, card, {
        pressed: exchanging ? false : Boolean(order) || centre,
        order: exchanging ? 0 : order,
        note,
        disabled: !exchanging && (centre || (!order && chosen.length >= most)),
        onclick: () => onTap(card),
      });
    });
    return el("section", {class: "board-section dn-hand", "aria-label": ctx.t("Your hand")},
      el("h3", {}, ctx.tn("Your hand: {n} guest", "Your hand: {n} guests", view.hand.length)),
      el("div", {class: "hand"}, cards));
  }

  function composeNode(ctx, deck, view, state, plan) {
    const el = ctx.el;
    const t = ctx.t;
    const phase = view.phase;
    const parts = [];
    const unknown = entriesOf(ctx, "Unknown")[0];
    const exchanges = entriesOf(ctx, "Exchange");
    const passing = entriesOf(ctx, "Pass")[0];
    if (unknown) {
      const card = body(unknown.action).card;
      parts.push(el("div", {class: "move-bar"},
        el("span", {}, t("Just drawn: {name}.", {name: deck.name(card)})),
        el("button", {type: "button", class: "act-send secondary", disabled: ctx.pending, dataset: {move: "unknown"},
                      onclick: () => ctx.act(unknown.action)},
        t("I do not know {name}: under the pile", {name: deck.name(card)}))));
    }
    if (exchanges.length) {
      const on = state.mode === "exchange";
      parts.push(el("div", {class: "move-bar"},
        el("button", {type: "button", class: "secondary", "aria-pressed": String(on), disabled: ctx.pending,
                      dataset: {move: "exchange"},
                      onclick: () => {
                        state.mode = on ? "seat" : "exchange";
                        ctx.rerender();
                      }},
        on ? t("Cancel the exchange") : t("Exchange a card (once a turn)")),
        on ? el("span", {class: "hint"}, t("Tap the card to discard.")) : null));
    }
    if (passing) {
      parts.push(el("p", {class: "hint"}, t("You cannot start or join a table: you have fewer than 2 cards and no table has room.")),
        el("div", {class: "move-bar"}, el("button", {type: "button", class: "act-send primary", disabled: ctx.pending,
                                                     dataset: {move: "pass"}, onclick: () => ctx.act(passing.action)},
        t("Pass"))));
      return el("section", {class: "board-section dn-compose", "aria-label": t("Your turn")}, el("h3", {}, t("Your turn")), ...parts);
    }
    if (!plan) return el("section", {class: "board-section dn-compose"}, ...parts);
    if (phase.type === "Drawing") {
      const choices = openings(ctx).map((opening) => el("button", {
        type: "button", class: "dn-where", "aria-pressed": String(opening.key === plan.key), disabled: ctx.pending,
        dataset: {plan: opening.key},
        onclick: () => {
          state.plan = opening.key;
          if (opening.kind === "burial") state.chosen = state.chosen.filter((card) => card !== opening.deceased);
          ctx.rerender();
        },
      }, opening.kind === "new" ? t("A new table")
        : opening.kind === "burial" ? t("Burial of {name}", {name: deck.name(opening.deceased)})
          : joinName(ctx, deck, view, opening.table)));
      parts.push(el("div", {class: "dn-where-group", role: "group", "aria-label": t("Where they dine")},
        el("span", {class: "dn-label"}, t("Where they dine:")), choices));
    } else {
      parts.push(el("p", {}, t("Seating guests {where}.", {where: targetName(ctx, deck, view, phase)}),
        phase.invited.length ? " " + t("Already seated, for good: {names}.", {names: phase.invited.map(deck.name).join(", ")}) : ""));
    }
    const invited = phase.type === "Inviting" ? phase.invited : [];
    const [least, most] = bounds(view, plan, invited.length);
    const chosen = state.chosen;
    let table = [];
    if (plan.kind === "join") table = view.tables[plan.table] ? view.tables[plan.table].cards : [];
    if (plan.kind === "burial") table = [plan.deceased];
    const whole = [...table, ...invited, ...chosen];
    const newCount = invited.length + chosen.length;
    const ready = chosen.length >= least && chosen.length <= most && newCount > 0;
    parts.push(el("p", {class: "dn-plan"},
      chosen.length ? t("Seating: {names}.", {names: chosen.map(deck.name).join(", ")})
        : t("Tap the guests in your hand to seat them, in order."),
      " ", planRule(ctx, view, plan),
      ready ? " " + t("If accepted: {score}.", {score: scoreLine(ctx, whole, deck)}) : ""));
    const storyId = "dn-story";
    const label = el("label", {for: storyId, class: "prompt"}, ctx.prompt("Propose", "story"));
    const box = el("textarea", {id: storyId, rows: "3", class: "dn-story-box", "aria-invalid": state.storyMissing ? "true" : null,
                               oninput: (event) => {
                                 state.story = event.target.value;
                               }});
    box.value = state.story || "";
    parts.push(label, box);
    if (state.storyMissing) parts.push(el("p", {class: "dn-warning", role: "alert"}, t("Tell the story first: the others vote on it.")));
    parts.push(el("div", {class: "move-bar"},
      el("button", {type: "button", class: "act-send primary", disabled: ctx.pending || !ready, dataset: {move: "propose"},
                    onclick: () => {
                      if (!(state.story || "").trim()) {
                        state.storyMissing = true;
                        ctx.rerender();
                        const again = document.getElementById(storyId);
                        if (again) again.focus();
                        return;
                      }
                      sendProposal(ctx, view, plan, state);
                    }}, t("Put it to the vote")),
      chosen.length ? el("button", {type: "button", class: "secondary", disabled: ctx.pending, dataset: {move: "clear"},
                                    onclick: () => {
                                      state.chosen = [];
                                      ctx.rerender();
                                    }}, t("Clear my choice")) : null));
    return el("section", {class: "board-section dn-compose", "aria-label": t("Your turn")}, el("h3", {}, t("Your turn")), ...parts);
  }

  function tablesNode(ctx, deck, view, preview) {
    const el = ctx.el;
    const phase = view.phase;
    const places = [];
    // The proposal on its way: the cards on the table (invited), and the active seat's
    // own choice not sent yet.
    let fresh = [];
    let target = null;
    if (phase.type === "Inviting" || phase.type === "Voting") {
      fresh = phase.deceased !== null ? [phase.deceased, ...phase.invited] : [...phase.invited];
      target = phase.table !== null ? {kind: "join", table: phase.table}
        : phase.deceased !== null ? {kind: "burial", deceased: phase.deceased} : {kind: "new"};
    }
    if (preview && preview.plan) {
      target = preview.plan;
      fresh = [...(target.kind === "burial" ? [target.deceased] : []), ...fresh.filter((card) => card !== target.deceased),
        ...preview.chosen];
    }
    const freshSet = new Set(fresh);
    if (target && target.kind !== "join" && fresh.length) {
      const burial = target.kind === "burial";
      places.push(ring(ctx, deck, {
        title: burial ? ctx.t("Burial of {name} (being set)", {name: deck.name(target.deceased)}) : ctx.t("A new table (being set)"),
        host: phase.active, cards: fresh, burial, fresh: freshSet, className: "dn-proposal",
        caption: fresh.length >= 2 ? ctx.t("If accepted: {score}.", {score: scoreLine(ctx, fresh, deck)})
          : ctx.t("Not enough guests yet."),
      }));
    }
    view.tables.forEach((table, index) => {
      const joining = target && target.kind === "join" && target.table === index;
      const cards = joining ? [...table.cards, ...fresh.filter((card) => !table.cards.includes(card))] : table.cards;
      const title = table.burial ? ctx.t("Burial of {name}", {name: deck.name(table.cards[0])})
        : ctx.t("Table {n}", {n: dinnerNumber(view, index)});
      places.push(ring(ctx, deck, {
        title, host: table.host, cards, burial: table.burial, fresh: joining ? freshSet : null,
        className: joining ? "dn-proposal" : null, stories: table.stories,
        caption: joining && cards.length > table.cards.length
          ? ctx.t("Now {score}; if the new guests are accepted: {then}.", {score: scoreLine(ctx, table.cards, deck), then: scoreLine(ctx, cards, deck)})
          : scoreLine(ctx, table.cards, deck),
      }));
    });
    return el("section", {class: "board-section dn-tables", "aria-label": ctx.t("The tables")},
      el("h3", {}, ctx.t("The tables")),
      places.length ? el("div", {class: "dn-places"}, places) : el("p", {class: "hint"}, ctx.t("No table is set yet.")));
  }

  // -- the board ----------------------------------------------------------------------------

  function render(given) {
    // While a turn is being sent, every control waits as for an action on its way.
    const busy = advanceQueue(given);
    const ctx = busy ? {...given, pending: true} : given;
    const el = ctx.el;
    const view = ctx.view;
    const guests = guestsOf(ctx, view);
    if (guests === undefined) {
      ctx.area.replaceChildren(el("p", {class: "hint"}, ctx.t("Loading the guests…")));
      return {claimed: KINDS};
    }
    if (!guests) {
      ctx.area.replaceChildren(el("p", {class: "hint"}, ctx.t("The guest cards could not be loaded: the moves are listed below.")));
      return {claimed: []};
    }
    const deck = makeDeck(ctx, guests);
    const phase = view.phase || {};
    const me = ctx.role === "seat" ? ctx.seat : null;
    const mine = me !== null && ctx.legal.length > 0;
    const composing = mine && (phase.type === "Drawing" || phase.type === "Inviting") && phase.active === me;
    const voting = mine && phase.type === "Voting";
    const state = composing ? composition(ctx, view) : ctx.state;
    const plan = composing ? currentPlan(ctx, view, state) : null;
    if (composing && plan && plan.kind === "burial") state.chosen = state.chosen.filter((card) => card !== plan.deceased);

    const main = [el("p", {class: `phase-line${mine ? " mine" : ""}`, dataset: {phase: phase.type || ""}},
      phaseSentence(ctx, deck, view))];
    if (ctx.role === "host") main.push(el("p", {class: "hint"}, ctx.t("You host this table: the players make every move, you watch.")));
    if (voting) main.push(voteNode(ctx, deck, view));
    if (me !== null) {
      let onTap = null;
      if (composing) {
        onTap = (card) => {
          if (state.mode === "exchange") {
            const entry = entriesOf(ctx, "Exchange").find((found) => body(found.action).card === card);
            state.mode = "seat";
            state.chosen = state.chosen.filter((chosen) => chosen !== card);
            if (entry) ctx.act(entry.action);
            else ctx.rerender();
            return;
          }
          const at = state.chosen.indexOf(card);
          if (at >= 0) state.chosen.splice(at, 1);
          else state.chosen.push(card);
          ctx.rerender();
        };
      }
      main.push(handNode(ctx, deck, view, onTap, state, plan));
    }
    if (composing) main.push(composeNode(ctx, deck, view, state, plan));
    const side = [lastVoteNode(ctx, deck, view), seatsNode(ctx, deck, view)].filter(Boolean);
    const preview = composing && plan ? {plan, chosen: state.chosen} : null;

    const focused = document.activeElement && document.activeElement.id === "dn-story"
      ? {start: document.activeElement.selectionStart, end: document.activeElement.selectionEnd} : null;
    const control = focusedControl(ctx.area);
    ctx.area.replaceChildren(el("div", {class: "dn-board", dataset: busy ? {busy: "true"} : {}},
      el("div", {class: "dn-main"}, main),
      el("div", {class: "dn-side"}, side),
      tablesNode(ctx, deck, view, preview)));
    if (focused) {
      const box = document.getElementById("dn-story");
      if (box) {
        box.focus();
        box.setSelectionRange(focused.start, focused.end);
      }
    } else if (control) {
      const again = ctx.area.querySelector(control);
      if (again && !again.disabled) again.focus();
    }
    return {claimed: KINDS};
  }

  /** The button that has the keyboard's focus in the board, as a selector that finds it
   *  again once the board is drawn anew (a tap re-draws it: the focus stays put). */
  function focusedControl(area) {
    const node = document.activeElement;
    if (!node || node.tagName !== "BUTTON" || !area.contains(node)) return null;
    if (node.dataset.move) return `button[data-move="${node.dataset.move}"]`;
    if (node.dataset.plan) return `button[data-plan="${node.dataset.plan}"]`;
    const section = node.closest(".dn-hand, .dn-ballot");
    if (node.dataset.card && section) return `${section.classList.contains("dn-hand") ? ".dn-hand" : ".dn-ballot"} button[data-card="${node.dataset.card}"]`;
    return null;
  }

  window.PartyTable.register("dinner", {render});
})();

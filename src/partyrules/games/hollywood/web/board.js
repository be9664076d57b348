// Hollywood at the web table: the studios (money, bid cards, Films of the Year, the films
// of last year), the year's stage as a sentence, and the moves made on the cards: the
// distributor's stars handed out, the draft packet picked from, the auction's lots bid on
// with a bid card, Agents, Lawyers and Scandals cards played at rivals, and in Stage 5 a
// film board where a tapped (or dragged) card goes into a film's script, director, cast or
// crew place. Each film says what the rules make of it (the view's check, computed by the
// rules FinishProduction is held to) before the films are produced.
//
// Cards are the instance ids of the card list (GET /api/games/hollywood/components: one
// record per printed card with its count; ids follow the list, each card's copies in a
// row). Printed names stay as printed; kinds, genres and effects are translated.
"use strict";

(() => {
  const GENRES = ["R", "C", "A", "T"];
  const WORTHLESS_TOKENS = [-1, -2, -3];
  const SECOND_TEAM_TOKEN = -4;
  // Where a card sits in a film, by the role it plays there.
  const ZONES = [
    {key: "script", roles: ["script"]},
    {key: "director", roles: ["director"]},
    {key: "cast", roles: ["actor", "actress", "cast"]},
    {key: "crew", roles: ["crew", "staff"]},
  ];
  const SUIT = {
    script: "#8a5a00", director: "#1f5fbf", actor: "#b0285f", actress: "#b0285f",
    dual: "#7a3fb0", crew: "#2e7d32", staff: "#17694a", festival: "#6a1b9a",
  };

  // -- words ---------------------------------------------------------------------------

  function genreWord(ctx, genre) {
    switch (genre) {
      case "R": return ctx.t("Romance");
      case "C": return ctx.t("Comedy");
      case "A": return ctx.t("Action");
      case "T": return ctx.t("Thriller");
      default: return genre;
    }
  }

  /** A role or a card type as a word: "director", "a cast member". */
  function roleWord(ctx, role) {
    switch (role) {
      case "script": return ctx.t("script");
      case "director": return ctx.t("director");
      case "actor": return ctx.t("actor");
      case "actress": return ctx.t("actress");
      case "cast": return ctx.t("a cast member");
      case "crew": return ctx.t("Film Crew");
      case "staff": return ctx.t("Special Staff");
      default: return role;
    }
  }

  function kindWord(ctx, kind) {
    switch (kind.kind) {
      case "script": return ctx.t("Script");
      case "director": return ctx.t("Director");
      case "actor": return ctx.t("Actor");
      case "actress": return ctx.t("Actress");
      case "dual": return ctx.t("Dual role: {first} or {second}",
                                {first: roleWord(ctx, kind.roles[0]), second: roleWord(ctx, kind.roles[1])});
      case "crew": return ctx.t("Film Crew");
      case "staff": return ctx.t("Special Staff");
      case "festival": return ctx.t("Festival card");
      default: return kind.kind;
    }
  }

  function effectWord(ctx, kind) {
    switch (kind.effect) {
      case "agent": return ctx.t("Stage 4: a rival gives you a card of the type you name");
      case "lawyer": return ctx.t("Stage 4, must be played: a rival gives you a card or pays 2 million");
      case "dance_choreographer": return ctx.t("+1 million per coin icon in its film");
      case "singer": return ctx.t("+1 figurine per coin icon in its film");
      case "teacher": return ctx.t("Gives one genre icon in its film");
      case "lighting_technician": return ctx.t("An actor and actress duo pays 7 million");
      case "critic": return ctx.t("+1 million per Worthless Script or Second-Team Director in your films");
      case "location_manager": return ctx.t("+1 figurine per green card in its film");
      case "director_of_photography": return ctx.t("Up to three actors and actresses in its film");
      case "animator": return ctx.t("No actor or actress in its film");
      case "independent": return ctx.t("No Special Staff in its film");
      case "editor": return ctx.t("Plays the director or a cast member");
      case "sound_engineer": return ctx.t("+1 million per genre among its film's icons");
      case "festival_R": case "festival_C": case "festival_A": case "festival_T":
        return ctx.t("This year {genre} films earn 3 million per matching card",
                     {genre: genreWord(ctx, kind.effect.slice(-1))});
      case "red_carpet_gala": return ctx.t("This year an actor and actress duo pays 2 million more");
      case "independent_cinema_week":
        return ctx.t("This year each Worthless Script or Second-Team Director in a film pays 2 million");
      case "golden_jury": return ctx.t("This year the Film of the Year's studio gains 5 million");
      case "film_market": return ctx.t("This year auction winners pay nothing");
      default: return "";
    }
  }

  function money(ctx, amount) {
    return amount < 0 ? ctx.t("-${coin}M", {coin: -amount}) : ctx.t("${coin}M", {coin: amount});
  }

  // -- the cards -------------------------------------------------------------------------

  /** Per card id, its printed card (the component data's records, each `count` times). */
  function deckOf(ctx) {
    const data = ctx.components();
    if (!data) return data;
    if (ctx.state.deckData !== data) {
      const list = Array.isArray(data) ? data : (data.data || []);
      const cards = [];
      for (const kind of list) for (let copy = 0; copy < (kind.count || 1); copy += 1) cards.push(kind);
      ctx.state.deckData = data;
      ctx.state.deck = {
        cards,
        worthless: list.find((kind) => kind.back === "worthless"),
        secondTeam: list.find((kind) => kind.back === "second_team"),
      };
    }
    return ctx.state.deck;
  }

  function kindOf(deck, card) {
    if (card === SECOND_TEAM_TOKEN) return deck.secondTeam;
    if (WORTHLESS_TOKENS.includes(card)) return deck.worthless;
    return deck.cards[card];
  }

  function cardName(deck, card) {
    const kind = kindOf(deck, card);
    return kind ? kind.name : "?";
  }

  /** The role a card plays in a film when it has no choice: its kind (a script, a
   *  director, an actor, an actress, Film Crew, Special Staff). */
  function naturalRole(kind) {
    return kind.kind;
  }

  /** A card face: printed name, kind, genres, coin, figurines, effect. `options.act` makes
   *  it a button (`pressed` for the one chosen). */
  function cardFace(ctx, deck, card, options = {}) {
    const el = ctx.el;
    const kind = kindOf(deck, card);
    if (!kind) return el("div", {class: "card"}, el("span", {class: "name"}, "?"));
    const genres = [...(kind.genres || [])].sort((a, b) => GENRES.indexOf(a) - GENRES.indexOf(b));
    const values = [];
    if (kind.coin !== null && kind.coin !== undefined) values.push(money(ctx, kind.coin));
    if (kind.figurines) {
      values.push(kind.title_only ? ctx.t("{count} fig (title only)", {count: kind.figurines})
        : ctx.t("{count} fig", {count: kind.figurines}));
    }
    const kindLine = [kind.back === "star" ? ctx.t("Star") : null, kindWord(ctx, kind),
      kind.scandal ? ctx.t("Scandals") : null].filter(Boolean).join(" · ");
    const effect = effectWord(ctx, kind);
    const classes = ["card", "hw-card", `hw-${kind.kind}`];
    if (kind.scandal) classes.push("hw-scandal");
    if (kind.back === "star") classes.push("hw-star");
    if (options.small) classes.push("hw-small");
    const children = [
      el("span", {class: "name"}, kind.name),
      el("span", {class: "sub"}, kindLine),
      genres.length || options.icon ? el("span", {class: "hw-genres"},
        genres.map((genre) => el("span", {class: `hw-genre hw-g${genre}`}, genreWord(ctx, genre))),
        options.icon ? el("span", {class: `hw-genre hw-g${options.icon} hw-taught`},
          ctx.t("+{genre} (taught)", {genre: genreWord(ctx, options.icon)})) : null) : null,
      values.length ? el("span", {class: "sub hw-values"}, values.join(" · ")) : null,
      options.role ? el("span", {class: "sub hw-role"}, ctx.t("as {role}", {role: roleWord(ctx, options.role)})) : null,
      effect && !options.small ? el("span", {class: "sub hw-effect"}, effect) : null,
      options.note ? el("span", {class: "sub hw-note"}, options.note) : null,
    ];
    const attributes = {
      class: classes.join(" "),
      style: `--suit: ${SUIT[kind.kind] || "#6b6b78"}`,
      dataset: {card: String(card), name: kind.name},
    };
    if (!options.act) return el("div", attributes, ...children);
    return el("button", {
      ...attributes, type: "button", disabled: ctx.pending || options.disabled,
      "aria-pressed": options.pressed === undefined ? null : String(Boolean(options.pressed)),
      draggable: options.draggable ? "true" : null,
      ondragstart: options.draggable ? (event) => {
        event.dataTransfer.setData("text/plain", String(card));
        ctx.state.selected = card;
      } : null,
      onclick: options.act,
    }, ...children);
  }

  // -- legal moves -----------------------------------------------------------------------

  function legalOf(ctx, type) {
    return ctx.legal.filter((entry) => entry.action.type === type);
  }

  function section(ctx, title, ...children) {
    return ctx.el("section", {class: "board-section"}, ctx.el("h3", {}, title), ...children);
  }

  function mine(ctx) {
    return ctx.role === "seat" && ctx.view.seat !== null && ctx.view.seat !== undefined;
  }

  function acting(ctx) {
    return ctx.legal.length > 0 && !ctx.update.finished;
  }

  function others(ctx) {
    const view = ctx.view;
    return (view.to_act || []).filter((seat) => seat !== view.seat).map(ctx.seatName).join(", ");
  }

  // -- the phase line ----------------------------------------------------------------------

  function phaseSentence(ctx, deck) {
    const view = ctx.view;
    const t = ctx.t;
    const me = view.seat;
    const year = t("Year {year} of 3.", {year: view.year});
    const waiting = others(ctx);
    const acts = acting(ctx);
    switch (view.stage) {
      case "distributor_bids":
        return acts ? t("Before the first year: bid one of your bid cards to become the first distributor (the highest bid pays and distributes).")
          : t("Before the first year the studios bid to become the first distributor. Waiting for {seats}.", {seats: waiting});
      case "star_distribution":
        return year + " " + (acts ? t("Stage 1, star distribution: you are the distributor. Hand each studio one of the star cards you drew (yourself included): tap a star, then the studio.")
          : t("Stage 1, star distribution: {seat}, the distributor, hands each studio a star card.", {seat: ctx.seatName(view.distributor)}));
      case "draft": {
        const way = view.year === 2 ? t("to your right") : t("to your left");
        if (acts) return year + " " + t("Stage 2, draft: tap the card you keep from your packet; the rest passes {way}.", {way});
        if (view.own_pick !== null && view.own_pick !== undefined && deck) {
          return year + " " + t("Stage 2, draft: you keep {card}. Waiting for {seats}.", {card: cardName(deck, view.own_pick), seats: waiting});
        }
        return year + " " + t("Stage 2, draft: every studio keeps one card of its packet. Waiting for {seats}.", {seats: waiting});
      }
      case "auction":
        if (acts) return year + " " + t("Stage 3, auction: tap a lot, then the bid card you put on it. The highest bid wins the lot and pays; the other bidders take a free card and keep their bid card.");
        if (view.own_bid) return year + " " + t("Stage 3, auction: you bid {value} on lot {lot}. Waiting for {seats}.", {value: view.own_bid.value, lot: view.own_bid.lot, seats: waiting});
        return year + " " + t("Stage 3, auction: every studio bids on a lot at once. Waiting for {seats}.", {seats: waiting});
      case "crew_turn":
        if (acts) return year + " " + t("Stage 4, Crew Activities: your turn. Play an Agent or a Lawyer at a rival, or end your turn (a Lawyer must be played).");
        return year + " " + t("Stage 4, Crew Activities: {seat} may play an Agent or a Lawyer at a rival.", {seat: ctx.seatName(view.crew_seat)});
      case "crew_planning":
        if (acts) return year + " " + t("Stage 4, Crew Activities: play Agents, Lawyers and Scandals cards face down at rivals, then end; all plays are revealed together (a Lawyer must be played).");
        return year + " " + t("Stage 4, Crew Activities: the studios place their plays face down. Waiting for {seats}.", {seats: waiting});
      case "answering": {
        const play = (view.queue || [])[0];
        if (!play || !deck) return year + " " + t("Stage 4, Crew Activities: a play waits on its target.");
        const params = {owner: ctx.seatName(play.owner), card: cardName(deck, play.card),
                        type: roleWord(ctx, play.named), target: ctx.seatName(play.target)};
        if (acts) {
          return year + " " + (legalOf(ctx, "PayInstead").length
            ? t("Stage 4: {owner} played {card} at you, naming {type}. Tap the card you give, or pay 2 million instead.", params)
            : t("Stage 4: {owner} played {card} at you, naming {type}. Tap the card you give.", params));
        }
        return year + " " + t("Stage 4: {owner} played {card} at {target}, naming {type}; {target} answers.", params);
      }
      case "production":
        if (acts) return year + " " + t("Stage 5, movie production: tap a card, then its place in a film (script, director, cast, crew). Up to three films; produce them when each is valid.");
        if (view.studio && view.studio.finished) return year + " " + t("Stage 5: your films are ready. Waiting for {seats}.", {seats: waiting});
        return year + " " + t("Stage 5, movie production: every studio makes its films in secret. Waiting for {seats}.", {seats: waiting});
      case "over":
        return t("The game is over: the studios' money is the score.");
      default:
        return year;
    }
  }

  // -- Stage 1, 2, 3 and the distributor's bids --------------------------------------------

  function starDistribution(ctx, deck, parts, claimed) {
    const entries = legalOf(ctx, "GiveStar");
    if (!entries.length) return;
    claimed.push("GiveStar");
    const stars = [...new Set(entries.map((entry) => entry.action.card))];
    if (!stars.includes(ctx.state.star)) ctx.state.star = stars.length === 1 ? stars[0] : null;
    const chosen = ctx.state.star;
    const row = ctx.el("div", {class: "hand hw-stars"}, stars.map((card) => cardFace(ctx, deck, card, {
      act: () => { ctx.state.star = card; ctx.rerender(); }, pressed: card === chosen})));
    const bar = ctx.el("div", {class: "move-bar"});
    if (chosen === null) {
      bar.append(ctx.el("span", {class: "hint"}, ctx.t("Tap a star card first.")));
    } else {
      for (const entry of entries.filter((e) => e.action.card === chosen)) {
        bar.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending,
                                     dataset: {to: String(entry.action.to)},
                                     onclick: () => ctx.act(entry.action)},
          ctx.t("Give it to {seat}", {seat: ctx.seatName(entry.action.to)})));
      }
    }
    parts.push(section(ctx, ctx.t("The star cards you drew"), row, bar));
  }

  function bidCards(ctx, values, onPick, pressed) {
    return ctx.el("div", {class: "hw-bids"}, values.map((value) => ctx.el("button", {
      type: "button", class: "hw-bid", disabled: ctx.pending, dataset: {value: String(value)},
      "aria-pressed": pressed === undefined ? null : String(pressed === value),
      onclick: () => onPick(value),
    }, ctx.el("span", {class: "hw-bid-value"}, String(value)), ctx.el("span", {class: "sub"}, ctx.t("bid card")))));
  }

  function distributorBids(ctx, parts, claimed) {
    const entries = legalOf(ctx, "BidForDistributor");
    if (!entries.length) return;
    claimed.push("BidForDistributor");
    parts.push(section(ctx, ctx.t("Your bid for the first distribution"),
      bidCards(ctx, entries.map((entry) => entry.action.value), (value) =>
        ctx.act(entries.find((entry) => entry.action.value === value).action))));
  }

  function draft(ctx, deck, parts, claimed) {
    const view = ctx.view;
    const entries = legalOf(ctx, "Draft");
    if (entries.length) claimed.push("Draft");
    if (!view.packet || !view.packet.length) return;
    const row = ctx.el("div", {class: "hand hw-packet"}, view.packet.map((card) => {
      const entry = entries.find((e) => e.action.card === card);
      return cardFace(ctx, deck, card, entry ? {act: () => ctx.act(entry.action)}
        : {note: card === view.own_pick ? ctx.t("kept") : null});
    }));
    parts.push(section(ctx, ctx.t("Your packet ({count})", {count: view.packet.length}), row));
  }

  function auction(ctx, deck, parts, claimed) {
    const view = ctx.view;
    const entries = legalOf(ctx, "Bid");
    if (entries.length) claimed.push("Bid");
    const lots = [];
    view.lots.forEach((card, index) => {
      if (card !== null) lots.push({lot: index + 1, card});
    });
    const players = view.config.players;
    if (players > 2 && view.star_size > 0) lots.push({lot: players + 1, card: null});
    const open = [...new Set(entries.map((entry) => entry.action.lot))];
    if (!open.includes(ctx.state.lot)) ctx.state.lot = null;
    const chosen = ctx.state.lot;
    const row = ctx.el("div", {class: "hand hw-lots"}, lots.map(({lot, card}) => {
      const label = ctx.t("Lot {lot}", {lot});
      const bid = view.own_bid && view.own_bid.lot === lot ? ctx.t("your bid: {value}", {value: view.own_bid.value}) : null;
      const pick = open.includes(lot) ? () => { ctx.state.lot = lot; ctx.rerender(); } : null;
      let face;
      if (card === null) {
        face = ctx.el(pick ? "button" : "div", {
          class: "card back hw-card", type: pick ? "button" : null, disabled: pick ? ctx.pending : null,
          "aria-pressed": pick ? String(chosen === lot) : null, onclick: pick, dataset: {lot: String(lot)},
        }, ctx.el("span", {class: "name"}, ctx.t("The top star card")),
        ctx.el("span", {class: "hw-back-note"}, ctx.t("face down: seen by its winner only")));
      } else {
        face = cardFace(ctx, deck, card, pick ? {act: pick, pressed: chosen === lot} : {});
        face.dataset.lot = String(lot);
      }
      return ctx.el("div", {class: "hw-lot"}, ctx.el("span", {class: "hw-lot-label"}, label), face,
        bid ? ctx.el("span", {class: "hw-lot-label"}, bid) : null);
    }));
    const children = [row];
    if (entries.length) {
      if (chosen === null) {
        children.push(ctx.el("p", {class: "hint"}, ctx.t("Tap a lot, then the bid card you put on it.")));
      } else {
        const values = entries.filter((entry) => entry.action.lot === chosen).map((entry) => entry.action.value);
        children.push(ctx.el("p", {class: "hint"}, ctx.t("Your bid on lot {lot}: tap a bid card (you pay it if you win).", {lot: chosen})),
          bidCards(ctx, values, (value) => ctx.act(entries.find((entry) =>
            entry.action.lot === chosen && entry.action.value === value).action)));
      }
    }
    parts.push(section(ctx, ctx.t("The auction's lots"), ...children));
  }

  // -- Stage 4 ------------------------------------------------------------------------------

  function crew(ctx, deck, parts, claimed) {
    const view = ctx.view;
    const plays = legalOf(ctx, "PlayCrew");
    const targets = legalOf(ctx, "ChooseTarget");
    const names = legalOf(ctx, "NameType");
    const ends = legalOf(ctx, "EndCrew");
    const gives = legalOf(ctx, "GiveCard");
    const pays = legalOf(ctx, "PayInstead");
    for (const [kind, list] of [["PlayCrew", plays], ["ChooseTarget", targets], ["NameType", names],
                                ["EndCrew", ends], ["GiveCard", gives], ["PayInstead", pays]]) {
      if (list.length) claimed.push(kind);
    }
    if (mine(ctx)) {
      const row = ctx.el("div", {class: "hand"}, view.hand.map((card) => {
        const play = plays.find((entry) => entry.action.card === card);
        const give = gives.find((entry) => entry.action.card === card);
        const chosen = play || give;
        return cardFace(ctx, deck, card, chosen ? {act: () => ctx.act(chosen.action),
          note: play ? ctx.t("tap to play it") : ctx.t("tap to give it")} : {});
      }));
      parts.push(section(ctx, ctx.t("Your hand ({count})", {count: view.hand.length}), row));
    }
    const building = view.building;
    const bar = ctx.el("div", {class: "move-bar"});
    if (building && building.owner === view.seat && deck) {
      bar.append(ctx.el("span", {class: "hw-building"}, targets.length
        ? ctx.t("You play {card}: at which rival?", {card: cardName(deck, building.card)})
        : ctx.t("You play {card} at {seat}: name a card type.", {card: cardName(deck, building.card), seat: ctx.seatName(building.target)})));
    }
    for (const entry of targets) {
      bar.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending,
                                   dataset: {target: String(entry.action.target)}, onclick: () => ctx.act(entry.action)},
        ctx.t("At {seat}", {seat: ctx.seatName(entry.action.target)})));
    }
    for (const entry of names) {
      bar.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending,
                                   dataset: {kind: entry.action.kind}, onclick: () => ctx.act(entry.action)},
        ctx.t("Ask for: {type}", {type: roleWord(ctx, entry.action.kind)})));
    }
    for (const entry of pays) {
      bar.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending, dataset: {type: "PayInstead"},
                                   onclick: () => ctx.act(entry.action)}, ctx.t("Pay 2 million instead")));
    }
    for (const entry of ends) {
      bar.append(ctx.el("button", {type: "button", class: "hw-move hw-end", disabled: ctx.pending, dataset: {type: "EndCrew"},
                                   onclick: () => ctx.act(entry.action)}, ctx.t("End my Crew Activities")));
    }
    if (bar.childNodes.length) parts.push(bar);
    if (building && building.owner !== view.seat && deck) {
      parts.push(ctx.el("p", {class: "hint"}, building.target === -1
        ? ctx.t("{seat} plays {card}.", {seat: ctx.seatName(building.owner), card: cardName(deck, building.card)})
        : ctx.t("{seat} plays {card} at {target}.", {seat: ctx.seatName(building.owner), card: cardName(deck, building.card),
                                                       target: ctx.seatName(building.target)})));
    }
    if ((view.own_plays || []).length && deck) {
      parts.push(section(ctx, ctx.t("Your plays, face down until all have ended"),
        ctx.el("ul", {class: "hw-lines"}, view.own_plays.map((play) => ctx.el("li", {}, play.named
          ? ctx.t("{card} at {target}, asking for: {type}", {card: cardName(deck, play.card), target: ctx.seatName(play.target), type: roleWord(ctx, play.named)})
          : ctx.t("{card} at {target}", {card: cardName(deck, play.card), target: ctx.seatName(play.target)}))))));
    }
    if ((view.set_aside || []).length) {
      parts.push(section(ctx, ctx.t("Cards you won: they join your hand when the stage ends"),
        ctx.el("div", {class: "card-row"}, view.set_aside.map((card) => cardFace(ctx, deck, card, {small: true})))));
    }
  }

  // -- Stage 5: the film board ----------------------------------------------------------------

  function studioCards(studio) {
    return [...studio.hand, ...studio.films.flatMap((film) => film.map((slot) => slot.card))];
  }

  function zoneOf(role) {
    return ZONES.find((zone) => zone.roles.includes(role)).key;
  }

  /** The role `entry` (an AssignCard into a film) gives its card there. */
  function actingRole(deck, entry) {
    return entry.action.role || naturalRole(kindOf(deck, entry.action.card));
  }

  function filmStatus(ctx, check, film, index) {
    const t = ctx.t;
    const roles = film.map((slot) => slot.role);
    const count = (role) => roles.filter((r) => r === role).length;
    const result = check ? check.films[index] : null;
    if (!result) return {ok: false, text: ""};
    switch (result.problem) {
      case "": {
        const parts = [t("Valid film: box office {amount}", {amount: money(ctx, result.box_office)})];
        if (result.title) parts.push(t("{count} fig", {count: result.title}));
        if (result.cost) parts.push(t("costs {amount} first", {amount: money(ctx, result.cost)}));
        return {ok: true, text: parts.join(" · ")};
      }
      case "empty": return {ok: null, text: t("No film yet: a film needs a script, a director and a cast.")};
      case "script": return {ok: false, text: count("script") ? t("One script only: take one out.") : t("Missing: a script.")};
      case "director": return {ok: false, text: count("director") ? t("One director only: take one out.") : t("Missing: a director.")};
      case "no_cast": return {ok: false, text: t("Missing: an actor or an actress.")};
      case "cast_limit": return {ok: false, text: t("Too many actors and actresses: two at most (three with a Director of Photography).")};
      case "cast_limit_photography": return {ok: false, text: t("Too many actors and actresses: three at most with a Director of Photography.")};
      case "animator_cast": return {ok: false, text: t("No actor, actress or cast member in a film with an Animator.")};
      case "independent_staff": return {ok: false, text: t("No Special Staff in a film with an Independent Film actor or actress.")};
      case "role": return {ok: false, text: t("A card plays a role it does not have.")};
      default: return {ok: false, text: t("A Teacher's icon is not allowed here.")};
    }
  }

  function studioStatus(ctx, check, studio, view) {
    const t = ctx.t;
    if (!check) return "";
    switch (check.problem) {
      case "":
        return studio.films.some((film) => film.length)
          ? t("Every film is valid: produce them when you are ready.")
          : t("No film yet: you may still produce none this year, but a film earns money.");
      case "scandals":
        return t("Hollywood Scandals: your films must hold {due} Scandals cards; they hold {count}.",
                 {due: studio.obligation, count: check.scandals});
      case "cost":
        return t("Your films cost {cost} and you have {amount}: take out the Second-Team Director.",
                 {cost: money(ctx, check.cost), amount: money(ctx, view.money[view.seat])});
      default:
        return t("Film {film} is not valid yet: see below.", {film: check.problem_film});
    }
  }

  function production(ctx, deck, parts, claimed) {
    const view = ctx.view;
    const studio = view.studio;
    if (!studio) return;
    const assigns = legalOf(ctx, "AssignCard");
    const worthless = legalOf(ctx, "TakeWorthlessScript");
    const second = legalOf(ctx, "TakeSecondTeamDirector");
    const teach = legalOf(ctx, "TeachIcon");
    const finish = legalOf(ctx, "FinishProduction");
    claimed.push("AssignCard", "TakeWorthlessScript", "TakeSecondTeamDirector", "TeachIcon", "FinishProduction");
    const cards = studioCards(studio);
    if (!cards.includes(ctx.state.selected)) ctx.state.selected = null;
    const selected = ctx.state.selected;
    const open = !studio.finished && acting(ctx);
    const select = (card) => () => {
      ctx.state.selected = selected === card ? null : card;
      ctx.rerender();
    };
    const send = (entry) => {
      ctx.state.selected = null;
      ctx.act(entry.action);
    };
    const check = view.check;

    // The move bar: the chosen card's moves besides the films, and the finish.
    const status = studioStatus(ctx, check, studio, view);
    const bar = ctx.el("div", {class: "move-bar hw-produce"});
    if (open) {
      bar.append(ctx.el("button", {
        type: "button", class: "hw-finish", disabled: ctx.pending || !finish.length, dataset: {type: "FinishProduction"},
        onclick: () => finish.length && send(finish[0]),
      }, ctx.t("Produce my films")));
    }
    bar.append(ctx.el("span", {class: check && check.problem === "" ? "hw-status ok" : "hw-status", role: "status"}, status));
    parts.push(bar);

    if (open && selected !== null) {
      const name = cardName(deck, selected);
      const chosen = ctx.el("div", {class: "move-bar hw-chosen"},
        ctx.el("span", {}, ctx.t("{card} chosen: tap its place in a film.", {card: name})));
      const home = assigns.find((entry) => entry.action.card === selected && entry.action.film === null);
      if (home) chosen.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending, dataset: {type: "AssignCard", to: "hand"},
                                                onclick: () => send(home)}, ctx.t("Back to the hand")));
      const trade = worthless.find((entry) => entry.action.discard === selected);
      if (trade) chosen.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending, dataset: {type: "TakeWorthlessScript"},
                                                 onclick: () => send(trade)}, ctx.t("Discard it for a Worthless Script")));
      const std = second.find((entry) => entry.action.discard === selected);
      if (std) chosen.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending, dataset: {type: "TakeSecondTeamDirector"},
                                               onclick: () => send(std)}, ctx.t("Discard it for a Second-Team Director")));
      for (const entry of teach.filter((e) => e.action.teacher === selected)) {
        chosen.append(ctx.el("button", {type: "button", class: "hw-move", disabled: ctx.pending, dataset: {type: "TeachIcon"},
                                        onclick: () => send(entry)},
          ctx.t("Teach {card} the {genre} icon", {card: cardName(deck, entry.action.card), genre: genreWord(ctx, entry.action.genre)})));
      }
      if (!assigns.some((entry) => entry.action.card === selected) && !trade && !std) {
        chosen.append(ctx.el("span", {class: "hint"}, ctx.t("This card cannot move now.")));
      }
      chosen.append(ctx.el("button", {type: "button", class: "secondary", onclick: select(selected)}, ctx.t("Cancel")));
      parts.push(chosen);
    }

    // The hand.
    const hand = ctx.el("div", {class: "hand hw-studio-hand"}, studio.hand.map((card) => cardFace(ctx, deck, card, open ? {
      act: select(card), pressed: selected === card, draggable: true} : {})));
    if (!studio.hand.length) hand.append(ctx.el("span", {class: "hint"}, ctx.t("Every card is in a film.")));
    parts.push(section(ctx, ctx.t("Your hand ({count})", {count: studio.hand.length}), hand));

    // The films.
    const board = ctx.el("div", {class: "hw-films"});
    studio.films.forEach((film, index) => {
      const shown = filmStatus(ctx, check, film, index);
      const zones = ZONES.map((zone) => {
        const slots = film.filter((slot) => zoneOf(slot.role) === zone.key);
        const targets = open && selected !== null ? assigns.filter((entry) => entry.action.card === selected
          && entry.action.film === index && zone.roles.includes(actingRole(deck, entry))) : [];
        const box = ctx.el("div", {class: "hw-zone", dataset: {zone: zone.key, film: String(index)}},
          ctx.el("span", {class: "hw-zone-label"}, zoneLabel(ctx, zone.key)),
          ctx.el("div", {class: "card-row"}, slots.map((slot) => cardFace(ctx, deck, slot.card, {
            small: true, icon: slot.icon || null,
            role: kindOf(deck, slot.card) && (kindOf(deck, slot.card).kind === "dual" || kindOf(deck, slot.card).effect === "editor") ? slot.role : null,
            ...(open ? {act: select(slot.card), pressed: selected === slot.card, draggable: true} : {}),
          }))),
          targets.map((entry) => ctx.el("button", {
            type: "button", class: "hw-target", disabled: ctx.pending,
            dataset: {film: String(index), zone: zone.key, role: actingRole(deck, entry)},
            onclick: () => send(entry),
          }, targets.length > 1 || entry.action.role
            ? ctx.t("Put it here as {role}", {role: roleWord(ctx, actingRole(deck, entry))})
            : ctx.t("Put it here"))));
        if (open) {
          box.addEventListener("dragover", (event) => {
            const card = ctx.state.selected;
            if (assigns.some((entry) => entry.action.card === card && entry.action.film === index
                && zone.roles.includes(actingRole(deck, entry)))) event.preventDefault();
          });
          box.addEventListener("drop", (event) => {
            event.preventDefault();
            const card = Number(event.dataTransfer.getData("text/plain"));
            const found = assigns.filter((entry) => entry.action.card === card && entry.action.film === index
              && zone.roles.includes(actingRole(deck, entry)));
            if (found.length === 1) {
              send(found[0]);
            } else {
              ctx.state.selected = card;
              ctx.rerender();
            }
          });
        }
        return box;
      });
      board.append(ctx.el("section", {class: `hw-film${shown.ok === true ? " ok" : shown.ok === false ? " bad" : ""}`,
                                       dataset: {film: String(index)}, "aria-label": ctx.t("Film {film}", {film: index})},
        ctx.el("h3", {}, ctx.t("Film {film}", {film: index})),
        ctx.el("p", {class: "hw-film-status", dataset: {problem: check ? check.films[index].problem : ""}}, shown.text),
        ...zones));
    });
    parts.push(board);
    if (studio.discards.length) {
      parts.push(section(ctx, ctx.t("Discarded for supply cards"),
        ctx.el("div", {class: "card-row"}, studio.discards.map((card) => cardFace(ctx, deck, card, {small: true})))));
    }
  }

  function zoneLabel(ctx, key) {
    switch (key) {
      case "script": return ctx.t("Script");
      case "director": return ctx.t("Director");
      case "cast": return ctx.t("Cast");
      default: return ctx.t("Crew");
    }
  }

  // -- the studios and what the table has seen -------------------------------------------------

  function studios(ctx, deck) {
    const view = ctx.view;
    const el = ctx.el;
    const toAct = new Set(view.to_act || []);
    const done = new Set(view.done || []);
    const rows = view.money.map((amount, seat) => {
      const classes = ["hw-studio"];
      if (toAct.has(seat)) classes.push("acting");
      if (seat === view.seat) classes.push("mine");
      const trophies = view.trophies[seat] || [];
      const spent = [0, 1, 2, 3, 4].filter((value) => !view.bid_cards[seat].includes(value));
      // Each trophy's year and the figurines it pays at the end (its own call: the
      // extractor reads no message inside another's arguments).
      const years = trophies.map((trophy) => ctx.t("year {year} ({count} fig)",
                                                   {year: trophy.year, count: trophy.countable})).join(", ");
      return el("li", {class: classes.join(" "), dataset: {seat: String(seat)}},
        el("span", {class: "hw-who"}, ctx.seatName(seat),
          seat === view.distributor ? el("span", {class: "hw-badge"}, ctx.t("distributor")) : null,
          done.has(seat) ? el("span", {class: "hw-badge done"}, ctx.t("done")) : null),
        el("span", {class: "hw-money"}, money(ctx, amount)),
        el("span", {class: "sub"}, ctx.t("Bid cards left: {values}", {values: view.bid_cards[seat].slice().sort().join(" ")})
          + (spent.length ? " · " + ctx.t("spent: {values}", {values: spent.join(" ")}) : "")),
        el("span", {class: "sub"}, ctx.t("Cards in hand: {count}", {count: view.hand_sizes[seat]})),
        trophies.length ? el("span", {class: "sub hw-trophies"}, ctx.t("Films of the Year: {years}", {years}))
          : null);
    });
    const extra = [];
    if (view.festival !== null && view.festival !== undefined && deck) {
      extra.push(el("div", {class: "hw-festival"}, el("span", {class: "hw-zone-label"}, ctx.t("This year's Festival")),
        cardFace(ctx, deck, view.festival)));
    }
    return section(ctx, ctx.t("The studios"), el("ul", {class: "hw-studios"}, rows), ...extra);
  }

  function playResult(ctx, play) {
    switch (play.result) {
      case "gave": return ctx.t("a card was given");
      case "paid": return ctx.t("2 million were paid instead");
      case "none": return ctx.t("no card of that type: no effect");
      case "scandal": return ctx.t("the Scandals card joins their hand");
      default: return "";
    }
  }

  function tableNews(ctx, deck, parts) {
    const view = ctx.view;
    const el = ctx.el;
    if (!deck) return;
    const bids = (view.revealed_bids || []).map((bid, seat) => bid && el("li", {},
      ctx.t("{seat} bid {value} on lot {lot}", {seat: ctx.seatName(seat), value: bid.value, lot: bid.lot}))).filter(Boolean);
    if (bids.length) parts.push(section(ctx, ctx.t("This year's auction"), el("ul", {class: "hw-lines"}, bids)));
    if ((view.plays || []).length) {
      parts.push(section(ctx, ctx.t("This year's Crew Activities"), el("ul", {class: "hw-lines"}, view.plays.map((play) =>
        el("li", {}, (play.named
          ? ctx.t("{owner} played {card} at {target}, asking for: {type}", {owner: ctx.seatName(play.owner), card: cardName(deck, play.card),
                                                                              target: ctx.seatName(play.target), type: roleWord(ctx, play.named)})
          : ctx.t("{owner} played {card} at {target}", {owner: ctx.seatName(play.owner), card: cardName(deck, play.card),
                                                         target: ctx.seatName(play.target)})) + ": " + playResult(ctx, play))))));
    }
    if ((view.log || []).length) {
      parts.push(section(ctx, ctx.t("Only you know"), el("ul", {class: "hw-lines"}, view.log.map((note) => {
        const params = {card: cardName(deck, note.card), seat: ctx.seatName(note.other)};
        switch (note.what) {
          case "star_given": return el("li", {}, ctx.t("You handed {card} to {seat}.", params));
          case "star_received": return el("li", {}, ctx.t("{seat} handed you {card}.", params));
          case "hidden_lot": return el("li", {}, ctx.t("You won the face-down lot: {card}.", params));
          case "gave": return el("li", {}, ctx.t("You gave {card} to {seat}.", params));
          default: return el("li", {}, ctx.t("{seat} gave you {card}.", params));
        }
      }))));
    }
    const report = view.report;
    if (report && report.films.length) {
      const best = report.film_of_the_year;
      parts.push(section(ctx, ctx.t("The films of year {year}", {year: report.year}),
        el("ul", {class: "hw-report"}, report.films.map((film) => {
          const winner = best && best[0] === film.seat && best[1] === film.film;
          return el("li", {class: winner ? "hw-best" : null},
            el("span", {class: "hw-who"}, ctx.t("{seat}, film {film}", {seat: ctx.seatName(film.seat), film: film.film}),
              winner ? el("span", {class: "hw-badge"}, ctx.t("Film of the Year")) : null),
            el("span", {class: "sub"}, film.slots.map((slot) => cardName(deck, slot.card)).join(", ")),
            el("span", {class: "sub"}, ctx.t("box office {amount}", {amount: money(ctx, film.box_office)})
              + (film.cost ? " · " + ctx.t("cost {amount}", {amount: money(ctx, film.cost)}) : "")
              + " · " + ctx.t("{count} fig", {count: film.title})));
        }))));
    } else if (report) {
      parts.push(section(ctx, ctx.t("The films of year {year}", {year: report.year}),
        el("p", {class: "hint"}, ctx.t("No studio made a film."))));
    }
  }

  function ownHand(ctx, deck, parts) {
    const view = ctx.view;
    if (!mine(ctx) || !view.hand.length) return;
    parts.push(section(ctx, ctx.t("Your hand ({count})", {count: view.hand.length}),
      ctx.el("div", {class: "hand hw-hand"}, view.hand.map((card) => cardFace(ctx, deck, card)))));
  }

  window.PartyTable.register("hollywood", {
    render(ctx) {
      const view = ctx.view;
      const el = ctx.el;
      const deck = deckOf(ctx);
      const claimed = [];
      const parts = [el("p", {class: acting(ctx) ? "phase-line mine" : "phase-line", id: "hw-phase"},
        phaseSentence(ctx, deck || null))];
      if (deck === undefined) {
        parts.push(el("p", {class: "hint"}, ctx.t("Loading the cards…")));
        ctx.area.replaceChildren(el("div", {class: "hw-board"}, ...parts));
        return {claimed};
      }
      if (!deck) {
        parts.push(el("p", {class: "hint"}, ctx.t("The cards could not be loaded: the moves are below.")));
        ctx.area.replaceChildren(el("div", {class: "hw-board"}, ...parts));
        return {claimed};
      }
      switch (view.stage) {
        case "distributor_bids":
          distributorBids(ctx, parts, claimed);
          break;
        case "star_distribution":
          starDistribution(ctx, deck, parts, claimed);
          ownHand(ctx, deck, parts);
          break;
        case "draft":
          draft(ctx, deck, parts, claimed);
          ownHand(ctx, deck, parts);
          break;
        case "auction":
          auction(ctx, deck, parts, claimed);
          ownHand(ctx, deck, parts);
          break;
        case "crew_turn": case "crew_planning": case "answering":
          crew(ctx, deck, parts, claimed);
          break;
        case "production":
          if (view.studio) production(ctx, deck, parts, claimed);
          break;
        default:
          break;
      }
      parts.push(studios(ctx, deck));
      tableNews(ctx, deck, parts);
      ctx.area.replaceChildren(el("div", {class: "hw-board", dataset: {stage: view.stage}}, ...parts));
      return {claimed};
    },
  });
})();

// Dylan Dog at the web table: the three-plane board drawn as SVG, seen from above, and
// every move made on it. Reality is the outer ring (one square per sector, the white
// squares lettered A, B, ...), the nightmare plane the middle ring (turned by the view's
// rotation), the mystery plane the centre: gates, their paths forking to the crypts.
//
// The squares a legal move reaches are lit: tapping one (or Enter/Space on it) steps
// there, changes plane, enters a crypt or picks a white square; the nightmare plane turns
// by its two arrows; a gate is tapped to enter a dimension. Every other choice (the die,
// trades, cards to play or give, a crypt's face-down cards) is a plain button above the
// board, and the sentences around it say where everyone stands and what each card does.
//
// The board's layout and the decks are the game's component data (ctx.components()):
// the default board, or one a table's config describes.
"use strict";

(() => {
  const R_REALITY = [160, 197];
  const R_NIGHTMARE = [120, 158];
  const R_GATE = 106;
  const R_FORK = 80;
  const R_CRYPT = 52;
  const PAWN_COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#8d6e00", "#6a1b9a", "#d84315"];
  const KIND_SUIT = {story: "#5b3fa6", mystery: "#00695c", horror: "#b3261e", nightmare: "#37474f",
                     dylan_dog: "#c62828"};
  // Each nightmare square: its fill and a mark that needs no language (the legend names it).
  const SQUARE_LOOK = {
    nightmare_card: {fill: "#7a1f2b", mark: "?"},
    window: {fill: "#1f5f8b", mark: "\u229e"},
    passage: {fill: "#5b3fa6", mark: "\u21a7"},
    enter_crypt: {fill: "#222222", mark: "\u2020"},
    exchange: {fill: "#7a5600", mark: "\u21c4"},
    plain: {fill: "#4a4a55", mark: ""},
  };
  const CLOCKWISE = "clockwise";
  const COUNTERCLOCKWISE = "counterclockwise";
  const DYLAN_FACE = 0;
  // -- words --------------------------------------------------------------------------------

  function squareName(ctx, kind) {
    switch (kind) {
      case "nightmare_card": return ctx.t("take a nightmare card");
      case "window": return ctx.t("window");
      case "passage": return ctx.t("dimensional passage");
      case "enter_crypt": return ctx.t("enter the mystery crypt");
      case "exchange": return ctx.t("forced exchange");
      default: return ctx.t("plain square");
    }
  }

  function roleName(ctx, role) {
    switch (role) {
      case "investigator": return ctx.t("investigator");
      case "action": return ctx.t("action");
      case "location": return ctx.t("location");
      case "fear": return ctx.t("fear");
      default: return role;
    }
  }

  /** A word of the decks (an element, a shape, a horror card's name): the catalogue has
   *  the default data's words; a custom deck's words show as written. */
  function word(ctx, text) {
    return text ? ctx.t(text) : "";
  }

  function faceText(ctx, face) {
    if (face === null || face === undefined) return "–";
    return face === DYLAN_FACE ? ctx.t("Dylan Dog's face") : String(face);
  }

  // -- the decks: one numbering of every card, as the engine's catalog -------------------------

  function catalogOf(cards) {
    const entries = [];
    for (const card of cards.story) entries.push({kind: "story", ...card});
    for (const card of cards.mystery) entries.push({kind: "mystery", ...card});
    for (const card of cards.horror) entries.push({kind: "horror", ...card});
    for (const card of cards.nightmare) entries.push({kind: "nightmare", ...card});
    for (let i = 0; i < cards.dylan_dog; i += 1) entries.push({kind: "dylan_dog"});
    return entries;
  }

  function nightmareTitle(ctx, card) {
    switch (card.effect) {
      case "no_effect": return ctx.t("No effect");
      case "shadow": return ctx.t("Shadow: {shape}", {shape: word(ctx, card.shape)});
      case "enter_dimension": return ctx.t("Enter the dimension of {crypt}", {crypt: card.crypt});
      case "go_to_crypt": return ctx.t("Go to crypt {crypt}", {crypt: card.crypt});
      case "back_to_reality": return ctx.t("Back to reality");
      case "take_dylan_dog": return ctx.t("Take a Dylan Dog card");
      case "send_to_reality": return ctx.t("Send a pawn to reality");
      case "rotate": return ctx.t("Turn the nightmare plane");
      case "step_again": return ctx.t("Step again");
      default: return card.effect;
    }
  }

  function nightmareText(ctx, card) {
    switch (card.effect) {
      case "no_effect": return ctx.t("Nothing happens.");
      case "shadow": return ctx.t("Kept face up: it saves you on a shadow square if one of your story cards shows the {shape}.", {shape: word(ctx, card.shape)});
      case "enter_dimension": return ctx.t("The pawn goes to a gate leading to crypt {crypt}.", {crypt: card.crypt});
      case "go_to_crypt": return ctx.t("The pawn goes straight to crypt {crypt}.", {crypt: card.crypt});
      case "back_to_reality": return ctx.t("The pawn goes back to a white square of reality.");
      case "take_dylan_dog": return ctx.t("Its drawer takes a Dylan Dog card.");
      case "send_to_reality": return ctx.t("Its drawer sends another player's pawn back to reality.");
      case "rotate": return ctx.t("Its drawer turns the nightmare plane by 1 to {most} squares.", {most: card.most});
      case "step_again": return ctx.t("Its drawer moves the pawn again, 1 to {most} squares.", {most: card.most});
      default: return "";
    }
  }

  /** A card's face: its name and the line under it. `story` is the viewer's story (the
   *  elements it still looks for), or null. */
  function cardFace(ctx, deck, id, story) {
    const card = deck[id];
    if (!card) return {name: ctx.t("card {id}", {id}), sub: "", kind: "unknown"};
    switch (card.kind) {
      case "story":
        return {name: word(ctx, card.element), kind: card.kind,
                sub: ctx.t("{role} · shadow: {shape}", {role: roleName(ctx, card.role), shape: word(ctx, card.shape)})};
      case "mystery": {
        let sub = ctx.t("mystery card");
        if (story) {
          sub = story.has(card.element) ? ctx.t("mystery card · in your story")
            : ctx.t("mystery card · to trade");
        }
        return {name: word(ctx, card.element), sub, kind: card.kind};
      }
      case "horror":
        return {name: word(ctx, card.name), kind: card.kind,
                sub: card.needs === null ? ctx.t("horror card · only Dylan Dog's face beats it")
                  : ctx.t("horror card · beaten by {needs} or more", {needs: card.needs})};
      case "nightmare":
        return {name: nightmareTitle(ctx, card), sub: ctx.t("nightmare card"), kind: card.kind};
      default:
        return {name: "Dylan Dog", sub: ctx.t("Dylan Dog card"), kind: card.kind};
    }
  }

  function cardLabel(ctx, deck, id) {
    const face = cardFace(ctx, deck, id, null);
    return ctx.t("“{name}” ({what})", {name: face.name, what: face.sub});
  }

  // -- the board's geometry -------------------------------------------------------------------

  // Sector s spans the angles [s, s + 1) * 360 / sectors, clockwise from the top.
  function point(radius, sectorPosition, sectors) {
    const angle = (sectorPosition / sectors) * 2 * Math.PI;
    return [radius * Math.sin(angle), -radius * Math.cos(angle)];
  }

  function cell(inner, outer, sector, sectors) {
    const [x0, y0] = point(outer, sector, sectors);
    const [x1, y1] = point(outer, sector + 1, sectors);
    const [x2, y2] = point(inner, sector + 1, sectors);
    const [x3, y3] = point(inner, sector, sectors);
    return `M${x0},${y0} A${outer},${outer} 0 0 1 ${x1},${y1} L${x2},${y2} `
      + `A${inner},${inner} 0 0 0 ${x3},${y3} Z`;
  }

  function mid(range) {
    return (range[0] + range[1]) / 2;
  }

  function lerp([x0, y0], [x1, y1], t) {
    return [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
  }

  function cryptIndex(board, name) {
    return board.crypts.findIndex((crypt) => crypt.name === name);
  }

  function cryptPoint(board, index) {
    return point(R_CRYPT, board.crypts[index].sector + 0.5, board.sectors);
  }

  /** Where square `square` of gate `gate`'s path lies (0 the gate, then the shared
   *  squares, then those of the branch to crypt `branch`). */
  function pathPoint(board, gate, square, branch) {
    const path = board.gates[gate];
    const gatePoint = point(R_GATE, path.sector + 0.5, board.sectors);
    const fork = point(R_FORK, path.sector + 0.5, board.sectors);
    const shared = path.shared.length;
    if (square <= shared || branch < 0) {
      return lerp(gatePoint, fork, shared ? Math.min(square, shared) / shared : 0);
    }
    return lerp(fork, cryptPoint(board, branch), (square - shared) / (path.branch.length + 1));
  }

  function pathKind(board, gate, square) {
    const path = board.gates[gate];
    if (square === 0) return "gate";
    if (square <= path.shared.length) return path.shared[square - 1];
    return path.branch[square - path.shared.length - 1];
  }

  function nightmareSector(board, rotation, square) {
    return (square + rotation) % board.sectors;
  }

  function squareAt(board, rotation, sector) {
    return ((sector - rotation) % board.sectors + board.sectors) % board.sectors;
  }

  function pawnPoint(board, rotation, pawn) {
    const n = board.sectors;
    switch (pawn.plane) {
      case "reality": return point(mid(R_REALITY), pawn.square + 0.5, n);
      case "nightmare": return point(mid(R_NIGHTMARE), nightmareSector(board, rotation, pawn.square) + 0.5, n);
      case "mystery": return pathPoint(board, pawn.gate, pawn.square, pawn.branch);
      // Inside the crypt's name, toward the centre: the name stays readable.
      case "crypt": return point(R_CRYPT - 22, board.crypts[pawn.square].sector + 0.5, n);
      default: return [0, 0];
    }
  }

  /** The sector a pawn stands at (for a pawn on a path, its gate's). */
  function pawnSector(board, rotation, pawn) {
    switch (pawn.plane) {
      case "reality": return pawn.square;
      case "nightmare": return nightmareSector(board, rotation, pawn.square);
      case "mystery": return board.gates[pawn.gate].sector;
      case "crypt": return board.crypts[pawn.square].sector;
      default: return 0;
    }
  }

  function whiteLetter(board, sector) {
    const index = board.white_squares.indexOf(sector);
    return index < 0 ? "" : String.fromCharCode(65 + index);
  }

  /** Where a pawn stands, in words. */
  function where(ctx, board, rotation, pawn) {
    switch (pawn.plane) {
      case "reality": {
        const letter = whiteLetter(board, pawn.square);
        return letter ? ctx.t("in reality, on white square {letter}", {letter}) : ctx.t("in reality");
      }
      case "nightmare":
        return ctx.t("on the nightmare plane, on a square “{kind}”",
                     {kind: squareName(ctx, board.nightmare[pawn.square])});
      case "mystery": {
        const gate = board.gates[pawn.gate];
        const shadow = pathKind(board, pawn.gate, pawn.square) === "shadow";
        if (pawn.square === 0) return ctx.t("on the mystery plane, at gate {gate}", {gate: gate.name});
        if (pawn.branch >= 0) {
          const crypt = board.crypts[pawn.branch].name;
          return shadow ? ctx.t("on the path to crypt {crypt}, on a shadow square", {crypt})
            : ctx.t("on the path to crypt {crypt}", {crypt});
        }
        return shadow ? ctx.t("on the path from gate {gate}, on a shadow square", {gate: gate.name})
          : ctx.t("on the path from gate {gate}", {gate: gate.name});
      }
      case "crypt":
        return ctx.t("at crypt {crypt}", {crypt: board.crypts[pawn.square].name});
      default:
        return "";
    }
  }

  // -- the moves --------------------------------------------------------------------------------

  function entriesOf(ctx, kind) {
    return ctx.legal.map((entry, index) => ({...entry, index}))
      .filter((entry) => entry.action.type === kind);
  }

  /** Note that the screen offers `entry`'s kind itself (its generic buttons go). */
  function offer(ctx, entry) {
    ctx.state.offered.add(entry.action.type);
  }

  function send(ctx, entry) {
    // The page's own flag, live: a second tap before the answer would be refused.
    if (window.PartyTable.pending) return;
    ctx.act(entry.action);
  }

  function moveButton(ctx, entry, label, extra) {
    offer(ctx, entry);
    return ctx.el("button", {
      type: "button", class: `act act-send dd-move${extra ? ` ${extra}` : ""}`, disabled: ctx.pending,
      dataset: {type: entry.action.type, index: String(entry.index)},
      onclick: () => send(ctx, entry),
    }, label);
  }

  /** A card as a button: tapping it makes the move `entry`. */
  function cardButton(ctx, deck, id, entry, story) {
    offer(ctx, entry);
    const face = cardFace(ctx, deck, id, story);
    return ctx.el("button", {
      type: "button", class: `card act-send dd-card ${face.kind}`, disabled: ctx.pending,
      style: `--suit: ${KIND_SUIT[face.kind] || "#5b3fa6"}`,
      dataset: {type: entry.action.type, index: String(entry.index), card: String(id)},
      onclick: () => send(ctx, entry),
    }, ctx.el("span", {class: "name"}, face.name), ctx.el("span", {class: "sub"}, face.sub));
  }

  function cardTile(ctx, deck, id, story, extra) {
    const face = cardFace(ctx, deck, id, story);
    return ctx.el("div", {class: `card dd-card ${face.kind}${extra ? ` ${extra}` : ""}`,
                          style: `--suit: ${KIND_SUIT[face.kind] || "#5b3fa6"}`,
                          dataset: {card: String(id)}},
      ctx.el("span", {class: "name"}, face.name), ctx.el("span", {class: "sub"}, face.sub));
  }

  /** Where each unit of a move would take the acting pawn: the lit squares of the board,
   *  each with its legal entry and what it is called. */
  function boardTargets(ctx, board, view) {
    const targets = [];
    const actor = (view.to_act || [])[0];
    const pawn = actor === undefined ? null : (view.pawns || [])[actor];
    const rotation = view.rotation || 0;
    const n = board.sectors;
    for (const entry of entriesOf(ctx, "Step")) {
      const direction = entry.action.direction;
      if (!pawn) continue;
      if (pawn.plane === "reality") {
        const sector = (pawn.square + (direction === CLOCKWISE ? 1 : n - 1)) % n;
        targets.push({entry, plane: "reality", sector,
                      label: direction === CLOCKWISE ? ctx.t("Step clockwise, in reality")
                        : ctx.t("Step counterclockwise, in reality")});
      } else if (pawn.plane === "nightmare") {
        const square = (pawn.square + (direction === CLOCKWISE ? 1 : n - 1)) % n;
        targets.push({entry, plane: "nightmare", sector: nightmareSector(board, rotation, square),
                      label: (direction === CLOCKWISE ? ctx.t("Step clockwise onto “{kind}”", {kind: squareName(ctx, board.nightmare[square])})
                        : ctx.t("Step counterclockwise onto “{kind}”", {kind: squareName(ctx, board.nightmare[square])}))});
      } else if (pawn.plane === "mystery") {
        const path = board.gates[pawn.gate];
        if (direction === "gate") {
          const square = pawn.square - 1;
          const branch = square > path.shared.length ? pawn.branch : -1;
          targets.push({entry, plane: "path", point: pathPoint(board, pawn.gate, square, branch),
                        label: square === 0 ? ctx.t("Step back to gate {gate}", {gate: path.name})
                          : ctx.t("Step back toward gate {gate}", {gate: path.name})});
        } else if (direction === "crypt") {
          if (pawn.square >= path.shared.length + path.branch.length) {
            targets.push({entry, plane: "crypt", crypt: pawn.branch,
                          label: ctx.t("Step into crypt {crypt}", {crypt: board.crypts[pawn.branch].name})});
          } else {
            const square = pawn.square + 1;
            const shadow = pathKind(board, pawn.gate, square) === "shadow";
            let label;
            if (pawn.branch >= 0) {
              const crypt = board.crypts[pawn.branch].name;
              label = shadow ? ctx.t("Step on toward crypt {crypt}, onto a shadow square", {crypt})
                : ctx.t("Step on toward crypt {crypt}", {crypt});
            } else {
              // Before the fork the path leads to two crypts.
              label = shadow ? ctx.t("Step on along the path, onto a shadow square") : ctx.t("Step on along the path");
            }
            targets.push({entry, plane: "path", point: pathPoint(board, pawn.gate, square, pawn.branch), label});
          }
        } else {
          const branch = cryptIndex(board, direction);
          targets.push({entry, plane: "path", point: pathPoint(board, pawn.gate, pawn.square + 1, branch),
                        label: ctx.t("Take the path to crypt {crypt}", {crypt: direction})});
        }
      }
    }
    for (const entry of entriesOf(ctx, "ChangePlane")) {
      if (!pawn) continue;
      const plane = entry.action.plane;
      const sector = pawnSector(board, rotation, pawn);
      if (plane === "nightmare") {
        const square = squareAt(board, rotation, sector);
        targets.push({entry, plane: "nightmare", sector,
                      label: ctx.t("Pass to the nightmare plane, onto “{kind}”", {kind: squareName(ctx, board.nightmare[square])})});
      } else if (plane === "reality") {
        targets.push({entry, plane: "reality", sector, label: ctx.t("Pass to the reality plane")});
      } else {
        const gate = board.gates.findIndex((found) => found.sector === sector);
        if (gate >= 0) {
          targets.push({entry, plane: "gate", gate,
                        label: ctx.t("Pass to the mystery plane through gate {gate}", {gate: board.gates[gate].name})});
        }
      }
    }
    for (const entry of entriesOf(ctx, "ChooseGate")) {
      const gate = entry.action.gate;
      if (board.gates[gate]) {
        targets.push({entry, plane: "gate", gate,
                      label: ctx.t("Enter the dimension through gate {gate}", {gate: board.gates[gate].name})});
      }
    }
    for (const entry of entriesOf(ctx, "Return")) {
      const sector = entry.action.square;
      targets.push({entry, plane: "reality", sector,
                    label: ctx.t("Put your pawn on white square {letter}", {letter: whiteLetter(board, sector)})});
    }
    return targets;
  }

  // -- drawing ----------------------------------------------------------------------------------

  /** A lit square: a button on the board, by a tap, Enter or Space. */
  function target(ctx, shape, spec) {
    offer(ctx, spec.entry);
    const s = ctx.svgEl;
    const group = s("g", {class: "dd-target", role: "button", tabindex: 0, "aria-label": spec.label,
                          "aria-disabled": ctx.pending ? "true" : null,
                          "data-type": spec.entry.action.type, "data-index": spec.entry.index,
                          "data-plane": spec.plane},
      s("title", {}, spec.label), shape);
    group.addEventListener("click", () => send(ctx, spec.entry));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        send(ctx, spec.entry);
      }
    });
    return group;
  }

  function targetShape(ctx, board, spec) {
    const s = ctx.svgEl;
    const n = board.sectors;
    switch (spec.plane) {
      case "reality":
        return s("path", {d: cell(R_REALITY[0], R_REALITY[1], spec.sector, n), class: "dd-lit"});
      case "nightmare":
        return s("path", {d: cell(R_NIGHTMARE[0], R_NIGHTMARE[1], spec.sector, n), class: "dd-lit"});
      case "gate": {
        const [x, y] = point(R_GATE, board.gates[spec.gate].sector + 0.5, n);
        return s("circle", {cx: x, cy: y, r: 13, class: "dd-lit"});
      }
      case "crypt": {
        const [x, y] = cryptPoint(board, spec.crypt);
        return s("rect", {x: x - 30, y: y - 14, width: 60, height: 28, rx: 7, class: "dd-lit"});
      }
      default: {
        const [x, y] = spec.point;
        return s("circle", {cx: x, cy: y, r: 10, class: "dd-lit"});
      }
    }
  }

  /** The nightmare plane's arrows, on the ring across from the acting pawn (where no lit
   *  square is): a tap turns the plane one square. */
  function rotationArrows(ctx, board, view) {
    const s = ctx.svgEl;
    const n = board.sectors;
    const entries = entriesOf(ctx, "Rotate");
    if (!entries.length) return [];
    const actor = (view.to_act || [])[0];
    const pawn = (view.pawns || [])[actor];
    const base = pawn ? pawnSector(board, view.rotation || 0, pawn) : 0;
    const radius = mid(R_NIGHTMARE);
    return entries.map((entry) => {
      const clockwise = entry.action.direction === CLOCKWISE;
      // Two arcs of three sectors on the far side, each pointing its way.
      const from = clockwise ? base + n / 2 + 1.2 : base + n / 2 - 1.2;
      const to = clockwise ? from + 3.2 : from - 3.2;
      const [x0, y0] = point(radius, from, n);
      const [x1, y1] = point(radius, to, n);
      const sweep = clockwise ? 1 : 0;
      const arc = `M${x0},${y0} A${radius},${radius} 0 0 ${sweep} ${x1},${y1}`;
      // The arrowhead: a triangle at the arc's end, along the tangent.
      const angle = (to / n) * 2 * Math.PI;
      const tangent = clockwise ? [Math.cos(angle), Math.sin(angle)] : [-Math.cos(angle), -Math.sin(angle)];
      const normal = [Math.sin(angle), -Math.cos(angle)];
      const tip = [x1 + tangent[0] * 12, y1 + tangent[1] * 12];
      const left = [x1 + normal[0] * 11, y1 + normal[1] * 11];
      const right = [x1 - normal[0] * 11, y1 - normal[1] * 11];
      const label = clockwise ? ctx.t("Turn the nightmare plane one square clockwise")
        : ctx.t("Turn the nightmare plane one square counterclockwise");
      return target(ctx, s("g", {},
        s("path", {d: arc, class: "dd-arrow-hit"}),
        s("path", {d: arc, class: "dd-arrow"}),
        s("polygon", {points: `${tip.join(",")} ${left.join(",")} ${right.join(",")}`, class: "dd-arrow-head"})),
      {entry, label, plane: "rotate"});
    });
  }

  function drawBoard(ctx, board, view) {
    const s = ctx.svgEl;
    const n = board.sectors;
    const rotation = view.rotation || 0;
    const svg = s("svg", {viewBox: "-200 -200 400 400", role: "group", class: "dd-svg",
                          "aria-label": ctx.t("The board: reality outside, the nightmare plane in the middle, the mystery plane in the centre")});
    const base = s("g", {"aria-hidden": "true"});
    svg.append(base);
    base.append(s("circle", {r: 199, fill: "#1b1a22"}));
    // Reality: the outer ring, the white squares lettered.
    for (let sector = 0; sector < n; sector += 1) {
      const letter = whiteLetter(board, sector);
      base.append(s("path", {d: cell(R_REALITY[0], R_REALITY[1], sector, n),
                             fill: letter ? "#fbfbf4" : "#b9b3a3", stroke: "#1b1a22", "stroke-width": 1}));
      if (letter) {
        const [x, y] = point(mid(R_REALITY), sector + 0.5, n);
        base.append(s("text", {x, y: y + 5, "text-anchor": "middle", class: "dd-letter"}, letter));
      }
    }
    // The nightmare plane: square k lies at sector (k + rotation) % n.
    for (let square = 0; square < n; square += 1) {
      const sector = nightmareSector(board, rotation, square);
      const look = SQUARE_LOOK[board.nightmare[square]] || SQUARE_LOOK.plain;
      base.append(s("path", {d: cell(R_NIGHTMARE[0], R_NIGHTMARE[1], sector, n), fill: look.fill,
                             stroke: "#1b1a22", "stroke-width": 1}));
      if (look.mark) {
        const [x, y] = point(mid(R_NIGHTMARE), sector + 0.5, n);
        base.append(s("text", {x, y: y + 5, "text-anchor": "middle", class: "dd-mark"}, look.mark));
      }
    }
    // "Via": where the plane's square 0 lies (the dragger's arrow), a notch on its rim.
    {
      const [x0, y0] = point(R_NIGHTMARE[1] - 1, rotation + 0.2, n);
      const [x1, y1] = point(R_NIGHTMARE[1] - 1, rotation + 0.8, n);
      const [x2, y2] = point(R_NIGHTMARE[1] - 9, rotation + 0.5, n);
      base.append(s("polygon", {points: `${x0},${y0} ${x1},${y1} ${x2},${y2}`, fill: "#ffd54f"}));
    }
    // The mystery plane: the centre disc, the gates' paths forking to the crypts.
    base.append(s("circle", {r: R_NIGHTMARE[0] - 1, fill: "#2c2840"}));
    for (const sector of board.dylan_faces || []) {
      const [x, y] = point(R_NIGHTMARE[0] - 7, sector + 0.5, n);
      base.append(s("circle", {cx: x, cy: y, r: 4.5, fill: "#f4d35e"}));
    }
    for (const sector of board.exchange_sectors || []) {
      const [x, y] = point(R_NIGHTMARE[0] - 7, sector + 0.5, n);
      base.append(s("rect", {x: x - 4.5, y: y - 4.5, width: 9, height: 9, fill: "#e0a800"}));
    }
    board.gates.forEach((gate, index) => {
      const gatePoint = point(R_GATE, gate.sector + 0.5, n);
      const fork = pathPoint(board, index, gate.shared.length, -1);
      base.append(s("line", {x1: gatePoint[0], y1: gatePoint[1], x2: fork[0], y2: fork[1],
                             stroke: "#8e86c9", "stroke-width": 3}));
      for (const name of gate.crypts) {
        const crypt = cryptIndex(board, name);
        if (crypt < 0) continue;
        const end = cryptPoint(board, crypt);
        base.append(s("line", {x1: fork[0], y1: fork[1], x2: end[0], y2: end[1],
                               stroke: "#8e86c9", "stroke-width": 2, "stroke-dasharray": "4 3"}));
        gate.branch.forEach((kind, step) => {
          const [x, y] = pathPoint(board, index, gate.shared.length + step + 1, crypt);
          base.append(s("circle", {cx: x, cy: y, r: 3.5, fill: kind === "shadow" ? "#000" : "#d8d4f2",
                                   stroke: "#d8d4f2", "stroke-width": 1}));
        });
      }
      gate.shared.forEach((kind, step) => {
        const [x, y] = pathPoint(board, index, step + 1, -1);
        base.append(s("circle", {cx: x, cy: y, r: 4, fill: kind === "shadow" ? "#000" : "#d8d4f2",
                                 stroke: "#d8d4f2", "stroke-width": 1}));
      });
      base.append(s("circle", {cx: gatePoint[0], cy: gatePoint[1], r: 6.5, fill: "#b9b2ff",
                               stroke: "#1b1a22"}));
    });
    board.crypts.forEach((crypt, index) => {
      const [x, y] = cryptPoint(board, index);
      const size = view.crypt_sizes ? view.crypt_sizes[index] : null;
      const text = size === null ? crypt.name : `${crypt.name} ${size}`;
      const width = Math.max(34, text.length * 5.6 + 10);
      base.append(s("rect", {x: x - width / 2, y: y - 10, width, height: 20, rx: 5,
                             fill: size === 0 ? "#3b3650" : "#4a3f7a", stroke: "#b9b2ff"}));
      base.append(s("text", {x, y: y + 3.5, "text-anchor": "middle", class: "dd-crypt-name"}, text));
    });
    // The lit squares, then the pawns over them (a tap goes through a pawn), the arrows.
    const targets = boardTargets(ctx, board, view);
    for (const spec of targets) svg.append(target(ctx, targetShape(ctx, board, spec), spec));
    const pawns = s("g", {class: "dd-pawns", "aria-hidden": "true"});
    const taken = new Map();
    const acting = new Set(view.to_act || []);
    (view.pawns || []).forEach((pawn, seat) => {
      let [x, y] = pawnPoint(board, rotation, pawn);
      const spot = `${Math.round(x)},${Math.round(y)}`;
      const already = taken.get(spot) || 0;
      taken.set(spot, already + 1);
      x += already * 7;
      y -= already * 7;
      const mine = ctx.role === "seat" && ctx.seat === seat;
      if (acting.has(seat)) pawns.append(s("circle", {cx: x, cy: y, r: 13, class: "dd-acting"}));
      pawns.append(s("g", {class: "pawn", "data-seat": seat, "data-plane": pawn.plane},
        s("circle", {cx: x, cy: y, r: 9, fill: PAWN_COLOURS[seat % PAWN_COLOURS.length],
                     stroke: mine ? "#fff" : "#000", "stroke-width": mine ? 3 : 1.5}),
        s("text", {x, y: y + 4, "text-anchor": "middle", class: "dd-pawn-number"}, String(seat))));
    });
    svg.append(pawns);
    for (const arrow of rotationArrows(ctx, board, view)) svg.append(arrow);
    return {svg, targets};
  }

  function legend(ctx) {
    const el = ctx.el;
    const item = (swatch, text, mark, ink) => el("li", {},
      el("span", {class: "dd-swatch", style: `--swatch: ${swatch}; --ink: ${ink || "#ffffff"}`,
                  "aria-hidden": "true"}, mark || ""), text);
    // Drawn again on every update: it stays open once opened.
    const details = el("details", {class: "dd-legend", open: Boolean(ctx.state.legendOpen)},
      el("summary", {}, ctx.t("What the board shows")),
      el("ul", {},
        Object.entries(SQUARE_LOOK).map(([kind, look]) => item(look.fill, squareName(ctx, kind), look.mark)),
        item("#fbfbf4", ctx.t("white square of reality (A, B, …): start and return; no passing to the nightmare plane from it"), "A", "#1d1b22"),
        item("#b9b2ff", ctx.t("gate of the mystery plane: a passage square lined up with it leads down")),
        item("#000000", ctx.t("shadow square on a path")),
        item("#f4d35e", ctx.t("Dylan Dog's face: a window lined up with it gives a Dylan Dog card")),
        item("#e0a800", ctx.t("forced exchange of the mystery plane: the nightmare square lined up with it")),
        item("#ffd54f", ctx.t("“via”: where the nightmare plane's first square lies")),
        item("#ffd54f", ctx.t("lit squares and arrows: the moves you may make now"))));
    details.addEventListener("toggle", () => {
      ctx.state.legendOpen = details.open;
    });
    return details;
  }

  // -- the sentences ----------------------------------------------------------------------------

  function phaseSentence(ctx, board, view, deck) {
    const phase = view.phase || {};
    const actor = (view.to_act || [])[0];
    const mine = ctx.legal.length > 0;
    const who = actor === undefined ? "" : ctx.seatName(actor);
    const crypt = (index) => (board.crypts[index] ? board.crypts[index].name : String(index));
    const first = (view.turn || 0) < (view.config ? view.config.players : 0);
    const dylan = entriesOf(ctx, "UseDylanDog").length > 0;
    switch (phase.type) {
      case "TurnStart": {
        if (!mine) return ctx.t("{who} is about to throw the die.", {who});
        if (first) return ctx.t("Your first turn: throw the die, then turn the nightmare plane by that many squares.");
        const parts = [ctx.t("Your turn: throw the die, then spend the number one square at a time.")];
        if (entriesOf(ctx, "ProposeTrade").length) parts.push(ctx.t("Before throwing you may propose a one-for-one card trade."));
        if (entriesOf(ctx, "Challenge").length) parts.push(ctx.t("Or, instead of throwing, challenge a player on your plane with a horror card."));
        return parts.join(" ");
      }
      case "Trading": {
        const partner = ctx.seatName(phase.partner);
        if (phase.offer === -1) {
          return mine ? ctx.t("Choose the card you offer {partner}.", {partner})
            : ctx.t("{who} is choosing a card to offer {partner}.", {who, partner});
        }
        if (phase.ask === -1) {
          return mine ? ctx.t("You offer {card}. Now choose the card of {partner} you want for it.", {card: cardLabel(ctx, deck, phase.offer), partner})
            : ctx.t("{who} offers {card} to {partner} and is choosing what to ask for.", {who: ctx.seatName(view.active), card: cardLabel(ctx, deck, phase.offer), partner});
        }
        const params = {who: ctx.seatName(view.active), offer: cardLabel(ctx, deck, phase.offer),
                        ask: cardLabel(ctx, deck, phase.ask), partner};
        // The two cards are shown beside the answer's buttons.
        return mine ? ctx.t("{who} offers you a trade, one card for one: accept or decline?", params)
          : ctx.t("{who} offers {offer} for {ask}; {partner} is answering.", params);
      }
      case "ChoosingDistance": {
        const most = phase.most;
        if (phase.mode === "rotate") {
          return mine ? ctx.t("The nightmare card turns the plane: choose by how many squares, 1 to {most}.", {most})
            : ctx.t("{who} chooses how far to turn the nightmare plane.", {who});
        }
        if (phase.mode === "step") {
          return mine ? ctx.t("The nightmare card moves you again: choose how many squares, 1 to {most}.", {most})
            : ctx.t("{who} chooses how far to move again.", {who});
        }
        return mine ? ctx.t("Dylan Dog's face! Choose how far to go, 1 to {most}.", {most})
          : ctx.t("{who} threw Dylan Dog's face and chooses how far to go.", {who});
      }
      case "Moving": {
        const left = ctx.tn("{n} square left", "{n} squares left", phase.left);
        if (!mine) return ctx.t("{who} is moving: {left}.", {who, left});
        const rotate = entriesOf(ctx, "Rotate").length > 0;
        const lit = entriesOf(ctx, "Step").length + entriesOf(ctx, "ChangePlane").length > 0;
        if (lit && rotate) return ctx.t("Your move, {left}: tap a lit square to move your pawn there, or an arrow on the nightmare plane to turn it.", {left});
        if (rotate) return ctx.t("Turn the nightmare plane, {left}: tap one of its arrows.", {left});
        return ctx.t("Your move, {left}: tap a lit square to move your pawn there.", {left});
      }
      case "Searching": {
        const size = (view.crypt_sizes || [])[phase.crypt] || 0;
        return mine ? ctx.tn("You stand before crypt {crypt}: draw its last face-down card.",
                             "You stand before crypt {crypt}: draw one of its {n} face-down cards.", size, {crypt: crypt(phase.crypt)})
          : ctx.t("{who} searches crypt {crypt}.", {who, crypt: crypt(phase.crypt)});
      }
      case "EmptyCrypt":
        if (!mine) return ctx.t("{who} found crypt {crypt} empty.", {who, crypt: crypt(phase.crypt)});
        return dylan ? ctx.t("Crypt {crypt} is empty. Play a Dylan Dog card to climb back onto the nightmare plane, or go back to reality.", {crypt: crypt(phase.crypt)})
          : ctx.t("Crypt {crypt} is empty, and you hold no Dylan Dog card: back to reality.", {crypt: crypt(phase.crypt)});
      case "Horror": {
        const card = deck[phase.card] || {};
        const name = word(ctx, card.name || "");
        const needs = card.needs === null || card.needs === undefined ? ctx.t("only Dylan Dog's face")
          : ctx.t("{needs} or more, or Dylan Dog's face", {needs: card.needs});
        if (!mine) return ctx.t("{who} fights the horror card {name}.", {who, name});
        const params = {challenger: ctx.seatName(phase.challenger), name, needs};
        if (phase.challenger >= 0) {
          return dylan ? ctx.t("{challenger} challenges you with the horror card {name}! Throw the die and get {needs}, or play a Dylan Dog card before throwing.", params)
            : ctx.t("{challenger} challenges you with the horror card {name}! Throw the die and get {needs}.", params);
        }
        return dylan ? ctx.t("A horror card: {name}! Throw the die and get {needs}, or play a Dylan Dog card before throwing.", params)
          : ctx.t("A horror card: {name}! Throw the die and get {needs}.", params);
      }
      case "PuttingBack":
        return mine ? ctx.t("You lost the fight: put one of your mystery cards back into crypt {crypt}.", {crypt: crypt(phase.crypt)})
          : ctx.t("{who} lost the fight and puts a mystery card back into crypt {crypt}.", {who, crypt: crypt(phase.crypt)});
      case "Claiming":
        return mine ? ctx.t("{target} lost your challenge: take one of their mystery cards.", {target: ctx.seatName(phase.target)})
          : ctx.t("{who} takes one of {target}'s mystery cards.", {who, target: ctx.seatName(phase.target)});
      case "Shadow":
        if (!mine) return ctx.t("{who} stands on a shadow square.", {who});
        return dylan || entriesOf(ctx, "UseShadow").length
          ? ctx.t("A shadow square! Play a Dylan Dog card or a shadow card that matches your story, or go back to reality.")
          : ctx.t("A shadow square, and you hold neither a Dylan Dog card nor a shadow card of your story: back to reality.");
      case "Exchange": {
        if (phase.target === -1) {
          return mine ? ctx.t("Forced exchange! Choose a player to exchange a card with, or skip it.")
            : ctx.t("{who} may force an exchange.", {who});
        }
        const target = ctx.seatName(phase.target);
        if (phase.took === -1) {
          return mine ? ctx.t("Take any card of {target}, even one they need.", {target})
            : ctx.t("{who} takes a card of {target}.", {who, target});
        }
        return mine ? ctx.t("Now give {target} one of your cards in return.", {target})
          : ctx.t("{who} gives {target} a card in return.", {who, target});
      }
      case "CardChoice":
        if (phase.crypt >= 0) {
          return mine ? ctx.t("Enter the dimension of {crypt}: tap one of the lit gates leading there.", {crypt: crypt(phase.crypt)})
            : ctx.t("{who} chooses a gate to crypt {crypt}.", {who, crypt: crypt(phase.crypt)});
        }
        return mine ? ctx.t("Send another player's pawn back to reality: choose whose.")
          : ctx.t("{who} chooses a pawn to send back to reality.", {who});
      case "Returning":
        return mine ? ctx.t("Back to reality: tap a lit white square for your pawn.")
          : ctx.t("{who} puts their pawn back on a white square of reality.", {who});
      case "Over": {
        if ((phase.winners || []).length) {
          return ctx.t("The game is over: {winners} found the four mystery cards of their story.",
                       {winners: phase.winners.map(ctx.seatName).join(", ")});
        }
        return ctx.t("The game is over: the turn limit was reached and nobody escaped.");
      }
      default:
        return "";
    }
  }

  function statusLine(ctx, board, view, deck) {
    const el = ctx.el;
    const limit = view.config ? view.config.turn_limit : null;
    const turn = (view.turn || 0) + 1;
    const parts = [
      el("span", {class: "dd-fact"}, limit ? ctx.t("Turn {turn} of {limit}", {turn: Math.min(turn, limit), limit})
        : ctx.t("Turn {turn}", {turn})),
      el("span", {class: "dd-fact dd-die", dataset: {die: view.die === null ? "" : String(view.die)}},
        ctx.t("Die: {face}", {face: faceText(ctx, view.die)})),
    ];
    const rotation = view.rotation || 0;
    const n = board.sectors;
    parts.push(el("span", {class: "dd-fact"}, rotation === 0 ? ctx.t("Nightmare plane on “via”")
      : rotation <= n / 2 ? ctx.tn("Nightmare plane turned {n} square clockwise from “via”",
                                   "Nightmare plane turned {n} squares clockwise from “via”", rotation)
        : ctx.tn("Nightmare plane turned {n} square counterclockwise from “via”",
                 "Nightmare plane turned {n} squares counterclockwise from “via”", n - rotation)));
    const drawn = view.drawn === null || view.drawn === undefined ? null : deck[view.drawn];
    const facts = el("p", {class: "dd-facts"}, parts);
    const rows = [facts];
    if (drawn) {
      rows.push(el("p", {class: "dd-drawn"},
        el("strong", {}, ctx.t("Last nightmare card: {title}.", {title: nightmareTitle(ctx, drawn)})), " ",
        nightmareText(ctx, drawn)));
    }
    return rows;
  }

  // -- what to choose now, beside the board ---------------------------------------------------

  function choices(ctx, board, view, deck, story) {
    const el = ctx.el;
    const t = ctx.t;
    const parts = [];
    const phase = view.phase || {};
    let bar = null;             // the buttons of consecutive unheaded rows share one bar
    const row = (kind, label, make) => {
      const entries = entriesOf(ctx, kind);
      if (!entries.length) return;
      if (!label && bar) {
        bar.append(...entries.map(make));
        return;
      }
      const buttons = el("div", {class: "move-bar"}, entries.map(make));
      parts.push(el("div", {class: "dd-choice", dataset: {kind}}, label ? el("h3", {}, label) : null, buttons));
      bar = label ? null : buttons;
    };
    const cardRow = (kind, label, cardOf) => {
      const entries = entriesOf(ctx, kind);
      if (!entries.length) return;
      bar = null;
      parts.push(el("div", {class: "dd-choice", dataset: {kind}},
        el("h3", {}, label),
        el("div", {class: "card-row"}, entries.map((entry) => cardButton(ctx, deck, cardOf(entry), entry, story)))));
    };
    row("Roll", null, (entry) => moveButton(ctx, entry, t("Throw the die"), "dd-primary"));
    row("ChooseDistance", phase.mode === "rotate" ? t("Turn the plane by") : t("How far"),
        (entry) => moveButton(ctx, entry, String(entry.action.distance), "dd-number"));
    row("ProposeTrade", t("Before throwing: propose a trade"),
        (entry) => moveButton(ctx, entry, t("Trade with {seat}", {seat: ctx.seatName(entry.action.to)})));
    row("Challenge", t("Instead of throwing: challenge with a horror card"),
        (entry) => moveButton(ctx, entry, t("Challenge {seat} with {card}", {
          seat: ctx.seatName(entry.action.target), card: cardFace(ctx, deck, entry.action.horror, null).name})));
    const partner = phase.partner === undefined ? null : ctx.seatName(phase.partner);
    cardRow("OfferCard", t("The card you offer"), (entry) => entry.action.card);
    cardRow("AskCard", t("The card of {seat} you ask for", {seat: partner}), (entry) => entry.action.card);
    if (entriesOf(ctx, "AcceptTrade").length && phase.offer >= 0 && phase.ask >= 0) {
      parts.push(el("div", {class: "card-row dd-trade"},
        el("div", {class: "dd-trade-side"}, el("h3", {}, t("You get")), cardTile(ctx, deck, phase.offer, story)),
        el("div", {class: "dd-trade-side"}, el("h3", {}, t("You give")), cardTile(ctx, deck, phase.ask, story))));
      bar = null;
    }
    row("AcceptTrade", null, (entry) => moveButton(ctx, entry, t("Accept the trade"), "dd-primary"));
    row("DeclineTrade", null, (entry) => moveButton(ctx, entry, t("Decline the trade")));
    const searches = entriesOf(ctx, "Search");
    if (searches.length) {
      bar = null;
      const name = board.crypts[phase.crypt] ? board.crypts[phase.crypt].name : "";
      parts.push(el("div", {class: "dd-choice", dataset: {kind: "Search"}},
        el("h3", {}, t("The face-down cards of crypt {crypt}", {crypt: name})),
        el("div", {class: "card-row"}, searches.map((entry) => offer(ctx, entry) || el("button", {
          type: "button", class: "card back act-send dd-back", disabled: ctx.pending,
          "aria-label": t("Draw face-down card {number} of crypt {crypt}", {number: entry.action.slot + 1, crypt: name}),
          dataset: {type: "Search", index: String(entry.index)}, onclick: () => send(ctx, entry),
        }, el("span", {class: "name"}, String(entry.action.slot + 1)))))));
    }
    const dylan = phase.type === "EmptyCrypt" ? t("Play a Dylan Dog card: climb back onto the nightmare plane")
      : phase.type === "Horror" ? t("Play a Dylan Dog card: the horror card is beaten")
        : t("Play a Dylan Dog card: the shadow cannot hold you");
    if (phase.type === "Horror" && ctx.legal.length && deck[phase.card]) {
      parts.push(el("div", {class: "card-row dd-horror"}, cardTile(ctx, deck, phase.card, null)));
      bar = null;
    }
    row("UseDylanDog", null, (entry) => moveButton(ctx, entry, dylan));
    if (phase.type === "Horror") {
      row("FaceHorror", null, (entry) => moveButton(ctx, entry, t("Throw the die against it"), "dd-primary"));
    }
    cardRow("UseShadow", t("Play a shadow card that matches your story"), (entry) => entry.action.card);
    row("GoToReality", null, (entry) => moveButton(ctx, entry, t("Go back to reality")));
    cardRow("PutBack", t("The mystery card you put back"), (entry) => entry.action.card);
    cardRow("ClaimCard", t("The mystery card you take from {seat}", {seat: phase.target === undefined ? "" : ctx.seatName(phase.target)}),
            (entry) => entry.action.card);
    row("ForceExchange", t("Exchange a card with"), (entry) => moveButton(ctx, entry, ctx.seatName(entry.action.target)));
    row("SkipExchange", null, (entry) => moveButton(ctx, entry, t("Skip the exchange")));
    cardRow("TakeCard", t("The card you take from {seat}", {seat: phase.target === undefined ? "" : ctx.seatName(phase.target)}),
            (entry) => entry.action.card);
    cardRow("GiveCard", t("The card you give in return"), (entry) => entry.action.card);
    row("SendToReality", t("Send back to reality the pawn of"),
        (entry) => moveButton(ctx, entry, ctx.seatName(entry.action.target)));
    return parts;
  }

  // -- the cards on the table -------------------------------------------------------------------

  function myHand(ctx, board, view, deck) {
    const el = ctx.el;
    const seat = ctx.seat;
    const story = (view.stories || [])[seat] || [];
    const held = (view.held || [])[seat] || [];
    const found = new Set(held.filter((id) => deck[id] && deck[id].kind === "mystery").map((id) => deck[id].element));
    const elements = new Set(story.map((id) => (deck[id] || {}).element));
    const count = story.filter((id) => found.has((deck[id] || {}).element)).length;
    const shapes = new Set(story.map((id) => (deck[id] || {}).shape));
    const storyCards = story.map((id) => {
      const tile = cardTile(ctx, deck, id, null, found.has((deck[id] || {}).element) ? "dd-found" : "");
      if (found.has((deck[id] || {}).element)) tile.append(el("span", {class: "sub dd-tick"}, ctx.t("found")));
      return tile;
    });
    const heldCards = held.map((id) => {
      const tile = cardTile(ctx, deck, id, elements);
      const card = deck[id] || {};
      if (card.kind === "nightmare" && card.effect === "shadow") {
        tile.append(el("span", {class: "sub"}, shapes.has(card.shape) ? ctx.t("matches your story: you may play it")
          : ctx.t("not your shadow: to trade")));
      }
      return tile;
    });
    return el("section", {class: "board-section dd-hand", "aria-label": ctx.t("Your cards")},
      el("h3", {}, ctx.tn("Your story: {n} of {total} mystery cards found",
                          "Your story: {n} of {total} mystery cards found", count, {total: story.length})),
      el("div", {class: "hand dd-story"}, storyCards),
      el("h3", {}, heldCards.length ? ctx.t("Your cards") : ctx.t("Your cards: none yet")),
      heldCards.length ? el("div", {class: "hand dd-held"}, heldCards) : null);
  }

  function seatsSection(ctx, board, view, deck) {
    const el = ctx.el;
    const rotation = view.rotation || 0;
    const acting = new Set(view.to_act || []);
    const over = (view.phase || {}).type === "Over";
    const rows = (view.pawns || []).map((pawn, seat) => {
      const mine = ctx.role === "seat" && seat === ctx.seat;
      const held = (view.held || [])[seat] || [];
      const shown = (view.revealed_shapes || [])[seat] || [];
      const story = over ? ((view.stories || [])[seat] || []) : [];
      const mysteries = held.filter((id) => deck[id] && deck[id].kind === "mystery").length;
      return el("li", {class: `dd-seat${mine ? " mine" : ""}`, dataset: {seat: String(seat)}},
        el("div", {class: `seat-chip${acting.has(seat) ? " acting" : ""}${mine ? " mine" : ""}`},
          el("span", {class: "dd-dot", style: `--swatch: ${PAWN_COLOURS[seat % PAWN_COLOURS.length]}`, "aria-hidden": "true"}, String(seat)),
          el("strong", {}, ctx.seatName(seat)),
          el("span", {}, where(ctx, board, rotation, pawn))),
        el("p", {class: "dd-seat-facts"},
          ctx.tn("{n} mystery card", "{n} mystery cards", mysteries),
          shown.length ? " · " + ctx.t("showed the shadow: {shapes}", {shapes: shown.map((shape) => word(ctx, shape)).join(", ")}) : ""),
        !mine && held.length ? el("div", {class: "card-row dd-held"}, held.map((id) => cardTile(ctx, deck, id, null))) : null,
        story.length ? el("div", {class: "card-row dd-story"}, story.map((id) => cardTile(ctx, deck, id, null))) : null);
    });
    const decks = el("p", {class: "dd-decks"}, ctx.t("Nightmare deck: {nightmare} cards · Dylan Dog cards left: {dylan} · horror cards out of the game: {removed}",
      {nightmare: view.nightmare_size, dylan: view.dylan_dog_size, removed: (view.removed || []).length}));
    const known = (view.known_in_crypts || []).flatMap((cards, index) => cards.length
      ? [ctx.t("put back into crypt {crypt}: {cards}", {crypt: board.crypts[index].name,
          cards: cards.map((id) => cardFace(ctx, deck, id, null).name).join(", ")})] : []);
    return el("section", {class: "board-section dd-seats", "aria-label": ctx.t("At the table")},
      el("h3", {}, ctx.t("At the table")), el("ul", {class: "dd-seat-list"}, rows), decks,
      known.length ? el("p", {class: "dd-decks"}, known.join("; ")) : null);
  }

  window.PartyTable.register("dylan_dog", {
    render(ctx) {
      const el = ctx.el;
      const view = ctx.view;
      const components = ctx.components();
      if (components === undefined) {
        ctx.area.replaceChildren(el("p", {class: "hint"}, ctx.t("Loading the board…")));
        return {claimed: []};
      }
      if (!components || !Array.isArray(components) || !components[0] || !components[1]) {
        // The moves stay as buttons in "Your move".
        ctx.area.replaceChildren(el("p", {class: "hint"}, ctx.t("The board's layout could not be loaded.")));
        return {claimed: []};
      }
      const [board, cards] = components;
      const deck = catalogOf(cards);
      ctx.state.offered = new Set();
      const seated = ctx.role === "seat" && ctx.seat !== null && ctx.seat >= 0;
      const story = seated ? new Set(((view.stories || [])[ctx.seat] || []).map((id) => (deck[id] || {}).element)) : null;
      const mine = ctx.legal.length > 0;
      const phase = view.phase || {};
      const drawn = drawBoard(ctx, board, view);
      const sentence = el("p", {class: `phase-line${mine ? " mine" : ""}`, dataset: {phase: phase.type || ""}},
        phaseSentence(ctx, board, view, deck));
      const status = el("section", {class: "board-section dd-status", "aria-label": ctx.t("The turn")},
        sentence, ...choices(ctx, board, view, deck, story));
      const facts = el("section", {class: "board-section dd-about", "aria-label": ctx.t("The die and the nightmare plane")},
        ...statusLine(ctx, board, view, deck));
      const picture = el("section", {class: "board-section dd-board"}, drawn.svg);
      const parts = [status];
      if (seated) parts.push(myHand(ctx, board, view, deck));
      parts.push(picture, facts, seatsSection(ctx, board, view, deck), legend(ctx));
      // The page's headings go h1 (the game), h2 (its panels): the screen's own title keeps
      // its sections' h3 in order for a screen reader, unseen.
      const title = el("h2", {class: "dd-unseen"}, ctx.t("The board and the cards"));
      ctx.area.replaceChildren(el("div", {class: "dd-screen", dataset: {phase: phase.type || ""}}, title, parts));
      return {claimed: [...ctx.state.offered]};
    },
  });
})();

// Dylan Dog at the web table: the three-plane board drawn as SVG, seen from above, with
// every pawn where the view puts it. Reality is the outer ring (one square per sector,
// the white squares lettered), the nightmare plane the middle ring (turned by the view's
// rotation), the mystery plane the centre: gates, their paths forking to the crypts.
//
// The board's layout is the game's component data: a custom board travels in the view's
// config; the default one is asked of GET /api/games/dylan_dog/components?config=...
"use strict";

(() => {
  const R_REALITY = [150, 186];
  const R_NIGHTMARE = [112, 150];
  const R_GATE = 100;
  const R_FORK = 74;
  const R_CRYPT = 40;
  const PAWN_COLOURS = ["#e53935", "#1e88e5", "#43a047", "#f9a825", "#8e24aa", "#fb8c00"];
  const NIGHTMARE_LOOK = {
    nightmare_card: {fill: "#7a1f2b", mark: "N", name: "nightmare card"},
    window: {fill: "#5fa8d3", mark: "W", name: "window"},
    passage: {fill: "#6d4bb3", mark: "P", name: "passage"},
    enter_crypt: {fill: "#222", mark: "C", name: "enter crypt"},
    exchange: {fill: "#c99a1a", mark: "X", name: "exchange"},
    plain: {fill: "#6b6b78", mark: "", name: "plain"},
  };

  function findBoard(data) {
    if (!data || typeof data !== "object") return null;
    if (data.format === "partyrules" && "data" in data) return findBoard(data.data);
    if (typeof data.sectors === "number") return data;
    for (const value of Array.isArray(data) ? data : Object.values(data)) {
      if (value && typeof value === "object" && typeof value.sectors === "number") return value;
    }
    return null;
  }

  function boardFor(ctx, config) {
    if (config.board) return findBoard(config.board);
    const key = JSON.stringify(config);
    if (ctx.state.boardKey === key) return ctx.state.board;
    ctx.state.boardKey = key;
    ctx.state.board = undefined;      // loading
    ctx.fetchJson(`/api/games/dylan_dog/components?config=${encodeURIComponent(key)}`)
      .then((data) => {
        ctx.state.board = findBoard(data);
        ctx.rerender();
      })
      .catch((error) => {
        ctx.state.board = null;
        ctx.state.boardError = error.message;
        ctx.rerender();
      });
    return undefined;
  }

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
    if (square <= shared || branch < 0) return lerp(gatePoint, fork, shared ? Math.min(square, shared) / shared : 0);
    return lerp(fork, cryptPoint(board, branch), (square - shared) / (path.branch.length + 1));
  }

  function pawnPoint(board, rotation, pawn) {
    const n = board.sectors;
    switch (pawn.plane) {
      case "reality":
        return point((R_REALITY[0] + R_REALITY[1]) / 2, pawn.square + 0.5, n);
      case "nightmare":
        return point((R_NIGHTMARE[0] + R_NIGHTMARE[1]) / 2, ((pawn.square + rotation) % n) + 0.5, n);
      case "mystery":
        return pathPoint(board, pawn.gate, pawn.square, pawn.branch);
      case "crypt":
        return cryptPoint(board, pawn.square);
      default:
        return [0, 0];
    }
  }

  function drawBoard(ctx, board, view) {
    const s = ctx.svgEl;
    const n = board.sectors;
    const rotation = view.rotation || 0;
    const white = new Map(board.white_squares.map((sector, index) => [sector, String.fromCharCode(65 + index)]));
    const svg = s("svg", {viewBox: "-200 -200 400 400", role: "img",
                          "aria-label": "The Dylan Dog board", class: "dylan-board"});
    svg.append(s("title", {}, "The Dylan Dog board"));
    svg.append(s("circle", {r: 198, fill: "#1b1a22"}));
    // Reality: the outer ring.
    for (let sector = 0; sector < n; sector += 1) {
      const letter = white.get(sector);
      svg.append(s("path", {d: cell(R_REALITY[0], R_REALITY[1], sector, n),
                            fill: letter ? "#fbfbf4" : "#c8c3b4", stroke: "#1b1a22", "stroke-width": 1,
                            "data-plane": "reality", "data-sector": sector}));
      if (letter) {
        const [x, y] = point((R_REALITY[0] + R_REALITY[1]) / 2, sector + 0.5, n);
        svg.append(s("text", {x, y: y + 4, "text-anchor": "middle", "font-size": 12,
                              "font-weight": 700, fill: "#444"}, letter));
      }
    }
    // The nightmare plane: square k lies at sector (k + rotation) % n.
    for (let square = 0; square < n; square += 1) {
      const sector = (square + rotation) % n;
      const look = NIGHTMARE_LOOK[board.nightmare[square]] || NIGHTMARE_LOOK.plain;
      svg.append(s("path", {d: cell(R_NIGHTMARE[0], R_NIGHTMARE[1], sector, n), fill: look.fill,
                            stroke: "#1b1a22", "stroke-width": 1, "data-plane": "nightmare",
                            "data-square": square},
        s("title", {}, `nightmare square ${square}: ${look.name}`)));
      if (look.mark) {
        const [x, y] = point((R_NIGHTMARE[0] + R_NIGHTMARE[1]) / 2, sector + 0.5, n);
        svg.append(s("text", {x, y: y + 4, "text-anchor": "middle", "font-size": 11,
                              fill: "#fff"}, look.mark));
      }
    }
    // The mystery plane: the centre disc, the gates' paths forking to the crypts.
    svg.append(s("circle", {r: R_NIGHTMARE[0] - 2, fill: "#2c2840"}));
    for (const sector of board.dylan_faces || []) {
      const [x, y] = point(R_NIGHTMARE[0] - 8, sector + 0.5, n);
      svg.append(s("circle", {cx: x, cy: y, r: 4, fill: "#f4d35e"},
        s("title", {}, "Dylan Dog's face (seen through a window)")));
    }
    for (const sector of board.exchange_sectors || []) {
      const [x, y] = point(R_NIGHTMARE[0] - 8, sector + 0.5, n);
      svg.append(s("rect", {x: x - 4, y: y - 4, width: 8, height: 8, fill: "#c99a1a"},
        s("title", {}, "forced exchange")));
    }
    board.gates.forEach((gate, index) => {
      const gatePoint = point(R_GATE, gate.sector + 0.5, n);
      const fork = point(R_FORK, gate.sector + 0.5, n);
      svg.append(s("line", {x1: gatePoint[0], y1: gatePoint[1], x2: fork[0], y2: fork[1],
                            stroke: "#8e86c9", "stroke-width": 3}));
      for (const name of gate.crypts) {
        const crypt = cryptIndex(board, name);
        if (crypt < 0) continue;
        const end = cryptPoint(board, crypt);
        svg.append(s("line", {x1: fork[0], y1: fork[1], x2: end[0], y2: end[1],
                              stroke: "#8e86c9", "stroke-width": 2, "stroke-dasharray": "4 3"}));
        gate.branch.forEach((kind, step) => {
          const [x, y] = pathPoint(board, index, gate.shared.length + step + 1, crypt);
          svg.append(s("circle", {cx: x, cy: y, r: 3, fill: kind === "shadow" ? "#111" : "#d8d4f2"}));
        });
      }
      gate.shared.forEach((kind, step) => {
        const [x, y] = pathPoint(board, index, step + 1, -1);
        svg.append(s("circle", {cx: x, cy: y, r: 3.5, fill: kind === "shadow" ? "#111" : "#d8d4f2"}));
      });
      svg.append(s("circle", {cx: gatePoint[0], cy: gatePoint[1], r: 6, fill: "#b9b2ff",
                              "data-gate": index}, s("title", {}, `gate ${gate.name}`)));
    });
    board.crypts.forEach((crypt, index) => {
      const [x, y] = cryptPoint(board, index);
      const size = view.crypt_sizes ? view.crypt_sizes[index] : null;
      const width = Math.max(34, crypt.name.length * 5.4 + 8);
      svg.append(s("rect", {x: x - width / 2, y: y - 9, width, height: 18, rx: 5, fill: "#4a3f7a",
                            stroke: "#b9b2ff", "data-crypt": index},
        s("title", {}, `crypt ${crypt.name}${size === null ? "" : `: ${size} cards`}`)));
      svg.append(s("text", {x, y: y + 3.5, "text-anchor": "middle", "font-size": 9, fill: "#fff"},
        crypt.name));
    });
    // The pawns; pawns sharing a square stand side by side.
    const taken = new Map();
    (view.pawns || []).forEach((pawn, seat) => {
      let [x, y] = pawnPoint(board, rotation, pawn);
      const spot = `${Math.round(x)},${Math.round(y)}`;
      const already = taken.get(spot) || 0;
      taken.set(spot, already + 1);
      x += already * 7;
      y -= already * 7;
      const mine = ctx.seat === seat;
      svg.append(s("g", {class: "pawn", "data-seat": seat, "data-plane": pawn.plane},
        s("circle", {cx: x, cy: y, r: 9, fill: PAWN_COLOURS[seat % PAWN_COLOURS.length],
                     stroke: mine ? "#fff" : "#000", "stroke-width": mine ? 3 : 1.5}),
        s("text", {x, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700,
                   fill: "#fff"}, String(seat)),
        s("title", {}, `${ctx.seatName(seat)}: ${pawn.plane}`)));
    });
    return svg;
  }

  function legend(ctx, view) {
    const el = ctx.el;
    return el("div", {class: "board-legend"},
      (view.pawns || []).map((pawn, seat) => el("span", {
        style: `--swatch: ${PAWN_COLOURS[seat % PAWN_COLOURS.length]}`,
      }, `${ctx.seatName(seat)}: ${pawn.plane}`)),
      Object.values(NIGHTMARE_LOOK).filter((look) => look.mark).map((look) =>
        el("span", {style: `--swatch: ${look.fill}`}, `${look.mark} ${look.name}`)));
  }

  window.PartyTable.register("dylan_dog", {
    render(ctx) {
      const view = ctx.view;
      const board = view.config ? boardFor(ctx, view.config) : null;
      const el = ctx.el;
      let picture;
      if (board === undefined) {
        picture = el("p", {class: "hint"}, "Loading the board…");
      } else if (!board) {
        picture = el("p", {class: "hint"}, "The board's layout is not available"
          + (ctx.state.boardError ? ` (${ctx.state.boardError})` : "") + ": the text view below shows it.");
      } else {
        picture = drawBoard(ctx, board, view);
      }
      ctx.area.replaceChildren(el("section", {class: "panel board-wrap"},
        el("h2", {}, `Turn ${(view.turn || 0) + 1} · die ${view.die === null ? "–" : view.die}`),
        picture, legend(ctx, view)));
      return {claimed: []};
    },
  });
})();

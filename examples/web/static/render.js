// Renderers draw a seat's view (the JSON the game's ViewJSON returns) as HTML. There is one per
// game, keyed by the view's "game" field; a new game is drawn by adding one function to
// renderers. A renderer gets the view and a context:
//   ctx.seat        the viewer's seat            ctx.seats   [{kind, connected}] per seat
//   ctx.seatName(p) "You", "Seat 2 (heuristic)"  ctx.legal   the legal moves, as text
//   ctx.card(text, opts) a card element; opts.move makes it play that legal move on click
//   ctx.cardMove(card) the legal move that plays this card ("R7", "give R7"...), or null
// and returns an element. Games without a renderer are shown as formatted JSON.
"use strict";

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const renderers = {
  herrlof: renderHerrlof,
  gnav: renderGnav,
};

function renderView(view, ctx) {
  const r = renderers[view.game];
  if (r) return r(view, ctx);
  return h("pre", { class: "generic" }, JSON.stringify(view, null, 2));
}

// ---- Herrlof -------------------------------------------------------------------------------

const herrlofSuits = { R: "red", G: "green", B: "blue", Y: "yellow" };

function herrlofCard(ctx, text, opts = {}) {
  if (!text) return h("div", { class: "card back" + (opts.size ? " " + opts.size : ""), title: "hidden" });
  let cls = "card", face = text, caption = "";
  if (text === "V") { cls += " rune"; face = "V"; caption = "Valknut"; }
  else if (text === "H") { cls += " rune"; face = "H"; caption = "Hagalaz"; }
  else { cls += " suit-" + text[0]; face = text.slice(1); caption = herrlofSuits[text[0]] || ""; }
  return ctx.card(text, { ...opts, cls, face, caption });
}

function renderHerrlof(v, ctx) {
  const me = v.seat;
  const seatPanel = (p) => {
    const s = v.seats[p];
    const hand = [];
    const known = new Set(s.known);
    if (p !== me) {
      for (let i = 0; i < s.handLen; i++) hand.push(h("div", { class: "card tiny back" }));
    }
    return h("div", { class: "seat" + (p === me ? " me" : "") + (v.toMove === p ? " to-move" : ""), dataset: { seat: p } },
      h("h3", {}, ctx.seatName(p),
        v.opener === p ? h("span", { class: "badge" }, "opened") : null,
        v.toMove === p ? h("span", { class: "badge strong" }, "to move") : null),
      h("div", { class: "facts" },
        h("b", { class: "score" }, s.score), " points · ",
        h("b", { class: "tricks" }, s.tricks), " tricks · ",
        h("b", {}, s.handLen), " cards",
        p === me && v.bid >= 0 ? [" · bid ", h("b", { class: "bid" }, v.bid)] : null,
        s.correctBids ? [" · ", s.correctBids, " correct bids"] : null),
      p !== me ? h("div", { class: "pile" }, hand) : null,
      s.showedOut.length ? h("div", { class: "facts" }, "showed out of ", s.showedOut.map((x) => h("span", { class: "chip " + x }, x))) : null,
      known.size ? h("div", { class: "facts" }, "holds ", [...s.known].map((c) => herrlofCard(ctx, c, { size: "small" }))) : null);
  };
  const trickEl = (t) => h("div", { class: "pile" }, t.plays.map((pl) =>
    h("div", { class: "play" }, herrlofCard(ctx, pl.card, { size: "small" }), ctx.seatName(pl.seat, true))));

  const others = [];
  for (let p = 0; p < v.players; p++) if (p !== me) others.push(seatPanel(p));

  const center = h("div", { class: "center" },
    h("div", {}, h("h4", {}, "Trump"), v.trumpCard ? herrlofCard(ctx, v.trumpCard, { size: "small" }) : "—",
      h("div", {}, v.trump || "no trump suit")),
    h("div", {}, h("h4", {}, "Stock"), h("div", {}, v.stockLen, " cards")),
    h("div", { id: "trick" }, h("h4", {}, "Trick " + (v.tricksPlayed + 1)), v.trick.plays.length ? trickEl(v.trick) : "—"),
    v.lastTrick.plays.length ? h("div", { id: "last-trick" }, h("h4", {}, "Last trick: " +
      (v.lastTrick.destroyed ? "destroyed" : ctx.seatName(v.lastTrick.winner, true) + " won")), trickEl(v.lastTrick)) : null,
    h("div", {}, h("h4", {}, "Hand"), "#" + v.handNumber, " · phase ", h("b", { id: "phase" }, v.phase), " · to " + v.target));

  const mine = h("div", { class: "hand", id: "hand" },
    v.hand.map((c) => herrlofCard(ctx, c, { move: ctx.cardMove(c) })));

  let result = null;
  if (v.lastHand) {
    const rows = [];
    for (let p = 0; p < v.players; p++) {
      rows.push(h("tr", {}, h("th", {}, ctx.seatName(p, true)), h("td", {}, v.lastHand.bids[p]),
        h("td", {}, v.lastHand.tricks[p]), h("td", {}, v.lastHand.points[p])));
    }
    result = h("details", {}, h("summary", {}, "Hand " + v.lastHand.hand + " result"),
      h("table", { class: "result" }, h("tr", {}, h("th", {}, ""), h("th", {}, "bid"), h("th", {}, "tricks"), h("th", {}, "points")), rows));
  }
  return h("div", {}, h("div", { class: "seats" }, others), center, seatPanel(me), mine, result);
}

// ---- Gnav ----------------------------------------------------------------------------------

const gnavMatadors = new Set(["Hus", "Hest", "Katt", "Dragon", "Gjøk"]);

function gnavCard(ctx, text, opts = {}) {
  if (!text) return h("div", { class: "card back" + (opts.size ? " " + opts.size : ""), title: "hidden" });
  const cls = "card" + (gnavMatadors.has(text) ? " matador" : "");
  return ctx.card(text, { ...opts, cls, face: text.length > 4 ? text.slice(0, 4) : text, caption: text.length > 4 ? text : "" });
}

function renderGnav(v, ctx) {
  const me = v.seat;
  const panels = v.seats.map((s, p) => {
    let card = null;
    if (p === me && v.hand) card = gnavCard(ctx, v.hand, { id: "my-card" });
    else if (s.refused) card = gnavCard(ctx, s.refused, { size: "small" });
    else if (s.contestant && s.inPlay) card = gnavCard(ctx, "", { size: "small" });
    return h("div", { class: "seat" + (p === me ? " me" : "") + (v.toMove === p ? " to-move" : "") + (s.alive ? "" : " out"), dataset: { seat: p } },
      h("h3", {}, ctx.seatName(p),
        v.dealer === p ? h("span", { class: "badge strong" }, "dealer") : null,
        s.knocked ? h("span", { class: "badge" }, "knocked") : null,
        s.resting ? h("span", { class: "badge" }, "resting") : null,
        v.toMove === p ? h("span", { class: "badge strong" }, "to move") : null),
      h("div", { class: "lives", title: s.lives + " lives" }, s.alive ? "♥".repeat(s.lives) : "out"),
      h("div", { class: "facts" }, s.turn !== "none" ? s.turn : "", s.answer !== "none" ? " · answered " + s.answer : ""),
      card);
  });
  const mine = [];
  if (v.dealt && v.dealt !== v.hand) mine.push(h("div", { class: "facts" }, "You were dealt ", h("b", {}, v.dealt)));
  if (v.received) mine.push(h("div", { class: "facts" }, "You received ", h("b", {}, v.received), " when asked"));
  if (v.receivedOwn) mine.push(h("div", { class: "facts" }, "Your request brought you ", h("b", {}, v.receivedOwn)));
  return h("div", {},
    h("div", { class: "center" }, h("div", {}, h("h4", {}, "Deal"), "#" + v.deals, " · phase ", h("b", { id: "phase" }, v.phase)),
      h("div", {}, h("h4", {}, "Your card"), v.hand ? gnavCard(ctx, v.hand, { move: null }) : "none this deal"),
      h("div", {}, mine)),
    h("div", { class: "seats" }, panels));
}

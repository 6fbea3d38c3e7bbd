// Renderers draw a seat's view (the JSON the game's ViewJSON returns) as HTML. There is one per
// game, keyed by the view's "game" field; a new game is drawn by adding one function to
// renderers. A renderer gets the view and a context:
//   ctx.seat        the viewer's seat, or -2 (nobody) for a spectator, whose view has no hand
//   ctx.seats       [{kind, connected}] per seat
//   ctx.seatName(p) "You", "Seat 2 (heuristic)"  ctx.legal   the legal moves, as text (none for a spectator)
//   ctx.events      the data (EventJSON) of the seat's latest events, oldest first
//   ctx.card(text, opts) a card element; opts.move makes it play that legal move on click
//   ctx.cardMove(card) the legal move that plays this card ("R7", "give R7"...), or null
// and returns an element. Games without a renderer are shown as formatted JSON.
"use strict";

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") {
      for (const [dk, dv] of Object.entries(v)) if (dv !== undefined && dv !== null) el.dataset[dk] = dv;
    }
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// plural returns "1 trick", "2 tricks", "0 tricks" (many: the plural when not one+"s").
function plural(n, one, many) {
  return n + " " + (n === 1 ? one : many || one + "s");
}

// thirdPerson returns a verb's third-person singular: "plays", "passes", "has".
function thirdPerson(verb) {
  if (verb === "have") return "has";
  if (verb === "are") return "is";
  return /(s|sh|ch|x)$/.test(verb) ? verb + "es" : verb + "s";
}

// youText rewrites a game's event text, written for seats in the third person ("seat 0 plays
// for 210"), for the person at seat me: "you play for 210", "gives R7 to you", "your". The
// verbs of a list that follow "you" agree too ("you bid 7, won 8, score 8"), and when the
// sentence is about the person ("seat 0 knocks: a Narr was dealt to them"), so do its pronouns
// ("to you") and a deal to everyone ("you deal to yourself, seat 1, seat 2").
function youText(text, me) {
  if (me < 0) return text;
  const re = new RegExp("\\b[Ss]eat " + me + "\\b('s)?( (\\w+))?", "g");
  const subject = new RegExp("^[Ss]eat " + me + "\\b(?!')").test(text);
  let out = text.replace(re, (all, poss, rest, word) => {
    if (poss) return "your" + (rest || "");
    if (!word) return "you";
    return "you " + secondPerson(word);
  }).replace(/\byou ((?:[^;:,.]|,(?=\S))*?) and (\w+)/g, (all, mid, word) => "you " + mid + " and " + secondPerson(word)) // "and passes"
    .replace(/\byou [^;:]*/g, (clause) => clause.replace(/, (\w+s)(?= -?\d)/g, (all, verb) => ", " + secondPerson(verb))); // ", scores 8"
  if (subject) out = out.replace(/\bthem\b/g, "you").replace(/\btheir\b/g, "your").replace(/^(you \w+) to you\b/, "$1 to yourself");
  return out.charAt(0).toUpperCase() + out.slice(1);
}

// secondPerson turns the word after a seat's name into the form that follows "you": a verb in
// the third person loses its s ("plays" → "play", "passes" → "pass", "has" → "have"); any other
// word is kept ("and", "will", "cannot").
function secondPerson(word) {
  const irregular = { is: "are", has: "have", does: "do", was: "were", goes: "go" };
  if (irregular[word]) return irregular[word];
  if (/^(and|or|will|cannot|can|must|may|would|could|should|to|in|on|at|with|from|of)$/.test(word)) return word;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

// inWords writes a game's moves and events in words where its notation is terse, as its cards
// on the table read: Herrlof's card codes become the cards' names ("R7" → "red 7", "V" →
// "Valknut", "H" → "Hagalaz"). A game without an entry is shown as it writes itself.
const inWords = {
  herrlof: (text) => text.replace(/\b([RGBY])([1-9])\b/g, (all, s, r) => herrlofSuits[s] + " " + r)
    .replace(/\bV\b/g, "Valknut").replace(/\bH\b/g, "Hagalaz"),
};

// words returns text (a move or an event of game) in words.
function words(game, text) {
  return inWords[game] ? inWords[game](text) : text;
}

const renderers = {
  herrlof: renderHerrlof,
  gnav: renderGnav,
  gulveig: renderGulveig,
  voluspa: renderVoluspa,
};

// buttonFilters hide from the row of move buttons the moves a game's board offers otherwise
// (Voluspa's lays are made on the grid).
const buttonFilters = {
  voluspa: (m) => !voluspaLay.test(m),
};

// prompts say what the seat to move is asked, by game and phase; the default names the phase.
const prompts = {
  herrlof: (v) => ({
    bid: "Your bid: how many tricks will you take?", play: v.trick.plays.length ? "Play a card to the trick." : "Your lead: play a card.",
    draw: "Your 3 won the trick: draw the top card of the stock?", return: "Put a card from your hand under the stock.",
    steal: "Your 1 won the trick: steal a trick?", take: "Your 6 won the trick: take a random card?", give: "Give a card back.",
  })[v.phase],
  gnav: (v) => (v.dealer === v.seat ? "You deal: stand, or draw from the stock." : "Stand, or ask your left neighbour to exchange."),
  voluspa: (v, legal) => (legal.some((m) => voluspaLay.test(m)) ? "Your turn: choose a tile, then a lit square."
    : legal.includes("pass") ? "Your hand is empty: pass." : "No tile can be laid: discard one."),
};

function prompt(view, legal) {
  const p = prompts[view.game] && prompts[view.game](view, legal);
  return p || "Your move (" + view.phase + ").";
}

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
        h("b", { class: "score" }, s.score), s.score === 1 ? " point · " : " points · ",
        h("b", { class: "tricks" }, s.tricks), s.tricks === 1 ? " trick · " : " tricks · ",
        h("b", {}, s.handLen), s.handLen === 1 ? " card" : " cards",
        p === me && v.bid >= 0 ? [" · bid ", h("b", { class: "bid" }, v.bid)] : null,
        s.correctBids ? [" · ", plural(s.correctBids, "correct bid")] : null),
      p !== me ? h("div", { class: "pile" }, hand) : null,
      s.showedOut.length ? h("div", { class: "facts" }, "showed out of ", s.showedOut.map((x) => h("span", { class: "chip " + x }, x))) : null,
      known.size ? h("div", { class: "facts" }, "holds ", [...s.known].map((c) => herrlofCard(ctx, c, { size: "small" }))) : null);
  };
  const trickEl = (t) => h("div", { class: "pile" }, t.plays.map((pl) =>
    h("div", { class: "play" }, herrlofCard(ctx, pl.card, { size: "small" }), ctx.seatName(pl.seat, true))));

  const others = [];
  for (let p = 0; p < v.players; p++) if (p !== me) others.push(seatPanel(p));

  const over = v.phase === "over"; // no trump, stock or trick to show once the match is over
  const center = h("div", { class: "center" },
    over ? null : h("div", {}, h("h4", {}, "Trump"), v.trumpCard ? herrlofCard(ctx, v.trumpCard, { size: "small" }) : "—",
      h("div", {}, v.trump || "no trump suit")),
    over ? null : h("div", {}, h("h4", {}, "Stock"), h("div", {}, plural(v.stockLen, "card"))),
    over ? null : h("div", { id: "trick" }, h("h4", {}, "Trick " + (v.tricksPlayed + 1)), v.trick.plays.length ? trickEl(v.trick) : "—"),
    v.lastTrick.plays.length ? h("div", { id: "last-trick" }, h("h4", {}, "Last trick: " +
      (v.lastTrick.destroyed ? "destroyed" : ctx.seatName(v.lastTrick.winner, true) + " won")), trickEl(v.lastTrick)) : null,
    h("div", {}, h("h4", {}, "Hand"), "#" + (v.round ?? v.handNumber), " · phase ", h("b", { id: "phase" }, v.phase), " · first to " + v.target + " points"));

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
  if (me < 0) return h("div", {}, h("div", { class: "seats" }, others), center, result); // a spectator: every seat is another's
  return h("div", {}, h("div", { class: "seats" }, others), center, seatPanel(me), mine, result);
}

// ---- Gnav ----------------------------------------------------------------------------------

const gnavMatadors = new Set(["Hus", "Hest", "Katt", "Dragon", "Gjøk"]);

// gnavRanks are Gnav's 21 ranks, lowest first (the rules' N1).
const gnavRanks = ["Narr", "Ugle", "Potte", "0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "Hus", "Hest", "Katt", "Dragon", "Gjøk"];

// gnavDoes says what a card does, from the rules (N6–N15).
function gnavDoes(card) {
  switch (card) {
    case "Narr": return "the fool, the lowest card: its holder knocks, and it loses a life at the showdown unless passed on";
    case "Hus": case "Hest": return "a matador: it refuses an exchange, and the request passes on";
    case "Katt": return "a matador: whoever asks for it loses a life, and the deal's exchanges are undone (under the cat-as-dragoon option, only the life)";
    case "Dragon": return "a matador: whoever asks for it loses a life";
    case "Gjøk": return "the highest matador: asked for, it ends the exchanges";
  }
  return "an ordinary card: it must be given when asked for";
}

function gnavCard(ctx, text, opts = {}) {
  if (!text) return h("div", { class: "card back" + (opts.size ? " " + opts.size : ""), title: "hidden" });
  const rank = gnavRanks.indexOf(text) + 1;
  const cls = "card gnav" + (gnavMatadors.has(text) ? " matador" : "");
  return ctx.card(text, { ...opts, cls, face: h("span", { class: "name" }, text), caption: rank ? "rank " + rank : "" });
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
      h("div", { class: "lives", title: plural(s.lives, "life", "lives") }, s.alive ? ["♥".repeat(s.lives), " ", h("span", { class: "facts" }, plural(s.lives, "life", "lives"))] : "out"),
      h("div", { class: "facts" }, s.turn !== "none" ? s.turn : "", s.answer !== "none" ? " · answered " + s.answer : ""),
      card);
  });
  const mine = [];
  if (v.hand) mine.push(h("div", { class: "facts", id: "card-note" }, "Your card, ", h("b", {}, v.hand), ", is rank ", gnavRanks.indexOf(v.hand) + 1,
    " of 21 (1 is the lowest): ", gnavDoes(v.hand), "."));
  if (v.dealt && v.dealt !== v.hand) mine.push(h("div", { class: "facts" }, "You were dealt ", h("b", {}, v.dealt)));
  if (v.received) mine.push(h("div", { class: "facts" }, "You received ", h("b", {}, v.received), " when asked"));
  if (v.receivedOwn) mine.push(h("div", { class: "facts" }, "Your request brought you ", h("b", {}, v.receivedOwn)));
  return h("div", {},
    h("div", { class: "center" }, h("div", {}, h("h4", {}, "Deal"), "#" + (v.round ?? v.deals), " · phase ", h("b", { id: "phase" }, v.phase)),
      h("div", {}, mine)),
    h("div", { class: "seats" }, panels));
}

// ---- Gulveig -------------------------------------------------------------------------------

const gulveigClans = {};
for (const [clan, names] of Object.entries({
  aesir: ["Odin", "Tyr", "Thor", "Sif", "Baldur", "Idun"],
  vanir: ["Frey", "Njord", "Aegir", "Ran", "Nanna", "Freya", "Nanna*", "Freya*"],
  muspeli: ["Surt", "Logi", "Loki", "Spear", "Farbauti", "Thiassi", "Thiassi*"],
  rime: ["Ymir", "Hrungnir", "Gymir", "Aurboda", "Thrym", "Laufey", "Laufey*"],
})) for (const n of names) gulveigClans[n] = clan;

// gulveigWorths and gulveigStrengths are each clan's cards' worth and strength, in the order of
// gulveigClans' lists (the rules' G1: 11/7, 10/6, 4/5, 3/4, 2/3, 0/2; an alternate, starred,
// keeps the card's it replaces, G3). A role may change them for a hand: the view's "changed".
const gulveigWorths = {}, gulveigStrengths = {};
for (const names of [["Odin", "Tyr", "Thor", "Sif", "Baldur", "Idun"], ["Frey", "Njord", "Aegir", "Ran", "Nanna", "Freya"],
  ["Surt", "Logi", "Loki", "Spear", "Farbauti", "Thiassi"], ["Ymir", "Hrungnir", "Gymir", "Aurboda", "Thrym", "Laufey"]]) {
  names.forEach((n, i) => {
    gulveigWorths[n] = gulveigWorths[n + "*"] = [11, 10, 4, 3, 2, 0][i];
    gulveigStrengths[n] = gulveigStrengths[n + "*"] = [7, 6, 5, 4, 3, 2][i];
  });
}

function gulveigCard(ctx, text, opts = {}) {
  if (!text) return h("div", { class: "card back" + (opts.size ? " " + opts.size : ""), title: "hidden" });
  const clan = gulveigClans[text] || "";
  const ch = (ctx.changed || []).find((c) => c.card === text);
  const worth = ch ? ch.worth : gulveigWorths[text], strength = ch ? ch.strength : gulveigStrengths[text];
  const Clan = clan ? clan[0].toUpperCase() + clan.slice(1) : "";
  const el = ctx.card(text, { ...opts, cls: "card gulveig clan-" + clan, face: [
    h("span", { class: "name" }, text),
    h("small", { class: "clan" }, Clan),
    worth !== undefined ? h("small", { class: "ws", title: "worth " + worth + ", strength " + strength }, h("b", {}, worth), " pt · ", h("b", {}, "s" + strength)) : null,
  ], caption: "" });
  if (!opts.move) el.title = text + ": " + Clan + ", worth " + worth + ", strength " + strength;
  return el;
}

function renderGulveig(v, ctx) {
  const me = v.seat;
  ctx = { ...ctx, changed: v.changed };
  const cards = (list, size) => h("div", { class: "pile" }, list.map((c) => gulveigCard(ctx, c, { size })));
  const seatPanel = (p) => {
    const s = v.seats[p];
    const backs = [];
    if (p !== me) for (let i = 0; i < s.cards; i++) backs.push(h("div", { class: "card tiny back" }));
    return h("div", { class: "seat" + (p === me ? " me" : "") + (v.toMove === p ? " to-move" : ""), dataset: { seat: p } },
      h("h3", {}, ctx.seatName(p),
        v.dealer === p ? h("span", { class: "badge" }, "dealer") : null,
        v.declarer === p ? h("span", { class: "badge strong" }, "declarer " + v.contract) : null,
        v.fourth === p ? h("span", { class: "badge" }, "4th player") : null,
        v.toMove === p ? h("span", { class: "badge strong" }, "to move") : null),
      h("div", { class: "facts" }, h("b", { class: "score" }, s.score), s.score === 1 ? " point" : " points",
        s.onBarrel ? " · on the barrel" : "", s.lastPoints ? [" · last hand ", s.lastPoints] : null,
        s.passed ? " · passed" : s.bid ? [" · bid ", h("b", {}, s.bid), s.blind ? " (blind)" : ""] : null,
        s.role ? [" · role ", h("b", {}, s.role)] : null,
        s.won.length ? [" · won ", plural(s.won.length, "card")] : null),
      p !== me ? h("div", { class: "pile" }, backs) : null,
      s.shown.length ? h("div", { class: "facts" }, "showed ", cards(s.shown, "small")) : null,
      s.voids.length ? h("div", { class: "facts" }, "void in ", s.voids.join(", ")) : null);
  };
  const others = [];
  for (let p = 0; p < v.players; p++) if (p !== me) others.push(seatPanel(p));
  const over = v.phase === "over"; // no bid or trick to show once the match is over
  const center = h("div", { class: "center" },
    h("div", {}, h("h4", {}, "Hand"), "#" + (v.round ?? v.hands), " · phase ", h("b", { id: "phase" }, v.phase), " · first to " + v.target),
    over ? null : h("div", {}, h("h4", {}, "Bid"), v.declarer >= 0 ? [ctx.seatName(v.declarer, true), v.declarer === me ? " play for " : " plays for ", v.contract]
      : v.highBid > 0 ? ["high bid ", v.highBid] : "no bid yet"),
    v.treasure.length ? h("div", {}, h("h4", {}, "Treasure"), cards(v.treasure, "small")) : null,
    over ? null : h("div", { id: "trick" }, h("h4", {}, "Trick " + (v.tricks + 1)),
      v.trick.length ? h("div", { class: "pile" }, v.trick.map((c, i) => h("div", { class: "play" },
        gulveigCard(ctx, c, { size: "small" }), ctx.seatName((v.leader + i) % v.players, true)))) : "—"),
    v.supremacy ? h("div", {}, h("h4", {}, "Supremacy"), v.supremacy) : null,
    v.drawnRole ? h("div", {}, h("h4", {}, "Role drawn"), v.drawnRole) : null,
    v.settlement.length ? h("div", {}, h("h4", {}, "Settlement"), v.settlement.join(", ")) : null);
  if (me < 0) return h("div", {}, h("div", { class: "seats" }, others), center); // a spectator: every seat is another's
  const mine = [];
  if (!v.knowsHand && v.hand.length === 0 && v.phase !== "over") mine.push(h("p", { class: "facts" }, "You have not looked at your hand (blind)."));
  if (v.role) mine.push(h("div", { class: "facts" }, "Your role: ", h("b", {}, v.role)));
  if (v.aside.length) mine.push(h("div", { class: "facts" }, "Set aside: ", cards(v.aside, "small")));
  if (v.changed.length) mine.push(h("div", { class: "facts" }, "Changed by roles: ", v.changed.map((c) => `${c.card} worth ${c.worth}, strength ${c.strength}`).join("; ")));
  return h("div", {}, h("div", { class: "seats" }, others), center, seatPanel(me),
    h("div", { class: "hand", id: "hand" }, v.hand.map((c) => gulveigCard(ctx, c, { move: ctx.cardMove(c) }))), mine);
}

// ---- Voluspa -------------------------------------------------------------------------------

// voluspaLay reads a lay: "Thor 2,-1" or "Dragon on 0,1".
const voluspaLay = /^(.+?) (on )?(-?\d+),(-?\d+)$/;
let voluspaSelected = null; // the hand tile chosen to lay, across redraws

function tileHue(name) {
  let x = 0;
  for (const ch of name) x = (x * 31 + ch.codePointAt(0)) % 360;
  return x;
}

// voluspaValues are the tiles' values (the rules' V1).
const voluspaValues = { Odin: 8, Thor: 7, Troll: 6, Dragon: 5, Fenrir: 4, Skadi: 3, Valkyrie: 2, Loki: 1 };

// voluspaTile draws a tile with its name and value; zeroed marks one next to a Loki (V10),
// worth 0 wherever it lies.
function voluspaTile(ctx, text, opts = {}) {
  const value = voluspaValues[text];
  const worth = opts.zeroed ? 0 : value;
  const el = ctx.card(text, { ...opts, cls: "card tile" + (opts.zeroed ? " zeroed" : ""), face: [
    h("span", { class: "name" }, text),
    value !== undefined ? h("b", { class: "value" }, worth) : null,
  ], caption: "" });
  el.style.setProperty("--hue", tileHue(text));
  if (!opts.move) el.title = text + (value !== undefined ? ", value " + value : "") + (opts.zeroed ? ", worth 0 next to a Loki" : "") + (text === "Fenrir" ? " (in a line, 4 × its Fenrirs)" : "");
  return el;
}

// voluspaScored returns the squares ("x,y") of the lines the last lay scored, read from the
// seat's events since that lay: each scoring line is the run of tiles through the lay, along its
// row or column, as the grid now stands.
function voluspaScored(v, events) {
  const out = new Set();
  let i = events.length - 1;
  while (i >= 0 && !(events[i] && (events[i].kind === "lay" || events[i].kind === "cover"))) i--;
  if (i < 0 || !v.last) return out;
  const filled = new Set(v.grid.map((c) => c.x + "," + c.y));
  for (const e of events.slice(i + 1)) {
    if (!e || e.kind !== "line" || !(e.points > 0) || e.x !== v.last.x || e.y !== v.last.y) continue;
    const [dx, dy] = e.line === "row" ? [1, 0] : [0, 1];
    for (const sign of [1, -1]) {
      for (let k = sign === 1 ? 0 : 1; ; k++) {
        const key = (e.x + sign * k * dx) + "," + (e.y + sign * k * dy);
        if (!filled.has(key)) break;
        out.add(key);
      }
    }
  }
  return out;
}

// voluspaShowLast scrolls the board's box to the last lay when the board is wider than the box:
// after each redraw, and when the window changes size (a phone turned upright).
function voluspaShowLast(box) {
  const last = box.querySelector(".square.last");
  if (last && box.scrollWidth > box.clientWidth) box.scrollLeft = last.offsetLeft - (box.clientWidth - last.offsetWidth) / 2;
}
window.addEventListener("resize", () => {
  const box = document.querySelector(".board-box");
  if (box) voluspaShowLast(box);
});

function renderVoluspa(v, ctx) {
  const me = v.seat;
  const lays = new Map(); // "x,y" -> [{tile, move}]
  for (const m of ctx.legal) {
    const r = voluspaLay.exec(m);
    if (!r) continue;
    const key = r[3] + "," + r[4];
    if (!lays.has(key)) lays.set(key, []);
    lays.get(key).push({ tile: r[1], move: m });
  }
  const layable = new Set([...lays.values()].flat().map((l) => l.tile));
  if (!layable.has(voluspaSelected)) voluspaSelected = layable.size === 1 ? [...layable][0] : null;

  const cells = new Map(v.grid.map((c) => [c.x + "," + c.y, c.tile]));
  const zeroed = (x, y) => cells.get(x + "," + y) !== "Loki" &&
    [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => cells.get((x + dx) + "," + (y + dy)) === "Loki");
  const scored = voluspaScored(v, ctx.events || []);
  // the tiles and one ring of squares around them (where lays go): no wider, so that a phone
  // shows as much of the board as it can
  const xs = v.grid.map((c) => c.x), ys = v.grid.map((c) => c.y);
  let minX = Math.min(0, ...xs) - 1, maxX = Math.max(0, ...xs) + 1, minY = Math.min(0, ...ys) - 1, maxY = Math.max(0, ...ys) + 1;
  for (const k of lays.keys()) { // a lay is always in the ring, but never drawn off the board
    const [x, y] = k.split(",").map(Number);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const grid = h("div", { class: "grid", id: "grid", style: `grid-template-columns: var(--axis) repeat(${maxX - minX + 1}, var(--sq))` });
  grid.append(h("div", { class: "axis corner", title: "x grows to the east, y to the north" }, "↑→"));
  for (let x = minX; x <= maxX; x++) grid.append(h("div", { class: "axis x" }, x));
  for (let y = maxY; y >= minY; y--) { // north at the top, as the terminal draws it
    grid.append(h("div", { class: "axis y" }, y));
    for (let x = minX; x <= maxX; x++) {
      const key = x + "," + y;
      const tile = cells.get(key);
      const here = lays.get(key) || [];
      const mine = here.find((l) => l.tile === voluspaSelected);
      const last = v.last && v.last.x === x && v.last.y === y;
      const sq = h("div", {
        class: "square" + (tile ? " filled" : "") + (here.length ? " target" : "") + (mine ? " hot" : "") +
          (last ? " last" : "") + (scored.has(key) ? " scored" : ""),
        dataset: { x, y, moves: here.length ? here.map((l) => l.move).join("|") : undefined, move: mine ? mine.move : undefined },
        title: key + (tile ? ": " + tile : "") + (last ? " (the last lay)" : "") + (mine ? " — lay " + mine.move : ""),
        onclick: mine ? () => ctx.send(mine.move) : null,
      }, tile ? voluspaTile(ctx, tile, { size: "small", zeroed: zeroed(x, y) }) : "");
      grid.append(sq);
    }
  }
  const box = h("div", { class: "board-box" }, grid);
  requestAnimationFrame(() => voluspaShowLast(box));
  const hand = h("div", { class: "hand", id: "hand" }, v.hand.map((t) => {
    const el = voluspaTile(ctx, t, {});
    if (layable.has(t)) {
      el.classList.add("playable");
      if (t === voluspaSelected) el.classList.add("selected");
      el.addEventListener("click", () => { voluspaSelected = t; ctx.redraw(); });
    }
    return el;
  }));
  const seats = v.seats.map((s, p) => h("div", { class: "seat" + (p === me ? " me" : "") + (v.toMove === p ? " to-move" : ""), dataset: { seat: p } },
    h("h3", {}, ctx.seatName(p), v.toMove === p ? h("span", { class: "badge strong" }, "to move") : null),
    h("div", { class: "facts" }, h("b", { class: "score" }, s.score), s.score === 1 ? " point" : " points",
      s.score > 0 ? h("span", { title: "Among players tied on score, the one who reached it first wins." }, " (since turn ", s.reached, ")") : null,
      " · ", plural(s.handSize ?? s.handLen, "tile"), " in hand"),
    s.known.length && p !== me ? h("div", { class: "facts" }, "holds ", s.known.join(", ")) : null));
  return h("div", {},
    h("div", { class: "seats" }, seats),
    h("div", { class: "center" }, h("div", {}, h("h4", {}, "Turn"), "#" + v.turns, " · phase ", h("b", { id: "phase" }, v.phase)),
      h("div", {}, h("h4", {}, "Supply"), plural(v.supply, "tile")),
      v.gone.length ? h("div", {}, h("h4", {}, "Out of the game"), v.gone.join(", ")) : null),
    box,
    h("p", { class: "facts legend" }, h("span", { class: "key last" }, ""), " the last lay ", h("span", { class: "key scored" }, ""), " the lines it scored ",
      h("span", { class: "key zero" }, "0"), " worth 0 next to a Loki"),
    me < 0 ? null : h("p", { class: "facts" }, layable.size ? (voluspaSelected ? "Click a lit square to lay your " + voluspaSelected + "." : "Choose a tile from your hand, then a lit square.") : ""),
    me < 0 ? null : hand);
}

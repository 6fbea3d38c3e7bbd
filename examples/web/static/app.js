// The norns web front end: a lobby to start a match, and a table that shows one seat's view, or
// a spectator's. The seat's token lives in the page's fragment (#t=...), a spectator's watch link
// in #m=<match>&w=<watch token>; browsers never send a fragment to a server or in a Referer, and
// the page sends the token with each request.
"use strict";

const $ = (sel) => document.querySelector(sel);
const app = { games: [], game: null, events: [], players: 0, token: null, watching: false, payload: null, stream: null, pending: false, rules: {} };

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try { data = JSON.parse(text); } catch { data = text; }
  if (!res.ok) throw new Error((data && data.error) || res.statusText);
  return data;
}

function showFatal(msg) {
  const el = $("#fatal");
  el.textContent = msg;
  el.hidden = false;
}

// ---- the lobby -----------------------------------------------------------------------------

async function lobby() {
  $("#lobby").hidden = false;
  $("#table").hidden = true;
  $("#title").textContent = "play a game against the bots or friends";
  app.games = await api("/api/games");
  const box = $("#games");
  box.replaceChildren(...app.games.map((g) => h("div", {
    class: "game", role: "radio", tabindex: 0, "aria-checked": "false", dataset: { game: g.name },
    onclick: () => chooseGame(g.name), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") chooseGame(g.name); },
  }, h("h3", {}, g.name), h("p", {}, g.description))));
  $("#setup").onsubmit = (e) => { e.preventDefault(); start(); };
  if (app.games.length) chooseGame(app.games[0].name);
}

function chooseGame(name) {
  app.game = app.games.find((g) => g.name === name);
  for (const el of document.querySelectorAll(".game")) el.setAttribute("aria-checked", String(el.dataset.game === name));
  setRulesButton(name);
  const opts = $("#options");
  opts.replaceChildren(h("legend", {}, "Options"), ...app.game.options.map((o) => {
    const input = o.type === "bool"
      ? h("input", { type: "checkbox", name: o.name, id: "opt-" + o.name, onchange: checkConfig })
      : h("input", { type: o.type === "int" ? "number" : "text", name: o.name, id: "opt-" + o.name, placeholder: "default", oninput: checkConfig });
    return h("label", { dataset: { option: o.name } }, input, " ", optionLabel(o.name), " ", h("small", {}, optionUsage(o.usage)));
  }));
  checkConfig();
}

// optionLabels name the games' options in words; an option not listed is named from its field
// name ("handLimit" → "Hand limit").
const optionLabels = {
  players: "Players", lives: "Lives", catIsDragoon: "The cat acts as a dragoon", dealerGiven: "Choose the first dealer",
  firstDealer: "First dealer's seat", target: "Target score", veteran: "Veteran's opening bid", blind: "Blind bidding",
  betting: "Betting", alternates: "Alternate cards", roles: "Player roles", handLimit: "Hand limit", fiveTrickBonus: "Five-trick bonus",
};

function optionLabel(name) {
  if (optionLabels[name]) return optionLabels[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// optionUsage is an option's usage line with the other options' field names put in words:
// "firstDealer deals first" → "the first dealer's seat deals first".
function optionUsage(usage) {
  return usage.replace(/\b[a-z]+[A-Z]\w*\b/g, (w) => (optionLabels[w] || app.game.options.some((o) => o.name === w) ? "“" + optionLabel(w).toLowerCase() + "”" : w));
}

function configFromForm() {
  const cfg = {};
  for (const o of app.game.options) {
    const el = document.getElementById("opt-" + o.name);
    if (o.type === "bool") { if (el.checked) cfg[o.name] = true; }
    else if (el.value.trim() !== "") cfg[o.name] = o.type === "int" ? Number(el.value) : el.value;
  }
  return cfg;
}

let checkTimer = null;
function checkConfig() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    $("#lobby-error").textContent = "";
    try {
      const r = await api("/api/config", { game: app.game.name, config: configFromForm() });
      seatRows(r.players);
      $("#start").disabled = false;
    } catch (e) {
      $("#lobby-error").textContent = e.message;
      $("#start").disabled = true;
    }
  }, 120);
}

// seatRows draws a row per seat: you, another person (a join link), a level of the game's bots
// (easy, medium, hard, each with its bot named in small print) or a -program bot.
function seatRows(n) {
  const rows = $("#seat-rows");
  const old = [...rows.querySelectorAll("select")].map((s) => s.value);
  const levels = app.game.levels || [];
  const programs = app.game.programs || [];
  const choices = [["you", "you (this browser)"], ["human", "another person (join link)"],
    ...levels.map((l) => [l.name, l.name + " bot (" + l.bot + ")"]), ...programs.map((p) => [p, p + " (program)"])];
  const fallback = levels.some((l) => l.name === "medium") ? "medium" : (levels[0] || {}).name || programs[0] || "human";
  rows.replaceChildren(...Array.from({ length: n }, (_, p) => {
    const want = old[p] || (p === 0 ? "you" : fallback);
    const sel = h("select", { id: "seat-" + p, name: "seat-" + p },
      choices.map(([value, label]) => h("option", { value, selected: value === want }, label)));
    const note = h("small", { class: "seat-note" });
    const describe = () => {
      const l = levels.find((x) => x.name === sel.value);
      note.textContent = l ? " played by the " + l.bot + " bot" : "";
    };
    sel.addEventListener("change", describe);
    describe();
    return h("label", {}, "Seat " + p + " ", sel, note);
  }));
  app.players = n;
}

async function start() {
  $("#lobby-error").textContent = "";
  const kinds = [...document.querySelectorAll("#seat-rows select")].map((s) => s.value);
  const mine = kinds.indexOf("you");
  if (mine < 0) { $("#lobby-error").textContent = "Choose a seat for yourself (\"you\")."; return; }
  if (kinds.lastIndexOf("you") !== mine) { $("#lobby-error").textContent = "Only one seat can be yours; the others can be people with a join link."; return; }
  $("#start").disabled = true;
  try {
    const r = await api("/api/matches", { game: app.game.name, config: configFromForm(), seats: kinds.map((k) => (k === "you" ? "human" : k)) });
    const invites = r.seats.filter((s) => s.token && s.seat !== mine).map((s) => ({ seat: s.seat, link: location.origin + s.link }));
    sessionStorage.setItem("invites:" + r.seats[mine].token, JSON.stringify(invites));
    location.hash = "t=" + r.seats[mine].token;
  } catch (e) {
    $("#lobby-error").textContent = e.message;
    $("#start").disabled = false;
  }
}

// ---- the rules -----------------------------------------------------------------------------

function setRulesButton(game) {
  const b = $("#rules-button");
  b.hidden = false;
  b.onclick = async () => {
    if (!app.rules[game]) app.rules[game] = await (await fetch("/api/rules?game=" + encodeURIComponent(game))).text();
    $("#rules-text").textContent = app.rules[game];
    $("#rules").showModal();
  };
}

// ---- the table -----------------------------------------------------------------------------

// table shows the match of token: a seat's, or with watching a spectator's (the watch token),
// which has no move controls, no invites and no watch link of its own.
function table(token, watching) {
  app.token = token;
  app.watching = watching;
  document.body.classList.toggle("watching", watching);
  $("#lobby").hidden = true;
  $("#table").hidden = false;
  $("#log").replaceChildren();
  $("#watch").hidden = true;
  $("#prompt").hidden = watching;
  app.events = []; // the data of the seat's events, as the log shows them (the last 200)
  const invites = watching ? [] : JSON.parse(sessionStorage.getItem("invites:" + token) || "[]");
  const inv = $("#invites");
  inv.hidden = invites.length === 0;
  inv.replaceChildren(h("p", {}, "Send each person their own link; it plays their seat and only theirs:"),
    ...invites.map((i) => h("label", {}, "Seat " + i.seat + " ", h("input", { readonly: true, value: i.link, class: "invite", dataset: { seat: i.seat }, onfocus: (e) => e.target.select() }))));
  app.retries = 0;
  connect(token);
}

// connect opens the seat's event stream, resuming after the events the log already shows. The
// browser's EventSource reconnects by itself after a dropped connection; when it gives up (the
// server was down, or refused the stream), connect tries again with a growing pause (1 s, 2 s,
// 4 s … 30 s), after asking whether the match still exists: a restarted server resumes every
// match, so the same link goes on where it stopped.
function connect(token) {
  if (app.token !== token) return; // the page moved on
  const since = $("#log").children.length;
  const es = new EventSource("/api/stream?token=" + encodeURIComponent(token) + "&since=" + since);
  app.stream = es;
  es.addEventListener("state", (e) => { app.retries = 0; notice(""); show(JSON.parse(e.data)); });
  es.addEventListener("expired", () => { es.close(); showFatal("This match has expired."); });
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED) { notice("Lost the connection to the server: reconnecting…"); return; }
    es.close();
    const wait = Math.min(30000, 1000 * 2 ** app.retries++);
    notice("Lost the connection to the server: trying again in " + Math.round(wait / 1000) + (wait === 1000 ? " second…" : " seconds…"));
    setTimeout(async () => {
      if (app.stream !== es) return;
      try {
        const res = await fetch("/api/state?token=" + encodeURIComponent(token));
        if (res.status === 404) { notice(""); showFatal("This match is gone: it expired, or the link is wrong."); return; }
      } catch { /* still down: connect fails again and waits longer */ }
      connect(token);
    }, wait);
  };
}

function notice(msg) {
  const el = $("#notice");
  el.textContent = msg;
  el.hidden = msg === "";
}

function seatName(p, short) {
  const pl = app.payload;
  if (p === pl.seat && p >= 0) return "You";
  if (p < 0) return p === -1 ? "chance" : "nobody";
  const s = pl.seats[p];
  const who = s.kind === "human" ? (s.connected ? "person" : "person, away") : s.kind + " bot";
  return short ? "Seat " + p : "Seat " + p + " (" + who + ")";
}

// cardMove returns the legal move that plays card text alone: the card itself ("R7"), or a move
// of two words naming it last ("give R7", "return R7"). A move naming several cards ("aside Odin
// Sif Frey") is never played by one card: those are built by choosing cards (see pickGroups).
function cardMove(card) {
  const legal = app.payload.legal;
  if (legal.includes(card)) return card;
  const named = legal.filter((m) => m.split(" ").length === 2 && m.endsWith(" " + card));
  return named.length === 1 ? named[0] : null;
}

// ---- moves as a person makes them ------------------------------------------------------------

// sortMoves sorts the legal moves into the controls a person uses:
//   picks    moves that name two or more cards of the hand after a verb ("aside Odin Sif Frey",
//            "swap Tyr Ran"), by verb: built by choosing cards in the hand and confirming;
//   numbers  three or more moves that differ only in a final number ("bid 90" … "bid 400"), by
//            the words before it: a number box limited to those values, and a confirm;
//   buttons  every other move, one button each (pass, keep, a single card…).
function sortMoves(legal, hand) {
  const picks = new Map(), numbers = new Map(), buttons = [];
  for (const m of legal) {
    const words = m.split(" ");
    if (words.length >= 3 && isSubset(words.slice(1), hand)) {
      if (!picks.has(words[0])) picks.set(words[0], []);
      picks.get(words[0]).push({ move: m, cards: words.slice(1) });
      continue;
    }
    const num = /^(\D*\s)(-?\d+)$/.exec(m);
    if (num) {
      if (!numbers.has(num[1])) numbers.set(num[1], []);
      numbers.get(num[1]).push({ move: m, value: Number(num[2]) });
      continue;
    }
    buttons.push(m);
  }
  for (const [prefix, list] of numbers) {
    if (list.length < 3) { buttons.push(...list.map((x) => x.move)); numbers.delete(prefix); }
  }
  return { picks, numbers, buttons };
}

// isSubset reports whether every card of want is in have, copies counted.
function isSubset(want, have) {
  const left = new Map();
  for (const c of have) left.set(c, (left.get(c) || 0) + 1);
  for (const c of want) {
    const n = left.get(c) || 0;
    if (n === 0) return false;
    left.set(c, n - 1);
  }
  return true;
}

function sameCards(a, b) { return a.length === b.length && isSubset(a, b); }

// pickVerbs words the confirm button and the instruction of a card choice, by verb.
const pickVerbs = {
  aside: ["Put aside", "to put aside, face down"],
  swap: ["Exchange", "to exchange"],
  give: ["Give", "to give"],
  return: ["Return", "to put back"],
};

// pickControl draws the confirm box of a card choice and makes the hand's cards choosable: a card
// can be chosen only while the cards chosen with it are still part of a legal move, and the
// confirm button is enabled only when the chosen cards are exactly one.
function pickControl(verb, options) {
  const sizes = [...new Set(options.map((o) => o.cards.length))].sort((a, b) => a - b);
  const [label, what] = pickVerbs[verb] || [verb[0].toUpperCase() + verb.slice(1), "for " + verb];
  const want = sizes.length === 1 ? String(sizes[0]) : sizes.join(" or ");
  const count = h("span", { class: "pick-count" });
  const confirm = h("button", { type: "button", class: "confirm", disabled: true, dataset: { verb } }, label);
  const clear = h("button", { type: "button", class: "clear" }, "Clear");
  const box = h("div", { class: "pick", dataset: { verb, moves: options.map((o) => o.move).join("|") } },
    h("span", {}, "Choose " + want + " cards in your hand " + what + ": "), count, " ", confirm, " ", clear);
  const chosen = () => [...document.querySelectorAll("#hand .card.picked")].map((c) => c.dataset.card);
  const complete = () => { const sel = chosen(); return options.find((o) => sameCards(o.cards, sel)) || null; };
  const refresh = () => {
    const sel = chosen();
    for (const el of document.querySelectorAll("#hand .card[data-card]")) {
      if (el.classList.contains("picked")) { el.classList.add("pickable"); el.setAttribute("aria-pressed", "true"); continue; }
      const can = options.some((o) => isSubset([...sel, el.dataset.card], o.cards));
      el.classList.toggle("pickable", can);
      el.setAttribute("aria-pressed", "false");
      if (can) el.setAttribute("tabindex", "0"); else el.removeAttribute("tabindex");
    }
    count.textContent = sel.length + " chosen";
    confirm.disabled = complete() === null || app.pending;
  };
  const toggle = (el) => {
    if (!el.classList.contains("pickable")) return;
    el.classList.toggle("picked");
    refresh();
  };
  for (const el of document.querySelectorAll("#hand .card[data-card]")) {
    el.setAttribute("role", "button");
    el.addEventListener("click", () => toggle(el));
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(el); } });
  }
  confirm.onclick = () => { const o = complete(); if (o) sendMove(o.move); };
  clear.onclick = () => { for (const el of document.querySelectorAll("#hand .card.picked")) el.classList.remove("picked"); refresh(); };
  box.refresh = refresh;
  return box;
}

// numberControl draws a number box limited to the legal values of one kind of move ("bid 90" …
// "bid 400"), stepping between them, and a confirm button enabled only on a legal value.
function numberControl(prefix, list) {
  const values = list.map((x) => x.value).sort((a, b) => a - b);
  const gaps = new Set(values.slice(1).map((v, i) => v - values[i]));
  const step = gaps.size === 1 ? [...gaps][0] : "any";
  const word = prefix.trim();
  const id = "num-" + word.replace(/\W+/g, "-");
  const input = h("input", { type: "number", id, min: values[0], max: values[values.length - 1], step, value: values[0], inputmode: "numeric", required: true });
  const confirm = h("button", { type: "button", class: "confirm", dataset: { prefix: word } }, word[0].toUpperCase() + word.slice(1));
  const moveOf = () => list.find((x) => String(x.value) === input.value.trim()) || null;
  const refresh = () => { confirm.disabled = moveOf() === null || app.pending; };
  input.addEventListener("input", refresh);
  input.addEventListener("keydown", (e) => { if (e.key === "Enter" && moveOf()) sendMove(moveOf().move); });
  confirm.onclick = () => { const x = moveOf(); if (x) sendMove(x.move); };
  const range = values.length > 1 ? values[0] + " to " + values[values.length - 1] + (step !== "any" && step !== 1 ? ", in steps of " + step : "") : String(values[0]);
  const box = h("div", { class: "number", dataset: { prefix: word, moves: list.map((x) => x.move).join("|") } },
    h("label", { for: id }, word[0].toUpperCase() + word.slice(1) + " "), input, " ", confirm, " ", h("small", {}, range));
  refresh();
  box.refresh = refresh;
  return box;
}

function cardEl(text, opts) {
  const move = opts.move;
  return h("div", {
    class: opts.cls + (opts.size ? " " + opts.size : "") + (move ? " playable" : ""),
    id: opts.id, title: move ? "play: " + move : opts.caption || text, dataset: { card: text, move: move || undefined },
    role: move ? "button" : null, tabindex: move ? 0 : null,
    onclick: move ? () => sendMove(move) : null,
    onkeydown: move ? (e) => { if (e.key === "Enter") sendMove(move); } : null,
  }, opts.face ?? text, opts.caption ? h("small", {}, opts.caption) : null);
}

function show(pl) {
  const first = app.payload === null;
  app.payload = pl;
  if (first) setRulesButton(pl.game);
  $("#title").textContent = pl.game.charAt(0).toUpperCase() + pl.game.slice(1) + (app.watching ? " · watching" : " · seat " + pl.seat + " (you)");
  const v = JSON.parse(JSON.stringify(pl.view));
  const log = $("#log");
  for (const li of log.querySelectorAll("li.new")) li.classList.remove("new");
  const have = log.children.length;
  for (let i = 0; i < pl.events.length; i++) {
    if (pl.eventIndex + i < have) continue;
    const text = pl.events[i].text; // a spectator's events are in the third person already
    log.append(h("li", { class: "new" }, words(pl.game, app.watching ? text.charAt(0).toUpperCase() + text.slice(1) : youText(text, pl.seat))));
    app.events.push(pl.events[i].data ?? null);
  }
  if (app.events.length > 200) app.events.splice(0, app.events.length - 200);
  log.scrollTop = log.scrollHeight;
  const board = $("#board");
  const draw = () => {
    const ctx = { seat: pl.seat, seats: pl.seats, legal: pl.legal, events: app.events, seatName, card: cardEl, cardMove, send: sendMove, redraw: draw };
    try {
      board.replaceChildren(renderView(v, ctx));
    } catch (e) { // a renderer's bug must not hide the match: show the view as it is
      console.error(e);
      board.replaceChildren(h("pre", { class: "generic" }, JSON.stringify(v, null, 2)));
    }
  };
  draw();
  board.dataset.seq = pl.seq;

  const status = $("#status");
  status.dataset.toMove = v.toMove;
  status.dataset.over = pl.over;
  const watching = app.watching ? "You are watching" + (pl.watchers > 1 ? " with " + plural(pl.watchers - 1, "other") : "") + ". " : "";
  if (pl.failure) status.textContent = watching + "The match stopped: " + pl.failure;
  else if (pl.over) status.replaceChildren(...(watching ? [h("p", { id: "watching" }, watching)] : []), standings(pl));
  else if (!app.watching && v.toMove === pl.seat) status.textContent = prompt(v, pl.legal);
  else if (v.toMove === -1) status.textContent = watching + "Dealing…";
  else status.textContent = watching + (app.watching ? seatName(v.toMove) + " to move…" : "Waiting for " + seatName(v.toMove) + "…");
  $("#prompt").hidden = app.watching || pl.over; // no move area once the match is over
  showWatchLink(pl);

  app.pending = false;
  const shown = buttonFilters[pl.game] ? pl.legal.filter(buttonFilters[pl.game]) : pl.legal;
  const sorted = sortMoves(shown, Array.isArray(v.hand) ? v.hand : []);
  const controls = [];
  for (const [verb, options] of sorted.picks) controls.push(pickControl(verb, options));
  for (const [prefix, list] of sorted.numbers) controls.push(numberControl(prefix, list));
  $("#moves").replaceChildren(...controls, ...sorted.buttons.map((m) => h("button", { type: "button", dataset: { move: m }, onclick: () => sendMove(m) }, words(pl.game, m))));
  for (const c of controls) c.refresh();

}

// showWatchLink shows a seat the match's watch link, to copy and send to spectators, and how
// many are watching; a spectator's page shows none.
function showWatchLink(pl) {
  const box = $("#watch");
  if (app.watching || !pl.watch) { box.hidden = true; return; }
  const link = location.origin + pl.watch;
  const input = $("#watch-link");
  if (input.value !== link) input.value = link;
  $("#watchers").textContent = pl.watchers ? " · " + plural(pl.watchers, "spectator") + " watching" : "";
  box.hidden = false;
}

async function copyWatchLink() {
  const input = $("#watch-link");
  input.select();
  try { await navigator.clipboard.writeText(input.value); $("#watch-copy").textContent = "Copied"; }
  catch { $("#watch-copy").textContent = "Select and copy"; }
  setTimeout(() => { $("#watch-copy").textContent = "Copy"; }, 2000);
}

// scoreUnits name what a game's score counts, when not points.
const scoreUnits = { gnav: ["life", "lives"] };

// ordinal writes a place: 1st, 2nd, 3rd, 4th…
function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return n + (teen ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th");
}

// standings says who won, in words, and lists every seat's final score, best first.
function standings(pl) {
  const [one, many] = scoreUnits[pl.game] || ["point", "points"];
  const names = pl.winners.map((w) => (w === pl.seat ? "you" : seatName(w)));
  const youWon = pl.winners.includes(pl.seat);
  let head;
  if (names.length === 0) head = "The match is over: a draw, nobody wins.";
  else if (names.length === 1) head = youWon ? "The match is over: you win!" : "The match is over: " + names[0] + " wins.";
  else head = "The match is over: " + names.slice(0, -1).join(", ") + " and " + names[names.length - 1] + " share the win" + (youWon ? "!" : ".");
  // winners first (a tie-break may crown a seat that is not alone on top), then by score
  const won = (p) => (pl.winners.includes(p) ? 1 : 0);
  const scored = pl.scores.length === pl.seats.length;
  const order = pl.seats.map((_, p) => p);
  order.sort((a, b) => won(b) - won(a) || (scored ? pl.scores[b] - pl.scores[a] : 0) || a - b);
  // each row's place in words: "winner", then "2nd", "3rd"…, equal scores sharing a place
  const places = [];
  order.forEach((p, i) => {
    const prev = order[i - 1];
    places[i] = won(p) ? "winner" : i > 0 && !won(prev) && scored && pl.scores[prev] === pl.scores[p] ? places[i - 1] : ordinal(i + 1);
  });
  const rows = order.map((p, i) => h("tr", { class: pl.winners.includes(p) ? "winner" : "", dataset: { seat: p } },
    h("td", { class: "place" }, places[i]), h("th", { scope: "row" }, seatName(p)),
    h("td", { class: "final-score" }, pl.scores.length ? plural(pl.scores[p], one, many) : "")));
  return h("div", { class: "over", id: "result", dataset: { winners: pl.winners.join(" ") } },
    h("p", {}, head),
    h("table", { class: "result standings", id: "standings" }, h("caption", {}, "Final standings"), rows),
    h("p", {}, h("a", { href: "/api/record?token=" + encodeURIComponent(app.token), download: "" }, "Download the record"), " · ",
      h("a", { href: "/" }, "Play again")));
}

async function sendMove(move) {
  if (app.pending || !app.payload) return;
  app.pending = true;
  for (const b of document.querySelectorAll("#moves button")) b.disabled = true;
  $("#move-error").textContent = "";
  try {
    await api("/api/move", { token: app.token, seq: app.payload.seq, move });
  } catch (e) {
    $("#move-error").textContent = e.message;
    app.pending = false;
    for (const b of document.querySelectorAll("#moves button")) b.disabled = false;
    for (const c of document.querySelectorAll("#moves .pick, #moves .number")) c.refresh();
  }
}

function route() {
  if (app.stream) { app.stream.close(); app.stream = null; }
  app.token = null;
  notice("");
  app.payload = null;
  $("#fatal").hidden = true;
  document.body.classList.remove("watching");
  const m = /^#t=([0-9a-f]+)$/.exec(location.hash);
  const w = /^#m=([0-9a-f]+)&w=([0-9a-f]+)$/.exec(location.hash);
  if (m) table(m[1], false);
  else if (w) table(w[2], true);
  else lobby().catch((e) => showFatal(e.message));
}

$("#watch-copy").addEventListener("click", copyWatchLink);
$("#watch-link").addEventListener("focus", (e) => e.target.select());

window.addEventListener("hashchange", route);
route();

// A window that changes size (a phone turned) keeps the log's last lines in view.
window.addEventListener("resize", () => {
  const log = $("#log");
  if (log) log.scrollTop = log.scrollHeight;
});

// The norns web front end: a lobby to start a match, and a table that shows one seat's view.
// The seat's token lives in the page's fragment (#t=...), which browsers never send to a server
// or in a Referer; the page sends it with each request.
"use strict";

const $ = (sel) => document.querySelector(sel);
const app = { games: [], game: null, players: 0, token: null, payload: null, stream: null, pending: false, rules: {} };

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
    return h("label", {}, input, " ", o.name, " ", h("small", {}, o.usage));
  }));
  checkConfig();
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

function seatRows(n) {
  const rows = $("#seat-rows");
  const old = [...rows.querySelectorAll("select")].map((s) => s.value);
  const choices = ["you", "human", ...app.game.bots];
  rows.replaceChildren(...Array.from({ length: n }, (_, p) => {
    const want = old[p] || (p === 0 ? "you" : app.game.bots.includes("heuristic") ? "heuristic" : app.game.bots[0]);
    return h("label", {}, "Seat " + p + " ", h("select", { id: "seat-" + p, name: "seat-" + p },
      choices.map((c) => h("option", { value: c, selected: c === want }, c === "you" ? "you (this browser)" : c === "human" ? "another person (join link)" : c + " bot"))));
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

function table(token) {
  app.token = token;
  $("#lobby").hidden = true;
  $("#table").hidden = false;
  $("#log").replaceChildren();
  const invites = JSON.parse(sessionStorage.getItem("invites:" + token) || "[]");
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
  if (p === pl.seat) return "You";
  if (p < 0) return p === -1 ? "chance" : "nobody";
  const s = pl.seats[p];
  const who = s.kind === "human" ? (s.connected ? "person" : "person, away") : s.kind + " bot";
  return short ? "Seat " + p : "Seat " + p + " (" + who + ")";
}

// cardMove returns the legal move that plays card text: the card itself ("R7"), or a move
// naming it last ("give R7", "return R7").
function cardMove(card) {
  const legal = app.payload.legal;
  if (legal.includes(card)) return card;
  const named = legal.filter((m) => m.endsWith(" " + card));
  return named.length === 1 ? named[0] : null;
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
  $("#title").textContent = pl.game + " · seat " + pl.seat;
  const v = JSON.parse(JSON.stringify(pl.view));
  const board = $("#board");
  const draw = () => {
    const ctx = { seat: pl.seat, seats: pl.seats, legal: pl.legal, seatName, card: cardEl, cardMove, send: sendMove, redraw: draw };
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
  if (pl.failure) status.textContent = "The match stopped: " + pl.failure;
  else if (pl.over) {
    const won = pl.winners.map((w) => seatName(w));
    status.replaceChildren(h("div", { class: "over", id: "result", dataset: { winners: pl.winners.join(" ") } },
      "The match is over. ", won.length ? "Won: " + won.join(", ") + "." : "A draw.", " ",
      h("a", { href: "/api/record?token=" + encodeURIComponent(app.token), download: "" }, "Download the record")));
  } else if (v.toMove === pl.seat) status.textContent = prompt(v, pl.legal);
  else if (v.toMove === -1) status.textContent = "Dealing…";
  else status.textContent = "Waiting for " + seatName(v.toMove) + "…";

  const shown = buttonFilters[pl.game] ? pl.legal.filter(buttonFilters[pl.game]) : pl.legal;
  $("#moves").replaceChildren(...shown.map((m) => h("button", { type: "button", dataset: { move: m }, onclick: () => sendMove(m) }, m)));
  app.pending = false;

  const log = $("#log");
  for (const li of log.querySelectorAll("li.new")) li.classList.remove("new");
  const have = log.children.length;
  for (let i = 0; i < pl.events.length; i++) {
    if (pl.eventIndex + i < have) continue;
    log.append(h("li", { class: "new" }, pl.events[i].text));
  }
  log.scrollTop = log.scrollHeight;
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
  }
}

function route() {
  if (app.stream) { app.stream.close(); app.stream = null; }
  app.token = null;
  notice("");
  app.payload = null;
  $("#fatal").hidden = true;
  const m = /^#t=([0-9a-f]+)$/.exec(location.hash);
  if (m) table(m[1]);
  else lobby().catch((e) => showFatal(e.message));
}

window.addEventListener("hashchange", route);
route();

// grundy explorer: talks to the JSON API under api/v1 (docs/api.md) and
// draws positions, moves and the value history. Plain JavaScript, no
// libraries, nothing loaded from the network.
"use strict";

const $ = (id) => document.getElementById(id);
const api = "api/v1/";
const maxTokensDrawn = 60; // tokens drawn per heap; more are counted
const maxPath = 200;       // positions kept in a shared link

const state = {
  games: [],          // from /api/v1/games
  spec: "",           // the game with its parameters, e.g. "subtract:1,3,4"
  history: [],        // answers of /api/v1/position, one per position reached
  index: -1,          // the current position in history
  params: [],         // a game script's parameters, "NAME=VALUE" each
  busy: false,
};
// Each answer in history also gets _turn: in a partizan game, the side to
// move there ("left" or "right"; the position itself does not say).

// ---- talking to the server

async function getJSON(path, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (Array.isArray(v)) v.forEach((x) => q.append(k, x));
    else if (v != null) q.append(k, v);
  }
  const res = await fetch(api + path + (q.toString() ? "?" + q : ""));
  let body;
  try { body = await res.json(); } catch (e) { throw new Error("the server answered " + res.status + " without JSON"); }
  if (!res.ok) throw new Error(body.error || ("HTTP " + res.status));
  return body;
}

const fetchPosition = (spec, position) => getJSON("position", { game: spec, position, param: state.params });

// Partizan games: Left and Right.
const isPartizan = (d) => d && d.move_kind === "partizan";
const other = (side) => (side === "right" ? "left" : "right");
const sideName = (side) => (side === "right" ? "Right" : "Left");
// nextTurn is the side to move after move m (null outside partizan games).
const nextTurn = (m) => (m && (m.player === "left" || m.player === "right") ? other(m.player) : null);

// drawOutcome picks one outcome of a chance event by its probability
// (exact fractions "a/b" or numbers).
function probValue(p) {
  if (typeof p === "number") return p;
  const [a, b] = String(p).split("/");
  return Number(a) / (b === undefined ? 1 : Number(b));
}
function drawOutcome(outcomes) {
  const total = outcomes.reduce((s, o) => s + probValue(o.probability), 0);
  let x = Math.random() * total;
  for (const o of outcomes) {
    x -= probValue(o.probability);
    if (x < 0) return o;
  }
  return outcomes[outcomes.length - 1];
}

function paramsFromForm() {
  const g = gameByName($("game").value);
  if (!g || !g.script) return [];
  return $("script-params").value.split(/\s+/).filter((x) => x !== "");
}

// ---- messages

function showError(msg) {
  const el = $("error");
  el.textContent = msg;
  el.hidden = !msg;
}

function setBusy(b) {
  state.busy = b;
  document.body.classList.toggle("busy", b);
  $("status").textContent = b ? "solving…" : "ready";
  updateToolbar();
}

// ---- choosing a game

function gameByName(name) { return state.games.find((g) => g.name === name); }

function specFromForm() {
  const g = gameByName($("game").value);
  const params = $("params").value.trim();
  if (!g) return "";
  return params && (g.params || g.optional_params) ? g.name + ":" + params : g.name;
}

function onGameChange() {
  const g = gameByName($("game").value);
  if (!g) return;
  const takesParams = !!g.params;
  $("params-label").hidden = !takesParams;
  $("script-params-label").hidden = !g.script;
  $("params").placeholder = g.params || "";
  if (takesParams && !$("params").value) {
    // The example's parameters: "grundy solve bash:3 10" gives 3.
    const m = /\S+\s+([^\s:]+):(\S+)/.exec(g.example || "");
    if (m && m[1] === g.name) $("params").value = m[2];
  }
  $("game-help").textContent = g.summary + " — position: " + g.position + (g.explorable ? "" : " (this game shows its solution only, without moves)");
  if (g.start != null) $("position").value = g.start;
}

async function loadStart() {
  showError("");
  const spec = specFromForm();
  try {
    const st = await getJSON("start", { game: spec, param: paramsFromForm() });
    if (st.position != null) $("position").value = st.position;
    else showError("this game has no start position here; type one");
  } catch (e) { showError(e.message); }
}

// ---- moving through the game

async function explore(spec, position) {
  showError("");
  setBusy(true);
  try {
    state.params = paramsFromForm();
    const data = await fetchPosition(spec, position);
    if (isPartizan(data)) data._turn = "left";
    state.spec = spec;
    state.history = [data];
    state.index = 0;
    render();
  } catch (e) {
    showError(e.message);
  } finally {
    setBusy(false);
  }
}

// play moves to position; turn is the side to move there in a partizan
// game (by default the other side from the one to move now); again is set
// when the player who moved is to move again (Pig's rolls of 2 to 6), so
// the engine does not answer.
async function play(position, byEngine, turn, again) {
  if (state.busy) return;
  showError("");
  setBusy(true);
  let data;
  try {
    data = await fetchPosition(state.spec, position);
  } catch (e) {
    showError(e.message);
    setBusy(false);
    return;
  }
  if (isPartizan(data)) data._turn = turn || other((current() || {})._turn || "left");
  state.history = state.history.slice(0, state.index + 1);
  state.history.push(data);
  state.index++;
  setBusy(false);
  render();
  if (!byEngine && !again && $("auto-engine").checked && (data.moves.length > 0 || (data.winning_moves || []).length > 0)) await engineMove();
}

// engineMove lets the engine move; it moves again while its moves say so
// (at most maxEngineMoves times in a row).
const maxEngineMoves = 100;
async function engineMove() {
  for (let i = 0; i < maxEngineMoves; i++) {
    if (!(await engineMoveOnce())) return;
  }
}

// engineMoveOnce makes one engine move; it reports whether the engine is
// to move again.
async function engineMoveOnce() {
  const cur = current();
  if (!cur || state.busy) return false;
  if (isPartizan(cur) && !cur.moves.some((m) => m.player === (cur._turn || "left"))) {
    $("engine-note").textContent = sideName(cur._turn) + " has no move and loses.";
    return false;
  }
  try {
    const q = { game: state.spec, position: cur.position, param: state.params };
    if (isPartizan(cur)) q.player = cur._turn || "left";
    const best = await getJSON("best", q);
    let m = best.move;
    let note = "Engine played " + (isPartizan(cur) ? sideName(q.player) + " " : "") + describeMove(m) + ": " + best.reason + ".";
    if (m.chance) {
      m = drawOutcome(m.chance);
      note += " Chance gave " + (m.to || m.position) + ".";
    }
    if (!m.position) {
      $("engine-note").textContent = note + " The game is over.";
      return false;
    }
    $("engine-note").textContent = note;
    await play(m.position, true, nextTurn(best.move));
    return !!m.again;
  } catch (e) { showError(e.message); }
  return false;
}

function current() { return state.history[state.index]; }

function undo() { if (state.index > 0) { state.index--; render(); } }
function redo() { if (state.index < state.history.length - 1) { state.index++; render(); } }

// ---- words

function outcomeWords(d) {
  const r = d.remoteness;
  if (d.outcome === "D" && (d.move_kind === "payoff" || d.move_kind === "chance")) return "Neither player can force a win: the value is the expected payoff.";
  switch (d.outcome) {
    case "N": return "The player to move wins" + (r != null ? " in " + r + (r === 1 ? " move" : " moves") : "") + ".";
    case "P": return r === 0 ? "The game is over: the player to move has lost." :
      "The player to move loses" + (r != null ? ", after " + r + " moves at most" : "") + ".";
    case "D": return "A draw: neither player can force a win.";
    case "L": return "Left wins, whoever moves first.";
    case "R": return "Right wins, whoever moves first.";
  }
  return "Outcome: " + d.outcome + ".";
}

function describeMove(m) {
  if (!m) return "";
  if (m.component >= 0 && m.from !== "") return "heap " + (m.component + 1) + ": " + m.from + " → " + (m.to === "" ? "nothing" : m.to);
  if (m.to) return m.to + (m.position ? " → " + m.position : "");
  return "→ " + m.position;
}

const plainNumber = (x) => /^[0-9]+$/.test(x);

function moveLabel(m, board) {
  if (board && board.kind === "heaps" && m.component >= 0 && plainNumber(m.from) && board.heaps.length > m.component && board.heaps[m.component] === m.from) {
    return "heap " + (m.component + 1) + ": " + m.from + " → " + (m.to === "" ? "0" : m.to);
  }
  if (m.component >= 0 && board && board.kind === "components") return "part " + (m.component + 1) + ": " + m.from + " → " + (m.to || "∅");
  if (m.component < 0 && m.to) return m.position ? m.to + " → " + m.position : m.to; // a labelled move, or one that leads to chance
  return "→ " + m.position;
}

// heapsAfter reads a move's position as heap sizes when it is written as
// as many numbers as the board has heaps (null otherwise).
function heapsAfter(m, board) {
  if (!board || board.kind !== "heaps") return null;
  const f = m.position.split(" ");
  if (f.length !== board.heaps.length || !f.every(plainNumber)) return null;
  return f.map(Number);
}

// fmt writes a value: exact fractions as they are, floats to 4 places.
function fmt(x) {
  if (typeof x === "number") return Number.isInteger(x) ? String(x) : x.toFixed(4);
  return String(x);
}

function badge(m) {
  const n = m.remoteness != null ? " in " + (m.remoteness + 1) : "";
  let b = "";
  switch (m.result) {
    case "win": b = "win" + n; break;
    case "lose": b = "lose" + n; break;
    case "draw": b = "draw"; break;
  }
  // Partizan: the outcome class and canonical value of the position left.
  if (m.player === "left" || m.player === "right") return (b ? b + " · " : "") + m.outcome + " = " + m.value;
  if (m.player === "chance" && m.probability != null) b = "p " + fmt(m.probability) + (b ? " · " + b : "");
  if (m.mover_value != null) b += (b ? " · " : "") + "value " + fmt(m.mover_value);
  else if (m.player === "chance" && m.value != null) b += " · value " + fmt(m.value);
  if (m.strategy_probability != null) b += " · mix " + fmt(m.strategy_probability);
  if (b) return b;
  if (m.payoff != null) return "payoffs " + [].concat(m.payoff).map(fmt).join(" / ");
  return m.outcome;
}

// ---- drawing

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("data-")) e.setAttribute(k, v); else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
}

function drawBoard(d) {
  const box = $("board");
  box.replaceChildren();
  const b = d.board || { kind: "text", text: d.position };
  if (b.kind === "heaps") {
    b.heaps.forEach((h, i) => {
      const n = Number(h);
      const tokens = el("div", { class: "tokens" });
      if (n === 0) tokens.append(el("span", { class: "heap-empty" }, "empty"));
      for (let k = 0; k < Math.min(n, maxTokensDrawn); k++) {
        const t = el("span", { class: "token", title: "take from here: leave " + k, "data-heap": i, "data-k": k });
        t.addEventListener("mouseenter", () => previewTake(i, k));
        t.addEventListener("mouseleave", () => previewTake(-1, 0));
        t.addEventListener("click", () => clickToken(i, k));
        tokens.append(t);
      }
      if (n > maxTokensDrawn) tokens.append(el("span", { class: "more" }, "+ " + (n - maxTokensDrawn) + " more"));
      box.append(el("div", { class: "heap", "data-heap": i }, el("span", { class: "heap-label" }, "heap " + (i + 1) + " · " + h), tokens));
    });
    if (d.moves.length > 0) box.append(el("p", { class: "help" }, "Click a token to take it and every token to its right, or pick a move from the list."));
  } else if (b.kind === "grid") {
    const table = el("table", { class: "grid" });
    b.rows.forEach((row) => {
      const tr = el("tr", {});
      [...row].forEach((c, j) => {
        const td = el("td", { "data-cell": j + 1 }, c === "." ? "" : c);
        // On a strip, a move that names a cell ("cell 5") is made by
        // clicking the cell.
        const m = b.rows.length === 1 ? d.moves.find((m) => m.to === "cell " + (j + 1)) : null;
        if (m) {
          td.classList.add("playable", m.result || "unknown");
          td.title = "play here: " + badge(m);
          td.addEventListener("click", () => play(m.position));
        }
        tr.append(td);
      });
      table.append(tr);
    });
    box.append(table);
  } else if (b.kind === "nodes") {
    const tokens = new Set(b.tokens || []);
    box.append(el("ul", { class: "nodes" }, ...b.nodes.map((n) => el("li", { class: tokens.has(n) ? "has-token" : "" }, n + (tokens.has(n) ? " ●" : "")))));
  } else if (b.kind === "components") {
    box.append(el("div", { class: "components" }, ...b.components.map((c) => el("span", { class: "chip" }, c))));
  } else {
    box.append(el("pre", { class: "text" }, b.text || d.position || "(empty)"));
  }
}

// previewHeaps marks the tokens a move takes (sizes: the heap sizes after
// it), or clears the marks (null).
function previewHeaps(sizes) {
  for (const t of document.querySelectorAll("#board .token")) {
    t.classList.toggle("preview", sizes != null && Number(t.dataset.k) >= sizes[Number(t.dataset.heap)]);
  }
}

function previewTake(heap, k) {
  const d = current();
  if (heap < 0 || !d) return previewHeaps(null);
  const sizes = d.board.heaps.map(Number);
  sizes[heap] = k;
  previewHeaps(sizes);
}

// clickToken makes the move that leaves heap at k tokens, if there is one.
function clickToken(heap, k) {
  const d = current();
  const sizes = d.board.heaps.slice();
  sizes[heap] = String(k);
  const target = sizes.join(" ");
  const m = d.moves.find((m) => m.position === target) || d.moves.find((m) => m.component === heap && m.to === String(k) && d.board.heaps.length === 1);
  if (m) play(m.position);
  else showError("no move leaves heap " + (heap + 1) + " at " + k + " in " + d.game);
}

function drawMoves(d) {
  const list = $("moves");
  list.replaceChildren();
  const shown = d.moves.length;
  $("moves-count").textContent = !d.explorable ? "(not listed for this game)" :
    d.moves_counted && shown === d.moves_total ? "(" + shown + ")" :
    "(" + shown + " of " + d.moves_total + (d.moves_counted ? "" : "+") + ")";
  if (!d.explorable) {
    list.append(el("li", { class: "help" }, "The server gives this game's solution only; winning moves: " + ((d.winning_moves || []).join(", ") || "none")));
    return;
  }
  if (shown === 0 && !d.moves_counted) list.append(el("li", { class: "help" }, "Too many moves to list here; winning moves: " + ((d.winning_moves || []).join(", ") || "none")));
  else if (shown === 0) list.append(el("li", { class: "help" }, "No moves: the game is over."));
  // The engine's choice: the move to best_move, or for a move that leads
  // to chance (no position), the one of greatest value for the mover.
  const best = d.best_move ? d.moves.find((m) => m.position === d.best_move) : bestOf(d);
  const button = (m, cls, onClick) => {
    const b = el("button", { type: "button", class: "move " + (m.result || "unknown") + (cls || ""), title: moveTitle(m), "data-position": m.position, "data-result": m.result || "", "data-player": m.player || "", "data-to": m.to || "" },
      el("span", { class: "label" }, moveLabel(m, d.board)), el("span", { class: "badge" }, badge(m)));
    b.addEventListener("click", onClick);
    return b;
  };
  if (isPartizan(d)) {
    // Both sides' moves; the side to move first, the other's dimmed.
    const turn = d._turn || "left";
    for (const side of [turn, other(turn)]) {
      const mine = d.moves.filter((m) => m.player === side);
      list.append(el("li", { class: "side-head" + (side === turn ? "" : " waiting"), "data-side": side }, sideName(side) + "'s moves (" + mine.length + ")" + (side === turn ? ": " + sideName(side) + " is to move" : "")));
      if (mine.length === 0) list.append(el("li", { class: "help" + (side === turn ? "" : " waiting") }, sideName(side) + " has no move" + (side === turn ? " and loses." : ".")));
      for (const m of mine) list.append(el("li", { class: side === turn ? "" : "waiting" }, button(m, "", () => play(m.position, false, other(side)))));
    }
    return;
  }
  for (const m of d.moves) {
    if (m.chance) {
      // A move that leads to a chance event: clicking it lets chance
      // decide; each outcome can also be picked.
      const outs = el("ul", { class: "outcomes" });
      for (const o of m.chance) {
        if (o.position) outs.append(el("li", {}, button(o, " outcome", () => play(o.position, false, null, o.again))));
        else outs.append(el("li", {}, el("span", { class: "move final", title: moveTitle(o) }, el("span", {}, o.to + " (p " + fmt(o.probability) + ")"), el("span", {}, "game over; mover gets " + fmt(o.mover_value)))));
      }
      const main = button(m, m === best ? " best" : "", () => {
        const o = drawOutcome(m.chance);
        if (o.position) play(o.position, false, null, o.again);
        else $("engine-note").textContent = m.to + ": chance gave " + o.to + "; the game is over (the mover gets " + fmt(o.mover_value) + ").";
      });
      list.append(el("li", { class: "chance-move" }, main, outs));
      continue;
    }
    if (!m.position) {
      list.append(el("li", {}, el("span", { class: "move final", title: moveTitle(m) }, el("span", {}, m.to), el("span", {}, "game over; mover gets " + fmt(m.mover_value)))));
      continue;
    }
    const b = button(m, m === best ? " best" : "", () => play(m.position, false, null, m.again));
    const after = heapsAfter(m, d.board);
    if (after) {
      b.addEventListener("mouseenter", () => previewHeaps(after));
      b.addEventListener("mouseleave", () => previewHeaps(null));
    }
    list.append(el("li", {}, b));
  }
}

// bestOf is the move of greatest value for the mover (games with payoffs),
// for marking when the server names no position (a chance event).
function bestOf(d) {
  let best = null;
  for (const m of d.moves) if (m.mover_value != null && (best == null || probValue(m.mover_value) > probValue(best.mover_value))) best = m;
  return best;
}

function moveTitle(m) {
  const parts = [];
  if (m.position) parts.push("leaves " + m.position);
  if (m.outcome) parts.push("outcome " + m.outcome);
  if (m.remoteness != null) parts.push("remoteness " + m.remoteness);
  if (m.grundy != null) parts.push("Grundy value " + m.grundy);
  if (m.value != null) parts.push("value " + fmt(m.value));
  if (m.payoff != null) parts.push("payoffs " + [].concat(m.payoff).map(fmt).join(" / "));
  if (m.probability != null) parts.push("probability " + fmt(m.probability));
  return parts.join(", ");
}

function drawSummary(d) {
  const s = $("summary");
  s.className = view(d);
  const parts = [outcomeWords(d)];
  if (d.grundy != null) parts.push("Sprague–Grundy value " + d.grundy + ".");
  if (d.value != null) parts.push("Value " + fmt(d.value) + ".");
  if (d.payoff != null) parts.push("Payoffs, from the player to move on: " + [].concat(d.payoff).join(" / ") + ".");
  if (isPartizan(d)) parts.push(sideName(d._turn) + " is to move.");
  s.textContent = parts.join(" ");
  $("position-text").textContent = d.game + " · " + d.position;
  $("turn-bar").hidden = !isPartizan(d);
  for (const b of document.querySelectorAll("#turn-bar button")) b.classList.toggle("active", b.dataset.turn === (d._turn || "left"));
}

const svgNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const e = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text != null) e.textContent = text;
  return e;
}

// view is a position's outcome for the player to move there: N (wins), P
// (loses) or D; a partizan class L or R is read for the side to move.
function view(d) {
  if (!isPartizan(d) || (d.outcome !== "L" && d.outcome !== "R")) return d.outcome;
  return (d.outcome === "L") === ((d._turn || "left") === "left") ? "N" : "P";
}

// drawChart draws the visual value history: one row per position played,
// win on the left, lose on the right, remoteness as the distance from the
// centre (after GamesmanUni's "visual value history").
function drawChart() {
  const chart = $("chart");
  chart.replaceChildren();
  const rows = state.history.slice(0, state.index + 1);
  let maxR = 5;
  for (const d of rows) if (d.remoteness != null) maxR = Math.max(maxR, d.remoteness);
  const W = 760, rowH = 22, top = 34, half = (W - 190) / 2, cx = 95 + half;
  const H = top + Math.max(rows.length, 3) * rowH + 24;
  chart.setAttribute("viewBox", "0 0 " + W + " " + H);
  // A win or loss of unknown remoteness sits at the far edge of its side,
  // drawn hollow.
  const x = (d) => {
    const o = view(d);
    if (o !== "N" && o !== "P") return cx;
    const off = d.remoteness == null ? half + 14 : (d.remoteness / maxR) * (half - 10);
    return o === "N" ? cx - off : cx + off;
  };
  chart.append(svg("text", { x: 60, y: 14, class: "side win" }, "← player to move wins"));
  chart.append(svg("text", { x: W - 60, y: 14, class: "side lose", "text-anchor": "end" }, "player to move loses →"));
  const step = maxR <= 10 ? 1 : maxR <= 40 ? 5 : Math.ceil(maxR / 10);
  for (let r = 0; r <= maxR; r += step) {
    for (const sgn of r === 0 ? [0] : [-1, 1]) {
      const gx = cx + sgn * (r / maxR) * (half - 10);
      chart.append(svg("line", { x1: gx, x2: gx, y1: top - 6, y2: H - 20, class: r === 0 ? "centre" : "grid" }));
      chart.append(svg("text", { x: gx, y: top - 10, "text-anchor": "middle" }, String(r)));
    }
  }
  let path = "";
  rows.forEach((d, i) => {
    const y = top + i * rowH + rowH / 2;
    chart.append(svg("text", { x: 8, y: y + 4 }, i === 0 ? "start" : "move " + i));
    path += (i ? " L " : "M ") + x(d) + " " + y;
  });
  chart.append(svg("path", { d: path, class: "trail" }));
  rows.forEach((d, i) => {
    const y = top + i * rowH + rowH / 2;
    const o = view(d);
    const cls = o === "N" ? "win" : o === "P" ? "lose" : o === "D" ? "draw" : "unknown";
    const hollow = (o === "N" || o === "P") && d.remoteness == null ? " hollow" : "";
    const c = svg("circle", { cx: x(d), cy: y, r: 6, class: "pt " + cls + hollow + (i === state.index ? " current" : ""), "data-ply": i, "data-outcome": d.outcome, "data-view": o, "data-turn": d._turn || "", "data-remoteness": d.remoteness == null ? "" : d.remoteness });
    c.append(svg("title", {}, (i === 0 ? "start" : "after move " + i) + ": " + d.position + " — " + d.outcome + (d.remoteness != null ? ", remoteness " + d.remoteness : "")));
    chart.append(c);
  });
  chart.append(svg("text", { x: cx, y: H - 6, "text-anchor": "middle" }, "remoteness (hollow at the edge: not known)"));
}

function updateToolbar() {
  const d = current();
  $("undo").disabled = state.busy || state.index <= 0;
  $("redo").disabled = state.busy || state.index >= state.history.length - 1;
  $("engine-move").disabled = state.busy || !d || (d.explorable ? d.moves.length === 0 : (d.winning_moves || []).length === 0);
}

function shareURL() {
  const d = current();
  const path = state.history.slice(Math.max(0, state.index + 1 - maxPath), state.index + 1).map((h) => h.position);
  const q = new URLSearchParams({ game: state.spec, position: d.position });
  for (const p of state.params) q.append("param", p);
  // Each position of the way here is its own "step" (positions may hold
  // any character: Domineering's rows are joined by "|").
  if (path.length > 1) path.forEach((p) => q.append("step", p));
  if (isPartizan(d)) {
    const hist = state.history.slice(Math.max(0, state.index + 1 - maxPath), state.index + 1);
    q.set("turns", hist.map((h) => (h._turn === "right" ? "r" : "l")).join(""));
  }
  return "?" + q.toString();
}

function render() {
  const d = current();
  $("explorer").hidden = !d;
  if (!d) return;
  drawSummary(d);
  drawBoard(d);
  drawMoves(d);
  drawChart();
  updateToolbar();
  const url = shareURL();
  $("share").href = url;
  history.replaceState(null, "", url);
  $("position").value = d.position;
}

// ---- start-up

async function fromURL() {
  const q = new URLSearchParams(location.search);
  const spec = q.get("game");
  if (!spec) return false;
  // A database of a game with parameters is a game of its own (its spec).
  const name = gameByName(spec) ? spec : spec.split(":")[0];
  if (gameByName(name)) {
    $("game").value = name;
    $("params").value = name !== spec && spec.includes(":") ? spec.slice(spec.indexOf(":") + 1) : "";
    onGameChange();
  }
  const position = q.get("position") || "";
  state.params = q.getAll("param");
  $("script-params").value = state.params.join(" ");
  // The way here: "step" per position; links made before it was added
  // joined the positions with "|" in "path".
  let path = q.getAll("step");
  if (path.length === 0) path = (q.get("path") || "").split("|").filter((p) => p !== "");
  path = path.slice(-maxPath);
  if (path.length === 0 || path[path.length - 1] !== position) path = [position];
  const turns = (q.get("turns") || "").slice(-path.length);
  showError("");
  setBusy(true);
  try {
    let answers = [];
    for (const [i, p] of path.entries()) {
      const a = await fetchPosition(spec, p);
      // A link's positions must follow one another by moves; where they do
      // not, the history starts afresh.
      const prev = answers[answers.length - 1];
      if (prev && !prev.moves.some((m) => m.position === a.position || (m.chance || []).some((o) => o.position === a.position))) answers = [];
      if (isPartizan(a)) a._turn = turns[i - (path.length - turns.length)] === "r" ? "right" : "left";
      answers.push(a);
    }
    state.spec = spec;
    state.history = answers;
    state.index = answers.length - 1;
    render();
  } catch (e) {
    showError(e.message);
  } finally {
    setBusy(false);
  }
  return true;
}

async function main() {
  $("setup").addEventListener("submit", (ev) => { ev.preventDefault(); explore(specFromForm(), $("position").value); });
  $("game").addEventListener("change", () => { $("params").value = ""; onGameChange(); });
  $("start").addEventListener("click", loadStart);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("engine-move").addEventListener("click", engineMove);
  for (const b of document.querySelectorAll("#turn-bar button")) {
    b.addEventListener("click", () => {
      const d = current();
      if (d) { d._turn = b.dataset.turn; render(); }
    });
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); ev.shiftKey ? redo() : undo(); }
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "y") { ev.preventDefault(); redo(); }
  });
  try {
    state.games = (await getJSON("games")).games;
  } catch (e) {
    showError("cannot list the games: " + e.message);
    return;
  }
  for (const g of state.games) {
    $("game").append(el("option", { value: g.name }, g.name + (g.params ? ":" + g.params : "") + (g.script ? " (script)" : "") + (g.database ? " (database)" : "")));
  }
  if (!(await fromURL())) {
    $("game").value = gameByName("nim") ? "nim" : state.games[0].name;
    onGameChange();
  }
  setBusy(false);
  document.body.dataset.ready = "true";
}

main();

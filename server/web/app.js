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
  work: null,         // the request under way: {ctrl, started, timer, what}
  session: 0,         // which game walked: browser history entries name it
  pick: null,         // a grid cell picked as the first of a move's two
  drag: null,         // a press on a grid cell: {d, key, changed} until released
  misere: false,      // misère play: whoever moves last loses (impartial games that offer it, partizan games)
  human: null,        // against the engine: the parity of the human's turns (0 first, 1 second)
};
// Each answer in history also gets _ply: the turns taken since the start
// of the walk (a move after which the mover moves again does not count),
// so that _ply % 2 is 0 for the first player's turn, 1 for the second's.
// Each answer in history also gets _turn: in a partizan game, the side to
// move there ("left" or "right"; the position itself does not say).

// ---- talking to the server

async function getJSON(path, params, signal) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (Array.isArray(v)) v.forEach((x) => q.append(k, x));
    else if (v != null) q.append(k, v);
  }
  const res = await fetch(api + path + (q.toString() ? "?" + q : ""), { signal });
  let body;
  try { body = await res.json(); } catch (e) { throw new Error("the server answered " + res.status + " without JSON"); }
  if (!res.ok) throw new Error(body.error || ("HTTP " + res.status));
  return body;
}

const fetchPosition = (spec, position, signal, summary) => getJSON("position", { game: spec, position, param: state.params, summary: summary ? "1" : null, misere: state.misere ? "1" : null }, signal);

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

// announce tells a screen reader what happened (an engine move, an
// outcome, a cancelled answer).
function announce(msg) {
  const el = $("announce");
  el.textContent = "";
  // A new text node, so that the same words are read again.
  setTimeout(() => { el.textContent = msg; }, 30);
}

// ---- work under way: progress, Cancel, the old position marked stale

// beginWork starts a request the user waits for: a progress bar with the
// time spent and a Cancel button show, and the position on screen is
// marked stale until the answer comes. It returns the signal that Cancel
// aborts (the server then stops the search: its request's context ends).
function beginWork(what) {
  endWork();
  const w = { ctrl: new AbortController(), started: performance.now(), what };
  state.work = w;
  setBusy(true);
  $("progress").hidden = false;
  $("progress-what").textContent = what;
  $("progress-time").textContent = "";
  $("explorer").classList.add("stale");
  w.timer = setInterval(() => {
    const s = (performance.now() - w.started) / 1000;
    $("progress-time").textContent = s < 0.5 ? "" : s.toFixed(1) + " s";
  }, 100);
  return w.ctrl.signal;
}

function endWork() {
  const w = state.work;
  if (!w) return;
  clearInterval(w.timer);
  state.work = null;
  $("progress").hidden = true;
  $("explorer").classList.remove("stale");
  $("pending").hidden = true;
  setBusy(false);
}

function cancelWork() {
  const w = state.work;
  if (!w) return;
  w.ctrl.abort();
  endWork();
  const d = current();
  const msg = "Cancelled: " + w.what.replace(/…$/, "") + " was stopped" + (d ? "; still at " + d.position + "." : ".");
  $("engine-note").textContent = msg;
  announce(msg);
}

const aborted = (e) => e && e.name === "AbortError";

// showPending shows the answer of the position being loaded (its
// summary) above the old position, while its moves are listed.
function showPending(sum) {
  const p = $("pending");
  p.hidden = false;
  if (hiding()) sum = masked(sum);
  p.className = sum.outcome ? view(sum) : "";
  p.replaceChildren(el("strong", {}, sum.position + ": "), outcomeWords(sum) + (sum.grundy != null ? " Sprague–Grundy value " + sum.grundy + "." : "") + (sum.value != null ? " Value " + fmt(sum.value) + "." : "") + " Listing its moves…");
  announce(sum.position + ": " + outcomeWords(sum));
}

// loadPosition asks for a position: its answer first (summary=1, the
// command line's answer, which is fast for heap games even where every
// move's value takes long), shown at once, then its moves. If the moves
// cannot be listed (too many, or past the server's time) the position's
// answer alone is kept. Cancel stops both. It returns the answer, or null.
async function loadPosition(spec, position, what) {
  const signal = beginWork(what || "solving " + (position || "the start"));
  let sum = null;
  try {
    sum = await fetchPosition(spec, position, signal, true);
    if (state.work && state.work.ctrl.signal === signal) showPending(sum);
    const full = await fetchPosition(spec, position, signal, false);
    return full;
  } catch (e) {
    if (aborted(e)) return null;
    if (sum) {
      // The answer without its moves.
      sum._movesError = e.message;
      return sum;
    }
    showError(plainError(e.message));
    return null;
  } finally {
    if (state.work && state.work.ctrl.signal === signal) endWork();
  }
}

// plainError words a server error for the page.
function plainError(msg) {
  return msg.replace(/; ask for the position's answer alone \(summary=1\), which has the command line's limits/, "");
}

// ---- choosing a game

function gameByName(name) { return state.games.find((g) => g.name === name); }

function specFromForm() {
  const g = gameByName($("game").value);
  const params = $("params").value.trim();
  if (!g) return "";
  return params && (g.params || g.optional_params) ? g.name + ":" + params : g.name;
}

function onGameChange(askStart) {
  const g = gameByName($("game").value);
  if (!g) return;
  const takesParams = !!g.params;
  $("params-label").hidden = !takesParams;
  $("script-params-label").hidden = !g.script;
  $("params").placeholder = g.params || "";
  if (takesParams && !$("params").value && g.default_spec && g.default_spec.startsWith(g.name + ":")) {
    // The default variant's parameters (the catalog's): connect4's 4x4:4.
    $("params").value = g.default_spec.slice(g.name.length + 1);
  }
  if (takesParams && !$("params").value) {
    // The example's parameters: "grundy solve bash:3 10" gives 3.
    const m = /\S+\s+([^\s:]+):(\S+)/.exec(g.example || "");
    if (m && m[1] === g.name) $("params").value = m[2];
  }
  $("misere-label").hidden = !g.misere;
  if (!g.misere) $("misere").checked = false;
  // The rules, one click away (closed unless the reader opens them).
  $("rules-box").hidden = !g.rules;
  $("rules-text").textContent = g.rules || "";
  $("rules-source").textContent = g.source ? "Source: " + g.source : "";
  $("game-help").textContent = g.summary + " — position: " + g.position + (g.explorable ? " The explorer lists every move with its value, so a position too large for that is shown with its answer alone, without its moves." : " (this game shows its solution only, without moves)");
  // The listed start is the game's without parameters; a game with
  // parameters (quixo:3) has its own, asked for when the user picks it.
  if (specFromForm() === g.name) { if (g.start != null) $("position").value = g.start; }
  else if (askStart) loadStart();
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
  state.params = paramsFromForm();
  const was = state.misere;
  state.misere = !$("misere-label").hidden && $("misere").checked;
  const data = await loadPosition(spec, position, "solving " + spec + " " + (position || "") + (state.misere ? " (misère play)" : ""));
  if (!data) { state.misere = was; $("misere").checked = was; }
  if (!data) return;
  if (isPartizan(data)) data._turn = "left";
  data._ply = 0;
  state.spec = spec;
  state.session++;
  state.history = [data];
  state.index = 0;
  render("push");
}

// play moves to position; turn is the side to move there in a partizan
// game (by default the other side from the one to move now); again is set
// when the player who moved is to move again (Pig's rolls of 2 to 6), so
// the engine does not answer.
async function play(position, byEngine, turn, again) {
  if (state.busy) return;
  showError("");
  state.pick = null;
  const cur = current() || { _ply: 0 };
  if (!byEngine) {
    $("engine-note").textContent = ""; // about the move before: no longer true
    // Against the engine, the side of the first move made is the human's.
    if ($("auto-engine").checked && state.human == null) state.human = cur._ply % 2;
  }
  const data = await loadPosition(state.spec, position, (byEngine ? "the engine's move: solving " : "solving ") + position + "…");
  if (!data) return;
  if (isPartizan(data)) data._turn = turn || other(cur._turn || "left");
  data._ply = (cur._ply || 0) + (again ? 0 : 1);
  state.history = state.history.slice(0, state.index + 1);
  state.history.push(data);
  state.index++;
  render("push");
  if (data.outcome) announce((byEngine ? "" : "Moved to ") + data.position + ". " + outcomeWords(data));
  if (!byEngine && $("auto-engine").checked) await engineMove();
}

// Playing against the engine: the human's side never changes; the engine
// moves whenever it is the other side's turn and there is a move.
const vsEngine = () => $("auto-engine").checked && state.human != null;
const humansTurn = (d) => !vsEngine() || d._ply % 2 === state.human;
const canMove = (d) => !!d && (d.moves.length > 0 || (d.winning_moves || []).length > 0);
const enginesTurn = (d) => vsEngine() && !!d && !humansTurn(d) && canMove(d) && !over(d);

// engineMove lets the engine move; it moves again while its moves say so
// (at most maxEngineMoves times in a row).
// With force (the Engine move button) it makes one move even on the
// human's turn.
const maxEngineMoves = 100;
async function engineMove(force) {
  let again = false;
  for (let i = 0; i < maxEngineMoves; i++) {
    if (!force && !again && !enginesTurn(current())) return;
    force = false;
    const r = await engineMoveOnce();
    if (!r) return;
    again = r.again && !vsEngine();
  }
}

// engineMoveOnce makes one engine move; it returns null when it made
// none, else {again}: whether the move's maker is to move again.
async function engineMoveOnce() {
  const cur = current();
  if (!cur || state.busy) return null;
  if (isPartizan(cur) && !cur.moves.some((m) => m.player === (cur._turn || "left"))) {
    $("engine-note").textContent = sideName(cur._turn) + " has no move and loses.";
    return null;
  }
  if (cur._movesError != null && (cur.winning_moves || []).length > 0 && !isPartizan(cur)) {
    // The moves are not listed here (too many): the engine plays the
    // position's first winning move, from its answer.
    const w = cur.winning_moves[0];
    const note = "Engine played → " + w + (hiding() ? "." : ": a winning move.");
    $("engine-note").textContent = note;
    announce(note);
    await play(w, true);
    return { again: false };
  }
  try {
    const q = { game: state.spec, position: cur.position, param: state.params, misere: state.misere ? "1" : null };
    if (isPartizan(cur)) q.player = cur._turn || "left";
    const signal = beginWork("the engine is choosing a move…");
    let best;
    try {
      best = await getJSON("best", q, signal);
    } catch (e) {
      if (aborted(e)) return null;
      throw e;
    } finally {
      if (state.work && state.work.ctrl.signal === signal) endWork();
    }
    let m = best.move;
    // With values hidden the engine's reason would give them away.
    let note = "Engine played " + (isPartizan(cur) ? sideName(q.player) + " " : "") + describeMove(m) + (hiding() ? "." : ": " + best.reason + ".");
    if (m.chance) {
      m = drawOutcome(m.chance);
      note += " Chance gave " + (m.to || m.position) + ".";
    }
    if (!m.position) {
      $("engine-note").textContent = note + " The game is over.";
      return null;
    }
    $("engine-note").textContent = note;
    announce(note);
    await play(m.position, true, nextTurn(best.move), m.again);
    return { again: !!m.again };
  } catch (e) { showError(e.message); }
  return null;
}

const hiding = () => $("hide-values").checked;

// masked is an answer without its values (outcomes, remoteness, Grundy
// values, payoffs, what each move means for its mover, the engine's
// choice), for drawing with values hidden; a finished game keeps its
// outcome, which the board shows anyway. _real is the answer itself.
const valueFields = ["outcome", "grundy", "remoteness", "value", "payoff", "mover_value", "strategy_probability", "result"];
function maskMove(m) {
  const c = { ...m };
  for (const f of valueFields) delete c[f];
  if (c.chance) c.chance = c.chance.map(maskMove);
  return c;
}
function masked(d) {
  const c = { ...d, _real: d, moves: (d.moves || []).map(maskMove), winning_moves: [], best_move: null, best_reason: "" };
  for (const f of valueFields) if (f !== "outcome" || !over(d)) delete c[f];
  return c;
}

function current() { return state.history[state.index]; }

// Undo and redo walk the browser's history, so that its Back and Forward
// buttons do the same (each position reached is a history entry).
// Against the engine, Undo takes back the human's move and the engine's
// reply together (back to the human's turn before), and Redo restores
// both (on to the human's next turn, or the end).
function undoTarget() {
  for (let i = state.index - 1; i >= 0; i--) if (humansTurn(state.history[i])) return i;
  return -1;
}
function redoTarget() {
  const last = state.history.length - 1;
  for (let i = state.index + 1; i <= last; i++) if (i === last || humansTurn(state.history[i])) return i;
  return -1;
}
function undo() { const i = undoTarget(); if (i >= 0 && !state.busy) history.go(i - state.index); }
function redo() { const i = redoTarget(); if (i >= 0 && !state.busy) history.go(i - state.index); }

function onPopState(ev) {
  const st = ev.state;
  if (st && st.session === state.session && st.index >= 0 && st.index < state.history.length) {
    cancelWork();
    state.index = st.index;
    $("engine-note").textContent = ""; // about a move no longer on the board
    render("none");
    const d = current();
    announce("Back to " + d.position + ". " + outcomeWords(d));
    if (enginesTurn(d)) engineMove();
    return;
  }
  // An entry of an earlier walk: rebuild it from its address.
  fromURL();
}

// ---- words

// gameNames are the players' names the game gives itself (the catalog's
// description, /api/v1/games' "players": X and O, Red and Yellow, Left
// and Right, first player and second player), the first mover first.
function gameNames(spec) {
  spec = spec || state.spec || "";
  const g = gameByName(spec) || gameByName(spec.split(":")[0]);
  return g && g.players && g.players.length >= 2 ? g.players : ["first player", "second player"];
}

// moverIndex is the index in gameNames of the player to move at d: the
// side to move in a partizan game, the player the position names
// (to_move: tic-tac-toe, Connect-4, Quixo, Morris, Teeko), else the turns
// counted from the walk's start (its player to move is the first).
function moverIndex(d) {
  const names = gameNames(d.game);
  if (isPartizan(d)) return (d._turn || "left") === "left" ? 0 : 1;
  if (d.to_move && names.includes(d.to_move)) return names.indexOf(d.to_move);
  return (d._ply || 0) % names.length;
}

// players names the player to move at d and the next one, as the game
// names them, "(you)" and "(the engine)" added against the engine.
function players(d) {
  const all = gameNames(d.game), i = moverIndex(d);
  let names = [all[i], all[(i + 1) % all.length]];
  if (vsEngine() && d._ply != null) {
    const mine = humansTurn(d);
    names = [names[0] + (mine ? " (you)" : " (the engine)"), names[1] + (mine ? " (the engine)" : " (you)")];
  }
  return names;
}

// cap writes a name at the head of a sentence ("First player to move.").
const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);

// over is set when the game has ended at d: no move for the player to
// move (in a partizan game, for the side to move).
function over(d) {
  if (!d || !d.explorable || d.moves_pending || d._movesError != null || d.move_kind === "chance") return false;
  if (isPartizan(d)) return !d.moves.some((m) => m.player === (d._turn || "left"));
  return d.moves.length === 0;
}

// resultWords says who has won a finished game, in players' words.
function resultWords(d) {
  const [mover, other] = players(d);
  // The line that won (d.line), its cells named as the labels name them:
  // columns a, b, … from the left, rows 1, 2, … from the top.
  const line = (d.line || []).map(([r, c]) => String.fromCharCode(97 + c) + (r + 1)).join(" ");
  if (line && d.outcome === "P") return "Game over: " + other + " wins, in a line (" + line + ").";
  if (isPartizan(d)) return "Game over: " + mover + " has no move, so " + other + " wins.";
  if (hiding() && d.outcome == null) return "Game over.";
  if (d.move_kind === "payoff" || d.move_kind === "chance") return "Game over.";
  switch (d.outcome) {
    case "P": return "Game over: " + other + " wins.";
    case "N": return "Game over: " + mover + " wins."; // misère play: whoever made the last move lost
    case "D": return "Game over: a draw.";
  }
  return "Game over.";
}

// turnWords says whose turn it is, or who won.
function turnWords(d) {
  if (d.move_kind === "chance") return "Chance is to move.";
  if (over(d)) return resultWords(d);
  return cap(players(d)[0]) + " to move.";
}

function outcomeWords(d) {
  if (hiding() && !over(d)) return ""; // values hidden: nothing said of who wins
  if (d.score != null && !over(d)) return marginWords(d);
  const r = d.remoteness;
  if (d.outcome === "D" && (d.move_kind === "payoff" || d.move_kind === "chance")) return "Neither player can force a win: the value is the expected payoff.";
  if (over(d)) return resultWords(d);
  if (d.left_first != null) return loopyWords(d);
  const who = isPartizan(d) ? "The player to move" : cap(players(d)[0]);
  switch (d.outcome) {
    case "N": return who + " wins" + (r != null ? " in " + r + (r === 1 ? " move" : " moves") : "") + ", moving first.";
    case "P": return who + " loses" + (r != null ? ", after " + r + " moves at most" : "") + ", whatever the moves.";
    case "D": return "A draw: neither player can force a win.";
    case "L": return "Left wins, whoever moves first.";
    case "R": return "Right wins, whoever moves first.";
  }
  return "Outcome: " + d.outcome + ".";
}

// loopyWords: a loopy partizan game (Fox and Geese, Backsliding Toads
// and Frogs, a script whose positions repeat) says who wins with each
// side moving first, a draw when play can go on for ever, and the
// moves that hold a draw where none wins.
function loopyWords(d) {
  const res = (x) => x === "draw" ? "a draw" : x;
  const draws = (d.drawing_moves || []).length ? " Drawing moves: " + d.drawing_moves.join(", ") + "." : "";
  return "With Left moving first: " + res(d.left_first) + "; with Right moving first: " + res(d.right_first) + " (outcome " + d.outcome + ")." + draws;
}

function describeMove(m) {
  if (!m) return "";
  if (m.label) return m.label; // the server's name for it, as players say it
  if (m.component >= 0 && m.from !== "") return "heap " + (m.component + 1) + ": " + m.from + " → " + (m.to === "" ? "nothing" : m.to);
  if (m.to) return m.to + (m.position ? " → " + m.position : "");
  return "→ " + m.position;
}

const plainNumber = (x) => /^[0-9]+$/.test(x);

function moveLabel(m, board) {
  if (m.label) return m.label;
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
  if (hiding()) return ""; // values hidden: a move says nothing of its value
  const n = m.remoteness != null ? " in " + (m.remoteness + 1) : "";
  let b = "";
  switch (m.result) {
    case "win": b = "win" + n; break;
    case "lose": b = "lose" + n; break;
    case "draw": b = "draw"; break;
  }
  // Partizan: the outcome class and canonical value of the position left.
  if (m.player === "left" || m.player === "right") return (b ? b + " · " : "") + m.outcome + (m.value != null ? " = " + m.value : "");
  if (m.player === "chance" && m.probability != null) b = "p " + fmt(m.probability) + (b ? " · " + b : "");
  if (m.mover_value != null) b += (b ? " · " : "") + "value " + fmt(m.mover_value);
  else if (m.player === "chance" && m.value != null) b += " · value " + fmt(m.value);
  if (m.strategy_probability != null) b += " · mix " + fmt(m.strategy_probability);
  b += marginBadge(m);
  if (b) return b;
  if (m.payoff != null) return "payoffs " + [].concat(m.payoff).map(fmt).join(" / ");
  return m.outcome;
}

// elide shortens a long text (a partizan value such as
// {3|{2|{1|0}}}) to n characters, ending in …; the whole is the title.
function elide(text, n) {
  const cs = [...text];
  return cs.length <= n ? text : cs.slice(0, n - 1).join("") + "…";
}

// badgeSpan is a move's badge, elided when long, the whole on hover.
function badgeSpan(m) {
  const b = badge(m), short = elide(b, 30);
  if (!b) return "";
  const s = el("span", { class: "badge" }, mark(m.result), short);
  if (short !== b) s.title = b;
  // Rounded values (0.7406) keep their exact value on hover.
  const exact = [m.probability, m.mover_value, m.strategy_probability].filter(inexact).map(String);
  if (exact.length) s.title = (s.title ? s.title + "; " : "") + "exactly " + exact.join(", ");
  return s;
}

// inexact is a number that fmt rounds.
const inexact = (x) => typeof x === "number" && !Number.isInteger(x) && x.toFixed(4) !== String(x);

// Pig: the banked scores and the turn total drawn as counters, and the
// die's last roll as a die face (the outcome of chance that led here).
const dieFaces = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
function drawPig(d, box) {
  const f = (d.position || "").split(" ").map(Number);
  if (f.length !== 3 || f.some((x) => !Number.isInteger(x))) return false;
  const goal = (/goal ([0-9]+)/.exec((d.board && d.board.text) || "") || [])[1];
  const [me, them] = players(d);
  const counter = (cls, name, v) => el("div", { class: "pig-counter " + cls }, el("span", { class: "pig-name" }, name), el("span", { class: "pig-num" }, String(v)));
  const row = el("div", { class: "pig", role: "group", "aria-label": "Pig: " + me + " has banked " + f[0] + ", " + them + " " + f[1] + "; turn total " + f[2] + (goal ? "; goal " + goal : "") },
    counter("", me + " banked", f[0]), counter("", them + " banked", f[1]), counter("turn", "turn total", f[2]));
  const m = playedMove(state.history.indexOf(d));
  if (m && m.player === "chance" && /^[1-6]$/.test(m.to || "")) {
    const n = Number(m.to);
    row.append(el("div", { class: "pig-die", "data-roll": n, title: "the last roll: " + n + (n === 1 ? " (the turn total is lost)" : "") },
      el("span", { class: "die", "aria-hidden": "true" }, dieFaces[n - 1]), el("span", { class: "pig-name" }, "rolled " + n)));
  }
  box.append(row);
  if (goal) box.append(el("p", { class: "help" }, "First to " + goal + " wins. Roll to add the die to the turn total (a 1 loses it and ends the turn); hold to bank it."));
  return true;
}

// A move's result for its mover told by a glyph as well as a colour
// (WCAG 1.4.1): ✓ it wins, ✗ it loses, = it draws.
const resultGlyph = { win: "✓", lose: "✗", draw: "=" };
const resultWord = { win: "wins", lose: "loses", draw: "draws" };
// mark is the glyph of a result as an element, hidden from screen
// readers (the words are in the element's name); null for no result.
function mark(result, tag) {
  const g = resultGlyph[result];
  return g ? el(tag || "span", { class: "mark mark-" + result, "aria-hidden": "true" }, g) : "";
}

// ---- drawing

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("data-") || k.startsWith("aria-")) e.setAttribute(k, v); else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
}

// ---- the board: drawn per kind of game, moves made on it

// resultRank orders what a move means for its mover, best first.
const resultRank = { win: 0, draw: 1, "": 2, unknown: 2, lose: 3 };
function bestResult(ms) {
  let r = null;
  for (const m of ms) if (r == null || resultRank[m.result || ""] < resultRank[r]) r = m.result || "";
  return r || "unknown";
}

// movesToPlay are the moves of the side to move (both sides' in a
// partizan game when the side to move has none: the page lets either
// side move).
function movesToPlay(d) {
  const ms = (d.moves || []).filter((m) => m.position);
  if (!isPartizan(d)) return ms;
  const mine = ms.filter((m) => m.player === (d._turn || "left"));
  return mine;
}

function playMove(d, m) {
  play(m.position, false, isPartizan(d) ? other(m.player) : null, m.again);
}

function drawBoard(d) {
  const box = $("board");
  box.replaceChildren();
  const b = d._movesError ? boardFromText(d) : (d.board || { kind: "text", text: d.position });
  if (b.kind === "heaps") drawHeaps(d, b, box);
  else if (b.kind === "grid" && /^quixo\b/.test(d.game || "") && drawQuixo(d, b, box)) { /* drawn */ }
  else if (b.kind === "grid") drawGrid(d, b, box);
  else if (/^pig\b/.test(d.game || "") && drawPig(d, box)) { /* drawn */ }
  else if (b.kind === "components" && d.game === "hackenbush" && drawHackenbush(d, b, box)) { /* drawn */ }
  else if (b.kind === "components" && /hackenbush/.test(d.game) && drawHackenbushGraph(d, b, box)) { /* drawn */ }
  else if (b.kind === "nodes") {
    const tokens = new Set(b.tokens || []);
    box.append(el("ul", { class: "nodes" }, ...b.nodes.map((n) => el("li", { class: tokens.has(n) ? "has-token" : "" }, n + (tokens.has(n) ? " ●" : "")))));
  } else if (b.kind === "components") {
    box.append(el("div", { class: "components" }, ...b.components.map((c) => el("span", { class: "chip" }, c))));
  } else {
    box.append(el("pre", { class: "text" }, b.text || d.position || "(empty)"));
  }
}

// Quixo: a move takes a cube from the border and pushes it back in at an
// end of its row or column. The board is framed by slots for arrows: a
// click on a cube picks it (outlined), and arrows appear at the ends
// where it may be pushed in, each marked with what that push means for
// the mover; a click on an arrow plays the push. The push that led here
// is shown too: its arrow in its slot and the cube it put in outlined.
// The moves are read from the server's labels ("cube at (1, 3) pushed
// in at the left"); drawQuixo draws nothing (false) when they do not
// read so, and the plain grid is drawn instead.
const quixoLabel = /^cube at \(([0-9]+), ([0-9]+)\) pushed in at the (left|right|top|bottom)$/;
const quixoArrow = { left: "→", right: "←", top: "↓", bottom: "↑" };
function quixoPush(m, n) {
  const q = quixoLabel.exec((m && m.label) || "");
  if (!q) return null;
  const r = Number(q[1]) - 1, c = Number(q[2]) - 1, end = q[3];
  // The slot of its arrow in the framed grid (the board from 1 to n),
  // and the cell the cube goes to.
  const slot = { left: [r + 1, 0], right: [r + 1, n + 1], top: [0, c + 1], bottom: [n + 1, c + 1] }[end];
  const dest = { left: [r, 0], right: [r, n - 1], top: [0, c], bottom: [n - 1, c] }[end];
  return { src: r + "," + c, end, slot: slot.join(","), dest: dest.join(","), row: r, col: c };
}
function drawQuixo(d, b, box) {
  const rows = b.rows, n = rows.length;
  if (n < 3 || rows.some((r) => [...r].length !== n)) return false;
  const moves = movesToPlay(d), pushes = new Map(); // move -> push
  for (const m of moves) { const p = quixoPush(m, n); if (!p) return false; pushes.set(m, p); }
  const from = (key) => moves.filter((m) => pushes.get(m).src === key);
  const pick = state.pick && state.pick.position === d.position ? state.pick.cell : null;
  const inLine = new Set((d.line || []).map(([r, c]) => r + "," + c));
  const shown = current() && (d._real || d) === current();
  const last = shown && state.index > 0 ? quixoPush(playedMove(state.index), n) : null;
  const room = Math.max(box.clientWidth || 480, 200);
  const size = Math.max(44, Math.min(60, Math.floor(room / (n + 2)) - 4));
  const frame = el("div", { class: "grid-board quixo-frame game-quixo", role: "group", "aria-label": d.game + " board, " + n + " by " + n + (pick ? "; a cube is picked: push it in with an arrow" : "") });
  frame.style.gridTemplateColumns = "repeat(" + (n + 2) + ", " + size + "px)";
  const arrows = new Map(); // slot -> move, for the picked cube
  if (pick) for (const m of from(pick)) arrows.set(pushes.get(m).slot, m);
  for (let R = 0; R < n + 2; R++) {
    for (let C = 0; C < n + 2; C++) {
      const slot = R + "," + C;
      if (R === 0 || C === 0 || R === n + 1 || C === n + 1) {
        const m = arrows.get(slot);
        if (m) {
          const p = pushes.get(m);
          const words = "push the picked cube in at the " + p.end + " of " + (p.end === "left" || p.end === "right" ? "row " + (p.row + 1) : "column " + (p.col + 1));
          const a = el("button", { type: "button", class: "push hint-" + (m.result || "unknown"), "data-push": p.end, "data-slot": slot, "aria-label": words + (hiding() ? "" : ", " + markWords(m)), title: words + (hiding() ? "" : " — " + badge(m)) }, quixoArrow[p.end]);
          a.append(mark(m.result));
          a.addEventListener("click", () => { state.pick = null; playMove(d, m); });
          frame.append(a);
        } else if (last && last.slot === slot) {
          frame.append(el("span", { class: "last-push", "data-slot": slot, title: "the last move: " + playedLabel(state.index) }, quixoArrow[last.end]));
        } else frame.append(el("span", { class: "slot" }));
        continue;
      }
      const r = R - 1, c = C - 1, key = r + "," + c, ch = [...rows[r]][c];
      const ms = from(key);
      const cls = ["cell", "c-" + cellClass(ch)];
      if (ms.length) cls.push("playable", "hint-" + bestResult(ms));
      if (key === pick) cls.push("picked");
      if (inLine.has(key)) cls.push("in-line");
      if (last && last.dest === key && !pick) cls.push("pushed");
      const label = "row " + (r + 1) + ", column " + (c + 1) + ": " + cellName(ch) + (inLine.has(key) ? ", in the winning line" : "") +
        (last && last.dest === key ? ", the cube pushed in last" : "") +
        (key === pick ? "; picked: click an arrow to push it in, or click it again to put it back" : ms.length ? "; pick this cube: " + ms.length + (ms.length === 1 ? " push" : " pushes") + (hiding() ? "" : ", the best " + (resultWord[bestResult(ms)] || "not valued")) : "");
      const cell = el("button", { type: "button", class: cls.join(" "), "data-cell": key, "data-row": r + 1, "data-col": c + 1, "aria-label": label, title: label }, ch === "." ? "" : ch);
      if (ms.length) cell.append(mark(bestResult(ms)));
      cell.style.width = cell.style.height = size + "px";
      cell.disabled = ms.length === 0;
      cell.addEventListener("click", () => {
        state.pick = key === pick ? null : { position: d.position, cell: key };
        drawBoard(d);
        const again = document.querySelector('#board [data-cell="' + key + '"]');
        if (again) again.focus();
      });
      frame.append(cell);
    }
  }
  box.append(frame);
  if (moves.length) box.append(el("p", { class: "help", id: "grid-help" }, pick ? "Now click an arrow: the picked cube is pushed back in there, the cubes of that line sliding along." :
    "Click a cube on the border (blank or yours) to pick it; then arrows show where it may be pushed back in."));
  return true;
}

// boardFromText draws a position whose moves were not listed (its
// summary alone): heaps when it is written as numbers.
function boardFromText(d) {
  const f = (d.position || "").split(" ").filter((x) => x !== "");
  const g = gameByName(d.game.split(":")[0]);
  if (f.length > 0 && f.length <= 50 && f.every(plainNumber) && g && g.kind === "impartial") return { kind: "heaps", heaps: f };
  return { kind: "text", text: d.position };
}

// Heaps: one row of tokens each, every token a button. A click on token
// k plays the move that leaves the tokens before it (Nim, Wythoff); in a
// game whose moves split a row (Kayles, octal games) it offers each move
// that removes a run of tokens starting at k, leaving the tokens before
// and after it as two heaps.
function drawHeaps(d, b, box) {
  const moves = movesToPlay(d);
  b.heaps.forEach((h, i) => {
    const n = Number(h);
    const tokens = el("div", { class: "tokens", role: "group", "aria-label": "heap " + (i + 1) + ", " + h + " tokens" });
    if (n === 0) tokens.append(el("span", { class: "heap-empty" }, "empty"));
    for (let k = 0; k < Math.min(n, maxTokensDrawn); k++) {
      const cands = heapCandidates(d, moves, i, n, k);
      const t = el("button", { type: "button", class: "token " + (cands.length ? "hint-" + bestResult(cands) : "none"), "data-heap": i, "data-k": k,
        "aria-label": "heap " + (i + 1) + ", token " + (k + 1) + (cands.length ? ": " + cands.map((m) => moveLabel(m, b) + (hiding() ? "" : " " + markWords(m))).join("; ") : ": no move starts here") });
      if (cands.length) t.append(mark(bestResult(cands)));
      t.title = cands.length === 1 ? moveLabel(cands[0], b) + (hiding() ? "" : " — " + badge(cands[0])) : cands.length ? cands.length + " moves start here" : "no move starts here";
      t.disabled = !d.explorable || d._movesError != null;
      t.addEventListener("mouseenter", () => previewTake(i, k));
      t.addEventListener("focus", () => previewTake(i, k));
      t.addEventListener("mouseleave", () => previewTake(-1, 0));
      t.addEventListener("blur", () => previewTake(-1, 0));
      t.addEventListener("click", () => clickToken(d, moves, i, n, k));
      tokens.append(t);
    }
    if (n > maxTokensDrawn) tokens.append(el("span", { class: "more" }, "+ " + (n - maxTokensDrawn) + " more"));
    const row = el("div", { class: "heap", "data-heap": i }, el("span", { class: "heap-label" }, "heap " + (i + 1) + " · " + h), tokens);
    box.append(row);
  });
  box.append(el("div", { id: "choices", class: "choices", hidden: true }));
  if (moves.length > 0) box.append(el("p", { class: "help" }, splits(moves) ?
    "Click a token to remove it (or a run of tokens from it): the tokens before and after it are left as two heaps. A token's ring shows the best it can do." :
    "Click a token to take it and every token to its right, or pick a move from the list."));
}

// splits reports whether some move leaves two heaps where there was one:
// its position has more heaps than the board.
const splits = (moves) => { const d = current(); const n = d && d.board && d.board.heaps ? d.board.heaps.length : 1; return moves.some((m) => (m.component >= 0 && m.position.trim().split(/\s+/).length > n) || (m.board && m.board.heaps && m.board.heaps.filter((x) => x !== "0").length > n)); };

const sameMultiset = (a, b) => a.length === b.length && a.slice().sort().join(" ") === b.slice().sort().join(" ");

// heapCandidates are the moves on heap i (n tokens) that token k starts:
// in a game that does not split heaps, the move that leaves k tokens;
// otherwise the moves that remove c ≥ 1 tokens from k on, leaving k and
// n − k − c (zeros left out).
function heapCandidates(d, moves, i, n, k) {
  const onHeap = moves.filter((m) => heapParts(d, m, i, n) != null);
  const toParts = (m) => heapParts(d, m, i, n);
  if (!onHeap.some((m) => toParts(m).length > 1)) {
    let m = onHeap.find((m) => sameMultiset(toParts(m), k ? [String(k)] : []));
    if (!m && b_isHeaps(d)) {
      // Games whose moves do not name a component (Wythoff): by the
      // position left.
      const sizes = d.board.heaps.slice();
      sizes[i] = String(k);
      m = moves.find((m) => m.position === sizes.join(" "));
    }
    return m ? [m] : [];
  }
  const out = [];
  for (let c = 1; k + c <= n; c++) {
    const want = [k, n - k - c].filter((x) => x > 0).map(String);
    for (const m of onHeap) if (sameMultiset(toParts(m), want) && !out.includes(m)) out.push(m);
  }
  return out;
}
const b_isHeaps = (d) => d.board && d.board.kind === "heaps";

// heapParts is what move m leaves of heap i (n tokens), as heap sizes
// (zeros left out); null when m moves elsewhere. A move of a sum names
// its heap; a move drawn by a script's view (m.board) is read from the
// heaps it leaves: the other heaps unchanged, the rest is heap i's.
function heapParts(d, m, i, n) {
  if (m.component === i && m.from === String(n)) return (m.to || "").trim().split(/\s+/).filter((x) => x !== "" && x !== "0");
  if (m.component < 0 && m.board && m.board.heaps && d.board && d.board.heaps) {
    const rest = m.board.heaps.filter((x) => x !== "0");
    for (const [j, h] of d.board.heaps.entries()) {
      if (j === i || h === "0") continue;
      const at = rest.indexOf(h);
      if (at < 0) return null;
      rest.splice(at, 1);
    }
    const left = rest.reduce((s, x) => s + Number(x), 0);
    return left < n ? rest : null;
  }
  return null;
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
  if (heap < 0 || !d || !d.board || !d.board.heaps) return previewHeaps(null);
  const sizes = d.board.heaps.map(Number);
  sizes[heap] = k;
  previewHeaps(sizes);
}

// clickToken plays the move token k of heap i starts, or, when several
// do, offers them as buttons beside the heap.
function clickToken(d, moves, i, n, k) {
  const cands = heapCandidates(d, moves, i, n, k);
  const box = $("choices");
  if (cands.length === 0) {
    showError("no move starts at token " + (k + 1) + " of heap " + (i + 1) + " in " + d.game);
    return;
  }
  if (cands.length === 1) return playMove(d, cands[0]);
  box.replaceChildren(el("span", { class: "help" }, "From token " + (k + 1) + " of heap " + (i + 1) + ":"));
  for (const m of cands) {
    const taken = n - toPartsSum(m);
    const bt = el("button", { type: "button", class: "move choice " + (m.result || "unknown"), "data-position": m.position },
      "remove " + taken + " → " + (m.to || "nothing"), el("span", { class: "badge" }, badge(m)));
    bt.addEventListener("click", () => playMove(d, m));
    box.append(bt);
  }
  box.hidden = false;
  box.querySelector("button").focus();
  // Put the choices under the heap clicked.
  const row = document.querySelector('#board .heap[data-heap="' + i + '"]');
  if (row) row.after(box);
}
const toPartsSum = (m) => (m.to || "").trim().split(/\s+/).filter((x) => x !== "").reduce((s, x) => s + Number(x), 0);

// Grids: boards of cells (Domineering, tic-tac-toe, Quixo, Teeko, strips of
// Col, Snort, Toads and Frogs, Treblecross, Connect-4). A move is read
// from the cells it changes: the position it leaves, written as the
// board's rows (joined by "|", or row after row), compared cell by cell;
// a move that appends a column digit (Connect-4) changes its column.
// A click on a cell plays the move that changes it, or, when several do
// (a domino covers two cells), picks the cell and waits for the second.
function gridCells(d, b) {
  const rows = b.rows, R = rows.length, C = Math.max(...rows.map((r) => [...r].length));
  const cur = rows.map((r) => [...r]);
  const moves = movesToPlay(d);
  const changed = new Map(); // move -> ["r,c", ...]
  const digits = /^[0-9]+$/;
  for (const m of moves) {
    let after = null;
    const p = m.position.split(":")[0];
    if (m.board && m.board.rows) after = m.board.rows.map((r) => [...r]);
    else if (p.includes("|")) after = p.split("|").map((r) => [...r]);
    else if ([...p].length === R * C) { const cs = [...p]; after = []; for (let r = 0; r < R; r++) after.push(cs.slice(r * C, r * C + C)); }
    let cells = [];
    if (after && after.length === R && after.every((r) => r.length === C)) {
      for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (after[r][c] !== cur[r][c]) cells.push(r + "," + c);
    } else if (digits.test(m.position) && m.position.startsWith(d.position) && m.position.length === d.position.length + 1) {
      const col = Number(m.position.slice(-1)) - 1;
      for (let r = 0; r < R; r++) cells.push(r + "," + col);
    } else if (R === 1 && /^cell [0-9]+$/.test(m.to || "")) {
      cells = ["0," + (Number(m.to.slice(5)) - 1)];
    }
    // Othello: a move is the empty cell it fills (the discs it turns
    // over change too, but a click on one of them names no move).
    if (/^othello:/.test(d.game || "")) cells = cells.filter((k) => { const [r, c] = k.split(",").map(Number); return cur[r][c] === "."; });
    if (cells.length) changed.set(m, cells);
  }
  return { R, C, cur, changed };
}

function drawGrid(d, b, box) {
  const { R, C, cur, changed } = gridCells(d, b);
  // A strip (one row) wraps like a line of text where the screen is
  // narrower than it; a board of rows keeps its shape, its cells as large
  // as the width allows (44 px, a finger's target, when they fit).
  const room = Math.max(box.clientWidth || 480, 200);
  const strip = R === 1;
  let size = Math.max(44, Math.min(64, Math.floor(480 / Math.max(C, 1))));
  if (!strip && C * (size + 2) + 4 > room) size = Math.max(24, Math.floor((room - 4) / C) - 2);
  const table = el("div", { class: "grid-board" + (strip ? " strip" : "") + " game-" + (d.game || "").split(":")[0], role: "group", "aria-label": d.game + " board, " + R + " rows and " + C + " columns" });
  if (!strip) table.style.gridTemplateColumns = "repeat(" + C + ", " + size + "px)";
  // (A piece picked from Gobblet's reserve is no cell of the grid.)
  const pick = state.pick && state.pick.position === d.position && !String(state.pick.cell).startsWith("res:") ? state.pick.cell : null;
  // The line that won the game (the server's line: tic-tac-toe,
  // Connect-4, Quixo), its cells highlighted.
  const inLine = new Set((d.line || []).map(([r, c]) => r + "," + c));
  // The moves through the picked cell, and the other cells they change.
  const through = (key) => [...changed.entries()].filter(([, cs]) => cs.includes(key)).map(([m]) => m);
  const picked = pick ? through(pick) : [];
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const key = r + "," + c;
      const ch = cur[r][c] || ".";
      let ms = through(key);
      if (pick) ms = ms.filter((m) => picked.includes(m));
      const cls = ["cell", "c-" + cellClass(ch)].concat(gobbletClasses(d, ch), foxGeeseClasses(d, R, r, c));
      if (ms.length) cls.push("playable", "hint-" + bestResult(ms));
      if (key === pick) cls.push("picked");
      if (inLine.has(key)) cls.push("in-line");
      const label = "row " + (r + 1) + ", column " + (c + 1) + ": " + (game0(d) === "dobutsu" ? dobutsuCell(ch) : game0(d) === "fox-and-geese" ? ({ x: "a goose (Left)", o: "the fox (Right)" }[ch] || "empty") : gobbletName(d, ch) || cellName(ch)) + (inLine.has(key) ? ", in the winning line" : "") + (ms.length ? "; " + (ms.length === 1 ? "plays " + moveWords(ms[0]) + (hiding() ? "" : ", " + markWords(ms[0])) : ms.length + " moves" + (hiding() ? "" : ", the best " + (resultWord[bestResult(ms)] || "not valued"))) : "");
      const cell = el("button", { type: "button", class: cls.join(" "), "data-cell": key, "data-row": r + 1, "data-col": c + 1, "aria-label": label, title: label }, ch === "." ? "" : ch);
      if (ms.length) cell.append(mark(bestResult(ms)));
      cell.style.width = cell.style.height = size + "px";
      cell.disabled = ms.length === 0 && key !== pick;
      cell.addEventListener("click", () => clickCell(d, key, changed));
      // A piece may also be dragged to its target (Toads and Frogs): a
      // press here and a release on another cell play the move that
      // changes both (see dropCell).
      cell.addEventListener("pointerdown", () => { state.drag = { d, key, changed }; });
      table.append(cell);
    }
  }
  box.append(table);
  if (gobbletReserves(d, box)) return;
  if (changed.size > 0) {
    box.append(el("p", { class: "help", id: "grid-help" }, pick ? "Now click the move's other cell (outlined), or the picked cell again to drop it." :
      "Click a cell to move there" + ([...changed.values()].some((cs) => cs.length === 2) ? " (a move that covers two cells: click one, then the other)" : "") + ". A cell's ring shows the best move through it."));
  }
}

// Fox and Geese is played on the dark squares, the bottom-left one
// dark (CGSuite's board): the light ones are shaded apart.
function foxGeeseClasses(d, R, r, c) {
  return game0(d) === "fox-and-geese" && (R - r + c + 1) % 2 === 1 ? ["light"] : [];
}

function cellClass(ch) {
  return { ".": "empty", "#": "taken", " ": "gap", X: "x", O: "o", x: "x", o: "o", L: "left", R: "right", T: "toad", F: "frog", "●": "coin", b: "black", r: "red", w: "white" }[ch] || "other";
}
function cellName(ch) {
  return { ".": "empty", "#": "covered", " ": "no point", X: "X", O: "O", L: "blue (Left)", R: "red (Right)", T: "toad", F: "frog", "●": "a coin", b: "black", r: "red (Teeko)", w: "white" }[ch] || ch;
}
// Dobutsu shogi's cells: upper case Sente's pieces, lower case Gote's.
function game0(d) { return (d.game || "").split(":")[0]; }
function dobutsuCell(ch) {
  const kind = { l: "lion", g: "giraffe", e: "elephant", c: "chick", h: "hen" }[ch.toLowerCase()];
  return kind ? (ch === ch.toUpperCase() ? "Sente's " : "Gote's ") + kind : cellName(ch);
}
// markWords is a move marker's value in words: the badge, which names
// the result ("win in 3"), or the result alone where the badge does not.
function markWords(m) {
  const b = badge(m), w = m.result && !new RegExp("\\b" + m.result + "\\b").test(b) ? m.result + " · " : "";
  return w + b;
}
function moveWords(m) { return (m.player ? sideName(m.player) + " " : "") + (m.label || m.to || m.position); }

// playedMove is the move that led from the history's position i−1 to
// position i (the side's move in a partizan game, nature's outcome after a
// chance event), or null at the start.
function playedMove(i) {
  const prev = state.history[i - 1], d = state.history[i];
  if (!prev || !d) return null;
  for (const m of prev.moves || []) {
    if (m.position === d.position && (!m.player || m.player === (prev._turn || "left"))) return m;
    for (const o of m.chance || []) if (o.position === d.position) return { ...o, label: m.label + ": " + (o.label || o.to) };
  }
  return null;
}

// playedLabel names that move, as the move list does.
function playedLabel(i) {
  const m = playedMove(i);
  if (m) return moveLabel(m, state.history[i - 1].board);
  return i === 0 ? "start" : "→ " + state.history[i].position;
}

// dropCell ends a drag from one cell to another: the move that changes
// both cells, if there is one, is played.
function dropCell(ev) {
  const f = state.drag;
  state.drag = null;
  if (!f || (f.d._real || f.d) !== current()) return;
  const t = document.elementFromPoint(ev.clientX, ev.clientY);
  const cell = t && t.closest("#board .grid-board .cell");
  if (!cell || cell.dataset.cell === f.key) return; // a click: its own handler
  const m = [...f.changed.entries()].find(([, cs]) => cs.includes(f.key) && cs.includes(cell.dataset.cell));
  if (m) { state.pick = null; playMove(f.d, m[0]); }
}

function clickCell(d, key, changed) {
  if (gobbletClick(d, key)) return;
  const through = [...changed.entries()].filter(([, cs]) => cs.includes(key)).map(([m]) => m);
  const pick = state.pick && state.pick.position === d.position ? state.pick.cell : null;
  if (pick === key) { state.pick = null; drawBoard(d); return; }
  if (pick) {
    const m = through.find((m) => changed.get(m).includes(pick));
    state.pick = null;
    if (m) return playMove(d, m);
  }
  if (through.length === 1) return playMove(d, through[0]);
  if (through.length === 0) { drawBoard(d); return; }
  state.pick = { position: d.position, cell: key };
  drawBoard(d);
  const again = document.querySelector('#board [data-cell="' + key + '"]');
  if (again) again.focus();
}

// Hackenbush: stalks (strings of l and r, no branches) drawn as edges
// standing on the ground; cutting an edge removes it and every edge above
// it. Trees with branches are written as text chips.
// Hackenbush trees (games/partizan/hackenbush, trees.go): an edge l, r or
// e (green, either player's) from the ground up; a node with several branches lists them in
// brackets, "l[r,lr]". A stalk is a tree without brackets.
function parseTrees(text) {
  let pos = 0;
  const tree = () => {
    const c = text[pos++];
    if (c !== "l" && c !== "r" && c !== "e") throw new Error("not a tree");
    const n = { c, kids: [] };
    if (text[pos] === "[") {
      pos++;
      n.kids = forest();
      if (text[pos++] !== "]") throw new Error("not a tree");
    } else if (pos < text.length && text[pos] !== "," && text[pos] !== "]") n.kids = [tree()];
    return n;
  };
  const forest = () => { const out = [tree()]; while (text[pos] === ",") { pos++; out.push(tree()); } return out; };
  const out = forest();
  if (pos !== text.length) throw new Error("not a tree");
  return out;
}
// canonTree writes a tree as the game does: branches sorted.
function canonTree(n) {
  if (n.kids.length === 0) return n.c;
  if (n.kids.length === 1) return n.c + canonTree(n.kids[0]);
  return n.c + "[" + n.kids.map(canonTree).sort().join(",") + "]";
}
const treeLeaves = (n) => (n.kids.length ? n.kids.reduce((s, k) => s + treeLeaves(k), 0) : 1);
const treeDepth = (n) => 1 + Math.max(0, ...n.kids.map(treeDepth));
// treeCut is the forest left when edge cut (a node) falls with all above it.
function treeCut(n, cut) {
  if (n === cut) return null;
  return { c: n.c, kids: n.kids.map((k) => treeCut(k, cut)).filter((k) => k) };
}

// Hackenbush on any graph (games/partizan/hackenbush, graph.go): a
// picture is its edges "U-V" and a colour l, r or g (green, either
// player's), vertex 0 the ground; parts meeting only at the ground are
// separate regions. parsePicture reads one; pictureRegions cuts nothing
// and gives each region as the game writes it (grounded, vertices
// renumbered by a breadth-first search from the ground taking neighbours
// by colour, then number; edges sorted), so that the picture left by a
// cut can be compared with a move's.
function parsePicture(text) {
  return text.split(",").map((f) => {
    const m = /^(\d+)-(\d+)([lrgbLRGB]?)$/.exec(f);
    if (!m) throw new Error("not a picture");
    const c = { l: "l", b: "l", r: "r", g: "g", "": "g" }[m[3].toLowerCase()];
    return { u: +m[1], v: +m[2], c };
  });
}
function grounded(p) {
  const reach = new Set([0]);
  for (let changed = true; changed;) {
    changed = false;
    for (const e of p) if (reach.has(e.u) !== reach.has(e.v)) { reach.add(e.u); reach.add(e.v); changed = true; }
  }
  return p.filter((e) => reach.has(e.u));
}
function canonPicture(p) {
  const adj = new Map();
  const add = (x, e) => { if (!adj.has(x)) adj.set(x, []); adj.get(x).push(e); };
  for (const e of p) { add(e.u, e); if (e.v !== e.u) add(e.v, { u: e.v, v: e.u, c: e.c }); }
  const num = new Map([[0, 0]]);
  const queue = [0];
  while (queue.length) {
    const x = queue.shift();
    const nb = (adj.get(x) || []).slice().sort((a, b) => (a.c !== b.c ? (a.c < b.c ? -1 : 1) : a.v - b.v));
    for (const e of nb) if (!num.has(e.v)) { num.set(e.v, num.size); queue.push(e.v); }
  }
  return p.map((e) => { let u = num.get(e.u), v = num.get(e.v); if (u > v) [u, v] = [v, u]; return { u, v, c: e.c }; })
    .sort((a, b) => a.u - b.u || a.v - b.v || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
    .map((e) => e.u + "-" + e.v + e.c).join(",");
}
function pictureRegions(p) {
  p = grounded(p);
  const parent = new Map();
  const find = (x) => { if (!parent.has(x)) parent.set(x, x); const y = parent.get(x); if (y === x) return x; const r = find(y); parent.set(x, r); return r; };
  for (const e of p) if (e.u !== 0 && e.v !== 0) parent.set(find(e.u), find(e.v));
  const groups = new Map();
  p.forEach((e, i) => {
    const k = e.u !== 0 ? find(e.u) : e.v !== 0 ? find(e.v) : "loop" + i;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(e);
  });
  return [...groups.values()].map(canonPicture);
}
// positionRegions is a whole position's regions, sorted, as one string.
const positionRegions = (text) => text.split(/\s+/).filter((t) => t !== "" && t !== "-").flatMap((t) => pictureRegions(parsePicture(t))).sort().join(" ");

// drawHackenbushGraph draws pictures on any graph: the ground a line,
// each vertex at its distance from the ground, edges blue, red and green
// (parallel edges bowed apart, loops as rings); each edge the side to
// move may cut is marked with its move's colour, and a click cuts it.
function drawHackenbushGraph(d, b, box) {
  let pics;
  try { pics = b.components.map(parsePicture); } catch (e) { return false; }
  const moves = movesToPlay(d);
  let moveRegions;
  try { moveRegions = moves.map((m) => positionRegions(m.position)); } catch (e) { return false; }
  const U = 48, E = 46;
  const layouts = pics.map((p) => {
    const adj = new Map();
    for (const e of p) { for (const [a, c] of [[e.u, e.v], [e.v, e.u]]) { if (!adj.has(a)) adj.set(a, []); adj.get(a).push(c); } }
    const depth = new Map([[0, 0]]);
    const layers = [[0]];
    const queue = [0];
    while (queue.length) {
      const x = queue.shift();
      for (const y of (adj.get(x) || []).slice().sort((a, c) => a - c)) if (!depth.has(y)) {
        depth.set(y, depth.get(x) + 1);
        (layers[depth.get(y)] = layers[depth.get(y)] || []).push(y);
        queue.push(y);
      }
    }
    const wide = Math.max(1, ...layers.slice(1).map((l) => l.length));
    return { p, depth, layers, width: Math.max(70, wide * U) };
  });
  const deepest = Math.max(1, ...layouts.map((l) => l.layers.length - 1));
  const H = 20 + deepest * E + 24, ground = H - 14;
  const Wt = layouts.reduce((a, l) => a + l.width, 0) + 20;
  const g = svg("svg", { viewBox: "0 0 " + Wt + " " + H, class: "hackenbush", role: "group", "aria-label": "Hackenbush picture: " + pics.length + (pics.length === 1 ? " part" : " parts") + " on the ground" });
  g.style.maxWidth = Wt * 1.4 + "px";
  g.append(svg("line", { x1: 0, x2: Wt, y1: ground, y2: ground, class: "ground" }));
  const others = pics.map((p) => pictureRegions(p));
  let left = 10;
  layouts.forEach((L, i) => {
    const at = new Map();
    L.layers.forEach((layer, k) => layer.forEach((v, j) => at.set(v, [left + (j + 0.5) * L.width / layer.length, ground - k * E])));
    const seen = new Map(); // parallel edges drawn so far, by their two ends
    L.p.forEach((e, j) => {
      const key = Math.min(e.u, e.v) + "-" + Math.max(e.u, e.v);
      const nth = seen.get(key) || 0;
      seen.set(key, nth + 1);
      let [x1, y1] = at.get(e.u), [x2, y2] = at.get(e.v);
      if (e.u === 0 && e.v !== 0) x1 = x2; // an edge to the ground stands on it below its vertex
      if (e.v === 0 && e.u !== 0) x2 = x1;
      let dpath;
      if (e.u === e.v) {
        const r = 9 + 5 * nth;
        dpath = "M " + x1 + " " + y1 + " a " + r + " " + r + " 0 1 1 0.1 0";
      } else {
        const off = nth === 0 ? 0 : (nth % 2 ? 1 : -1) * 16 * Math.ceil(nth / 2);
        const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const cx = mx - off * (y2 - y1) / len, cy = my + off * (x2 - x1) / len;
        dpath = "M " + x1 + " " + y1 + " Q " + cx + " " + cy + " " + x2 + " " + y2;
      }
      // The position left by cutting this edge, region by region.
      const rest = L.p.filter((_, k) => k !== j);
      const want = others.filter((_, k) => k !== i).flat().concat(rest.length ? pictureRegions(rest) : []).sort().join(" ");
      const side = e.c === "l" ? "left" : e.c === "r" ? "right" : d._turn || "left";
      const idx = moves.findIndex((m, k) => (!m.player || m.player === side) && moveRegions[k] === want);
      const m = idx >= 0 ? moves[idx] : null;
      const colour = { l: "blue", r: "red", g: "green" }[e.c];
      const a = svg("a", { href: "#", class: "edge " + colour + (m ? " hint-" + (m.result || "unknown") : ""), "data-part": i, "data-edge": j, role: "button",
        "aria-label": "part " + (i + 1) + ", edge " + e.u + "-" + e.v + " (" + colour + ")" + (m ? ": cut it" + (hiding() ? "" : ", " + badge(m)) : ": not a move of the side to move") });
      a.append(svg("path", { d: dpath, class: "stem", fill: "none" }));
      a.append(svg("path", { d: dpath, class: "hit", fill: "none" }));
      const [tx, ty] = e.u === e.v ? [x1, y1 - 2 * (9 + 5 * nth)] : [(x1 + x2) / 2, (y1 + y2) / 2];
      a.append(svg("circle", { cx: tx, cy: ty, r: 4, class: "node" }));
      if (m && resultGlyph[m.result]) a.append(svg("text", { x: tx + 7, y: ty - 5, class: "mark mark-" + m.result, "aria-hidden": "true" }, resultGlyph[m.result]));
      a.append(svg("title", {}, m ? "cut" + (hiding() ? "" : ": " + badge(m)) : "not " + sideName(d._turn || "left") + "'s edge"));
      a.addEventListener("click", (ev) => { ev.preventDefault(); if (m) playMove(d, m); });
      g.append(a);
    });
    for (const [v, [x, y]] of at) if (v !== 0) g.append(svg("circle", { cx: x, cy: y, r: 3, class: "vertex" }));
    left += L.width;
  });
  box.append(g);
  box.append(el("p", { class: "help" }, "Click an edge to cut it: every edge no longer joined to the ground falls. Blue edges are Left's, red Right's, green either player's; the dot on an edge shows its move's colour."));
  return true;
}

// drawHackenbush draws stalks and trees as edges standing on the ground,
// blue (Left's) and red (Right's); clicking an edge cuts it, and it falls
// with everything above it. Each of the mover's edges is marked with its
// move's colour.
function drawHackenbush(d, b, box) {
  let forests;
  try { forests = b.components.map(parseTrees); } catch (e) { return false; }
  const trees = forests.map((f) => f[0]);
  if (forests.some((f) => f.length !== 1)) return false;
  const moves = movesToPlay(d);
  const U = 40, E = 34, top = 12;
  const hmax = Math.max(1, ...trees.map(treeDepth));
  const H = top + hmax * E + 16, ground = H - 14;
  const widths = trees.map((t) => Math.max(60, treeLeaves(t) * U));
  const Wt = widths.reduce((a, w) => a + w, 0) + 20;
  const g = svg("svg", { viewBox: "0 0 " + Wt + " " + H, class: "hackenbush", role: "group", "aria-label": "Hackenbush: " + trees.length + (trees.every((t) => treeLeaves(t) === 1) ? " stalks" : " trees") });
  g.style.maxWidth = Wt * 1.2 + "px";
  g.append(svg("line", { x1: 0, x2: Wt, y1: ground, y2: ground, class: "ground" }));
  const canon = trees.map(canonTree);
  let x0 = 10;
  trees.forEach((t, i) => {
    let k = 0; // the edge's number in the tree, from the ground up, branches left to right
    const unit = widths[i] / treeLeaves(t);
    const place = (n, left, depth, xb, yb) => {
      const w = treeLeaves(n) * unit, x = left + w / 2, y = ground - (depth + 1) * E;
      const rest = treeCut(t, n);
      const want = canon.filter((_, j) => j !== i).concat(rest ? [canonTree(rest)] : []);
      const side = n.c === "l" ? "left" : n.c === "r" ? "right" : d._turn || "left"; // green (e): the mover's
      const m = moves.find((m) => m.player === side && sameMultiset(m.position.split(" ").filter((s) => s !== "" && s !== "-"), want));
      const a = svg("a", { href: "#", class: "edge " + ({ l: "blue", r: "red" }[n.c] || "green") + (m ? " hint-" + (m.result || "unknown") : ""), "data-stalk": i, "data-edge": k, role: "button",
        "aria-label": "tree " + (i + 1) + ", edge " + (k + 1) + " (" + ({ l: "blue, Left's", r: "red, Right's" }[n.c] || "green, either player's") + ")" + (m ? ": cut it" + (hiding() ? "" : ", " + badge(m)) : ": not the mover's edge") });
      k++;
      a.append(svg("line", { x1: xb, x2: x, y1: yb, y2: y, class: "stem" }));
      a.append(svg("line", { x1: xb, x2: x, y1: yb, y2: y, class: "hit" }));
      a.append(svg("circle", { cx: x, cy: y, r: 4, class: "node" }));
      if (m && resultGlyph[m.result]) a.append(svg("text", { x: x + 7, y: y - 5, class: "mark mark-" + m.result, "aria-hidden": "true" }, resultGlyph[m.result]));
      a.append(svg("title", {}, m ? "cut" + (hiding() ? "" : ": " + badge(m)) : "not " + sideName(d._turn || "left") + "'s edge"));
      a.addEventListener("click", (ev) => { ev.preventDefault(); if (m) playMove(d, m); });
      g.append(a);
      let l = left;
      for (const kid of n.kids) { place(kid, l, depth + 1, x, y); l += treeLeaves(kid) * unit; }
    };
    place(t, x0, 0, x0 + widths[i] / 2, ground);
    x0 += widths[i];
  });
  box.append(g);
  box.append(el("p", { class: "help" }, "Click an edge of the side to move to cut it: it falls with every edge above it. Blue edges are Left's, red Right's, green either player's."));
  return true;
}

function drawMoves(d) {
  const list = $("moves");
  list.replaceChildren();
  const shown = d.moves.length;
  $("moves-count").textContent = !d.explorable ? "(not listed for this game)" :
    d.moves_counted && shown === d.moves_total ? "(" + shown + ")" :
    "(" + shown + " of " + d.moves_total + (d.moves_counted ? "" : "+") + ")";
  if (!d.explorable) {
    list.append(el("li", { class: "help" }, "The server gives this game's solution only" + (hiding() ? "." : "; winning moves: " + ((d.winning_moves || []).join(", ") || "none"))));
    return;
  }
  if (d._movesError != null) {
    $("moves-count").textContent = "(not listed)";
    list.append(el("li", { class: "help moves-error" }, "The moves were not listed: " + plainError(d._movesError) + ". The answer above is the position's own."));
    const wins = d.winning_moves || [];
    if (wins.length && !hiding()) list.append(el("li", { class: "help" }, (wins.length === 1 ? "The winning move leaves " : "The winning moves leave ") + wins.slice(0, 20).map((w) => "“" + w + "”").join(", ") + (wins.length > 20 ? " …" : "") + "."));
    for (const w of wins.slice(0, 20)) {
      if (w.includes(":")) continue; // partizan "L: …": the side is part of the text
      const b = el("button", { type: "button", class: "move win", "data-position": w }, el("span", { class: "label" }, "→ " + w), el("span", { class: "badge" }, "wins"));
      b.addEventListener("click", () => play(w));
      list.append(el("li", {}, b));
    }
    return;
  }
  if (shown === 0 && !d.moves_counted) list.append(el("li", { class: "help" }, "Too many moves to list here" + (hiding() ? "." : "; winning moves: " + ((d.winning_moves || []).join(", ") || "none"))));
  else if (shown === 0) list.append(el("li", { class: "help" }, "No moves: the game is over."));
  // The engine's choice: the move to best_move, or for a move that leads
  // to chance (no position), the one of greatest value for the mover.
  const best = d.best_move ? d.moves.find((m) => m.position === d.best_move) : bestOf(d);
  const button = (m, cls, onClick) => {
    const b = el("button", { type: "button", class: "move " + (m.result || "unknown") + (cls || ""), title: moveTitle(m), "data-position": m.position, "data-result": m.result || "", "data-player": m.player || "", "data-to": m.to || "" },
      el("span", { class: "label" }, moveLabel(m, d.board)), badgeSpan(m));
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
        else outs.append(el("li", {}, el("span", { class: "move final", title: moveTitle(o) }, el("span", {}, o.to + " (p " + fmt(o.probability) + ")"), el("span", {}, "game over" + (hiding() ? "" : "; mover gets " + fmt(o.mover_value))))));
      }
      const main = button(m, m === best ? " best" : "", () => {
        const o = drawOutcome(m.chance);
        if (o.position) play(o.position, false, null, o.again);
        else $("engine-note").textContent = m.to + ": chance gave " + o.to + "; the game is over" + (hiding() ? "." : " (the mover gets " + fmt(o.mover_value) + ").");
      });
      list.append(el("li", { class: "chance-move" }, main, outs));
      continue;
    }
    if (!m.position) {
      list.append(el("li", {}, el("span", { class: "move final", title: moveTitle(m) }, el("span", {}, m.to), el("span", {}, "game over" + (hiding() ? "" : "; mover gets " + fmt(m.mover_value))))));
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
  const turn = $("turn");
  turn.textContent = turnWords(d);
  turn.className = over(d) ? "over" : "";
  const s = $("summary");
  s.className = d.outcome ? view(d) : "";
  // A finished game's result is the turn line's; the summary adds the rest.
  const parts = over(d) ? [] : [outcomeWords(d)];
  if (d._movesError != null) parts.push("(Its moves are not listed: see the moves panel.)");
  if (d.misere) parts.push("Misère play: whoever makes the last move loses.");
  if (d.grundy != null) parts.push("Sprague–Grundy value " + d.grundy + ".");
  // Under misère play a partizan value is the misère canonical form (general misère play).
  if (d.value != null) parts.push((d.misere && isPartizan(d) ? "Misère canonical form " : "Value ") + fmt(d.value) + (d._valueKind ? " (" + (d._valueKind === "sided value" ? "a sided value, onside & offside" : "a " + d._valueKind) + ")" : "") + ".");
  else if (loopyValueWords(d)) parts.push(loopyValueWords(d));
  if (d.payoff != null) parts.push("Payoffs, from the player to move on: " + [].concat(d.payoff).map(fmt).join(" / ") + ".");
  // Rounded values keep their exact value on hover.
  const exact = [d.value].concat(d.payoff == null ? [] : [].concat(d.payoff)).filter(inexact);
  if (isPartizan(d)) parts.push(sideName(d._turn) + " is to move.");
  s.textContent = parts.join(" ");
  s.title = exact.length ? "exactly: " + exact.map(String).join(", ") : "";
  s.hidden = parts.length === 0;
  $("position-text").textContent = d.game + " · " + d.position;
  $("turn-bar").hidden = !isPartizan(d);
  for (const b of document.querySelectorAll("#turn-bar button")) b.classList.toggle("active", b.dataset.turn === (d._turn || "left"));
}

// loopyValueWords: a loopy partizan position's answer has its outcome
// (retrograde analysis, at once) but not its value, whose stopper may
// take seconds to simplify: it is asked for apart (/api/v1/value, the
// command line's 'grundy value') and the summary is drawn again when it
// comes.
const maxLoopyValuePositions = 4096;
function loopyValueWords(d) {
  if (!isPartizan(d) || d.left_first == null || d.value != null) return "";
  if (d._valueError != null) return "Value not found: " + plainError(d._valueError);
  // The value is sought in graphs of at most 4,096 positions (grundy
  // value's bound): a larger one is not asked for.
  if (d.positions > maxLoopyValuePositions) return "Value: not found here (its game graph has " + d.positions + " positions; stoppers are simplified for at most " + maxLoopyValuePositions + ").";
  if (!d._valueAsked) {
    d._valueAsked = true;
    cachedJSON("value", { game: state.spec, position: d.position, param: state.params })
      .then((r) => { d.value = r.value; d._valueKind = r.kind; })
      .catch((e) => { d._valueError = e.message; })
      .finally(() => { if (current() === d) drawSummary(d); });
  }
  return "Value: finding the stopper or sided value…";
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
  if (isPartizan(d) && d.left_first != null) { // loopy: the result with the side to move first
    const r = (d._turn || "left") === "left" ? d.left_first : d.right_first;
    return r === "draw" ? "D" : (r === "Left wins") === ((d._turn || "left") === "left") ? "N" : "P";
  }
  if (!isPartizan(d) || (d.outcome !== "L" && d.outcome !== "R")) return d.outcome;
  return (d.outcome === "L") === ((d._turn || "left") === "left") ? "N" : "P";
}

// moverValue is a position's value for the player to move there, in a
// game with payoffs or chance (its win probability or expected payoff);
// null elsewhere.
function moverValue(d) {
  if (d.move_kind !== "payoff" && d.move_kind !== "chance") return null;
  for (const v of [d.value_exact, d.value, Array.isArray(d.payoff) ? d.payoff[0] : null]) {
    if (v == null) continue;
    const x = probValue(v);
    if (Number.isFinite(x)) return x;
  }
  return null;
}

// ticks are about n round values from lo to hi.
function ticks(lo, hi, n) {
  const span = hi - lo || 1;
  const raw = span / n, mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v / step) * step);
  return out;
}

// otherMoves are the moves of the history's position i−1 other than the
// one played to reach position i, each with the view (N, P or D for the
// player to move where it leads), remoteness and fixed side of the
// position it leaves: the dots of row i. Moves to chance events and
// moves of the side not to move (partizan) are left out.
function otherMoves(i) {
  const prev = state.history[i - 1], d = state.history[i];
  if (!prev || !d) return [];
  const played = playedMove(i), side = moverIndex(prev) % 2, out = [];
  for (const m of prev.moves || []) {
    if (m === played || !m.position || m.position === d.position || m.chance) continue;
    if (isPartizan(prev) && m.player !== (prev._turn || "left")) continue;
    let o = m.outcome;
    if (isPartizan(prev)) { const there = other(m.player); o = o === "L" || o === "R" ? ((o === "L") === (there === "left") ? "N" : "P") : o; }
    out.push({ view: o, remoteness: m.remoteness, side: m.again ? side : 1 - side, label: moveLabel(m, prev.board) });
  }
  return out;
}

// drawChart draws the visual value history: one row per position played,
// named by the move that led there. In win/lose/draw games (after
// GamesmanUni's "visual value history") the two players have fixed sides:
// the first player (the one to move at the start; Left in a partizan
// game) on the left, the second on the right, each row's point on the
// side of the player who wins there, remoteness 0 at the outer edge and
// draws in the middle; a partizan position is labelled with its value.
// In games with payoffs or chance the row's point is the mover's value
// (win probability or expected payoff) on a scale with its ticks. A
// row's click (or Enter) goes back to that position. The drawing is one
// unit a pixel, so its text keeps its size at every width.
function drawChart() {
  const chart = $("chart");
  chart.replaceChildren();
  const rows = state.history.slice(0, state.index + 1);
  const W = Math.max(320, Math.round(chart.clientWidth || chart.parentNode.clientWidth || 760));
  const narrow = W < 560;
  const rowH = 26, top = 40, labelW = narrow ? 120 : 220;
  const H = top + Math.max(rows.length, 3) * rowH + 30;
  chart.setAttribute("viewBox", "0 0 " + W + " " + H);
  chart.setAttribute("width", W);
  chart.setAttribute("height", H);
  const values = rows.map(moverValue);
  const valued = values.some((v) => v != null);
  const left = labelW + 8, right = W - 16;
  let x, xAt, axisName, tickVals, tickX;
  // The axis: the mover's value in games with payoffs or chance, else who
  // wins and how soon (remoteness). A game with a score (a "score" field
  // on answers and moves, being added for the scored board games) will
  // get a third axis here, the margin a player wins by, chosen as these
  // two are.
  // sideOf is the fixed side (0 left, 1 right) of the player to move at
  // d: the game's first player (X, Red, White, Left) on the left.
  const sideOf = (d) => moverIndex(d) % 2;
  const names = gameNames(state.spec).slice(0, 2).map((n, i) => n + (vsEngine() ? (i === state.human ? " (you)" : " (the engine)") : ""));
  if (valued) {
    let lo = Math.min(0, ...values.filter((v) => v != null)), hi = Math.max(0, ...values.filter((v) => v != null));
    if (lo >= 0 && hi <= 1) { lo = 0; hi = 1; }
    if (hi === lo) hi = lo + 1;
    const sx = (v) => left + ((v - lo) / (hi - lo)) * (right - left);
    x = (d, i) => (values[i] == null ? sx(lo) : sx(values[i]));
    tickVals = ticks(lo, hi, narrow ? 4 : 8);
    tickX = sx;
    axisName = lo === 0 && hi === 1 ? "the mover's value (win probability or expected payoff)" : "the mover's expected payoff";
    chart.append(svg("text", { x: left, y: 14, class: "side" }, "value for the player to move"));
  } else {
    let maxR = 5;
    for (const d of rows) if (d.remoteness != null) maxR = Math.max(maxR, d.remoteness);
    const cx = (left + right) / 2, half = (right - left) / 2 - 14;
    // How far in from the winner's edge: remoteness 0 at the edge, the
    // longest at the centre; not known, halfway.
    const inset = (d) => (d.remoteness == null ? half * 0.5 : (d.remoteness / (maxR + 1)) * half);
    // xAt places a position by its outcome o for the player to move
    // there, on side `side`, and its remoteness.
    xAt = (o, remoteness, side) => {
      if (o !== "N" && o !== "P") return cx;
      const winner = o === "N" ? side : 1 - side;
      const d = { remoteness };
      return winner === 0 ? cx - half + inset(d) : cx + half - inset(d);
    };
    x = (d) => xAt(view(d), d.remoteness, sideOf(d));
    const step = maxR <= 10 ? 1 : maxR <= 40 ? 5 : Math.ceil(maxR / 10);
    tickVals = [];
    for (let r = 0; r <= maxR; r += narrow ? step * 2 : step) { tickVals.push({ r, side: 0 }); tickVals.push({ r, side: 1 }); }
    tickX = (t) => (t.side === 0 ? cx - half + (t.r / (maxR + 1)) * half : cx + half - (t.r / (maxR + 1)) * half);
    axisName = rows.some((d) => d.remoteness != null) ? "remoteness: moves left under perfect play (0 at the edges, draws in the middle)" : "who wins (remoteness not known: drawn halfway)";
    chart.append(svg("text", { x: left, y: 14, class: "side win" }, "← " + names[0] + " wins"));
    chart.append(svg("text", { x: right, y: 14, class: "side lose", "text-anchor": "end" }, names[1] + " wins →"));
    chart.append(svg("line", { x1: cx, x2: cx, y1: top - 6, y2: H - 26, class: "centre" }));
  }
  for (const v of tickVals) {
    const gx = tickX(v);
    const zero = valued ? v === 0 : false;
    chart.append(svg("line", { x1: gx, x2: gx, y1: top - 6, y2: H - 26, class: zero ? "centre" : "grid" }));
    chart.append(svg("text", { x: gx, y: top - 10, "text-anchor": "middle", class: "tick" }, valued ? fmtTick(v) : String(v.r)));
  }
  let path = "";
  rows.forEach((d, i) => {
    const y = top + i * rowH + rowH / 2;
    path += (i ? " L " : "M ") + x(d, i) + " " + y;
  });
  const trail = svg("path", { d: path, class: "trail" });
  const maxChars = Math.floor(labelW / 7.2);
  rows.forEach((d, i) => {
    const y = top + i * rowH + rowH / 2;
    const o = view(d);
    const label = playedLabel(i);
    const whole = (i === 0 ? "start" : i + ". " + label);
    // The row: the move that led here, clickable to go back to it.
    const row = svg("g", { class: "hrow" + (i === state.index ? " here" : ""), "data-ply": i, tabindex: "0", role: "button" });
    row.append(svg("title", {}, whole));
    row.append(svg("rect", { x: 0, y: y - rowH / 2, width: W, height: rowH, class: "hit" }));
    row.append(svg("text", { x: 4, y: y + 4, class: "move-name" }, elide(whole, maxChars)));
    // The point is coloured by the side that wins there, as the columns
    // are (the first player's colour on the left, the second's on the
    // right, draws in the middle), and carries the winner's initial ("="
    // for a draw), so that it is told by text as well as colour.
    const winner = o === "N" ? sideOf(d) : o === "P" ? 1 - sideOf(d) : null;
    let cls = winner === 0 ? "p1" : winner === 1 ? "p2" : o === "D" ? "draw" : "unknown";
    if (valued) cls = values[i] == null ? "unknown" : "valued";
    const initial = (n) => { const t = n.replace(/ \(.*\)$/, ""); return t === "first player" ? "1" : t === "second player" ? "2" : /^player \d/i.test(t) ? t.slice(7) : t.charAt(0); };
    const glyph = valued ? "" : winner != null ? initial(names[winner]) : o === "D" ? "=" : "";
    // What the move that led here meant for the player who made it.
    const mv = playedMove(i);
    const moverResult = mv && mv.result ? mv.result : "";
    const hollow = !valued && (o === "N" || o === "P") && d.remoteness == null ? " hollow" : "";
    const c = svg("circle", { cx: x(d, i), cy: y, r: 9, class: "pt " + cls + hollow + (i === state.index ? " current" : ""), "data-ply": i, "data-outcome": d.outcome, "data-view": o, "data-turn": d._turn || "", "data-remoteness": d.remoteness == null ? "" : d.remoteness, "data-value": values[i] == null ? "" : values[i] });
    c.append(svg("title", {}, whole + (moverResult ? " (" + resultWord[moverResult] + " for its mover)" : "") + ": " + d.position + " — " + (valued ? "value " + fmt(values[i]) : d.outcome + (d.remoteness != null ? ", remoteness " + d.remoteness : "") + (d.value != null ? ", value " + d.value : ""))));
    // The other moves of the position before, as dots on this row at the
    // values they would have left (GamesmanUni's), the move played being
    // the row's point.
    if (!valued && i > 0) for (const o of otherMoves(i)) {
      const ox = xAt(o.view, o.remoteness, o.side);
      const dcls = o.view === "N" || o.view === "P" ? ((o.view === "N" ? o.side : 1 - o.side) === 0 ? "p1" : "p2") : o.view === "D" ? "draw" : "unknown";
      const dot = svg("circle", { cx: ox, cy: y, r: 3.5, class: "dot " + dcls, "data-remoteness": o.remoteness == null ? "" : o.remoteness });
      dot.append(svg("title", {}, o.label + ": " + (o.view === "D" ? "a draw" : dcls === "unknown" ? "not known" : names[dcls === "p1" ? 0 : 1] + " wins") + (o.remoteness != null ? " (remoteness " + o.remoteness + ")" : "")));
      row.append(dot);
    }
    row.append(c);
    if (glyph) row.append(svg("text", { x: x(d, i), y: y + 4, "text-anchor": "middle", class: "pt-mark " + cls, "aria-hidden": "true" }, glyph));
    const who = valued ? "value " + fmt(values[i]) : winner != null ? names[winner] + " wins" + (d.remoteness != null ? " (remoteness " + d.remoteness + ")" : "") : o === "D" ? "a draw" : "not known";
    row.setAttribute("aria-label", (i === 0 ? "the start" : "move " + i + ", " + label + (moverResult ? ", " + resultWord[moverResult] + " for its mover" : "")) + ": " + who + (i === state.index ? " (shown)" : "; go back to it"));
    c.setAttribute("data-result", moverResult);
    if (isPartizan(d) && d.value != null) {
      const v = String(d.value), vt = svg("text", { x: x(d, i) + 12, y: y + 4, class: "val" }, elide(v, 12));
      vt.append(svg("title", {}, v));
      row.append(vt);
    }
    if (valued && values[i] != null) row.append(svg("text", { x: x(d, i) + 12, y: y + 4, class: "val" }, fmtTick(values[i])));
    const go = () => { if (i !== state.index && !state.busy) history.go(i - state.index); };
    row.addEventListener("click", go);
    row.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
    chart.append(row);
  });
  // The trail under the rows (their backgrounds are translucent).
  chart.insertBefore(trail, chart.querySelector("g.hrow"));
  chart.append(svg("text", { x: (left + right) / 2, y: H - 8, "text-anchor": "middle" }, axisName));
  chart.setAttribute("aria-label", "value history: " + rows.map((d, i) => (i === 0 ? "start " : "move " + i + " " + playedLabel(i) + " ") + (valued ? "value " + fmt(values[i]) : view(d))).join("; "));
}

// ---- pictures: the value sequence of a heap game, the thermograph of a
// partizan position

const pictureCache = new Map(); // request URL -> promise of its JSON

function cachedJSON(path, params) {
  const key = path + "?" + new URLSearchParams(params);
  if (!pictureCache.has(key)) {
    const p = getJSON(path, params);
    p.catch(() => pictureCache.delete(key));
    pictureCache.set(key, p);
  }
  return pictureCache.get(key);
}

async function drawPictures(d) {
  const box = $("picture");
  const panel = $("pictures-panel");
  const g = gameByName(d.game.split(":")[0]) || gameByName(state.spec.split(":")[0]);
  const heaps = d.board && d.board.kind === "heaps" ? d.board.heaps.map(Number) : null;
  let job = null;
  if (heaps && g && g.kind === "impartial" && !state.misere && heaps.every(Number.isFinite) && d.game !== "wythoff" && d.game !== "nim" && !g.name.startsWith("misere")) {
    // (Normal play's values: under misère play there are none to draw.)
    // Enough values for the server to find a period (Kayles': 12 from
    // n = 71); the picture draws as many as show it.
    const upto = Math.min(1000, Math.max(300, ...heaps.map((h) => h + 10)));
    job = { title: "Value sequence", key: "seq " + state.spec + " " + upto, pattern: true, run: () => cachedJSON("seq", { game: state.spec, upto, param: state.params }).then((r) => drawSequence(r, heaps)) };
    if (heaps.length === 2 && Math.max(...heaps) < 128) {
      // A sum of two heaps: the grid of G(a) xor G(b) (Sprague–Grundy),
      // its zeros the P-positions, from the one-heap table.
      const n = Math.min(128, Math.max(24, heaps[0] + 6, heaps[1] + 6));
      // A game of two heaps that is not a sum (Moore's Nim) has no
      // sequence; its table is the grid itself.
      const seq = job.run;
      job = { title: "Values of one heap and of two", key: job.key + " grid " + n + " " + heaps.join(" ") + " " + state.index, pattern: job.pattern,
        run: async () => {
          const [pic, t] = await Promise.all([seq().catch(() => []), cachedJSON("table", { game: state.spec, upto: n })]);
          const grid = t.grid || t.values.map((x) => t.values.map((y) => x ^ y));
          return pic.concat(drawValueGrid({ game: t.game, grid }, heaps, d));
        } };
    }
  } else if (heaps && heaps.length === 2 && g && g.name === "wythoff" && !state.misere && heaps.every(Number.isFinite)) {
    const upto = Math.min(128, Math.max(24, heaps[0] + 6, heaps[1] + 6));
    job = { title: "P-positions (values of two heaps)", key: "table " + state.spec + " " + upto + " " + heaps.join(" ") + " " + state.index, pattern: true, run: () => cachedJSON("table", { game: state.spec, upto }).then((r) => drawValueGrid(r, heaps, d)) };
  } else if (isPartizan(d) && d.value != null && d.left_first == null && !d.misere) {
    // (Loopy values have no thermograph here; a misère canonical form has none: that is normal play's.)
    job = { title: "Thermograph", key: "thermo " + d.value, run: () => cachedJSON("cgt", { expr: String(d.value), thermograph: "1" }).then((r) => drawThermograph(r)) };
  }
  panel.hidden = !job;
  drawPatterns(job && job.pattern ? state.spec : null);
  if (!job) return;
  $("pictures-title").textContent = job.title;
  if (box.dataset.key === job.key && box.firstChild) return;
  box.dataset.key = job.key;
  box.replaceChildren(el("p", { class: "help" }, "drawing…"));
  try {
    const pic = await job.run();
    if (box.dataset.key === job.key) box.replaceChildren(...pic);
  } catch (e) {
    if (box.dataset.key === job.key) box.replaceChildren(el("p", { class: "help" }, "No picture: " + e.message));
  }
}

// drawPatterns shows, beside the values drawn, the patterns that fit them
// (/api/v1/pattern, the report of grundy pattern): each rule, its
// formula, and how far it is known: "fits all N values; proven" (by the
// theorem named) or "unproven" (a guess that fits every value computed).
// The values are as many as grundy pattern computes by default (1,000 of
// one heap, a 64×64 grid of two).
async function drawPatterns(game) {
  const box = $("patterns"), list = $("pattern-list"), note = $("patterns-note");
  box.hidden = !game;
  if (!game) { delete box.dataset.key; return; }
  const key = game + " " + state.params.join(" ");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  list.replaceChildren();
  note.textContent = "looking for patterns…";
  let r;
  try {
    r = await cachedJSON("pattern", { game, param: state.params });
  } catch (e) {
    if (box.dataset.key === key) note.textContent = "No patterns: " + e.message;
    return;
  }
  if (box.dataset.key !== key) return;
  const n = r.grid ? r.checked_upto + "×" + r.checked_upto : String(r.checked_upto);
  const what = r.values_known ? "values" : "outcomes";
  note.textContent = r.patterns.length === 0 ? "No pattern fits all " + n + " " + what + " computed." :
    "Rules that fit all " + n + " " + what + " computed, simplest first (grundy pattern " + r.game + ").";
  for (const p of r.patterns) {
    const fits = "fits all " + n + " " + (p.of === "p-positions" ? "positions" : "values") + "; " + (p.proven ? "proven" : "unproven");
    const li = el("li", { class: "pattern" + (p.proven ? " proven" : ""), "data-kind": p.kind, "data-proven": String(p.proven) },
      el("p", { class: "rule" }, p.rule),
      el("p", { class: "formula" }, el("code", {}, p.formula)),
      el("p", { class: "fits", title: p.proven ? p.theorem : "a guess that fits every value computed; no theorem here proves it" }, fits));
    if (p.proven && p.theorem) li.append(el("p", { class: "theorem help" }, p.theorem));
    list.append(li);
  }
}

// drawSequence draws G(0), G(1), … as bars, the preperiod and the period
// marked when the server found them, and the current heaps' bars ringed.
function drawSequence(r, heaps) {
  const shown = Math.min(r.values.length, Math.max(60, ...heaps.map((h) => h + 10), r.period ? r.preperiod + 2 * r.period + 5 : 0));
  const vals = r.values.slice(0, shown).map(Number);
  const n = vals.length, maxV = Math.max(1, ...vals);
  const W = Math.max(320, Math.min(1100, ($("picture").clientWidth || 700))), H = 200;
  const left = 36, right = W - 10, top = 24, bottom = H - 36;
  const bw = (right - left) / n;
  const x = (i) => left + i * bw, y = (v) => bottom - (v / maxV) * (bottom - top);
  const g = svg("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, class: "seq", role: "img",
    "aria-label": r.game + ": Grundy values G(0) to G(" + (n - 1) + ")" + (r.period ? ", periodic with period " + r.period + " from n = " + r.preperiod : "") });
  const pre = r.preperiod, per = r.period;
  if (per) {
    // The first full period after the preperiod, shaded.
    g.append(svg("rect", { x: x(pre), y: top - 14, width: Math.min(per, n - pre) * bw, height: bottom - top + 14, class: "period" }));
    g.append(svg("text", { x: x(pre) + 2, y: top - 4, class: "tick" }, "period " + per + (r.saltus ? ", saltus " + r.saltus : "") + " from n = " + pre));
    g.append(svg("line", { x1: x(pre), x2: x(pre), y1: top - 14, y2: bottom, class: "pre" }));
  } else {
    g.append(svg("text", { x: left, y: top - 8, class: "tick" }, "no period found up to n = " + (n - 1)));
  }
  for (const v of ticks(0, maxV, 4)) {
    g.append(svg("line", { x1: left, x2: right, y1: y(v), y2: y(v), class: "grid" }));
    g.append(svg("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" }, String(v)));
  }
  const mine = new Set(heaps);
  vals.forEach((v, i) => {
    const b = svg("rect", { x: x(i) + bw * 0.1, y: y(v), width: Math.max(1, bw * 0.8), height: Math.max(1, bottom - y(v)), class: "bar" + (v === 0 ? " zero" : "") + (mine.has(i) ? " mine" : ""), "data-n": i, "data-g": v });
    b.append(svg("title", {}, "G(" + i + ") = " + v));
    g.append(b);
  });
  for (const t of ticks(0, n - 1, W < 560 ? 5 : 10)) {
    g.append(svg("text", { x: x(t) + bw / 2, y: bottom + 16, "text-anchor": "middle", class: "tick" }, String(t)));
  }
  g.append(svg("text", { x: (left + right) / 2, y: H - 4, "text-anchor": "middle", class: "tick" }, "heap size n (bars: G(n); zero drawn as a dot: a P-position; ringed: this position's heaps)"));
  return [g];
}

// drawValueGrid draws a two-heap game's values, (a, b) at column a and
// row b, the P-positions (value 0) dark; this position is ringed and the
// positions its moves reach are outlined; a click on one plays it.
function drawValueGrid(r, heaps, d) {
  const n = r.grid.length;
  const W = Math.min(560, Math.max(300, ($("picture").clientWidth || 500) - 10));
  const pad = 30, cs = Math.max(4, Math.floor((W - pad - 6) / n));
  const size = pad + n * cs + 6;
  const maxV = Math.max(1, ...r.grid.flat());
  const reach = new Map();
  for (const m of d.moves || []) {
    const f = m.position.split(" ").map(Number);
    if (f.length === 2) reach.set(f[0] + "," + f[1], m);
  }
  const g = svg("svg", { viewBox: "0 0 " + size + " " + size, width: size, height: size, class: "vgrid", role: "img",
    "aria-label": r.game + ": values of the positions (a, b) for a and b below " + n + "; P-positions dark. This position " + heaps.join(" ") });
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const v = r.grid[a][b];
      const key = a + "," + b;
      const m = reach.get(key);
      const light = v === 0 ? 0 : 92 - Math.round((v / maxV) * 45);
      const c = svg("rect", { x: pad + a * cs, y: pad + b * cs, width: cs, height: cs, fill: v === 0 ? "#202124" : "hsl(220, 45%, " + light + "%)", class: "vcell" + (m ? " reach" : "") + (a === heaps[0] && b === heaps[1] ? " here" : ""), "data-ab": key, "data-v": v });
      c.append(svg("title", {}, "(" + a + ", " + b + "): " + (v === 0 ? "P-position, value 0" : "value " + v) + (m ? " — a move from here: " + badge(m) : "")));
      if (m) c.addEventListener("click", () => play(m.position));
      g.append(c);
    }
  }
  for (const t of ticks(0, n - 1, 5)) {
    g.append(svg("text", { x: pad + t * cs + cs / 2, y: pad - 6, "text-anchor": "middle", class: "tick" }, String(t)));
    g.append(svg("text", { x: pad - 4, y: pad + t * cs + cs / 2 + 4, "text-anchor": "end", class: "tick" }, String(t)));
  }
  return [g, el("p", { class: "help" }, "Heap 1 across, heap 2 down; dark cells are P-positions (value 0), lighter ones smaller values. Ringed: this position; outlined: where its moves go (click one to play it).")];
}

// drawThermograph draws a partizan position's thermograph (Winning Ways,
// ch. 6): values increase to the left (Left's side), temperature upward;
// the left wall blue, the right wall red, the mast above the temperature;
// the stops, mean and temperature written out.
function drawThermograph(r) {
  const th = r.thermograph;
  const pts = th.left.concat(th.right);
  let lo = Math.min(...pts.map((p) => p[0])), hi = Math.max(...pts.map((p) => p[0]));
  lo -= 0.5; hi += 0.5;
  const W = 420, H = 300, padL = 40, padR = 14, padT = 16, padB = 46;
  const tlo = -1, thi = th.top;
  const x = (v) => padL + ((hi - v) / (hi - lo)) * (W - padL - padR);
  const y = (t) => padT + ((thi - t) / (thi - tlo)) * (H - padT - padB);
  const g = svg("svg", { viewBox: "0 0 " + W + " " + H, width: W, height: H, class: "thermo", role: "img",
    "aria-label": "thermograph of " + r.value + ": left stop " + r.left_stop + ", right stop " + r.right_stop + ", mean " + r.mean + ", temperature " + r.temperature });
  for (const t of ticks(tlo, thi, 5)) {
    g.append(svg("line", { x1: padL, x2: W - padR, y1: y(t), y2: y(t), class: t === 0 ? "axis" : "grid" }));
    g.append(svg("text", { x: padL - 4, y: y(t) + 4, "text-anchor": "end", class: "tick" }, fmtTick(t)));
  }
  for (const v of ticks(lo, hi, 6)) {
    g.append(svg("line", { x1: x(v), x2: x(v), y1: padT, y2: H - padB, class: v === 0 ? "axis" : "grid" }));
    g.append(svg("text", { x: x(v), y: H - padB + 14, "text-anchor": "middle", class: "tick" }, fmtTick(v)));
  }
  const line = (p, cls) => g.append(svg("polyline", { points: p.map((q) => x(q[0]) + "," + y(q[1])).join(" "), class: cls }));
  line(th.left, "wall left");
  line(th.right, "wall right");
  const T = probValue(th.temperature);
  g.append(svg("circle", { cx: x(probValue(th.mast)), cy: y(Math.max(T, -1)), r: 4, class: "meet" }));
  g.append(svg("text", { x: W / 2, y: H - 16, "text-anchor": "middle", class: "tick" }, "value (Left's side to the left) · temperature t upward"));
  const facts = el("p", { class: "thermo-facts" }, "Left stop " + r.left_stop + " · right stop " + r.right_stop + " · mean " + r.mean + " · temperature " + r.temperature + " (value " + r.value + ")");
  return [g, facts];
}

function fmtTick(v) {
  return Math.abs(v - Math.round(v)) < 1e-9 ? String(Math.round(v)) : String(Number(v.toFixed(3)));
}

function updateToolbar() {
  const d = current();
  $("undo").disabled = state.busy || undoTarget() < 0;
  $("redo").disabled = state.busy || redoTarget() < 0;
  $("engine-move").disabled = state.busy || !canMove(d) || over(d);
}

function shareURL() {
  const d = current();
  const path = state.history.slice(Math.max(0, state.index + 1 - maxPath), state.index + 1).map((h) => h.position);
  const q = new URLSearchParams({ game: state.spec, position: d.position });
  for (const p of state.params) q.append("param", p);
  if (state.misere) q.set("misere", "1");
  // Each position of the way here is its own "step" (positions may hold
  // any character: Domineering's rows are joined by "|").
  if (path.length > 1) path.forEach((p) => q.append("step", p));
  if (isPartizan(d)) {
    const hist = state.history.slice(Math.max(0, state.index + 1 - maxPath), state.index + 1);
    q.set("turns", hist.map((h) => (h._turn === "right" ? "r" : "l")).join(""));
  }
  return "?" + q.toString();
}

// render draws the current position; how says what becomes of the
// browser's history: "push" a new entry (a move), "none" (Back or
// Forward brought us here), else the current entry is rewritten.
function render(how) {
  const real = current();
  $("explorer").hidden = !real;
  $("landing").hidden = !!real;
  if (!real) return;
  // With values hidden the page is drawn from the answer without its
  // values, so that no name, title, class or note can give one away;
  // the history and pictures, which are values, are not drawn at all.
  const d = hiding() ? masked(real) : real;
  drawSummary(d);
  drawBoard(d);
  drawMoves(d);
  if (hiding()) {
    $("chart").replaceChildren();
    $("chart").setAttribute("aria-label", "value history (hidden)");
    $("picture").replaceChildren();
    $("pictures-panel").hidden = true;
    if ($("margin-panel")) $("margin-panel").hidden = true;
  } else {
    drawChart();
    drawMarginChart();
    drawPictures(d);
  }
  updateToolbar();
  const url = shareURL();
  $("share").href = url;
  const st = { session: state.session, index: state.index };
  if (how === "push" && state.index > 0) history.pushState(st, "", url);
  else if (how !== "none") history.replaceState(st, "", url);
  $("position").value = d.position;
}

// fetchAnswer asks for a position with its moves, or for its answer
// alone when its moves cannot be listed (too many, or past the server's
// time).
async function fetchAnswer(spec, p, signal) {
  try {
    return await fetchPosition(spec, p, signal);
  } catch (e) {
    if (aborted(e)) throw e;
    const a = await fetchPosition(spec, p, signal, true);
    a._movesError = e.message;
    return a;
  }
}

// revalue answers every position of the game so far again under the
// play convention now ticked (misère or normal): the same moves, the
// history kept.
async function revalue() {
  const was = state.misere;
  state.misere = $("misere").checked;
  const signal = beginWork("valuing the game so far under " + (state.misere ? "misère" : "normal") + " play…");
  try {
    const out = [];
    for (const h of state.history) {
      const a = await fetchAnswer(state.spec, h.position, signal);
      a._ply = h._ply;
      if (h._turn) a._turn = h._turn;
      out.push(a);
    }
    state.history = out;
    endWork();
    $("engine-note").textContent = "";
    render();
  } catch (e) {
    state.misere = was;
    $("misere").checked = was;
    if (!aborted(e)) showError(plainError(e.message));
  } finally {
    if (state.work && state.work.ctrl.signal === signal) endWork();
  }
}

// ---- start-up

async function fromURL() {
  const q = new URLSearchParams(location.search);
  const spec = q.get("game");
  if (!spec) return false;
  // A database of a game with parameters is a game of its own (its spec).
  const name = gameByName(spec) ? spec : spec.split(":")[0];
  if (!gameByName(name)) {
    // In words for the web: the gallery is the list of games.
    $("landing").hidden = false;
    showError("There is no game called “" + spec + "” here: pick one of the games below.");
    return true;
  }
  if (gameByName(name)) {
    $("game").value = name;
    $("params").value = name !== spec && spec.includes(":") ? spec.slice(spec.indexOf(":") + 1) : "";
    onGameChange();
  }
  const position = q.get("position") || "";
  state.params = q.getAll("param");
  $("script-params").value = state.params.join(" ");
  state.misere = q.get("misere") === "1";
  $("misere").checked = state.misere;
  // The way here: "step" per position; links made before it was added
  // joined the positions with "|" in "path".
  let path = q.getAll("step");
  if (path.length === 0) path = (q.get("path") || "").split("|").filter((p) => p !== "");
  path = path.slice(-maxPath);
  if (path.length === 0 || path[path.length - 1] !== position) path = [position];
  const turns = (q.get("turns") || "").slice(-path.length);
  showError("");
  const signal = beginWork("opening the link: " + path.length + (path.length === 1 ? " position" : " positions") + "…");
  try {
    let answers = [];
    for (const [i, p] of path.entries()) {
      $("progress-what").textContent = "opening the link: position " + (i + 1) + " of " + path.length + "…";
      const a = await fetchAnswer(spec, p, signal);
      // A link's positions must follow one another by moves; where they do
      // not, the history starts afresh.
      const prev = answers[answers.length - 1];
      if (prev && !prev.moves.some((m) => m.position === a.position || (m.chance || []).some((o) => o.position === a.position))) answers = [];
      if (isPartizan(a)) a._turn = turns[i - (path.length - turns.length)] === "r" ? "right" : "left";
      a._ply = answers.length;
      answers.push(a);
    }
    state.spec = spec;
    state.session++;
    state.history = answers;
    // One browser history entry per position, so that Back walks them.
    for (let i = 0; i < answers.length; i++) {
      state.index = i;
      const st = { session: state.session, index: i };
      if (i === 0) history.replaceState(st, "", shareURL());
      else history.pushState(st, "", shareURL());
    }
    endWork();
    render("none");
  } catch (e) {
    if (!aborted(e)) {
      endWork();
      await badLink(spec, plainError(e.message));
    }
  } finally {
    if (state.work && state.work.ctrl.signal === signal) endWork();
  }
  return true;
}

// badLink shows a link's error beside the game's start (or the gallery,
// when the game itself is wrong), so that the page stays usable.
async function badLink(spec, msg) {
  let start = null;
  try { start = (await getJSON("start", { game: spec, param: state.params })).position; } catch (e) { /* the game is wrong */ }
  if (start != null) {
    await explore(spec, start);
    if (current()) { showError("This link's position cannot be shown (" + msg + "); here is the game's start instead."); return; }
  }
  $("landing").hidden = false;
  showError(msg + " Pick a game below.");
}

// kinds groups the games for the gallery and the list.
const kinds = [
  ["heap", "Heap games (impartial, on heaps)"],
  ["impartial", "Other impartial games"],
  ["partizan", "Partizan games (Left and Right)"],
  ["board", "Board games (draws possible)"],
  ["chance", "Games with payoffs or chance"],
  ["script", "Game scripts"],
];

function kindOf(g) {
  if (g.script) return "script";
  if (g.kind === "partizan") return "partizan";
  if (g.kind === "loopy" || g.kind === "scored") return "board"; // scored: Kalah, the margin (issue 34)
  if (g.kind === "chance" || g.kind === "payoff") return "chance";
  if (/heap/i.test(g.position)) return "heap";
  return "impartial";
}

// drawGallery lists the games by kind, each on a card with its rules in
// a line, its full rules with their source one click away, a picker of
// its variants (the catalog's, /api/v1/games' "variants"), and buttons
// that start the variant picked, alone or against the engine.
function drawGallery() {
  const box = $("gallery");
  box.replaceChildren();
  for (const [kind, title] of kinds) {
    const gs = state.games.filter((g) => kindOf(g) === kind);
    if (gs.length === 0) continue;
    const list = el("ul", { class: "cards" });
    for (const g of gs) {
      const picker = variantPicker(g);
      const start = el("button", { type: "button", class: "start-game", "data-game": g.name }, "Play " + g.name);
      start.addEventListener("click", () => startGame(g, null, picker.spec()));
      const row = el("div", { class: "start-row" }, start);
      if (g.explorable) {
        // Against the engine, as the first player or the second: the
        // engine answers every move, and as the second it moves first.
        for (const [side, words] of [["first", "vs engine, I go first"], ["second", "vs engine, I go second"]]) {
          const b = el("button", { type: "button", class: "start-vs", "data-game": g.name, "data-side": side }, words);
          b.addEventListener("click", () => startGame(g, side, picker.spec()));
          row.append(b);
        }
      }
      const card = el("li", { class: "card", "data-game": g.name }, el("h3", {}, g.name + (g.params && !g.variants ? ":" + g.params : "")), el("p", { class: "summary" }, g.summary));
      if (g.rules) card.append(rulesBox(g, "rules"));
      if (picker.box) card.append(picker.box);
      card.append(row);
      list.append(card);
    }
    box.append(el("section", { class: "kind", "data-kind": kind }, el("h2", {}, title), list));
  }
}

// rulesBox is a game's rules and their source, behind a summary line to
// open them.
function rulesBox(g, cls) {
  return el("details", { class: cls }, el("summary", {}, "Rules"), el("p", {}, g.rules), el("p", { class: "source" }, "Source: " + g.source));
}

// specOf writes the spec of game g's variant with the values picked
// (by parameter name), as the catalog's SpecFormat says: each {name}
// replaced by its value as written (a flag's word when on).
function specOf(g, values) {
  if (!g.variants || !g.spec_format) return g.name;
  let spec = g.spec_format;
  for (const p of g.variants) {
    const v = values[p.name] != null ? values[p.name] : p.default;
    const t = p.kind === "flag" ? (v === "on" ? p.word : "") : String(v).trim();
    spec = spec.split("{" + p.name + "}").join(t);
  }
  return spec;
}

// variantPicker is a card's picker of g's variants: a number box for an
// int (within its range), a list for a choice, a check box for a flag, a
// text box for text, each at its default; spec() is the variant picked.
function variantPicker(g) {
  if (!g.variants || g.variants.length === 0) return { box: null, spec: () => g.default_spec || g.name };
  const values = {}, named = el("code", {}, g.default_spec);
  const fields = el("div", { class: "variant-fields" });
  for (const p of g.variants) {
    values[p.name] = p.default;
    const id = "v-" + g.name + "-" + p.name;
    let input;
    if (p.kind === "int") input = el("input", { type: "number", id, min: p.min, max: p.max, step: 1, value: p.default, required: true });
    else if (p.kind === "choice") {
      input = el("select", { id });
      for (const c of p.choices) input.append(el("option", { value: c.value, selected: c.value === p.default }, c.label));
    } else if (p.kind === "flag") input = el("input", { type: "checkbox", id, checked: p.default === "on" });
    else input = el("input", { type: "text", id, value: p.default, spellcheck: false });
    const read = () => {
      values[p.name] = p.kind === "flag" ? (input.checked ? "on" : "off") : input.value;
      named.textContent = specOf(g, values);
    };
    input.addEventListener("input", read);
    input.addEventListener("change", read);
    const label = el("label", { class: "variant-field" + (p.kind === "flag" ? " check" : ""), htmlFor: id, title: p.note || "" });
    if (p.kind === "flag") label.append(input, " " + p.label);
    else label.append(p.label + (p.kind === "int" ? " (" + p.min + "–" + p.max + ")" : ""), input);
    fields.append(label);
    if (p.note) fields.append(el("p", { class: "help variant-note" }, p.note));
  }
  const box = el("details", { class: "variant" }, el("summary", {}, "Variant: ", named), fields);
  return { box, spec: () => specOf(g, values) };
}

// startGame opens a game's start: the start of the variant spec (the
// card's pick; the game's default variant when not given), or its
// example's position for a game without a start of its own. side, when
// set, plays it against the engine: "first" or "second" (the engine then
// makes the first move).
async function startGame(g, side, spec) {
  $("auto-engine").checked = !!side;
  state.human = side === "second" ? 1 : side ? 0 : null;
  spec = spec || g.default_spec || g.name;
  $("game").value = g.name;
  $("params").value = spec.startsWith(g.name + ":") ? spec.slice(g.name.length + 1) : "";
  onGameChange();
  spec = specFromForm();
  let pos = spec === g.name ? g.start : null;
  if (pos == null) {
    try {
      const st = await getJSON("start", { game: spec, param: paramsFromForm() });
      pos = st.position;
    } catch (e) {
      // A variant the game refuses (a Connect-4 board too large for its
      // bitboard): said beside the gallery, which stays.
      showError(plainError(e.message));
      return;
    }
  }
  if (pos == null) {
    const ex = /^grundy \S+ \S+ ([^-]*)/.exec(g.example || "");
    pos = ex ? ex[1].trim() : "";
  }
  $("position").value = pos;
  await explore(spec, pos);
  if (side === "second" && current() && !state.busy) await engineMove();
}

async function main() {
  $("setup").addEventListener("submit", (ev) => { ev.preventDefault(); explore(specFromForm(), $("position").value); });
  $("game").addEventListener("change", () => { $("params").value = ""; onGameChange(true); });
  $("start").addEventListener("click", loadStart);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("engine-move").addEventListener("click", () => engineMove(true));
  $("cancel").addEventListener("click", cancelWork);
  document.addEventListener("pointerup", dropCell);
  window.addEventListener("popstate", onPopState);
  // The play convention changes every answer: the shown position is
  // explored afresh under the other one.
  $("misere").addEventListener("change", () => { if (current() && !state.busy) revalue(); });
  $("auto-engine").addEventListener("change", () => {
    // The side to move now is the human's; the engine answers it.
    const d = current();
    state.human = $("auto-engine").checked && d ? d._ply % 2 : null;
    updateToolbar();
  });
  $("hide-values").addEventListener("change", () => {
    document.body.classList.toggle("hide-values", $("hide-values").checked);
    // Drawn again, with or without the values (render leaves them out).
    if (current() && !state.busy) render();
  });
  let resizeTimer = null;
  window.addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => { if (current()) drawChart(); }, 150); });
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
    if (ev.key === "Escape" && state.work) { ev.preventDefault(); cancelWork(); }
  });
  try {
    state.games = (await getJSON("games")).games;
  } catch (e) {
    showError("cannot list the games: " + e.message);
    return;
  }
  // The games by kind, in the list and in the gallery.
  for (const [kind, title] of kinds) {
    const gs = state.games.filter((g) => kindOf(g) === kind);
    if (gs.length === 0) continue;
    const group = el("optgroup", { label: title });
    for (const g of gs) group.append(el("option", { value: g.name }, g.name + (g.params ? ":" + g.params : "") + (g.script ? " (script)" : "") + (g.database ? " (database)" : "")));
    $("game").append(group);
  }
  drawGallery();
  if (!(await fromURL())) {
    $("game").value = gameByName("nim") ? "nim" : state.games[0].name;
    onGameChange();
    $("landing").hidden = false;
  }
  setBusy(false);
  document.body.dataset.ready = "true";
}

main();

// ---- games with scores (a position's "score": the final margin for the
// player to move under perfect play, issue 34's "win by")

// moverMargin is the margin a move gives the player who makes it: the
// margin left to the player to move after it, negated when the turn
// passes (m.again: the same player moves again).
const moverMargin = (m) => (m.again ? m.score : -m.score);

// marginBadge is a move's margin for its mover (" · by +2"), "" for a
// move without a score.
function marginBadge(m) {
  if (m.score == null) return "";
  const v = moverMargin(m);
  return " · " + (v > 0 ? "wins by " + v : v < 0 ? "loses by " + -v : "ties");
}

// marginWords says a position's value in a game with scores.
function marginWords(d) {
  const [mover, other] = players(d), s = d.score, r = d.remoteness;
  const when = r != null ? " (" + r + (r === 1 ? " move" : " moves") + " to the end)" : "";
  if (s > 0) return mover + " wins by " + s + " under perfect play" + when + ".";
  if (s < 0) return other + " wins by " + -s + " under perfect play" + when + ".";
  return "A tie under perfect play: equal scores.";
}

// drawMarginChart draws the win-by view of the value history, for a game
// with scores: one row per position played, its point at the margin under
// perfect play from the first player's side (the player to move at the
// start: ahead to the left, behind to the right, a tie in the middle),
// the margin written beside it. A row's click goes back to it. The panel
// is hidden for games without scores.
function drawMarginChart() {
  const panel = $("margin-panel"), chart = $("margin-chart");
  if (!panel || !chart) return;
  const rows = state.history.slice(0, state.index + 1);
  panel.hidden = !rows.some((d) => d.score != null);
  chart.replaceChildren();
  if (panel.hidden) return;
  const W = Math.max(320, Math.round(chart.clientWidth || chart.parentNode.clientWidth || 760));
  const labelW = W < 560 ? 120 : 220, rowH = 26, top = 40;
  const H = top + Math.max(rows.length, 3) * rowH + 30;
  chart.setAttribute("viewBox", "0 0 " + W + " " + H);
  chart.setAttribute("width", W);
  chart.setAttribute("height", H);
  const left = labelW + 8, right = W - 16, cx = (left + right) / 2, half = (right - left) / 2 - 14;
  // The first player's margin at d: d.score is the margin of the player
  // to move there, who is the first player on even plies.
  const first = (d) => (d.score == null ? null : (d._ply || 0) % 2 ? -d.score : d.score);
  const margins = rows.map(first);
  const most = Math.max(2, ...margins.filter((v) => v != null).map(Math.abs));
  const x = (v) => cx - (v / most) * half;
  const names = rows.length ? ((rows[0]._ply || 0) % 2 ? players(rows[0]).slice().reverse() : players(rows[0])) : ["Player 1", "Player 2"];
  chart.append(svg("text", { x: left, y: 14, class: "side win" }, "← " + names[0] + " wins by"));
  chart.append(svg("text", { x: right, y: 14, class: "side lose", "text-anchor": "end" }, names[1] + " wins by →"));
  for (const v of ticks(-most, most, W < 560 ? 4 : 8).filter(Number.isInteger)) {
    chart.append(svg("line", { x1: x(v), x2: x(v), y1: top - 6, y2: H - 26, class: v === 0 ? "centre" : "grid" }));
    chart.append(svg("text", { x: x(v), y: top - 10, "text-anchor": "middle", class: "tick" }, String(Math.abs(v))));
  }
  let path = "";
  rows.forEach((d, i) => { if (margins[i] != null) path += (path ? " L " : "M ") + x(margins[i]) + " " + (top + i * rowH + rowH / 2); });
  chart.append(svg("path", { d: path, class: "trail" }));
  rows.forEach((d, i) => {
    const y = top + i * rowH + rowH / 2, v = margins[i];
    const whole = i === 0 ? "start" : i + ". " + playedLabel(i);
    const words = v == null ? "not known" : v > 0 ? names[0] + " wins by " + v : v < 0 ? names[1] + " wins by " + -v : "a tie";
    const row = svg("g", { class: "hrow" + (i === state.index ? " here" : ""), "data-ply": i, tabindex: "0", role: "button", "aria-label": whole + ": " + words });
    row.append(svg("title", {}, whole + ": " + words));
    row.append(svg("rect", { x: 0, y: y - rowH / 2, width: W, height: rowH, class: "hit" }));
    row.append(svg("text", { x: 4, y: y + 4, class: "move-name" }, elide(whole, Math.floor(labelW / 7.2))));
    if (v != null) {
      const cls = v > 0 ? "p1" : v < 0 ? "p2" : "draw";
      row.append(svg("circle", { cx: x(v), cy: y, r: 9, class: "pt " + cls + (i === state.index ? " current" : ""), "data-margin": v }));
      row.append(svg("text", { x: x(v) + 12, y: y + 4, class: "val" }, v > 0 ? "+" + v : String(v)));
    }
    const go = () => { if (i !== state.index && !state.busy) history.go(i - state.index); };
    row.addEventListener("click", go);
    row.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
    chart.append(row);
  });
  chart.append(svg("text", { x: cx, y: H - 8, "text-anchor": "middle" }, "the margin under perfect play, from " + names[0] + "'s side"));
}

// Gobblet Gobblers (issue 34): each square shows its top piece, S M L
// Blue's, s m l Orange's, drawn as a disc of the piece's size and colour;
// the reserves are drawn below the board. A move is two clicks: a piece
// of the reserve (or a square, for a piece on the board), then the square
// it goes to; the server labels each move "large from reserve to b2" or
// "medium a1-c3", which is how a click pair finds its move.
const isGobblet = (d) => (d.game || "").split(":")[0] === "gobblet";
const gobbletSizes = { s: "small", m: "medium", l: "large" };
function gobbletClasses(d, ch) {
  if (!isGobblet(d) || !gobbletSizes[ch.toLowerCase()]) return [];
  return ["gb-piece", ch === ch.toUpperCase() ? "gb-blue" : "gb-orange", "gb-" + gobbletSizes[ch.toLowerCase()]];
}
function gobbletName(d, ch) {
  if (!isGobblet(d)) return "";
  if (ch === ".") return "empty";
  const size = gobbletSizes[ch.toLowerCase()];
  return size ? (ch === ch.toUpperCase() ? "Blue's " : "Orange's ") + size + " piece on top" : "";
}
// gobbletCell is a grid key's square name, a1 at the top left.
const gobbletCell = (key) => { const [r, c] = key.split(",").map(Number); return "abc"[c] + (r + 1); };
// gobbletMove is the move from the picked reserve piece or square to the
// square key, or null.
function gobbletMove(d, from, key) {
  const to = gobbletCell(key);
  return movesToPlay(d).find((m) => {
    const l = m.label || m.to || "";
    return from.startsWith("res:") ? l === from.slice(4) + " from reserve to " + to : l.endsWith(" " + gobbletCell(from) + "-" + to);
  }) || null;
}
// gobbletClick plays or picks on a click on square key; false leaves the
// click to the grid (games other than Gobblet).
function gobbletClick(d, key) {
  if (!isGobblet(d)) return false;
  const pick = state.pick && state.pick.position === d.position ? state.pick.cell : null;
  if (pick && pick !== key) {
    const m = gobbletMove(d, pick, key);
    state.pick = null;
    if (m) { playMove(d, m); return true; }
  }
  state.pick = pick === key ? null : { position: d.position, cell: key };
  drawBoard(d);
  return true;
}
// gobbletReserves draws both players' reserves under the board, the
// mover's pieces clickable, and the help line; false for other games.
function gobbletReserves(d, box) {
  if (!isGobblet(d)) return false;
  const board = ((d.board && d.board.text) || d.position || "").split(":")[0];
  const pick = state.pick && state.pick.position === d.position ? state.pick.cell : null;
  const orangeToMove = /:o$/.test(d.position || "");
  // gobblet:SIZES,PER has the smallest SIZES sizes, PER pieces of each.
  const [sizes, per] = ((d.game || "").split(":")[1] || "3,2").split(",").map(Number);
  for (const [who, letters, mover] of [["Blue", "SML".slice(0, sizes), !orangeToMove], ["Orange", "sml".slice(0, sizes), orangeToMove]]) {
    const row = el("div", { class: "gb-reserve", role: "group", "aria-label": who + "'s reserve" }, el("span", {}, who + ": "));
    for (const ch of letters) {
      const size = gobbletSizes[ch.toLowerCase()], left = per - board.split(ch).length + 1;
      for (let i = 0; i < left; i++) {
        const key = "res:" + size, playable = mover && movesToPlay(d).some((m) => (m.label || "").startsWith(size + " from reserve"));
        const b = el("button", { type: "button", class: ["gb-res", "gb-piece", "gb-" + who.toLowerCase(), "gb-" + size].concat(pick === key ? ["picked"] : []).join(" "),
          "aria-label": who + "'s " + size + " piece in reserve", title: who + "'s " + size + " piece in reserve" }, ch);
        b.disabled = !playable;
        b.addEventListener("click", () => { state.pick = pick === key ? null : { position: d.position, cell: key }; drawBoard(d); });
        row.append(b);
      }
    }
    box.append(row);
  }
  box.append(el("p", { class: "help", id: "grid-help" }, pick ? "Now click the square the piece goes to." :
    "Click a piece of your reserve or one of your pieces on the board, then the square it goes to (empty, or holding a smaller piece)."));
  return true;
}

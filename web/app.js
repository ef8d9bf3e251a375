/*
 * app.js - the page: play a game against Chariot or analyse a position, for
 * xiangqi or chess. Two engine workers (engine.js): the player, which searches,
 * and the referee, which answers for the rules (legal moves, notation, the end
 * of the game) so that no rule is written twice. The threaded build is used
 * where the page is cross-origin isolated (`make serve`), the single-threaded
 * one elsewhere. URL parameters: game=xiangqi|chess, mode=analyse, side=second (the
 * engine moves first), fen=FEN, threads=0 (the single-threaded build even where
 * threads could run). The board is drawn before the engines load; opened as a
 * file (file://) the page says how to serve it, since no browser starts a
 * WebAssembly worker from a file. Review the game (review.js): the player's
 * worker searches every position, the referee judges the moves (the same
 * judgement as `chariot annotate`); the graph goes under the board.
 *
 * window.chariot exposes the state for the browser test (tests/web/).
 */
import {Board, fenPieces} from './board.js';
import {Engine} from './engine.js';
import {reviewGame, drawGraph, betterLine, markClass} from './review.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const COLOR_NAMES = {xiangqi: {first: 'Red', second: 'Black'}, chess: {first: 'White', second: 'Black'}};
/* Scores as the engine sends them (src/engine/types.h): mates as `score mate N`; a win or loss by a rule
 * (a repetition the rules decide) as `score cp` within MAX_PLY of RULE_WIN. */
const MATE = 30000, MAX_PLY = 128;
const RULE_WIN = MATE - MAX_PLY - 1, RULE_IN_MAX = RULE_WIN - MAX_PLY;
const STARTPOS = {xiangqi: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
                  chess: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'};

const app = {
  game: params.get('game') === 'chess' ? 'chess' : 'xiangqi',
  mode: 'play',
  human: 'first',
  start: 'startpos', /* 'startpos' or 'fen <FEN>' */
  moves: [],
  cursor: null,      /* the ply shown when stepping through the moves; null: the position now */
  state: null,       /* the referee's answer for the position shown */
  notes: [],         /* each move in WXF/SAN and the native notation */
  flipped: false,
  style: 'chinese',
  generation: 0,     /* bumped at every change; a stale async step sees it and gives up */
  thinking: 0,       /* the generation the engine is choosing a move for (0: none) */
  timing: {start: performance.now()},
  lines: [],
  pending: {depth: 0, lines: []}, /* the lines of the depth under way, shown when all have come */
  lastInfo: null,
  review: null,      /* the last review: {key (the game it is of), positions, judged, depth, better} */
  reviewing: 0,      /* the run under way (0: none); a run that finds another number gives up */
  reviewRuns: 0,
};
window.chariot = app;

/* A move as the page writes it: Chinese notation with Chinese pieces in xiangqi, else WXF or SAN. */
function moveText(n) { return app.style === 'chinese' && app.game === 'xiangqi' ? n.native : n.human; }

/* Whether the side that moves first (Red, White) has the game's first move: 'fen BOARD SIDE ...' says. */
function firstMovesFirst() { return app.start === 'startpos' || app.start.split(' ')[2] !== 'b'; }

/* The position after the first k moves (all of them by default), as UCI's position takes it. */
function spec(k = app.moves.length) { return app.start + (k ? ' moves ' + app.moves.slice(0, k).join(' ') : ''); }
function viewing() { return app.cursor !== null && app.cursor < app.moves.length; }

const board = new Board($('board'), {
  onMove: (from, to) => humanMove(from, to),
  canMove: (sq) => {
    if (!app.state || app.state.result !== '*' || app.thinking === app.generation) return false;
    if (app.mode === 'play' && (app.state.side !== app.human || viewing())) return false;
    return app.state.legal.some((m) => m.startsWith(sq));
  },
});

async function startEngines() {
  const threads = self.crossOriginIsolated && params.get('threads') !== '0';
  app.engine?.terminate();
  app.referee?.terminate();
  app.engine = new Engine(app.game, threads);
  app.referee = new Engine(app.game, false);
  app.engine.listeners.add(onEngineLine);
  const info = await app.engine.ready;
  await app.referee.ready;
  app.threaded = info.threaded;
  const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 16)); /* the build's pool (Makefile) */
  $('threads').replaceChildren(...Array.from({length: threads ? cores : 1}, (_, i) => new Option(String(i + 1))));
  $('threads').value = String(threads ? cores : 1);
  $('threads').disabled = !threads;
  $('threads').title = threads ? '' : 'one thread: the page is not cross-origin isolated';
  setEloChoices(await app.engine.request('uci', 'option name UCI_Elo'));
  await applySettings(false);
  app.timing.engineReady = performance.now();
}

/* The Strength choices: every 200 Elo down from the top of the range this game's engine measured (its
 * UCI_Elo option, docs/strength.md), and the bottom of it; the choice made stays where the new range has it. */
function setEloChoices(option) {
  const [, min, max] = option.match(/min (\d+) max (\d+)/).map(Number);
  app.eloRange = {min, max};
  const values = [];
  for (let v = Math.floor(max / 100) * 100; v >= min; v -= 200) values.push(v);
  const bottom = Math.ceil(min / 100) * 100;
  if (values.length && values[values.length - 1] - bottom >= 100) values.push(bottom);
  const chosen = $('elo').value;
  $('elo').replaceChildren(new Option('full', ''), ...values.map((v) => new Option(`${v} Elo`, String(v))));
  $('elo').value = values.includes(Number(chosen)) ? chosen : '';
}

/* Threads and Hash from the selects; an error from the engine is shown under them. */
async function applySettings(again) {
  await app.engine.stop();
  const errors = [];
  const f = (line) => { if (line.startsWith('info string error')) errors.push(line.slice(18)); };
  app.engine.listeners.add(f);
  if (app.engine.threaded) app.engine.send(`setoption name Threads value ${$('threads').value}`);
  app.engine.send(`setoption name Hash value ${$('hash').value}`);
  await app.engine.request('isready', 'readyok');
  app.engine.listeners.delete(f);
  $('engine-error').textContent = errors.join(' ');
  const threads = Number($('threads').value);
  $('build').textContent = `${app.game} engine: WebAssembly, ${threads > 1 ? threads + ' threads' : 'one thread'}` +
    `${app.engine.threaded ? '' : ' (no threads in this page)'}, ${$('hash').value} MiB hash`;
  if (again) refresh();
  app.timing.engineReady = performance.now();
}

function setColorNames() {
  const names = COLOR_NAMES[app.game];
  $('side').options[0].textContent = names.first;
  $('side').options[1].textContent = names.second;
  $('pieces').options[0].textContent = app.game === 'chess' ? 'Symbols' : 'Chinese pieces';
}

function resultText(state) {
  const names = COLOR_NAMES[app.game];
  const who = state.result === '1-0' ? `${names.first} wins` : state.result === '0-1' ? `${names.second} wins` : 'Draw';
  return `${who} (${state.result}): ${state.reason}`;
}

/* Where the king of the side to move stands, when it is in check. */
function checkSquare(state) {
  if (!state.check) return null;
  const king = state.side === 'first' ? 'K' : 'k';
  const pieces = fenPieces(app.game, state.fen);
  return Object.keys(pieces).find((sq) => pieces[sq] === king) || null;
}

async function refresh() {
  const gen = ++app.generation;
  if (!app.reviewing) await app.engine.stop(); /* a review's searches go on while its positions are looked at */
  if (!viewing()) app.cursor = null;
  const shown = viewing() ? app.cursor : app.moves.length;
  const sp = spec(shown);
  const [state, line, live] = await Promise.all([app.referee.query('state ' + sp),
                                                 app.referee.query(`line ${app.start} | ${app.moves.join(' ')}`),
                                                 viewing() ? app.referee.query('state ' + spec()) : null]);
  if (gen !== app.generation) return;
  app.liveResult = {result: (live || state).result, reason: (live || state).reason};
  if (state.error) { $('fen-error').textContent = state.error; return; }
  app.state = state;
  app.stateSpec = sp; /* the position app.state describes */
  app.notes = line.moves || [];
  const last = shown ? app.moves[shown - 1] : null;
  board.set({game: app.game, fen: state.fen, legal: state.legal, flipped: app.flipped, style: app.style,
             lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null, checkSquare: checkSquare(state)});
  if (document.activeElement !== $('fen')) $('fen').value = state.fen; /* not under the user's typing */
  drawMoves();
  drawReview();
  $('pgn-download').hidden = true;
  const over = state.result !== '*';
  $('result').hidden = !over;
  if (over) $('result').textContent = resultText(state);
  think(gen);
}

function drawMoves() {
  const ol = $('moves');
  ol.replaceChildren();
  const firstToMove = firstMovesFirst();
  let li = null;
  app.notes.forEach((n, i) => {
    const first = (i % 2 === 0) === firstToMove;
    if (!li || first) { li = document.createElement('li'); ol.appendChild(li); }
    const s = document.createElement('span');
    s.textContent = moveText(n);
    s.title = `${n.human} (${n.uci})`;
    s.dataset.uci = n.uci;
    s.dataset.ply = String(i + 1);
    const judged = currentReview()?.judged.moves?.[i];
    if (judged?.mark) {
      s.textContent += judged.mark;
      s.classList.add(markClass(judged.mark));
      s.title += `: ${judged.word}, loses ${(judged.loss / 10).toFixed(1)}% of the expected score` +
        (app.review.better[i] ? `; better ${app.review.better[i]}` : '');
    }
    if (viewing() && i + 1 === app.cursor) s.classList.add('current');
    li.appendChild(s);
  });
  const current = ol.querySelector('.current');
  if (current) current.scrollIntoView({block: 'nearest'});
  else ol.scrollTop = ol.scrollHeight;
}

async function think(gen) {
  const st = app.state;
  if (app.reviewing) { $('status').textContent = 'Reviewing the game…'; return; }
  if (st.result !== '*') { $('status').textContent = 'Game over.'; return; }
  const mover = COLOR_NAMES[app.game][st.side];
  if (app.mode === 'analyse') {
    $('status').textContent = `Analysing (${mover} to move)…`;
    resetLines();
    app.engine.go('infinite', [`setoption name MultiPV value ${$('multipv').value}`, 'setoption name UCI_LimitStrength value false',
                               'position ' + app.stateSpec]);
    return;
  }
  if (viewing()) {
    $('status').textContent = `Move ${app.cursor} of ${app.moves.length}: › or » goes back to the game.`;
    return;
  }
  if (st.side === app.human) { $('status').textContent = `Your move (${mover}).`; return; }
  $('status').textContent = `${mover} is thinking…`;
  app.thinking = gen; /* the engine is choosing a move for this position */
  const elo = $('elo').value;
  const strength = elo ? ['setoption name UCI_LimitStrength value true', `setoption name UCI_Elo value ${elo}`]
                       : ['setoption name UCI_LimitStrength value false'];
  const best = await app.engine.go($('limit').value, ['setoption name MultiPV value 1', ...strength, 'position ' + spec()]);
  if (gen !== app.generation) return;
  app.thinking = 0;
  const move = best.split(' ')[1];
  if (!st.legal.includes(move)) { $('status').textContent = `The engine answered '${best}', not a legal move.`; return; }
  if (app.timing.firstMove === undefined) app.timing.firstMove = performance.now();
  app.moves.push(move);
  refresh();
}

function humanMove(from, to) {
  const candidates = app.state.legal.filter((m) => m.startsWith(from + to));
  if (!candidates.length) return;
  if (candidates.length === 1) { play(candidates[0]); return; }
  const box = $('promotion'); /* chess promotions: one move per piece */
  box.hidden = false;
  box.onclick = (e) => {
    const p = e.target.dataset?.piece;
    if (!p) return;
    box.hidden = true;
    play(candidates.find((m) => m.endsWith(p)) || candidates[0]);
  };
}

function play(move) {
  if (viewing()) app.moves = app.moves.slice(0, app.cursor); /* analysis: a move here starts a new line */
  app.cursor = null;
  app.moves.push(move);
  refresh();
}

/* Stepping through the moves: the position after ply k (0: the start; the last: the game now). */
function goTo(k) {
  const n = app.moves.length;
  k = Math.max(0, Math.min(n, k));
  const now = viewing() ? app.cursor : n;
  if (k === now) return;
  app.cursor = k === n ? null : k;
  refresh();
}

/* Engine output: the analysis panel and the evaluation bar. */
function onEngineLine(line) {
  if (!line.startsWith('info ') || !line.includes(' pv ')) return;
  const f = line.split(' ');
  const get = (k) => { const i = f.indexOf(k); return i < 0 ? null : f[i + 1]; };
  const k = Number(get('multipv') || 1);
  const info = {depth: Number(get('depth')), nodes: Number(get('nodes')), nps: Number(get('nps')),
                pv: f.slice(f.indexOf('pv') + 1), multipv: k};
  const i = f.indexOf('score');
  info.mate = f[i + 1] === 'mate' ? Number(f[i + 2]) : null;
  info.cp = f[i + 1] === 'cp' ? Number(f[i + 2]) : null;
  info.rule = info.cp !== null && Math.abs(info.cp) >= RULE_IN_MAX ? Math.sign(info.cp) : 0; /* a rule verdict */
  app.lastInfo = info;
  $('depth').textContent = `depth ${info.depth}`;
  $('nps').textContent = `${Math.round(info.nps / 1000)} kn/s`;
  $('nodes').textContent = `${info.nodes} nodes`;
  if (k === 1) drawEval(info);
  if (app.mode !== 'analyse') return;
  const gen = app.generation, sp = app.stateSpec;
  app.referee.query(`line ${sp} | ${info.pv.join(' ')}`).then((r) => {
    if (gen !== app.generation) return;
    /* The lines shown are one iteration's: a depth's lines are gathered and shown together once all have
     * come (before any is shown, the first ones at once), so that line 1 of a new depth never stands beside
     * line 2 of the last one (the same move twice); a line of an older depth that comes late is dropped. */
    const p = app.pending;
    if (info.depth > p.depth) { p.lines = []; p.depth = info.depth; }
    else if (info.depth < p.depth) return;
    p.lines[k - 1] = {info, notes: r.moves || []};
    const want = Math.min(Number($('multipv').value), app.state?.legal?.length || 1);
    if (p.lines.filter(Boolean).length >= want || !app.lines.length) {
      app.lines = [...p.lines];
      drawLines();
    }
  });
}

function scoreText(info, side) {
  const sign = side === 'first' ? 1 : -1; /* written from the first player's side, as GUIs do */
  if (info.mate !== null) return `#${info.mate * sign}`;
  if (info.rule) return `${COLOR_NAMES[app.game][info.rule * sign > 0 ? 'first' : 'second']} wins (rule)`;
  const v = (info.cp * sign) / 100;
  return (v > 0 ? '+' : '') + v.toFixed(2);
}

function drawEval(info) {
  const side = app.state?.side || 'first';
  const sign = side === 'first' ? 1 : -1;
  const cp = info.mate !== null ? Math.sign(info.mate) * MATE : info.rule ? info.rule * MATE : info.cp;
  const pct = 100 / (1 + Math.exp((-cp * sign) / 250));
  $('evalfill').style.height = `${pct.toFixed(1)}%`;
  $('evaltext').textContent = scoreText(info, side);
  $('evalbar').classList.toggle('first-red', app.game === 'xiangqi');
}

/* A line of moves with their numbers, from the position's FEN (its side to move and move number):
 * "3... Nf6 4. Bc4", as players write a variation. */
function numberedLine(moves, fen) {
  const f = (fen || '').split(' ');
  let second = f[1] === 'b', n = Number(f[5]) || 1;
  const out = [];
  moves.forEach((m, i) => {
    if (!second) out.push(`${n}.`);
    else if (i === 0) out.push(`${n}...`);
    out.push(m);
    if (second) n++;
    second = !second;
  });
  return out.join(' ');
}

function drawLines() {
  const ol = $('lines');
  ol.replaceChildren();
  for (const l of app.lines) {
    if (!l) continue;
    const li = document.createElement('li');
    const human = numberedLine(l.notes.map(moveText), app.state?.fen);
    li.innerHTML = `<span class="score"></span><span class="human"></span><span class="iccs"></span>`;
    li.querySelector('.score').textContent = `${scoreText(l.info, app.state.side)} d${l.info.depth}`;
    li.querySelector('.human').textContent = human;
    li.querySelector('.iccs').textContent = l.info.pv.join(' ');
    ol.appendChild(li);
  }
}

/* No lines shown or gathered (a new search, another position or number of lines). */
function resetLines() {
  app.lines = [];
  app.pending = {depth: 0, lines: []};
}

/* No figures of a search that was about another position. */
function clearFigures() {
  resetLines();
  app.lastInfo = null;
  drawLines();
  $('depth').textContent = 'depth -';
  $('nps').textContent = '- kn/s';
  $('nodes').textContent = '- nodes';
  $('evaltext').textContent = '0.00';
  $('evalfill').style.height = '50%';
}

async function newGame(start, moves = []) {
  app.reviewing = 0; /* a review of the game replaced ends (its last search is stopped below) */
  showReviewButtons();
  app.start = start || 'startpos';
  app.moves = moves;
  app.cursor = null;
  app.generation++;
  await app.engine.stop(); /* the last search's lines come before its bestmove: then none is left to show */
  clearFigures();
  $('fen-error').textContent = '';
  app.engine.send('ucinewgame');
  await refresh();
}

/* The game as PGN, as `play`'s save writes it: the seven tags (the colours as the game names them), xiangqi's
 * Game and Format tags, SetUp and FEN when it did not start from the usual position; moves in WXF or SAN. */
function pgnText() {
  const names = COLOR_NAMES[app.game];
  const d = new Date(), pad = (x) => String(x).padStart(2, '0');
  const live = app.liveResult || {result: '*', reason: ''};
  const player = (side) => (app.mode === 'play' ? (side === app.human ? 'Player' : 'Chariot') : '?');
  const tags = [['Event', 'Chariot page'], ['Site', '?'], ['Date', `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`],
                ['Round', '-'], [names.first, player('first')], [names.second, player('second')], ['Result', live.result]];
  if (app.game === 'xiangqi') tags.push(['Game', 'Chinese Chess'], ['Format', 'WXF']);
  if (app.start !== 'startpos') tags.push(['SetUp', '1'], ['FEN', app.start.slice(4)]);
  let text = tags.map(([k, v]) => `[${k} "${String(v).replace(/["\\]/g, '\\$&')}"]`).join('\n') + '\n\n';
  const firstToMove = firstMovesFirst();
  const words = [];
  let number = 1;
  app.notes.forEach((n, i) => {
    const first = (i % 2 === 0) === firstToMove;
    if (first) words.push(`${number}.`);
    else if (i === 0) words.push('1...');
    words.push(n.human);
    if (!first) number++;
  });
  if (live.result !== '*' && live.reason) words.push(`{${live.reason}}`);
  words.push(live.result);
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) { text += line + '\n'; line = ''; }
    line += (line ? ' ' : '') + w;
  }
  return text + line + '\n';
}

/* The start and the moves of a PGN game (the first in the text): tags, comments, variations, NAGs ($1),
 * annotations (!?), move numbers (12. 12... 1. ...) and the result are passed over. */
function parsePgn(text) {
  const fen = (text.match(/\[FEN\s+"([^"]*)"\]/) || [])[1];
  const body = text.replace(/^\s*\[[^\]]*\]\s*$/gm, ' ').replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  let depth = 0, flat = '';
  for (const ch of body) { /* variations nest */
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (!depth) flat += ch;
  }
  const words = [];
  for (let w of flat.split(/\s+/)) {
    if (!w || /^\$\d+$/.test(w) || /^\.+$/.test(w)) continue;
    if (['1-0', '0-1', '1/2-1/2', '*'].includes(w)) break;
    const num = w.match(/^\d+\.+(.*)$/); /* a move number, alone or glued to its move (12.C2.5); 15.6 is a move */
    if (num && !num[1]) continue;
    if (num && !/^\d/.test(num[1])) w = num[1];
    w = w.replace(/[!?]+$/, '');
    if (w) words.push(w);
  }
  return {start: fen ? 'fen ' + fen.trim() : 'startpos', words};
}

async function importPgn(text) {
  const {start, words} = parsePgn(text);
  $('pgn-error').textContent = '';
  const r = await app.referee.query(`line ${start} | ${words.join(' ')}`);
  if (r.error) { $('pgn-error').textContent = `PGN: ${r.error}`; return; }
  const got = r.moves || [];
  if (got.length < words.length) {
    $('pgn-error').textContent = `PGN: '${words[got.length]}' (move ${got.length + 1}) is not a legal move there; the game stays as it was`;
    return;
  }
  await newGame(start, got.map((m) => m.uci));
}

async function switchGame(game) {
  app.reviewing = 0;
  app.game = game;
  app.generation++;
  history.replaceState(null, '', `?game=${game}${params.get('threads') === '0' ? '&threads=0' : ''}`);
  setColorNames();
  $('status').textContent = 'Loading the engine…';
  await startEngines();
  await newGame();
}

$('game').value = app.game;
$('game').onchange = () => switchGame($('game').value);
/* In Analyse mode the choices that only a game against the engine has (your side, its limit and strength)
 * are hidden; the board's buttons stay. */
function showMode() {
  $('play-only').hidden = app.mode === 'analyse';
  $('play-legend').textContent = app.mode === 'analyse' ? 'Board' : 'Play';
}
$('mode').onchange = () => { app.mode = $('mode').value; resetLines(); showMode(); drawLines(); refresh(); };
$('side').onchange = () => { app.human = $('side').value; app.flipped = app.human === 'second'; refresh(); };
$('limit').onchange = () => refresh();
$('threads').onchange = () => applySettings(true);
$('hash').onchange = () => applySettings(true);
$('multipv').onchange = () => { resetLines(); refresh(); };
/* The PGN box and its message, when the game they spoke of is replaced (New game, Set FEN). */
function clearPgnBox() {
  $('pgn').value = '';
  $('pgn-error').textContent = '';
}
$('new').onclick = () => { clearPgnBox(); newGame(app.start); };
$('flip').onclick = () => { app.flipped = !app.flipped; board.set({flipped: app.flipped}); };
$('pieces').onchange = () => { app.style = $('pieces').value; board.set({style: app.style}); drawMoves(); drawLines(); };
$('takeback').onclick = () => {
  if (viewing()) { goTo(app.moves.length); return; } /* first back to the game */
  if (!app.moves.length) return;
  app.moves.pop();
  if (app.mode === 'play' && app.moves.length && app.state && app.state.side === app.human) app.moves.pop();
  refresh();
};
$('setfen').onclick = async () => {
  const fen = $('fen').value.trim();
  const r = await app.referee.query('state fen ' + fen);
  if (r.error) { $('fen-error').textContent = r.error; return; }
  clearPgnBox(); /* what it held was another game's */
  await newGame('fen ' + fen);
};
$('copyfen').onclick = async () => {
  $('fen').select();
  try { await navigator.clipboard.writeText($('fen').value); $('fen-error').textContent = 'Copied.'; }
  catch { document.execCommand?.('copy'); }
};

$('nav-first').onclick = () => goTo(0);
$('nav-back').onclick = () => goTo((viewing() ? app.cursor : app.moves.length) - 1);
$('nav-forward').onclick = () => goTo((viewing() ? app.cursor : app.moves.length) + 1);
$('nav-last').onclick = () => goTo(app.moves.length);
$('moves').onclick = (e) => { if (e.target.dataset?.ply) goTo(Number(e.target.dataset.ply)); };
document.addEventListener('keydown', (e) => {
  if (e.target.closest?.('input, textarea, select')) return;
  const keys = {ArrowLeft: 'nav-back', ArrowRight: 'nav-forward', Home: 'nav-first', End: 'nav-last'};
  if (keys[e.key]) { e.preventDefault(); $(keys[e.key]).click(); }
});
$('elo').onchange = () => refresh();
$('pgn-export').onclick = () => {
  const text = pgnText();
  $('pgn').value = text;
  $('pgn-error').textContent = '';
  const a = $('pgn-download');
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], {type: 'application/x-chess-pgn'}));
  a.hidden = false;
};
$('pgn-import').onclick = () => importPgn($('pgn').value);
/* A PGN file from the device: into the box, and imported. */
$('pgn-file').onchange = async () => {
  const file = $('pgn-file').files[0];
  if (!file) return;
  $('pgn').value = await file.text();
  $('pgn-file').value = '';
  await importPgn($('pgn').value);
};

/* --- Review a game (review.js). --- */
const gameKey = () => `${app.start}|${app.moves.join(' ')}`;
/* The last review, when it is of the game on the board. */
function currentReview() { return app.review && app.review.key === gameKey() ? app.review : null; }

function showReviewButtons() {
  $('review-start').hidden = !!app.reviewing;
  $('review-stop').hidden = !app.reviewing;
}

function sideText(name, t) {
  if (!t.moves) return `${name}: no move judged`;
  const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  return `${name}: ${n(t.inaccuracies, 'inaccuracy', 'inaccuracies')}, ${n(t.mistakes, 'mistake', 'mistakes')}, ` +
    `${n(t.blunders, 'blunder', 'blunders')}, accuracy ${Math.round(t.accuracy)}%`;
}

/* The graph under the board, each side's summary and the marked moves, for the game on the board. */
function drawReview() {
  const r = currentReview();
  $('review-graph').hidden = !r;
  $('review-marks').replaceChildren();
  if (!r) {
    $('review-summary').textContent = '';
    if (!app.reviewing) $('review-status').textContent = app.review ? 'The game has changed since its review.' : '';
    return;
  }
  $('review-graph').classList.toggle('first-red', app.game === 'xiangqi');
  drawGraph($('review-graph'), r, app.notes.map(moveText), viewing() ? app.cursor : app.moves.length, (ply) => goTo(ply));
  const names = COLOR_NAMES[app.game];
  $('review-summary').replaceChildren(...['first', 'second'].map((side) => {
    const div = document.createElement('div');
    div.textContent = sideText(names[side], r.judged.sides[side]);
    return div;
  }));
  const firstToMove = firstMovesFirst();
  (r.judged.moves || []).forEach((m, i) => {
    if (!m?.mark) return;
    const li = document.createElement('li');
    const n = app.notes[i];
    const number = Math.floor((i + (firstToMove ? 0 : 1)) / 2) + 1;
    const first = (i % 2 === 0) === firstToMove;
    const move = n ? moveText(n) : '';
    li.innerHTML = '<span class="move"></span> <span class="word"></span> <span class="better"></span>';
    li.querySelector('.move').textContent = `${number}${first ? '.' : '...'} ${move}${m.mark}`;
    li.querySelector('.move').classList.add(markClass(m.mark));
    li.querySelector('.word').textContent = `${m.word}${m.missed_mate ? ' (a missed mate)' : ''}, ` +
      `−${(m.loss / 10).toFixed(1)}%`;
    li.querySelector('.better').textContent = r.better[i] ? `better ${r.better[i]}` : '';
    li.dataset.ply = String(i + 1);
    li.onclick = () => goTo(i + 1);
    $('review-marks').appendChild(li);
  });
}

async function startReview() {
  if (app.reviewing) return;
  if (!app.moves.length) { $('review-status').textContent = 'No moves to review: play or import a game first.'; return; }
  const run = ++app.reviewRuns;
  app.reviewing = run;
  showReviewButtons();
  /* the game as it stands: a move the engine is choosing in a game against it is not played (think() sees the
   * generation change), and Analyse mode, where the engine does not move on, follows the review */
  if (app.mode === 'play') { app.mode = 'analyse'; $('mode').value = 'analyse'; showMode(); }
  app.generation++;
  app.thinking = 0;
  await app.engine.stop();
  const key = gameKey(), start = app.start, moves = [...app.moves];
  const depth = Number($('review-depth').value);
  $('status').textContent = 'Reviewing the game…';
  const t0 = performance.now();
  let result;
  try {
    result = await reviewGame({
      engine: app.engine, referee: app.referee, start, moves, depth,
      cancelled: () => app.reviewing !== run,
      onProgress: (done, total) => {
        const left = done ? ((performance.now() - t0) / done) * (total - done) / 1000 : 0;
        $('review-status').textContent = `Reviewing at depth ${depth}: position ${done} of ${total}` +
          (done ? `, about ${Math.ceil(left)} s left` : '');
      },
    });
  } catch (e) {
    $('review-status').textContent = `The review failed: ${e.message}`;
  }
  /* The review ends (app.reviewing back to 0) in the same turn as its result is kept: whoever sees it ended sees
   * this review, not the last one, in app.review (the better lines below are asked for in between). */
  const end = () => {
    if (app.reviewing === run) app.reviewing = 0;
    showReviewButtons();
  };
  if (!result || gameKey() !== key) { /* another game by now */
    const finished = app.reviewing === run;
    end();
    if (finished) refresh();
    return;
  }
  if (result.judged.error) { end(); $('review-status').textContent = `The review failed: ${result.judged.error}`; return; }
  const better = [];
  for (const [i, m] of (result.judged.moves || []).entries()) {
    const p = result.positions[i];
    if (m?.mark && p?.pv?.length) better[i] = await betterLine(app.referee, start + (i ? ' moves ' + moves.slice(0, i).join(' ') : ''), p.pv, moveText);
  }
  const searched = result.positions.filter(Boolean).length;
  app.review = {key, depth, better, ...result};
  end();
  $('review-status').textContent = searched === moves.length + 1
    ? `Reviewed at depth ${depth} in ${((performance.now() - t0) / 1000).toFixed(1)} s.`
    : `Stopped: ${searched} of ${moves.length + 1} positions searched at depth ${depth}, the moves between them judged.`;
  refresh();
}
$('review-start').onclick = () => startReview();
$('review-stop').onclick = () => { app.reviewing = 0; app.engine.stop(); };

if (params.get('mode') === 'analyse') { app.mode = 'analyse'; $('mode').value = 'analyse'; }
showMode();
if (params.get('side') === 'second') { app.human = 'second'; app.flipped = true; $('side').value = 'second'; }
setColorNames();
board.set({game: app.game, fen: params.get('fen') || STARTPOS[app.game], legal: [], flipped: app.flipped, style: app.style});
if (location.protocol === 'file:') {
  $('status').textContent = 'Opened as a file, the page cannot start the engine: browsers load its WebAssembly worker ' +
    'only from a web server. Serve it: `make serve` in the source tree, then open http://localhost:8080/ ' +
    '(or any static server on web/, such as python3 -m http.server -d web 8080).';
  $('status').className = 'error';
} else {
  startEngines().then(() => newGame(params.get('fen') ? 'fen ' + params.get('fen') : 'startpos'))
    .catch((e) => { $('status').textContent = 'The engine could not start: ' + e.message; });
}

/*
 * app.js - the page: play a game against Chariot or analyse a position, for
 * xiangqi or chess. Two engine workers (engine.js): the player, which searches,
 * and the referee, which answers for the rules (legal moves, notation, the end
 * of the game) so that no rule is written twice. The threaded build is used
 * where the page is cross-origin isolated (`make serve`), the single-threaded
 * one elsewhere. URL parameters: game=xiangqi|chess, mode=analyse, side=second (the
 * engine moves first), fen=FEN, threads=0 (the single-threaded build even where
 * threads could run).
 *
 * window.chariot exposes the state for the browser test (tests/web/).
 */
import {Board, fenPieces} from './board.js';
import {Engine} from './engine.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const COLOR_NAMES = {xiangqi: {first: 'Red', second: 'Black'}, chess: {first: 'White', second: 'Black'}};
const MATE = 30000; /* scores at least this far from 0 are written as mates by the engine */

const app = {
  game: params.get('game') === 'chess' ? 'chess' : 'xiangqi',
  mode: 'play',
  human: 'first',
  start: 'startpos', /* 'startpos' or 'fen <FEN>' */
  moves: [],
  state: null,       /* the referee's answer for the current position */
  notes: [],         /* each move in WXF/SAN and the native notation */
  flipped: false,
  style: 'chinese',
  generation: 0,     /* bumped at every change; a stale async step sees it and gives up */
  thinking: 0,       /* the generation the engine is choosing a move for (0: none) */
  timing: {start: performance.now()},
  lines: [],
  lastInfo: null,
};
window.chariot = app;

function spec() { return app.start + (app.moves.length ? ' moves ' + app.moves.join(' ') : ''); }

const board = new Board($('board'), {
  onMove: (from, to) => humanMove(from, to),
  canMove: (sq) => {
    if (!app.state || app.state.result !== '*' || app.thinking === app.generation) return false;
    if (app.mode === 'play' && app.state.side !== app.human) return false;
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
  await applySettings(false);
  app.timing.engineReady = performance.now();
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
  await app.engine.stop();
  const sp = spec();
  const [state, line] = await Promise.all([app.referee.query('state ' + sp),
                                           app.referee.query(`line ${app.start} | ${app.moves.join(' ')}`)]);
  if (gen !== app.generation) return;
  if (state.error) { $('fen-error').textContent = state.error; return; }
  app.state = state;
  app.stateSpec = sp; /* the position app.state describes */
  app.notes = line.moves || [];
  const last = app.moves.length ? app.moves[app.moves.length - 1] : null;
  board.set({game: app.game, fen: state.fen, legal: state.legal, flipped: app.flipped, style: app.style,
             lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null, checkSquare: checkSquare(state)});
  if (document.activeElement !== $('fen')) $('fen').value = state.fen; /* not under the user's typing */
  drawMoves();
  const over = state.result !== '*';
  $('result').hidden = !over;
  if (over) $('result').textContent = resultText(state);
  think(gen);
}

function drawMoves() {
  const ol = $('moves');
  ol.replaceChildren();
  const firstToMove = app.start === 'startpos' || app.start.split(' ')[2] !== 'b'; /* 'fen BOARD SIDE ...' */
  let li = null;
  app.notes.forEach((n, i) => {
    const first = (i % 2 === 0) === firstToMove;
    if (!li || first) { li = document.createElement('li'); ol.appendChild(li); }
    const s = document.createElement('span');
    s.textContent = app.style === 'chinese' && app.game === 'xiangqi' ? n.native : n.human;
    s.title = `${n.human} (${n.uci})`;
    s.dataset.uci = n.uci;
    li.appendChild(s);
  });
  ol.scrollTop = ol.scrollHeight;
}

async function think(gen) {
  const st = app.state;
  if (st.result !== '*') { $('status').textContent = 'Game over.'; return; }
  const mover = COLOR_NAMES[app.game][st.side];
  if (app.mode === 'analyse') {
    $('status').textContent = `Analysing (${mover} to move)…`;
    app.lines = [];
    app.engine.go('infinite', [`setoption name MultiPV value ${$('multipv').value}`, 'position ' + spec()]);
    return;
  }
  if (st.side === app.human) { $('status').textContent = `Your move (${mover}).`; return; }
  $('status').textContent = `${mover} is thinking…`;
  app.thinking = gen; /* the engine is choosing a move for this position */
  const best = await app.engine.go($('limit').value, ['setoption name MultiPV value 1', 'position ' + spec()]);
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
  app.moves.push(move);
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
  app.lastInfo = info;
  $('depth').textContent = `depth ${info.depth}`;
  $('nps').textContent = `${Math.round(info.nps / 1000)} kn/s`;
  $('nodes').textContent = `${info.nodes} nodes`;
  if (k === 1) drawEval(info);
  if (app.mode !== 'analyse') return;
  const gen = app.generation, sp = spec();
  app.referee.query(`line ${sp} | ${info.pv.join(' ')}`).then((r) => {
    if (gen !== app.generation) return;
    app.lines[k - 1] = {info, notes: r.moves || []};
    drawLines();
  });
}

function scoreText(info, side) {
  const sign = side === 'first' ? 1 : -1; /* written from the first player's side, as GUIs do */
  if (info.mate !== null) return `#${info.mate * sign}`;
  const v = (info.cp * sign) / 100;
  return (v > 0 ? '+' : '') + v.toFixed(2);
}

function drawEval(info) {
  const side = app.state?.side || 'first';
  const sign = side === 'first' ? 1 : -1;
  const cp = info.mate !== null ? Math.sign(info.mate) * MATE : info.cp;
  const pct = 100 / (1 + Math.exp((-cp * sign) / 250));
  $('evalfill').style.height = `${pct.toFixed(1)}%`;
  $('evaltext').textContent = scoreText(info, side);
  $('evalbar').classList.toggle('first-red', app.game === 'xiangqi');
}

function drawLines() {
  const ol = $('lines');
  ol.replaceChildren();
  for (const l of app.lines) {
    if (!l) continue;
    const li = document.createElement('li');
    const human = l.notes.map((n) => (app.style === 'chinese' && app.game === 'xiangqi' ? n.native : n.human)).join(' ');
    li.innerHTML = `<span class="score"></span><span class="human"></span><span class="iccs"></span>`;
    li.querySelector('.score').textContent = `${scoreText(l.info, app.state.side)} d${l.info.depth}`;
    li.querySelector('.human').textContent = human;
    li.querySelector('.iccs').textContent = l.info.pv.join(' ');
    ol.appendChild(li);
  }
}

async function newGame(start) {
  app.start = start || 'startpos';
  app.moves = [];
  app.lines = [];
  drawLines();
  $('fen-error').textContent = '';
  app.engine.send('ucinewgame');
  await refresh();
}

async function switchGame(game) {
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
$('mode').onchange = () => { app.mode = $('mode').value; app.lines = []; drawLines(); refresh(); };
$('side').onchange = () => { app.human = $('side').value; app.flipped = app.human === 'second'; refresh(); };
$('limit').onchange = () => refresh();
$('threads').onchange = () => applySettings(true);
$('hash').onchange = () => applySettings(true);
$('multipv').onchange = () => { app.lines = []; refresh(); };
$('new').onclick = () => newGame(app.start);
$('flip').onclick = () => { app.flipped = !app.flipped; board.set({flipped: app.flipped}); };
$('pieces').onchange = () => { app.style = $('pieces').value; board.set({style: app.style}); drawMoves(); drawLines(); };
$('takeback').onclick = () => {
  if (!app.moves.length) return;
  app.moves.pop();
  if (app.mode === 'play' && app.moves.length && app.state && app.state.side === app.human) app.moves.pop();
  refresh();
};
$('setfen').onclick = async () => {
  const fen = $('fen').value.trim();
  const r = await app.referee.query('state fen ' + fen);
  if (r.error) { $('fen-error').textContent = r.error; return; }
  await newGame('fen ' + fen);
};
$('copyfen').onclick = async () => {
  $('fen').select();
  try { await navigator.clipboard.writeText($('fen').value); $('fen-error').textContent = 'Copied.'; }
  catch { document.execCommand?.('copy'); }
};

if (params.get('mode') === 'analyse') { app.mode = 'analyse'; $('mode').value = 'analyse'; }
if (params.get('side') === 'second') { app.human = 'second'; app.flipped = true; $('side').value = 'second'; }
setColorNames();
startEngines().then(() => newGame(params.get('fen') ? 'fen ' + params.get('fen') : 'startpos'))
  .catch((e) => { $('status').textContent = 'The engine could not start: ' + e.message; });

/*
 * review.js - "Review a game" on the page, as `chariot annotate` reviews one
 * on the command line (docs/annotate.md): every position of the game searched
 * to the same depth in the engine's worker, from the last position back to
 * the first (the table then holds the later positions' searches, as annotate
 * walks by default), the move played searched alone where it is not the best
 * one; the judgement - each move's loss of expected score, its mark, each
 * side's accuracy - is the engine's own (the referee's `review` request,
 * src/web/web.c, over src/protocol/review.c), so the page holds no threshold
 * of its own. Drawn: the expected score of the side that moves first over the
 * moves, the marked moves as dots, the position shown as a line; a click on
 * the graph goes to that position.
 */

const SVG = 'http://www.w3.org/2000/svg';
const GRAPH_W = 600, GRAPH_H = 150, PAD = 8;
const MARK_CLASS = {'?!': 'inaccuracy', '?': 'mistake', '??': 'blunder'};

/* The last score of a search (its first line, an exact bound) from the engine's info lines. */
function scoreListener() {
  const got = {score: null, pv: []};
  const f = (line) => {
    if (!line.startsWith('info ') || !line.includes(' score ') || !line.includes(' pv ')) return;
    if (line.includes(' lowerbound') || line.includes(' upperbound')) return;
    const w = line.split(' ');
    const mpv = w.indexOf('multipv');
    if (mpv >= 0 && w[mpv + 1] !== '1') return;
    const i = w.indexOf('score');
    got.score = `${w[i + 1]} ${w[i + 2]}`;
    got.pv = w.slice(w.indexOf('pv') + 1);
  };
  return {got, f};
}

/* A game-over position's score for the side to move, as annotate scores it; null while the game goes on. */
function overScore(state) {
  if (state.result === '*') return null;
  if (state.result === '1/2-1/2') return 'cp 0';
  const firstWins = state.result === '1-0';
  return (state.side === 'first') === firstWins ? 'won' : 'lost';
}

/* Searches one position: its best score and move, and the move played's score when it is another. */
async function searchPosition(engine, position, depth, played) {
  const {got, f} = scoreListener();
  engine.listeners.add(f);
  try {
    const best = (await engine.go(`depth ${depth}`, ['setoption name MultiPV value 1',
      'setoption name UCI_LimitStrength value false', 'position ' + position])).split(' ')[1];
    const result = {score: got.score, best, pv: got.pv, played: '='};
    if (played && played !== best && got.score) {
      got.score = null;
      await engine.go(`depth ${depth} searchmoves ${played}`, ['position ' + position]);
      result.played = got.score;
    }
    return result;
  } finally {
    engine.listeners.delete(f);
  }
}

/* Reviews the game (start: 'startpos' | 'fen ...', moves in UCI coordinates) at `depth`.
 * onProgress(done, total) after each position; cancelled() ends it early (what is done is judged).
 * Resolves with {positions, judged}: positions[i] = {score, best, pv, played, state}; judged is the
 * referee's answer (expected, moves, sides). */
export async function reviewGame({engine, referee, start, moves, depth, onProgress, cancelled}) {
  const n = moves.length;
  const spec = (k) => start + (k ? ' moves ' + moves.slice(0, k).join(' ') : '');
  const positions = new Array(n + 1).fill(null);
  /* An analysis that a move made just before the review had asked for starts only once the one before it has
   * stopped, which can be after the review began: stopped here, or the engine would refuse ucinewgame while it
   * searches and the review would start from its table and histories, not from a new game's. */
  await engine.stop();
  engine.send('ucinewgame');
  for (let k = 0; k <= n && !cancelled(); k++) {
    const i = n - k;
    const state = await referee.query('state ' + spec(i));
    const over = overScore(state);
    if (over) positions[i] = {score: over, best: null, pv: [], played: '-', state};
    else positions[i] = {...(await searchPosition(engine, spec(i), depth, moves[i])), state};
    if (cancelled()) { positions[i] = null; break; } /* a stopped search is no judgement */
    onProgress(k + 1, n + 1);
  }
  const first = positions[0]?.state?.side ?? (await referee.query('state ' + spec(0))).side;
  const words = positions.map((p, i) => {
    if (!p || !p.score) return 'none -';
    return `${p.score} ${i === n ? '-' : p.played ?? 'none'}`;
  });
  const judged = await referee.query(`review ${first === 'first' ? 'w' : 'b'} ${words.join(' ')}`);
  return {positions, judged};
}

/* The better move's line in the game's notation (write: a referee's move as the page writes it). */
export async function betterLine(referee, position, pv, write) {
  if (!pv.length) return '';
  const r = await referee.query(`line ${position} | ${pv.slice(0, 6).join(' ')}`);
  return (r.moves || []).map(write).join(' ');
}

/* The review's graph in svg: the expected score of the first mover over the plies, the marks as dots (each
 * titled with its move, moves[i] the text of move i), the ply shown as a line; onPick(ply) on a click. */
export function drawGraph(svg, review, moves, shown, onPick) {
  const e = review.judged.expected || [];
  const plies = Math.max(1, e.length - 1);
  const x = (i) => PAD + ((GRAPH_W - 2 * PAD) * i) / plies;
  const y = (v) => PAD + (GRAPH_H - 2 * PAD) * (1 - v / 1000);
  svg.setAttribute('viewBox', `0 0 ${GRAPH_W} ${GRAPH_H}`);
  svg.replaceChildren();
  const add = (tag, attrs, parent = svg) => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    parent.appendChild(el);
    return el;
  };
  add('rect', {x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, class: 'graph-bg'});
  add('line', {x1: PAD, x2: GRAPH_W - PAD, y1: y(500), y2: y(500), class: 'graph-even'});
  /* the area above the curve is the second mover's, below it the first's, as the evaluation bar fills */
  let d = '';
  e.forEach((v, i) => { if (v !== null) d += `${d ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`; });
  const known = e.map((v, i) => [v, i]).filter(([v]) => v !== null);
  if (known.length) {
    const area = `${d}L${x(known[known.length - 1][1]).toFixed(1)},${y(0)}L${x(known[0][1]).toFixed(1)},${y(0)}Z`;
    add('path', {d: area, class: 'graph-first'});
    add('path', {d, class: 'graph-line'});
  }
  if (shown !== null && shown !== undefined) add('line', {x1: x(shown), x2: x(shown), y1: 0, y2: GRAPH_H, class: 'graph-now'});
  (review.judged.moves || []).forEach((m, i) => {
    if (!m || !m.mark || e[i + 1] === null) return;
    const dot = add('circle', {cx: x(i + 1), cy: y(e[i + 1]), r: 5, class: `graph-mark ${MARK_CLASS[m.mark]}`,
                               'data-ply': i + 1});
    add('title', {}, dot).textContent = `${moves[i] ?? ''}${m.mark} ${m.word}`;
  });
  svg.onclick = (ev) => {
    const box = svg.getBoundingClientRect();
    const px = ((ev.clientX - box.left) / box.width) * GRAPH_W;
    onPick(Math.max(0, Math.min(plies, Math.round(((px - PAD) / (GRAPH_W - 2 * PAD)) * plies))));
  };
}

export const markClass = (mark) => MARK_CLASS[mark] || '';

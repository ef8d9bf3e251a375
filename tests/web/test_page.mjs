/*
 * test_page.mjs - the page (web/) in a real browser: Debian's chromium,
 * headless, driven by playwright-core. `make test-web` runs it twice: served
 * cross-origin isolated (the threaded engine) and without isolation (the
 * single-threaded engine, whose search yields to read stop).
 *
 * usage: node test_page.mjs [--no-isolation] [--shots DIR]
 *
 * For each game it plays by clicking squares (and a few drags) against the
 * page's engine, the human's moves chosen by the native ./chariot (or
 * ./chariot-chess) at a low depth so that the game lasts; each engine reply
 * must be in the legal list of the position before it and be shown (the piece
 * on its target, the move in the list). Then take-back, an analysis of a
 * pasted FEN read back from the PV, and the result banner after a mate.
 * What a first hour asks of it too: stepping back and forth through the
 * moves, PGN exported and imported again (WXF, SAN; NAGs and comments), the
 * UCI_Elo control, a readable evaluation label, rule wins shown as wins,
 * figures cleared on a new position, no sideways scroll at 390 px (phone
 * screenshots), and opened as a file: the board, and how to serve it.
 */
import {chromium} from 'playwright-core';
import {execFileSync, spawn} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {createInterface} from 'node:readline';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const isolated = !process.argv.includes('--no-isolation');
const shotsArg = process.argv.indexOf('--shots');
const shots = shotsArg > 0 ? process.argv[shotsArg + 1] : path.join(root, 'out/web');
const label = isolated ? 'threaded' : 'single-threaded';
mkdirSync(shots, {recursive: true});

let failures = 0, checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) { failures++; console.log(`FAIL [${label}] ${what}`); }
}

/* A native engine over UCI: the human player's brain. */
function nativeEngine(binary) {
  const p = spawn(path.join(root, binary), [], {stdio: ['pipe', 'pipe', 'inherit']});
  const rl = createInterface({input: p.stdout});
  let waiter = null;
  rl.on('line', (l) => { if (waiter && l.startsWith(waiter.prefix)) { const w = waiter; waiter = null; w.resolve(l); } });
  const ask = (cmd, prefix) => new Promise((resolve) => { waiter = {prefix, resolve}; p.stdin.write(cmd + '\n'); });
  return {
    /* One of the best `lines` moves at this depth, drawn by the seeded generator, so that games vary. */
    async best(spec, depth, lines, random) {
      const seen = [];
      waiter = null;
      const done = new Promise((resolve) => {
        const f = (l) => {
          const m = l.match(/ multipv (\d+) .* pv (\S+)/);
          if (m && l.includes(` depth ${depth} `)) seen[Number(m[1]) - 1] = m[2];
          if (l.startsWith('bestmove')) { rl.off('line', f); resolve(l.split(' ')[1]); }
        };
        rl.on('line', f);
      });
      p.stdin.write(`setoption name MultiPV value ${lines}\nposition ${spec}\ngo depth ${depth}\n`);
      const best = await done;
      const pool = seen.filter(Boolean);
      return pool.length ? pool[Math.floor(random() * pool.length)] : best;
    },
    async init() { await ask('uci', 'uciok'); },
    quit() { p.stdin.write('quit\n'); },
  };
}

function startServer() {
  const args = [path.join(root, 'tools/web/serve_web.py'), path.join(root, 'web'), '0'];
  if (!isolated) args.push('--no-isolation');
  const p = spawn('python3', args, {stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve) => {
    createInterface({input: p.stdout}).once('line', (l) => resolve({proc: p, url: l.match(/http:\S+/)[0]}));
  });
}

/* A small seeded generator (mulberry32): the same games each run, given the same replies. */
function seeded(seed) {
  return () => {
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const appState = (page) => page.evaluate(() => ({
  moves: [...window.chariot.moves], side: window.chariot.state?.side, result: window.chariot.state?.result,
  legal: window.chariot.state?.legal || [], thinking: window.chariot.thinking === window.chariot.generation,
  listed: document.querySelectorAll('#moves span').length, banner: document.getElementById('result').hidden ? null
    : document.getElementById('result').textContent,
}));

async function waitHumanTurn(page, plies) {
  await page.waitForFunction((n) => {
    const a = window.chariot;
    return a.state && a.moves.length >= n && a.thinking !== a.generation &&
      (a.state.result !== '*' || a.state.side === a.human) && document.querySelectorAll('#moves span').length === a.moves.length;
  }, plies, {timeout: 60000});
}

async function clickMove(page, move, drag) {
  const from = move.slice(0, 2), to = move.slice(2, 4);
  if (drag) {
    const a = await page.locator(`[data-square="${from}"]`).boundingBox();
    const b = await page.locator(`[data-square="${to}"]`).boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2 + a.width / 2, (a.y + b.y) / 2 + a.height / 2, {steps: 3});
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, {steps: 3});
    await page.mouse.up();
    return;
  }
  await page.click(`[data-square="${from}"]`);
  const hint = await page.locator(`[data-hint="${to}"]`).count();
  check(hint === 1, `a hint is shown on ${to} after clicking ${from}`);
  await page.click(`[data-square="${to}"]`);
}

/* Pastes a FEN and waits until the page shows it. */
async function setFen(page, fen) {
  await page.fill('#fen', fen);
  await page.click('#setfen');
  await page.waitForFunction((f) => window.chariot.stateSpec?.startsWith('fen ' + f), fen, {timeout: 30000});
}

/* The board's labels in xiangqi: with Chinese pieces the files as players read them (Red's 九…一 along Red's edge,
 * Black's １…９ along Black's), with letters a-i and 0-9; the river's words never under a piece's disc, with
 * pieces on both banks of the six files beside the words. */
async function boardLabels(page) {
  await page.fill('#pgn', '1. C2.5 H8+7 *'); /* another game's text: Set FEN replaces the game, and clears it */
  await setFen(page, '4k4/9/9/9/1rpn1npr1/1RPN1NPR1/9/9/9/3K5 w - - 0 1');
  check((await page.inputValue('#pgn')) === '', 'Set FEN clears the PGN box, which held another game');
  for (const style of ['chinese', 'letters']) {
    await page.selectOption('#pieces', style);
    const r = await page.evaluate(() => {
      const svg = document.getElementById('board');
      const labels = [...svg.querySelectorAll('.coords text')].map((t) => t.textContent);
      const discs = [...svg.querySelectorAll('.piece .disc')].map((d) => {
        const b = d.getBoundingClientRect();
        return {x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2};
      });
      let covered = 0;
      const river = [...svg.querySelectorAll('.river')];
      for (const t of river) {
        const b = t.getBoundingClientRect();
        for (const d of discs) { /* the disc's centre to the nearest point of the word's box */
          const dx = Math.max(b.left - d.x, 0, d.x - b.right), dy = Math.max(b.top - d.y, 0, d.y - b.bottom);
          if (Math.hypot(dx, dy) < d.r) covered++;
        }
      }
      return {labels, covered, words: river.length, discs: discs.length};
    });
    if (style === 'chinese')
      check(r.labels.includes('九') && r.labels.includes('一') && r.labels.includes('１') && r.labels.includes('９') &&
            !r.labels.includes('a'), `xiangqi, Chinese pieces: the files in Chinese numbers (${r.labels.join('')})`);
    else
      check(r.labels.includes('a') && r.labels.includes('i') && r.labels.includes('0') && !r.labels.includes('九'),
            `xiangqi, letter pieces: files a-i and ranks 0-9 (${r.labels.join('')})`);
    check(r.words > 0 && r.discs === 14 && r.covered === 0,
          `xiangqi, ${style}: the river's ${r.words} word(s) under none of the ${r.discs} discs (${r.covered} covered)`);
  }
  await page.selectOption('#pieces', 'chinese');
}

/* The result banner once the game is over: after the human's move by clicking, or the engine's (move null). */
async function resultAfter(page, fen, move) {
  await setFen(page, fen);
  if (move) {
    await waitHumanTurn(page, 0);
    await clickMove(page, move, false);
  }
  await page.waitForFunction(() => window.chariot.state.result !== '*', null, {timeout: 30000});
  return page.textContent('#result');
}

/* Plays `fullMoves` moves a side (or to the end of the game) as the first player. */
async function playGame(page, game, fullMoves, seed = 2026) {
  const human = nativeEngine(game === 'chess' ? 'chariot-chess' : 'chariot');
  await human.init();
  const random = seeded(seed);
  await page.selectOption('#limit', 'depth 3');
  await waitHumanTurn(page, 0);
  let s = await appState(page);
  for (let i = 0; i < fullMoves && s.result === '*'; i++) {
    const move = await human.best('startpos' + (s.moves.length ? ' moves ' + s.moves.join(' ') : ''), 4, 2, random);
    check(s.legal.includes(move), `${game}: the native engine's move ${move} is in the page's legal list`);
    await clickMove(page, move, i % 5 === 4);
    await waitHumanTurn(page, s.moves.length + 1);
    const after = await appState(page);
    check(after.moves[s.moves.length] === move, `${game}: the clicked move ${move} was played`);
    if (after.moves.length === s.moves.length + 2) {
      const reply = after.moves[after.moves.length - 1];
      const spec = 'startpos moves ' + after.moves.slice(0, -1).join(' ');
      const before = await page.evaluate((q) => window.chariot.referee.query(q), 'state ' + spec);
      check(before.legal.includes(reply), `${game}: engine reply ${reply} is legal after ${spec}`);
      const to = reply.slice(2, 4);
      const shown = await page.locator(`.piece[data-at="${to}"]`).count();
      check(shown === 1, `${game}: the reply's piece is shown on ${to}`);
    }
    check(after.listed === after.moves.length, `${game}: the move list shows every move (${after.listed})`);
    s = after;
  }
  human.quit();
  return s;
}

/* The WebAssembly engine's bench signature (one thread) is the native build's: the same search, node for node,
 * in 32-bit WebAssembly. */
async function benchCheck(page, game) {
  const out = execFileSync(path.join(root, game === 'chess' ? 'chariot-chess' : 'chariot'), ['bench']).toString();
  const native = out.match(/Nodes searched: (\d+)/)[1];
  const lines = await page.evaluate(async () => {
    const e = window.chariot.engine;
    e.send('setoption name Threads value 1');
    const from = e.log.length;
    await e.request('bench', 'Nodes/second');
    if (e.threaded) e.send(`setoption name Threads value ${Math.min(navigator.hardwareConcurrency || 1, 16)}`);
    return e.log.slice(from);
  });
  const searched = (lines.find((l) => l.startsWith('Nodes searched')) || '').split(': ')[1];
  const nps = (lines.find((l) => l.startsWith('Nodes/second')) || '').split(': ')[1];
  check(searched === native, `${game}: bench in WebAssembly searches ${searched} nodes, as the native build (${native})`);
  console.log(`[${label}] ${game} bench: ${searched} nodes, ${nps} nodes/s in WebAssembly`);
}

/* Hash from the page: a bigger table grows the memory; one that cannot be had is refused and the old one stays. */
async function hashCheck(page) {
  await page.selectOption('#hash', '1024');
  await page.waitForFunction(() => document.getElementById('build').textContent.includes('1024 MiB'));
  check((await page.textContent('#engine-error')) === '', 'Hash 1024 MiB is taken');
  const refused = await page.evaluate(async () => {
    const e = window.chariot.engine, from = e.log.length;
    e.send('setoption name Hash value 8192');
    await e.request('isready', 'readyok');
    return e.log.slice(from).join('\n');
  });
  check(/info string error: .*8192/.test(refused), `Hash 8192 MiB (beyond WebAssembly's memory) is refused ('${refused}')`);
  console.log(`[${label}] ${refused.split('\n')[0]}`);
  await page.selectOption('#hash', '64');
  await page.waitForFunction(() => document.getElementById('build').textContent.includes('64 MiB'));
  check((await page.textContent('#engine-error')) === '', 'Hash 64 MiB again');
}

/* The evaluation label: dark ink on its own light background, readable over the bar (contrast at least 4.5). */
async function labelContrast(page) {
  return page.evaluate(() => {
    const cs = getComputedStyle(document.getElementById('evaltext'));
    const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
    const fg = rgb(cs.color), bg = rgb(cs.backgroundColor);
    if (bg.length < 3 || (bg.length === 4 && bg[3] < 0.8)) return 0; /* no background of its own */
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
}

/* An engine line as the worker hands it to the page (the engine's own output path). */
async function engineSays(page, line) {
  await page.evaluate((l) => window.chariot.engine.onLine(l), line);
  return page.textContent('#evaltext');
}

/* The score shown for mates and rule verdicts, and a label readable in either game. The human is to move: no search runs. */
async function scoreLabels(page, game) {
  const move = (await page.evaluate(() => window.chariot.state.legal[0]));
  const first = game === 'chess' ? 'White' : 'Red', second = 'Black';
  const side = await page.evaluate(() => window.chariot.state.side);
  const sign = side === 'first' ? 1 : -1;
  const mate = await engineSays(page, `info depth 5 seldepth 5 multipv 1 score mate 1 nodes 100 nps 1000 time 1 pv ${move}`);
  check(mate === `#${sign}`, `${game}: a mate in 1 reads #${sign} (${mate})`);
  const box = await page.locator('#evaltext').boundingBox();
  check(box && box.width > 5 && box.height > 10, `${game}: the mate label is visible (${JSON.stringify(box)})`);
  const contrast = await labelContrast(page);
  check(contrast >= 4.5, `${game}: the evaluation label contrasts ${contrast.toFixed(2)}:1 with its background`);
  const win = await engineSays(page, `info depth 126 seldepth 3 multipv 1 score cp 29870 nodes 100 nps 1000 time 1 pv ${move}`);
  const want = `${sign > 0 ? first : second} wins (rule)`;
  check(win === want, `${game}: score cp 29870 (a rule win for the side to move) reads '${want}' (${win})`);
  const loss = await engineSays(page, `info depth 9 seldepth 3 multipv 1 score cp -29868 nodes 100 nps 1000 time 1 pv ${move}`);
  check(loss === `${sign > 0 ? second : first} wins (rule)`, `${game}: score cp -29868 is a rule loss (${loss})`);
  const fill = await page.evaluate(() => parseFloat(document.getElementById('evalfill').style.height));
  check(sign > 0 ? fill < 1 : fill > 99, `${game}: the bar is full for the winner of a rule verdict (${fill}%)`);
  const plain = await engineSays(page, `info depth 9 seldepth 3 multipv 1 score cp 35 nodes 100 nps 1000 time 1 pv ${move}`);
  check(plain === (sign > 0 ? '+0.35' : '-0.35'), `${game}: an ordinary score still reads in pawns (${plain})`);
}

/* Back and forth through the moves played: the board shows the position after that move, no move can be made
 * there in a game, and the last button returns to the game. */
async function stepping(page, game) {
  const n = await page.evaluate(() => window.chariot.moves.length);
  const specAt = (moves, k) => 'startpos' + (k ? ' moves ' + moves.slice(0, k).join(' ') : '');
  const moves = await page.evaluate(() => [...window.chariot.moves]);
  await page.click('#nav-back');
  await page.click('#nav-back');
  await page.waitForFunction((sp) => window.chariot.stateSpec === sp, specAt(moves, n - 2));
  const want = await page.evaluate((q) => window.chariot.referee.query(q), 'state ' + specAt(moves, n - 2));
  const shown = await page.evaluate(() => window.chariot.state.fen);
  check(shown === want.fen, `${game}: two moves back the board is the position after move ${n - 2}`);
  const current = await page.$$eval('#moves span.current', (ss) => ss.map((x) => x.dataset.ply));
  check(current.length === 1 && current[0] === String(n - 2), `${game}: the move list marks move ${n - 2} (${current})`);
  await page.click(`[data-square="${want.legal[0].slice(0, 2)}"]`);
  check((await page.locator('[data-hint]').count()) === 0, `${game}: no move can be made while looking back in a game`);
  await page.click('#nav-first');
  await page.waitForFunction(() => window.chariot.stateSpec === 'startpos');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((sp) => window.chariot.stateSpec === sp, specAt(moves, 1));
  await page.click('#nav-last');
  await page.waitForFunction((k) => window.chariot.cursor === null && window.chariot.moves.length === k &&
    window.chariot.stateSpec.split(' ').length === k + 2, n);
  check(true, `${game}: first, forward and last positions shown`);
}

/* The game exported as PGN and imported again gives the same moves; a PGN with NAGs, comments and `1. ...` too. */
async function pgnRoundTrip(page, game) {
  const moves = await page.evaluate(() => [...window.chariot.moves]);
  await page.click('#pgn-export');
  const text = await page.inputValue('#pgn');
  check(text.includes(game === 'chess' ? '[White "Player"]' : '[Format "WXF"]') && /\n1\. \S+ \S+ 2\. /.test(text) &&
        !(await page.locator('#pgn-download').isHidden()), `${game}: PGN export (${text.slice(0, 300)})`);
  await page.click('#new');
  await page.waitForFunction(() => window.chariot.moves.length === 0 && window.chariot.stateSpec === 'startpos');
  await page.fill('#pgn', text);
  await page.click('#pgn-import');
  await page.waitForFunction((k) => window.chariot.moves.length === k && window.chariot.stateSpec.split(' ').length === k + 2,
                             moves.length, {timeout: 30000});
  const back = await page.evaluate(() => [...window.chariot.moves]);
  check(back.join(' ') === moves.join(' '), `${game}: the imported PGN gives the same ${moves.length} moves`);
  const annotated = game === 'chess' ? '[Event "?"]\n\n1. e4 $1 {best by test} 1. ... e5 (1... c5) 2. Nf3!? Nc6?! *\n'
                                     : '[Game "Chinese Chess"]\n\n1. C2.5 $1 {center} 1. ... H8+7 (1... C8.5) 2. H2+3!? R9.8 *\n';
  const want = game === 'chess' ? 'e2e4 e7e5 g1f3 b8c6' : 'h2e2 h9g7 h0g2 i9h9';
  await page.fill('#pgn', annotated);
  await page.click('#pgn-import');
  await page.waitForFunction((w) => window.chariot.moves.join(' ') === w && window.chariot.stateSpec.endsWith(w), want,
                             {timeout: 30000});
  check(true, `${game}: a PGN with NAGs, a comment, a variation and '1. ...' imported`);
  await page.fill('#pgn', game === 'chess' ? '1. e4 e5 2. Ke3 *' : '1. C2.5 H8+7 2. K5+5 *');
  await page.click('#pgn-import');
  await page.waitForFunction(() => document.getElementById('pgn-error').textContent !== '');
  const err = await page.textContent('#pgn-error');
  check(err.includes('(move 3) is not a legal move') && (await page.evaluate(() => window.chariot.moves.join(' '))) === want,
        `${game}: an illegal PGN move is named and the game stays (${err})`);
}

/* Review a game (web/review.js): a crafted game opened from a file, reviewed at depth 8; the moves
 * tests/annotate_test.sh finds marked ?? by `annotate` are marked ?? here and nothing else ? or ??; the graph has
 * a dot per marked move, and a click on a dot or on a marked move in the list goes to that position; each side's
 * summary; Stop ends a review early and says how much was searched. */
const REVIEW_GAMES = {
  xiangqi: {pgn: '[Game "Chinese Chess"]\n[Event "A cannon for a pawn"]\n\n1. C2.5 H8+7 2. C5+4 *\n',
            moves: 'h2e2 h9g7 e2e6', blunders: ['e2e6']},
  chess: {pgn: '[Event "A mate allowed, then missed"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. d3 *\n',
          moves: 'e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 d2d3', blunders: ['g8f6', 'd2d3']},
};
async function reviewCheck(page, game, depth = 8) {
  const {pgn, moves, blunders} = REVIEW_GAMES[game];
  await page.selectOption('#mode', 'analyse'); /* in a game against the engine, it would answer the imported moves */
  await page.setInputFiles('#pgn-file', {name: 'game.pgn', mimeType: 'text/plain', buffer: Buffer.from(pgn)});
  const plies = moves.split(' ').length;
  await page.waitForFunction((w) => window.chariot.moves.join(' ') === w && window.chariot.cursor === null, moves,
                             {timeout: 30000});
  check((await page.inputValue('#pgn')) === pgn, `${game}: a PGN file opened into the box and imported`);
  await page.selectOption('#review-depth', String(depth));
  await page.click('#review-start');
  await page.waitForFunction(() => window.chariot.review && !window.chariot.reviewing, null, {timeout: 180000});
  const r = await page.evaluate(() => ({
    marked: [...document.querySelectorAll('#moves span')].filter((s) => /inaccuracy|mistake|blunder/.test(s.className))
      .map((s) => ({uci: s.dataset.uci, ply: Number(s.dataset.ply), mark: s.className.match(/inaccuracy|mistake|blunder/)[0],
                    text: s.textContent})),
    dots: [...document.querySelectorAll('#review-graph circle.graph-mark')].map((c) => Number(c.dataset.ply)),
    graph: !document.getElementById('review-graph').hidden && !!document.querySelector('#review-graph .graph-line'),
    summary: [...document.querySelectorAll('#review-summary div')].map((d) => d.textContent),
    listed: document.querySelectorAll('#review-marks li').length,
    expected: window.chariot.review.judged.expected.length,
    status: document.getElementById('review-status').textContent,
    mode: window.chariot.mode,
  }));
  const bad = r.marked.filter((m) => m.mark !== 'inaccuracy');
  check(bad.length === blunders.length && bad.every((m) => m.mark === 'blunder' && blunders.includes(m.uci)) &&
        bad.every((m) => m.text.endsWith('??')),
        `${game}: the moves marked ?? are ${blunders.join(' ')}, nothing else ? or ?? (${JSON.stringify(r.marked)}; ${r.status})`);
  if (!bad.length) return;
  check(r.graph && r.expected === plies + 1 && r.dots.length === r.marked.length && r.listed === r.marked.length,
        `${game}: the graph has ${plies + 1} positions and a dot per marked move (${r.expected}, ${r.dots.length} dots, ` +
        `${r.listed} listed, ${r.marked.length} marked)`);
  check(r.summary.length === 2 && r.summary.every((t) => /accuracy \d+%/.test(t)) && r.status.startsWith(`Reviewed at depth ${depth}`),
        `${game}: each side's summary (${r.summary.join(' | ')}; ${r.status})`);
  const dot = bad[0].ply;
  /* a position is shown once the page has drawn it (the graph and the list are drawn again then): its ply is
   * the cursor (null for the last) and the board's position is the game's first k moves */
  const uci = moves.split(' ');
  const shown = (k) => page.waitForFunction(
    ([k, n, sp]) => (window.chariot.cursor === k || (k === n && window.chariot.cursor === null)) && window.chariot.stateSpec === sp,
    [k, uci.length, 'startpos' + (k ? ' moves ' + uci.slice(0, k).join(' ') : '')], {timeout: 10000});
  await page.click('#nav-first'); /* from the first position: each click below has somewhere to go */
  await shown(0);
  await page.click(`#review-graph circle[data-ply="${dot}"]`);
  await shown(dot);
  await page.click(`#review-marks li[data-ply="${bad[bad.length - 1].ply}"]`);
  await shown(bad[bad.length - 1].ply);
  check(true, `${game}: a click on a graph's dot and on a marked move go to their positions`);
  await page.screenshot({path: path.join(shots, `${game}-review-${label}.png`)});
  /* Stop: a deep review ended at once keeps what it searched and says so. */
  await page.selectOption('#review-depth', '14');
  await page.click('#review-start');
  await page.waitForFunction(() => !document.getElementById('review-stop').hidden);
  await page.click('#review-stop');
  await page.waitForFunction(() => !window.chariot.reviewing && document.getElementById('review-status').textContent.startsWith('Stopped'),
                             null, {timeout: 60000});
  check(true, `${game}: Stop ends a review (${await page.textContent('#review-status')})`);
  await page.selectOption('#mode', 'play');
}

/* The page's UCI_Elo range is the native engine's: the same game, the same measured scale (docs/strength.md). */
async function eloRange(page, game) {
  const out = execFileSync(path.join(root, game === 'chess' ? 'chariot-chess' : 'chariot'), [], {input: 'uci\nquit\n'}).toString();
  const native = out.match(/option name UCI_Elo type spin default \d+ min (\d+) max (\d+)/);
  const range = await page.evaluate(() => window.chariot.eloRange);
  check(native && range && range.min === Number(native[1]) && range.max === Number(native[2]),
        `${game}: the page's UCI_Elo range ${range?.min}-${range?.max} is the native engine's (${native?.slice(1).join('-')})`);
}

/* Strength: the choices lie in the range the game's engine measured (its UCI_Elo option); the engine's moves in
 * a game are searched at the UCI_Elo chosen; full strength turns it off. */
async function eloControl(page, game) {
  const {values, range} = await page.evaluate(() => ({
    values: [...document.querySelectorAll('#elo option')].map((o) => o.value).filter((v) => v).map(Number),
    range: window.chariot.eloRange,
  }));
  check(values.length >= 4 && values.every((v) => v >= range.min && v <= range.max) &&
        values.every((v, i) => i === 0 || v < values[i - 1]),
        `${game}: the strength choices ${values.join(' ')} fall in the engine's UCI_Elo range ${range.min}-${range.max}`);
  const elo = String(values[values.length - 2]);
  await page.evaluate(() => {
    const e = window.chariot.engine;
    window.sent = [];
    if (!e.sendPlain) { e.sendPlain = e.send; e.send = (c) => { window.sent.push(c); e.sendPlain(c); }; }
  });
  await page.selectOption('#elo', elo);
  await page.selectOption('#side', 'second'); /* the engine moves now */
  await page.waitForFunction(() => window.sent.some((c) => c.startsWith('go ')), null, {timeout: 30000});
  const sent = await page.evaluate(() => window.sent.join('\n'));
  check(sent.includes(`setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value ${elo}`) &&
        sent.indexOf(`UCI_Elo value ${elo}`) < sent.indexOf('\ngo '), `the engine plays at UCI_Elo ${elo} (${sent})`);
  await waitHumanTurn(page, 1);
  await page.selectOption('#elo', '');
  await page.selectOption('#side', 'first');
  await waitHumanTurn(page, 1);
  await page.evaluate(() => { window.chariot.engine.send = window.chariot.engine.sendPlain; delete window.chariot.engine.sendPlain; });
}

/* A phone: 390 px wide, nothing scrolls sideways, in play and in analysis; screenshots for docs/. */
async function phone(browser, server, game) {
  const page = await browser.newPage({viewport: {width: 390, height: 844}});
  try {
    page.on('pageerror', (e) => check(false, `phone: no page error (${e.message})`));
    /* The engine's worker comes late: the board is drawn before it. */
    let release;
    const late = new Promise((r) => { release = r; });
    await page.route('**/engine-worker.js*', async (route) => { await late; await route.continue(); });
    await page.goto(`${server.url}?game=${game}`);
    await page.waitForFunction(() => document.querySelectorAll('.piece').length === 32, null, {timeout: 10000});
    const early = await page.evaluate(() => ({state: window.chariot.state, status: document.getElementById('status').textContent}));
    check(early.state === null && early.status.startsWith('Loading the engine'),
          `${game}: the board is drawn before the engine has loaded (${early.status})`);
    release();
    await waitHumanTurn(page, 0);
    const w = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    check(w[0] <= 390 && w[1] <= 390, `${game} at 390 px: the page is ${w[0]} px wide (no sideways scroll)`);
    await page.screenshot({path: path.join(shots, `phone-${game}-${label}.png`), fullPage: false});
    await page.selectOption('#mode', 'analyse');
    await page.selectOption('#multipv', '3');
    await page.waitForFunction(() => window.chariot.lines.filter(Boolean).length === 3 && window.chariot.lastInfo?.depth >= 6,
                               null, {timeout: 60000});
    const w2 = await page.evaluate(() => document.documentElement.scrollWidth);
    check(w2 <= 390, `${game} at 390 px with three analysis lines: ${w2} px wide`);
    /* Analyse mode: a line's moves carry their numbers; the game-only choices are hidden, the board's stay. */
    const pvs = await page.$$eval('#lines li .human', (ls) => ls.map((l) => l.textContent));
    check(pvs.length === 3 && pvs.every((t) => /^\d+\.(\.\.)? \S+/.test(t)),
          `${game}: the analysis lines are numbered (${pvs.join(' | ')})`);
    const hidden = await page.evaluate(() => [document.getElementById('play-only').hidden,
                                              getComputedStyle(document.getElementById('flip')).display !== 'none']);
    check(hidden[0] && hidden[1], `${game}: in Analyse mode the game-only choices are hidden (${hidden[0]}), Flip shown (${hidden[1]})`);
    await page.screenshot({path: path.join(shots, `phone-${game}-analysis-${label}.png`)});
    /* A review on a phone: the graph under the board, as wide as the screen allows. */
    await page.setInputFiles('#pgn-file', {name: 'game.pgn', mimeType: 'text/plain', buffer: Buffer.from(REVIEW_GAMES[game].pgn)});
    await page.waitForFunction((w) => window.chariot.moves.join(' ') === w, REVIEW_GAMES[game].moves);
    await page.selectOption('#review-depth', '6');
    await page.click('#review-start');
    await page.waitForFunction(() => window.chariot.review && !window.chariot.reviewing, null, {timeout: 120000});
    const g = await page.evaluate(() => ({page: document.documentElement.scrollWidth,
                                          graph: document.getElementById('review-graph').getBoundingClientRect()}));
    check(g.page <= 390 && g.graph.width > 300 && g.graph.right <= 390,
          `${game} at 390 px with a review: the page ${g.page} px wide, the graph ${Math.round(g.graph.width)} px`);
    await page.locator('#review-graph').scrollIntoViewIfNeeded();
    await page.screenshot({path: path.join(shots, `phone-${game}-review-${label}.png`)});
  } finally {
    await page.close();
  }
}

/* Opened as a file: the board is drawn at once and the page says how to serve it, instead of waiting forever. */
async function openedAsFile(browser) {
  const page = await browser.newPage({viewport: {width: 1180, height: 800}});
  try {
    await page.goto(`file://${path.join(root, 'web/index.html')}?game=xiangqi`);
    await page.waitForFunction(() => document.getElementById('status').className === 'error', null, {timeout: 10000});
    const status = await page.textContent('#status');
    check(status.includes('make serve') && status.includes('http://localhost:8080/'), `file://: how to serve it (${status})`);
  } finally {
    await page.close();
  }
}

async function run() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({viewport: {width: 1180, height: 800}});
  try {
    page.on('pageerror', (e) => check(false, `no page error (${e.message})`));
    page.on('console', (m) => { if (m.type() === 'error') console.log(`[${label}] console: ${m.text()}`); });
    const t0 = Date.now();
    await page.goto(`${server.url}?game=xiangqi`);
    await waitHumanTurn(page, 0);
    const build = await page.textContent('#build');
    console.log(`[${label}] page ready in ${Date.now() - t0} ms: ${build}`);
    check(build.includes(isolated ? 'threads,' : 'no threads in this page'), `the ${label} build is loaded (${build})`);
    await hashCheck(page);

    await benchCheck(page, 'xiangqi');

    /* A game of at least 20 moves a side. */
    /* The human side (native, depth 4, one of its two best moves) is the stronger, but a game can still end
     * early (a repetition, a mate; with threads the engine's replies vary): then a new game, three at most. */
    let s;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) {
        console.log(`[${label}] xiangqi game ${attempt} ended after ${s.moves.length} plies (${s.result}); another`);
        await page.click('#new');
        await page.waitForFunction(() => window.chariot.stateSpec === 'startpos');
      }
      s = await playGame(page, 'xiangqi', 20, 2026 + attempt);
      if (s.moves.length >= 40) break;
    }
    check(s.moves.length >= 40, `xiangqi: a game lasted 20 moves a side (${s.moves.length} plies, result ${s.result})`);
    await page.screenshot({path: path.join(shots, `xiangqi-play-${label}.png`)});
    const n = s.moves.length;
    await page.click('#takeback');
    await page.waitForFunction((k) => window.chariot.moves.length === k && window.chariot.state.side === 'first', n - 2);
    check(true, 'take-back went back a move a side');
    await stepping(page, 'xiangqi');
    await pgnRoundTrip(page, 'xiangqi');
    await eloRange(page, 'xiangqi');
    await eloControl(page, 'xiangqi');
    await scoreLabels(page, 'xiangqi');
    await boardLabels(page);
    await reviewCheck(page, 'xiangqi');

    /* Analysis of a pasted FEN. */
    const fen = 'r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 3';
    await page.selectOption('#mode', 'analyse');
    await setFen(page, fen);
    await page.selectOption('#multipv', '2');
    await page.waitForFunction(() => window.chariot.lines.filter(Boolean).length === 2 && window.chariot.lastInfo?.depth >= 8,
                               null, {timeout: 60000});
    const lines = await page.$$eval('#lines li', (ls) => ls.map((l) => ({
      human: l.querySelector('.human').textContent, iccs: l.querySelector('.iccs').textContent,
      score: l.querySelector('.score').textContent})));
    const legal = await page.evaluate(() => window.chariot.state.legal);
    check(lines.length === 2, `analysis shows 2 lines (${lines.length})`);
    for (const l of lines) {
      check(legal.includes(l.iccs.split(' ')[0]), `the PV '${l.iccs}' starts with a legal move`);
      check(l.human.split(' ').length >= 2, `the PV is written in WXF ('${l.human}')`);
    }
    check(lines[0].iccs.split(' ')[0] !== lines[1].iccs.split(' ')[0], 'the two lines start differently');
    const bar = await page.textContent('#evaltext');
    check(/^[+-]?\d+\.\d\d$|^#-?\d+$/.test(bar), `the evaluation bar shows a score (${bar})`);
    console.log(`[${label}] analysis: ${lines.map((l) => `${l.score} ${l.human}`).join(' | ')}`);
    await page.waitForTimeout(500); /* the evaluation bar's transition */
    await page.screenshot({path: path.join(shots, `xiangqi-analysis-${label}.png`)});

    /* A forced mate: the banner. */
    await page.selectOption('#mode', 'play');
    check(!(await page.evaluate(() => document.getElementById('play-only').hidden)),
          'back in Play mode the game\'s choices are shown again');
    await page.selectOption('#multipv', '1');
    /* Set FEN clears what the last search said (the human is to move: nothing searches). */
    await page.waitForFunction(() => window.chariot.thinking !== window.chariot.generation && window.chariot.lastInfo, null,
                               {timeout: 30000});
    await setFen(page, '4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1');
    const figures = await page.evaluate(() => ['depth', 'nps', 'nodes', 'evaltext', 'lines'].map((id) => document.getElementById(id).textContent));
    check(figures.join('|') === 'depth -|- kn/s|- nodes|0.00|', `figures cleared on Set FEN (${figures.join('|')})`);
    const banner = await resultAfter(page, '4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1', 'b7b9');
    check(banner.includes('Red wins') && banner.includes('checkmate'), `xiangqi mate banner ('${banner}')`);
    /* The engine mates: the human plays Red, Black (the engine) is to move and mates in one. */
    const banner2 = await resultAfter(page, '3k5/9/9/9/9/9/9/1r7/r8/4K4 b - - 0 1', null);
    check(banner2.includes('Black wins') && banner2.includes('checkmate'), `the engine's mate is announced ('${banner2}')`);

    /* Chess on the same page. */
    await page.selectOption('#game', 'chess');
    await page.waitForFunction(() => window.chariot.game === 'chess' && window.chariot.state?.fen.includes('RNBQKBNR'));
    await waitHumanTurn(page, 0);
    await benchCheck(page, 'chess');
    await eloRange(page, 'chess');
    const c = await playGame(page, 'chess', 10);
    check(c.moves.length >= 20 || c.result !== '*', `chess: 10 moves a side (${c.moves.length} plies)`);
    await page.screenshot({path: path.join(shots, `chess-play-${label}.png`)});
    if (c.result === '*') {
      await scoreLabels(page, 'chess');
      await stepping(page, 'chess');
      await pgnRoundTrip(page, 'chess');
    }
    await reviewCheck(page, 'chess');
    const banner3 = await resultAfter(page, 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', 'h5f7');
    check(banner3.includes('White wins') && banner3.includes('checkmate'), `chess mate banner ('${banner3}')`);
    const banner4 = await resultAfter(page, 'k7/8/2K5/8/8/8/8/1Q6 w - - 0 1', 'b1b6');
    check(banner4.includes('Draw') && banner4.includes('stalemate'), `chess stalemate banner ('${banner4}')`);
    await page.screenshot({path: path.join(shots, `chess-mate-${label}.png`)});
    await phone(browser, server, 'xiangqi');
    await phone(browser, server, 'chess');
    await openedAsFile(browser);
  } catch (e) {
    const dump = await page.evaluate(() => ({status: document.getElementById('status').textContent,
      gen: window.chariot.generation, thinking: window.chariot.thinking, spec: window.chariot.stateSpec,
      searching: !!window.chariot.engine.searching, log: window.chariot.engine.log.slice(-12)})).catch(() => null);
    console.log(`[${label}] the page when it failed: ${JSON.stringify(dump, null, 1)}`);
    throw e;
  } finally {
    await browser.close();
    server.proc.kill();
  }
  console.log(`[${label}] ${checks} checks, ${failures} failed`);
  process.exit(failures ? 1 : 0);
}

run().catch((e) => { console.log(`FAIL [${label}] ${e.stack || e}`); process.exit(1); });

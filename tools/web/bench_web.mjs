#!/usr/bin/env node
/*
 * bench_web.mjs - the WebAssembly engines against the native ones, in one run
 * (make bench-web). For each game: `bench` (one thread, the same positions and
 * depth) in the native build, in the single-threaded WebAssembly build and in
 * the threaded one with Threads 1, in headless chromium, ROUNDS alternating
 * rounds; nodes/s as each engine reports it (nodes over its own search time),
 * min and median. Then the size of each .wasm (raw and gzip -9) and the page's
 * time to its first engine move (the engine playing first, default 1 s a move).
 *
 * usage: node tools/web/bench_web.mjs [ROUNDS [DEPTH]]   (5 rounds, bench's default depth; needs make wasm,
 *        ./chariot and ./chariot-chess). Give a deeper DEPTH (13: about 2 s a bench natively) for steadier figures.
 */
import {chromium} from '../../tests/web/node_modules/playwright-core/index.mjs';
import {execFileSync, spawn} from 'node:child_process';
import {readFileSync, statSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import {createInterface} from 'node:readline';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rounds = Number(process.argv[2] || 5);
const depth = process.argv[3] ? Number(process.argv[3]) : null;
const benchArgs = depth ? ['bench', String(depth)] : ['bench'];
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

const server = spawn('python3', [path.join(root, 'tools/web/serve_web.py'), path.join(root, 'web'), '0'], {stdio: ['ignore', 'pipe', 'inherit']});
const url = await new Promise((resolve) => createInterface({input: server.stdout}).once('line', (l) => resolve(l.match(/http:\S+/)[0])));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});

async function openPage(query) {
  const page = await browser.newPage();
  await page.goto(`${url}?${query}`);
  await page.waitForFunction(() => window.chariot?.state && window.chariot.timing.engineReady);
  await page.evaluate(() => window.chariot.engine.send('setoption name Threads value 1'));
  return page;
}

async function wasmBench(page) {
  const lines = await page.evaluate(async (cmd) => {
    const e = window.chariot.engine, from = e.log.length;
    await e.request(cmd, 'Nodes/second');
    return e.log.slice(from);
  }, benchArgs.join(' '));
  return Number(lines.find((l) => l.startsWith('Nodes/second')).split(': ')[1]);
}

function nativeBench(game) {
  const out = execFileSync(path.join(root, game === 'chess' ? 'chariot-chess' : 'chariot'), benchArgs).toString();
  return Number(out.match(/Nodes\/second: (\d+)/)[1]);
}

try {
  console.log(`chromium ${browser.version()}, ${rounds} rounds, bench at ${depth ? 'depth ' + depth : 'its default depth'}, one thread`);
  for (const game of ['xiangqi', 'chess']) {
    const st = await openPage(`game=${game}&threads=0`);
    const mt = await openPage(`game=${game}`);
    const r = {native: [], st: [], mt: []};
    for (let i = 0; i < rounds; i++) {
      r.native.push(nativeBench(game));
      r.st.push(await wasmBench(st));
      r.mt.push(await wasmBench(mt));
    }
    const n = median(r.native);
    for (const [k, name] of [['native', 'native'], ['st', 'wasm, no threads'], ['mt', 'wasm, threads build']]) {
      const m = median(r[k]);
      console.log(`${game.padEnd(8)} ${name.padEnd(20)} nodes/s min ${Math.min(...r[k])} median ${m}` +
                  (k === 'native' ? '' : `  (${(100 * m / n).toFixed(1)}% of native)`));
    }
    await st.close();
    await mt.close();
  }
  for (const f of ['chariot-xiangqi', 'chariot-xiangqi-mt', 'chariot-chess', 'chariot-chess-mt']) {
    const p = path.join(root, 'web/engine', f + '.wasm');
    const raw = statSync(p).size, gz = gzipSync(readFileSync(p), {level: 9}).length;
    console.log(`${(f + '.wasm').padEnd(24)} ${(raw / 1024).toFixed(0)} KiB (${(gz / 1024).toFixed(0)} KiB gzip -9)`);
  }
  for (const [query, name] of [['game=xiangqi&side=second', 'threaded'], ['game=xiangqi&side=second&threads=0', 'no threads']]) {
    const t = [];
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage();
      await page.goto(`${url}?${query}`);
      await page.waitForFunction(() => window.chariot?.timing.firstMove, null, {timeout: 30000});
      t.push(await page.evaluate(() => window.chariot.timing));
      await page.close();
    }
    const ready = median(t.map((x) => x.engineReady)), first = median(t.map((x) => x.firstMove));
    console.log(`time to first engine move (${name}): engine ready ${ready.toFixed(0)} ms after navigation, ` +
                `first move ${first.toFixed(0)} ms (median of 3; the move itself thinks 1 s)`);
  }
} finally {
  await browser.close();
  server.kill();
}

#!/usr/bin/env node
/*
 * ready_web.mjs - how long the page takes to get its engine ready, for one or more copies of web/ (say this
 * tree's and an older commit's, or one built without a net), loaded in turn in headless chromium so that the
 * machine's noise falls on all of them alike. "Ready" is the page's own mark (web/app.js: both engines
 * loaded, Threads and Hash set, isready answered), in ms after navigation; a median and the spread of
 * ROUNDS loads each.
 *
 * usage: node tools/web/ready_web.mjs [--rounds N] [--query Q] WEBDIR [WEBDIR ...]
 *        (default 5 rounds, query game=xiangqi&side=second&threads=0; each WEBDIR needs its engine built:
 *        make wasm, or make WEBDIR/engine/chariot-xiangqi.js in that tree)
 * Run it with the machine otherwise idle.
 */
import {chromium} from '../../tests/web/node_modules/playwright-core/index.mjs';
import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';
import path from 'node:path';

const args = process.argv.slice(2);
let rounds = 5, query = 'game=xiangqi&side=second&threads=0';
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else if (args[i] === '--query') query = args[++i];
  else dirs.push(path.resolve(args[i]));
}
if (!dirs.length || !(rounds > 0)) {
  console.error('usage: node tools/web/ready_web.mjs [--rounds N] [--query Q] WEBDIR [WEBDIR ...]');
  process.exit(2);
}
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const here = path.dirname(new URL(import.meta.url).pathname);

async function serve(dir) {
  const server = spawn('python3', [path.join(here, 'serve_web.py'), dir, '0'], {stdio: ['ignore', 'pipe', 'inherit']});
  const url = await new Promise((resolve) => createInterface({input: server.stdout}).once('line', (l) => resolve(l.match(/http:\S+/)[0])));
  return {server, url};
}

const servers = [];
for (const d of dirs) servers.push(await serve(d));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
try {
  const ready = dirs.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < dirs.length; k++) {
      const page = await browser.newPage();
      await page.goto(`${servers[k].url}?${query}`);
      await page.waitForFunction(() => window.chariot?.timing.engineReady, null, {timeout: 30000});
      ready[k].push(await page.evaluate(() => window.chariot.timing.engineReady));
      await page.close();
    }
  for (let k = 0; k < dirs.length; k++)
    console.log(`${dirs[k]}: engine ready ${median(ready[k]).toFixed(0)} ms after navigation (median of ${rounds}; ` +
                `${Math.min(...ready[k]).toFixed(0)} to ${Math.max(...ready[k]).toFixed(0)})`);
} finally {
  await browser.close();
  for (const s of servers) s.server.kill();
}

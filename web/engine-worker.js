/*
 * engine-worker.js - one Chariot engine in a Web Worker.
 *
 * Started as engine-worker.js?game=xiangqi|chess&threads=0|1. Messages in:
 *   {cmd: "go depth 5"}        one UCI line (src/web/web.c: chariot_command)
 *   {query: "state startpos", id}  the referee (chariot_query); answered {id, reply}
 * Messages out: {line} for every line the engine prints, {ready} once loaded, {error} if it cannot load.
 * The threaded build (threads=1) needs a cross-origin isolated page; its pthreads are workers of their own.
 */
'use strict';
const params = new URLSearchParams(self.location.search);
const game = params.get('game') === 'chess' ? 'chess' : 'xiangqi';
const threaded = params.get('threads') === '1';
const base = 'engine/chariot-' + game + (threaded ? '-mt' : '');
let engine = null;
const pending = []; /* lines that came before the engine was loaded */

function command(line) {
  /* Without threads a search runs inside the call and yields (Asyncify), so the call is asynchronous. */
  const r = engine.ccall('chariot_command', 'number', ['string'], [line], {async: !threaded});
  if (r && typeof r.catch === 'function') r.catch(e => self.postMessage({error: String(e)}));
}

self.onmessage = (e) => {
  const m = e.data;
  if (!engine) { pending.push(m); return; }
  if (m.query !== undefined) {
    const p = engine.ccall('chariot_query', 'number', ['string'], [m.query]);
    self.postMessage({id: m.id, reply: JSON.parse(engine.UTF8ToString(p))});
  } else if (m.cmd !== undefined) {
    command(m.cmd);
  }
};

try {
  importScripts(base + '.js');
  ChariotEngine({
    locateFile: (path) => 'engine/' + path,
    mainScriptUrlOrBlob: new URL(base + '.js', self.location.href).href, /* for the pthread workers */
    print: (line) => self.postMessage({line}),
    printErr: (line) => self.postMessage({line: 'info string stderr: ' + line}),
  }).then((mod) => {
    engine = mod;
    engine.ccall('chariot_start', 'number', [], []);
    self.postMessage({ready: true, game, threaded});
    while (pending.length) self.onmessage({data: pending.shift()});
  }, (err) => self.postMessage({error: 'could not load ' + base + ': ' + err}));
} catch (err) {
  self.postMessage({error: 'could not load ' + base + ': ' + err});
}

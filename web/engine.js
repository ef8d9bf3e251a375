/*
 * engine.js - the page's side of a Chariot engine worker (engine-worker.js):
 * UCI lines in and out, a search at a time, and referee queries.
 */
export class Engine {
  /* game: 'xiangqi' | 'chess'; threads: use the threaded build (needs crossOriginIsolated). */
  constructor(game, threads) {
    this.threaded = threads;
    this.worker = new Worker(`engine-worker.js?game=${game}&threads=${threads ? 1 : 0}`);
    this.listeners = new Set();
    this.replies = new Map();
    this.nextId = 1;
    this.searching = null; /* {resolve} of the search running, until its bestmove */
    this.log = [];
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (e) => {
        const m = e.data;
        if (m.ready) resolve(m);
        else if (m.error) reject(new Error(m.error));
        else if (m.id !== undefined) { this.replies.get(m.id)(m.reply); this.replies.delete(m.id); }
        else if (m.line !== undefined) this.onLine(m.line);
      };
    });
  }
  onLine(line) {
    this.log.push(line);
    if (this.log.length > 500) this.log.splice(0, 250);
    for (const f of this.listeners) f(line);
    if (line.startsWith('bestmove') && this.searching) {
      const s = this.searching;
      this.searching = null;
      s.resolve(line);
    }
  }
  send(cmd) { this.worker.postMessage({cmd}); }
  /* Starts a search ("go ...") after the setup lines; resolves with its bestmove line. A search still running is stopped first;
   * the check and the start are in one turn of the event loop, so two calls cannot both start. */
  async go(args, setup = []) {
    while (this.searching) await this.stop();
    let resolve;
    const done = new Promise((r) => { resolve = r; });
    this.searching = {resolve, done, stopSent: false};
    for (const line of setup) this.send(line); /* setoption, position: taken only between searches */
    this.send('go ' + args);
    return done;
  }
  /* Stops the search if one runs (one stop however often it is asked); resolves when its bestmove came. */
  async stop() {
    const s = this.searching;
    if (!s) return;
    if (!s.stopSent) { s.stopSent = true; this.send('stop'); }
    await s.done;
  }
  /* Waits for the first line that starts with prefix after sending cmd. */
  request(cmd, prefix) {
    return new Promise((resolve) => {
      const f = (line) => { if (line.startsWith(prefix)) { this.listeners.delete(f); resolve(line); } };
      this.listeners.add(f);
      this.send(cmd);
    });
  }
  query(q) {
    const id = this.nextId++;
    return new Promise((resolve) => { this.replies.set(id, resolve); this.worker.postMessage({query: q, id}); });
  }
  terminate() { this.worker.terminate(); }
}

/*
 * board.js - the board drawn in SVG: a xiangqi board (pieces on the 90
 * points) or a chess board (64 squares), pieces from a FEN, moves by click or
 * drag, hints on the legal targets of the selected piece. It knows how to draw
 * each game, not its rules: the legal moves come from the engine's referee.
 *
 * Squares are named as UCI writes them: files a-i and ranks 0-9 for xiangqi
 * (ICCS), files a-h and ranks 1-8 for chess. Every point or square has a
 * target element with data-square; pieces carry data-piece (the FEN letter).
 */
const SVG = 'http://www.w3.org/2000/svg';
const CELL = 56, MARGIN = 46;

const GAMES = {
  xiangqi: {files: 9, ranks: 10, rankName: (r) => String(r), points: true},
  chess: {files: 8, ranks: 8, rankName: (r) => String(r + 1), points: false},
};

const GLYPHS = {
  xiangqi: {
    chinese: {K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
              k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒'},
    letters: {K: 'K', A: 'A', B: 'E', N: 'H', R: 'R', C: 'C', P: 'P'},
  },
  chess: {
    chinese: {K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞', P: '♟'}, /* "symbols" */
    letters: {K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N', P: 'P'},
  },
};

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

/* Pieces of a FEN's first field: {square: letter}. */
export function fenPieces(game, fen) {
  const g = GAMES[game], out = {};
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    const rank = g.ranks - 1 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') file += Number(ch);
      else { out[String.fromCharCode(97 + file) + g.rankName(rank)] = ch; file++; }
    }
  });
  return out;
}

export class Board {
  /* onMove(from, to) is called with a move the user made; canMove(square) says whether the piece on it may move. */
  constructor(svg, {onMove, canMove}) {
    this.svg = svg;
    this.onMove = onMove;
    this.canMove = canMove;
    this.game = 'xiangqi';
    this.flipped = false;
    this.style = 'chinese';
    this.pieces = {};
    this.legal = [];
    this.selected = null;
    this.lastMove = null;
    this.checkSquare = null;
    this.drag = null;
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
  }

  set({game, fen, legal, lastMove, checkSquare, flipped, style}) {
    if (game !== undefined) this.game = game;
    if (fen !== undefined) this.pieces = fenPieces(this.game, fen);
    if (legal !== undefined) this.legal = legal;
    if (lastMove !== undefined) this.lastMove = lastMove;
    if (checkSquare !== undefined) this.checkSquare = checkSquare;
    if (flipped !== undefined) this.flipped = flipped;
    if (style !== undefined) this.style = style;
    this.selected = null;
    this.draw();
  }

  /* Centre of a square or point in SVG units. */
  centre(square) {
    const g = GAMES[this.game];
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - (g.points ? 0 : 1);
    const col = this.flipped ? g.files - 1 - file : file;
    const row = this.flipped ? rank : g.ranks - 1 - rank;
    const off = g.points ? 0 : CELL / 2;
    return {x: MARGIN + col * CELL + off, y: MARGIN + row * CELL + off};
  }

  squareAt(x, y) {
    const g = GAMES[this.game];
    const off = g.points ? 0 : CELL / 2;
    const col = Math.round((x - MARGIN - off) / CELL), row = Math.round((y - MARGIN - off) / CELL);
    if (col < 0 || col >= g.files || row < 0 || row >= g.ranks) return null;
    const file = this.flipped ? g.files - 1 - col : col;
    const rank = this.flipped ? row : g.ranks - 1 - row;
    return String.fromCharCode(97 + file) + g.rankName(rank);
  }

  allSquares() {
    const g = GAMES[this.game], out = [];
    for (let r = 0; r < g.ranks; r++)
      for (let f = 0; f < g.files; f++) out.push(String.fromCharCode(97 + f) + g.rankName(r));
    return out;
  }

  targets(from) { return this.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(from.length, from.length + 2)); }

  draw() {
    const g = GAMES[this.game];
    const w = 2 * MARGIN + (g.points ? (g.files - 1) : g.files) * CELL;
    const h = 2 * MARGIN + (g.points ? (g.ranks - 1) : g.ranks) * CELL;
    const svg = this.svg;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.dataset.game = this.game;
    svg.dataset.legal = this.legal.join(' ');
    svg.replaceChildren();
    el('rect', {x: 0, y: 0, width: w, height: h, class: 'board-bg'}, svg);
    if (g.points) this.drawXiangqiLines(w); else this.drawChessSquares();
    this.drawCoordinates(g);
    const marks = el('g', {}, svg);
    if (this.lastMove) for (const sq of this.lastMove) {
      const c = this.centre(sq);
      el('rect', {x: c.x - CELL / 2, y: c.y - CELL / 2, width: CELL, height: CELL, class: 'last-move'}, marks);
    }
    if (this.checkSquare) {
      const c = this.centre(this.checkSquare);
      el('circle', {cx: c.x, cy: c.y, r: CELL * 0.5, class: 'check'}, marks);
    }
    this.pieceLayer = el('g', {}, svg);
    for (const sq in this.pieces) this.drawPiece(sq, this.pieces[sq]);
    this.hintLayer = el('g', {}, svg);
    if (this.selected) this.drawHints();
    const hits = el('g', {class: 'targets'}, svg);
    for (const sq of this.allSquares()) {
      const c = this.centre(sq);
      el('rect', {x: c.x - CELL / 2, y: c.y - CELL / 2, width: CELL, height: CELL, 'data-square': sq, class: 'target'}, hits);
    }
  }

  drawXiangqiLines(w) {
    const lines = el('g', {class: 'lines'}, this.svg);
    const x0 = MARGIN, y0 = MARGIN, x8 = MARGIN + 8 * CELL, y9 = MARGIN + 9 * CELL;
    for (let r = 0; r < 10; r++) el('line', {x1: x0, y1: y0 + r * CELL, x2: x8, y2: y0 + r * CELL}, lines);
    for (let f = 0; f < 9; f++) {
      const x = x0 + f * CELL;
      if (f === 0 || f === 8) el('line', {x1: x, y1: y0, x2: x, y2: y9}, lines);
      else {
        el('line', {x1: x, y1: y0, x2: x, y2: y0 + 4 * CELL}, lines);
        el('line', {x1: x, y1: y0 + 5 * CELL, x2: x, y2: y9}, lines);
      }
    }
    for (const top of [0, 7]) {
      const ya = y0 + top * CELL, yb = ya + 2 * CELL, xa = x0 + 3 * CELL, xb = x0 + 5 * CELL;
      el('line', {x1: xa, y1: ya, x2: xb, y2: yb}, lines);
      el('line', {x1: xb, y1: ya, x2: xa, y2: yb}, lines);
    }
    el('rect', {x: x0 - 4, y: y0 - 4, width: 8 * CELL + 8, height: 9 * CELL + 8, class: 'frame'}, lines);
    /* The river's words stand between the files, in the band between the banks, small enough that no
     * piece's disc on a bank ever covers them (18 px characters, the word 12 px: their boxes stay inside the
     * corners the discs leave free between four points; tests/web/test_page.mjs measures it). */
    const words = this.style === 'chinese' ? [['楚', 1.5], ['河', 2.5], ['漢', 5.5], ['界', 6.5]] : [['river', 4.5]];
    for (const [word, at] of words) {
      const t = el('text', {x: x0 + at * CELL, y: y0 + 4.5 * CELL, class: word.length > 1 ? 'river small' : 'river'},
                   this.svg);
      t.textContent = word;
    }
  }

  drawChessSquares() {
    const g = el('g', {}, this.svg);
    for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) {
      const c = this.centre(String.fromCharCode(97 + f) + (r + 1));
      el('rect', {x: c.x - CELL / 2, y: c.y - CELL / 2, width: CELL, height: CELL,
                  class: (f + r) % 2 ? 'light' : 'dark'}, g);
    }
  }

  drawCoordinates(g) {
    const layer = el('g', {class: 'coords'}, this.svg);
    if (this.game === 'xiangqi' && this.style === 'chinese') { /* as players read the files: each side's own */
      const red = '九八七六五四三二一', black = '１２３４５６７８９';
      const h = this.svg.viewBox.baseVal.height;
      for (let f = 0; f < g.files; f++) {
        const c = this.centre(String.fromCharCode(97 + f) + '0');
        const bottom = el('text', {x: c.x, y: this.flipped ? 14 : h - 6, 'data-side': 'first'}, layer);
        bottom.textContent = red[f];
        const top = el('text', {x: c.x, y: this.flipped ? h - 6 : 14, 'data-side': 'second'}, layer);
        top.textContent = black[f];
      }
      return;
    }
    for (let f = 0; f < g.files; f++) {
      const sq = String.fromCharCode(97 + f) + g.rankName(0);
      const c = this.centre(sq);
      const t = el('text', {x: c.x, y: this.flipped ? 14 : this.svg.viewBox.baseVal.height - 6}, layer);
      t.textContent = String.fromCharCode(97 + f);
    }
    for (let r = 0; r < g.ranks; r++) {
      const c = this.centre('a' + g.rankName(r));
      const t = el('text', {x: this.flipped ? this.svg.viewBox.baseVal.width - 8 : 8, y: c.y + 4}, layer);
      t.textContent = g.rankName(r);
    }
  }

  drawPiece(sq, letter) {
    const c = this.centre(sq);
    const white = letter === letter.toUpperCase();
    const grp = el('g', {class: `piece ${white ? 'first' : 'second'}`, 'data-piece': letter, 'data-at': sq,
                         transform: `translate(${c.x} ${c.y})`}, this.pieceLayer);
    const glyphs = GLYPHS[this.game][this.style] || GLYPHS[this.game].letters;
    const glyph = glyphs[letter] || glyphs[letter.toUpperCase()] || letter;
    if (this.game === 'xiangqi') {
      el('circle', {r: CELL * 0.44, class: 'disc'}, grp);
      el('circle', {r: CELL * 0.37, class: 'ring'}, grp);
      const t = el('text', {y: 1, class: 'glyph'}, grp);
      t.textContent = glyph;
    } else {
      const t = el('text', {y: 2, class: `glyph ${this.style === 'chinese' ? 'symbol' : 'letter'}`}, grp);
      t.textContent = glyph;
    }
    if (this.selected === sq) grp.classList.add('selected');
  }

  drawHints() {
    this.hintLayer.replaceChildren();
    if (!this.selected) return;
    for (const to of this.targets(this.selected)) {
      const c = this.centre(to);
      el('circle', {cx: c.x, cy: c.y, r: this.pieces[to] ? CELL * 0.46 : CELL * 0.12,
                    class: this.pieces[to] ? 'hint capture' : 'hint', 'data-hint': to}, this.hintLayer);
    }
  }

  select(sq) {
    this.selected = sq;
    for (const p of this.pieceLayer.querySelectorAll('.piece')) p.classList.toggle('selected', p.dataset.at === sq);
    this.drawHints();
  }

  point(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  pointerDown(e) {
    const p = this.point(e), sq = this.squareAt(p.x, p.y);
    if (!sq) return;
    if (this.selected && this.selected !== sq && this.targets(this.selected).includes(sq)) {
      const from = this.selected;
      this.select(null);
      this.onMove(from, sq);
      return;
    }
    if (this.pieces[sq] && this.canMove(sq)) {
      this.select(sq);
      const node = this.pieceLayer.querySelector(`[data-at="${sq}"]`);
      this.drag = {from: sq, node, x: p.x, y: p.y, moved: false};
      this.svg.setPointerCapture?.(e.pointerId);
    } else {
      this.select(null);
    }
  }

  pointerMove(e) {
    if (!this.drag) return;
    const p = this.point(e);
    if (!this.drag.moved && Math.hypot(p.x - this.drag.x, p.y - this.drag.y) < 6) return;
    this.drag.moved = true;
    this.drag.node.setAttribute('transform', `translate(${p.x} ${p.y})`);
    this.drag.node.classList.add('dragging');
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d || !d.moved) return;
    const p = this.point(e), sq = this.squareAt(p.x, p.y);
    if (sq && sq !== d.from && this.targets(d.from).includes(sq)) {
      this.select(null);
      this.onMove(d.from, sq);
    } else {
      const c = this.centre(d.from);
      d.node.setAttribute('transform', `translate(${c.x} ${c.y})`);
      d.node.classList.remove('dragging');
    }
  }
}

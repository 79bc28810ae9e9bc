/* viewer.js - the page of `dominolab view`: replays a match, frame by frame, from the JSON
 * the C side embeds in <script id="match-data"> (docs/viewer.md describes the JSON and the
 * DOM ids, classes and data-attributes that tests read; keep them stable).
 *
 * No libraries and no network: the page must open from a file anywhere, years later. Every
 * position is already computed by the C side, so this script only draws frames; it never
 * re-derives rules. Rendering is plain string building: a frame holds at most a few
 * hundred tiles, so redrawing the table on each step is simpler than diffing it and fast.
 */
(function () {
  'use strict';

  const STEP_MS = 700;            /* play speed: slow enough to follow a move, fast enough to skim */
  const MIN_TILE = 18;            /* px, a tile's short side: smaller pips stop reading */
  const LAYOUTS = ['line', 'spinner', 'trick'];
  const $ = (id) => document.getElementById(id);

  /* ------------------------------------------------------------------ small helpers */

  const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  /* Agent specs, move texts and titles come from files we do not control: escape them all. */
  function esc(value) {
    return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
  }
  function signed(n) {
    return (n > 0 ? '+' : n < 0 ? '\u2212' : '\u00b1') + Math.abs(n);
  }
  /* Agents' values are floats like 0.4832091; three decimals are plenty to compare moves. */
  function fmtValue(v) {
    if (typeof v !== 'number' || !isFinite(v)) return '\u2014';
    return String(Math.round(v * 1000) / 1000);
  }
  function numbers(tile) {
    const parts = String(tile).split('-');
    return [Number(parts[0]), Number(parts[1])];
  }
  function tileName(a, b) {
    return Math.min(a, b) + '-' + Math.max(a, b);
  }
  function pipSum(tiles) {
    return tiles.reduce((sum, t) => { const n = numbers(t); return sum + n[0] + n[1]; }, 0);
  }
  function plural(n, word) {
    return n + ' ' + word + (n === 1 ? '' : 's');
  }

  /* ------------------------------------------------------------------ reading the data */

  function fail(message) {
    const box = $('error');
    box.textContent = 'This page cannot show the match: ' + message;
    box.hidden = false;
    const viewer = $('viewer');
    if (viewer) viewer.classList.add('broken');
    if (document.title) $('title').textContent = document.title;
    console.error('dominolab view: ' + message);
  }

  function need(condition, message) {
    if (!condition) throw new Error(message);
  }

  /* Checks everything the drawing code relies on, up front, so that a damaged page says
   * what is missing instead of throwing half-way through a frame. */
  function validate(d) {
    need(d && typeof d === 'object' && !Array.isArray(d), 'the data is not a JSON object');
    need(Number.isInteger(d.seats) && d.seats >= 1, 'field "seats" is missing or not a number');
    need(LAYOUTS.includes(d.layout), 'field "layout" must be one of ' + LAYOUTS.join(', '));
    need(Array.isArray(d.hands) && d.hands.length > 0, 'field "hands" is missing or empty');
    const sides = Number.isInteger(d.sides) ? d.sides : d.seats;
    d.hands.forEach((hand, h) => {
      const where = 'hands[' + h + ']';
      need(hand && Array.isArray(hand.frames) && hand.frames.length > 0, where + '.frames is missing or empty');
      hand.frames.forEach((f, p) => {
        const at = where + '.frames[' + p + ']';
        need(f && typeof f === 'object', at + ' is not an object');
        need(Array.isArray(f.hands) && f.hands.length === d.seats && f.hands.every(Array.isArray),
          at + '.hands must hold one array of tiles per seat');
        need(Array.isArray(f.scores) && f.scores.length === sides, at + '.scores must hold one score per side');
        need(typeof f.stock === 'number', at + '.stock is missing');
        need(Array.isArray(f.lines), at + '.lines is missing');
        need(f.table && typeof f.table === 'object', at + '.table is missing');
        if (d.layout === 'trick') {
          need(Array.isArray(f.table.trick) && Array.isArray(f.table.won) && Array.isArray(f.table.hand_points),
            at + '.table lacks trick, won or hand_points');
        } else {
          need(Array.isArray(f.table.arms) && Array.isArray(f.table.ends), at + '.table lacks arms or ends');
        }
      });
    });
  }

  function load() {
    const node = $('match-data');
    if (!node) throw new Error('the page has no match-data element');
    let data;
    try {
      data = JSON.parse(node.textContent);
    } catch (e) {
      throw new Error('the match data is not valid JSON (' + e.message + ')');
    }
    validate(data);
    /* Soft fields get defaults: an older or hand-made file still shows. */
    data.sides = Number.isInteger(data.sides) ? data.sides : data.seats;
    if (!Array.isArray(data.side_of_seat)) data.side_of_seat = Array.from({ length: data.seats }, (_, s) => s);
    if (!Array.isArray(data.agents)) data.agents = [];
    data.hands.forEach((hand, h) => { if (hand.hand === undefined) hand.hand = h + 1; });
    return data;
  }

  /* ------------------------------------------------------------------ names */

  let D = null;                    /* the match */
  const S = { hand: 0, ply: 0, timer: null, hide: false, perspective: 0, ghost: null };

  function agent(seat) {
    return D.agents[seat] !== undefined ? String(D.agents[seat]) : '?';
  }
  function seatsOfSide(side) {
    const seats = [];
    D.side_of_seat.forEach((s, seat) => { if (s === side) seats.push(seat); });
    return seats;
  }
  /* Award, winner and score indices are sides: seats, or teams in team games. */
  function sideName(side) {
    if (side === null || side === undefined) return 'nobody';
    return D.teams ? 'team ' + side : 'seat ' + side;
  }
  function sideLong(side) {
    if (!D.teams) return 'seat ' + side + ' (' + agent(side) + ')';
    return 'team ' + side + ' (seats ' + seatsOfSide(side).join(', ') + ')';
  }
  function seatChip(seat) {
    return '<span class="chip s' + seat + '" title="seat ' + seat + ': ' + esc(agent(seat)) + '">' + seat +
      '<span class="chip-agent">' + esc(agent(seat)) + '</span></span>';
  }

  /* ------------------------------------------------------------------ dominoes */

  /* Pip centres in one square half (0..100), for an upright tile. Beyond nine pips the
   * sets use a 3-wide, 4-high grid; its spacing is tighter, so its pips are smaller. */
  const COL4 = [17, 39, 61, 83];
  const PIPS = (function () {
    const p = [];
    p[0] = [];
    p[1] = [[50, 50]];
    p[2] = [[74, 26], [26, 74]];
    p[3] = [[74, 26], [50, 50], [26, 74]];
    p[4] = [[26, 26], [74, 26], [26, 74], [74, 74]];
    p[5] = p[4].concat([[50, 50]]);
    p[6] = [[26, 26], [26, 50], [26, 74], [74, 26], [74, 50], [74, 74]];
    p[7] = p[6].concat([[50, 50]]);
    p[8] = p[6].concat([[50, 26], [50, 74]]);
    p[9] = p[8].concat([[50, 50]]);
    const sides = [];
    COL4.forEach((y) => { sides.push([22, y], [78, y]); });
    p[10] = sides.concat([[50, 28], [50, 72]]);
    p[11] = sides.concat([[50, 22], [50, 50], [50, 78]]);
    p[12] = sides.concat(COL4.map((y) => [50, y]));
    return p;
  })();

  function halfPips(n, dx, dy, swap) {
    const spots = PIPS[n] || [];
    const r = n > 9 ? 7.5 : 9;
    let out = '<g class="n' + n + '">';
    for (const [x, y] of spots) {
      const cx = (swap ? y : x) + dx;
      const cy = (swap ? x : y) + dy;
      out += '<circle cx="' + cx + '" cy="' + cy + '" r="' + r + '"/>';
    }
    return out + '</g>';
  }

  /* A domino showing `a` first (left, or top when upright) and `b` second. `opts.upright`
   * draws it standing; doubles on the table are drawn crosswise by the caller choosing it. */
  function domino(a, b, opts) {
    const o = opts || {};
    const name = tileName(a, b);
    let cls = 'domino ' + (o.upright ? 'v' : 'h');
    if (a === b) cls += ' double';
    if (o.cls) cls += ' ' + o.cls;
    if (o.hidden) {
      return '<span class="' + cls + ' back" data-tile="' + name + '" role="img" aria-label="a face-down tile"></span>';
    }
    const svg = o.upright
      ? '<svg viewBox="0 0 100 200" aria-hidden="true"><line class="div" x1="14" y1="100" x2="86" y2="100"/>' +
        halfPips(a, 0, 0, false) + halfPips(b, 0, 100, false) + '<circle class="pin" cx="50" cy="100" r="5"/></svg>'
      : '<svg viewBox="0 0 200 100" aria-hidden="true"><line class="div" x1="100" y1="14" x2="100" y2="86"/>' +
        halfPips(a, 0, 0, true) + halfPips(b, 100, 0, true) + '<circle class="pin" cx="100" cy="50" r="5"/></svg>';
    return '<span class="' + cls + '" data-tile="' + name + '" title="' + name + '" role="img" aria-label="' +
      name + '">' + svg + '</span>';
  }
  /* A tile of a hand, trick or pile: upright, lower number on top as players hold them. */
  function handTile(tile, opts) {
    const n = numbers(tile);
    return domino(n[0], n[1], Object.assign({ upright: true }, opts));
  }
  function flatTile(tile, opts) {
    const n = numbers(tile);
    return domino(n[0], n[1], Object.assign({ upright: false }, opts));
  }

  /* ------------------------------------------------------------------ the felt: seats */

  /* Where each seat sits, in playing order clockwise from the bottom, as at a real table. */
  function seatPositions(bottom) {
    const n = D.seats;
    const order = Array.from({ length: n }, (_, k) => (bottom + k) % n);
    const pos = { s: [order[0]], w: [], n: [], e: [] };
    if (n === 2) pos.n.push(order[1]);
    else if (n === 3) { pos.w.push(order[1]); pos.e.push(order[2]); }
    else if (n >= 4) {
      pos.w.push(order[1]);
      for (let k = 2; k < n - 1; k++) pos.n.push(order[k]);
      pos.e.push(order[n - 1]);
    }
    return pos;
  }

  function seatHidden(seat) {
    return S.hide && seat !== S.perspective;
  }

  function seatBlock(f, seat, where) {
    const tiles = f.hands[seat];
    const hidden = seatHidden(seat);
    const shown = D.layout === 'trick' && f.table.shown && f.table.shown[seat] ? f.table.shown[seat] : [];
    const drawn = new Set();
    f.lines.forEach((l) => { if (l.type === 'draw' && l.seat === seat) drawn.add(l.tile); });
    let html = '';
    for (const t of tiles) {
      const melded = shown.includes(t);
      let cls = drawn.has(t) ? 'drawn' : '';
      if (melded) cls += ' shown';
      if (!hidden && S.ghost && S.ghost.seat === seat && S.ghost.tile === t) cls += ' ghost-choice';
      /* Melded doubles are public knowledge, so they stay face up in a hidden hand. */
      html += handTile(t, { hidden: hidden && !melded, cls: cls });
    }
    const classes = ['seat', 'pos-' + where, 's' + seat];
    if (f.to_move === seat) classes.push('to-move');
    const team = D.teams ? '<span class="tag">team ' + D.side_of_seat[seat] + '</span>' : '';
    const pips = hidden ? '' : '<span class="muted">' + pipSum(tiles) + ' pips</span>';
    const flags = (f.to_move === seat ? '<span class="tag turn">to move</span>' : '') +
      (shown.length ? '<span class="tag gold">melded ' + shown.join(' ') + '</span>' : '');
    return '<div class="' + classes.join(' ') + '">' +
      '<div class="seat-label">' + seatChip(seat) + team +
      '<span class="count">' + plural(tiles.length, 'tile') + '</span>' + pips + flags + '</div>' +
      '<div class="hand" data-seat="' + seat + '" data-tiles="' + esc(tiles.join(' ')) + '" data-count="' +
      tiles.length + '" data-hidden="' + hidden + '">' + (html || '<span class="empty">no tiles</span>') + '</div></div>';
  }

  /* ------------------------------------------------------------------ line layout */

  /* The last tile placed in this step, to highlight: the outermost of the arm it went to. */
  function lastPlacement(f) {
    const play = f.lines.find((l) => l.type === 'play');
    if (!play) return null;
    return play.end === undefined || play.end === null ? { lead: true } : { arm: play.end };
  }

  function endPill(k, t, upright) {
    const open = !t.open || t.open[k] !== false;
    return '<span class="end-pill' + (open ? '' : ' closed') + (upright ? ' up' : '') + '" title="end ' + k +
      (open ? '' : ' (closed)') + '">' + k + '</span>';
  }

  /* The line from end 0 (left) to end 1 (right), in chain order; each piece knows the number
   * shown on its left and right so that a row running backwards can mirror it. */
  function linePieces(t, last) {
    const pieces = [{ pill: 0 }];
    const left = t.arms[0] || [];
    const right = t.arms[1] || [];
    for (let i = left.length - 1; i >= 0; i--) {
      pieces.push({ a: left[i][1], b: left[i][0], last: !!last && last.arm === 0 && i === left.length - 1 });
    }
    pieces.push({ a: t.lead[0], b: t.lead[1], lead: true, last: !!last && !!last.lead });
    right.forEach((p, i) => pieces.push({ a: p[0], b: p[1], last: !!last && last.arm === 1 && i === right.length - 1 }));
    pieces.push({ pill: 1 });
    const g = S.ghost;
    if (g && g.end !== undefined && g.end < 2) { /* the bot's choice, beyond the end it names */
      if (g.end === 0) pieces.unshift({ a: g.outer, b: g.inner, ghost: g });
      else pieces.push({ a: g.inner, b: g.outer, ghost: g });
    }
    return pieces;
  }

  function pieceWidth(p, u) {
    if (p.pill !== undefined) return 0.9 * u;
    return p.a === p.b ? u : 2 * u;
  }

  function drawPiece(p, t, mirrored) {
    if (p.pill !== undefined) return endPill(p.pill, t, false);
    const a = mirrored ? p.b : p.a;
    const b = mirrored ? p.a : p.b;
    if (p.ghost) return ghostHtml(p.ghost, a, b, a === b);
    const cls = (p.lead ? 'lead' : '') + (p.last ? ' last' : '');
    return domino(a, b, { upright: a === b, cls: cls });
  }

  /* Where each row of the snake starts, given the rows' widths: a row running back ends
   * under the end of the row above, a row running forth starts under it. */
  function rowOffsets(widths) {
    const lefts = [];
    widths.forEach((w, r) => {
      if (r === 0) lefts.push(0);
      else if (r % 2 === 1) lefts.push(lefts[r - 1] + widths[r - 1] - w);
      else lefts.push(lefts[r - 1]);
    });
    return lefts;
  }

  /* Lays the line out as a snake: rows fill left to right, then right to left, as a long
   * line bends on a real table, so the chain stays continuous and readable at any width. */
  function renderLine(box, f) {
    const t = f.table;
    const width = Math.max(240, box.clientWidth - 8);
    const u = width < 520 ? 22 : 30;
    const gap = 3;
    box.style.setProperty('--u', u + 'px');
    if (!t.lead) {
      box.innerHTML = '<p class="placeholder">no tile on the table yet</p>';
      return [];
    }
    const pieces = linePieces(t, lastPlacement(f));
    /* Break into rows; each row may only use the room on its side of the turn above it. */
    const rows = [];
    const widths = [];
    let row = [];
    let used = 0;
    let limit = width;
    const closeRow = () => {
      rows.push(row);
      widths.push(used - gap);
      const lefts = rowOffsets(widths);
      const r = rows.length - 1;
      limit = r % 2 === 0 ? lefts[r] + widths[r] : width - lefts[r];
      row = [];
      used = 0;
    };
    for (const p of pieces) {
      const w = pieceWidth(p, u) + gap;
      if (used + w > limit + gap && row.length) closeRow();
      row.push(p);
      used += w;
    }
    closeRow();
    /* Where the line turns, its next tile stands across the turn as a corner, as on a real
     * table; the row after it runs back from under it. */
    const corners = rows.map((cells, r) => (r > 0 && cells.length > 1 && cells[0].pill === undefined && !cells[0].ghost ? cells.shift() : null));
    let html = '';
    rows.forEach((cells, r) => {
      const back = r % 2 === 1;
      const c = corners[r];
      if (c) {
        html += '<div class="line-row corner" data-turn="' + (back ? 'right' : 'left') + '">' +
          domino(c.a, c.b, { upright: c.a !== c.b, cls: (c.lead ? 'lead' : '') + (c.last ? ' last' : '') }) + '</div>';
      }
      const shown = back ? cells.slice().reverse() : cells;
      html += '<div class="line-row">' + shown.map((p) => drawPiece(p, t, back)).join('') + '</div>';
    });
    box.innerHTML = '<div class="snake">' + html + '</div>';
    /* Place the rows from their real widths (the model above only decides the breaks): a
     * corner under the end of the row before it, a row from under its corner. */
    const snake = box.firstChild;
    const els = Array.from(snake.children);
    if (els.length > 1) {
      const real = els.map((el) => el.offsetWidth);
      const lefts = [];
      let rowLeft = 0, rowWidth = real[0], turn = null, cornerLeft = 0, cornerWidth = 0, rowIndex = 0;
      els.forEach((el, k) => {
        if (k === 0) { lefts.push(0); return; }
        if (el.classList.contains('corner')) {
          turn = el.getAttribute('data-turn');
          cornerWidth = real[k];
          cornerLeft = turn === 'right' ? rowLeft + rowWidth - cornerWidth : rowLeft;
          lefts.push(cornerLeft);
          return;
        }
        rowIndex++; /* a row: from under its corner, or under the end of the row before */
        if (turn === 'right') rowLeft = cornerLeft + cornerWidth - real[k];
        else if (turn === 'left') rowLeft = cornerLeft;
        else if (rowIndex % 2 === 1) rowLeft = rowLeft + rowWidth - real[k];
        rowWidth = real[k];
        turn = null;
        lefts.push(rowLeft);
      });
      const min = Math.min(...lefts);
      els.forEach((el, k) => { el.style.marginLeft = (lefts[k] - min) + 'px'; });
      snake.style.width = Math.max(...real.map((w, k) => lefts[k] - min + w)) + 'px';
    }
    rows.forEach((cells, r) => { if (corners[r]) cells.unshift(corners[r]); });
    return pieces.filter((p) => p.pill === undefined && !p.ghost).map((p) => tileName(p.a, p.b));
  }

  /* ------------------------------------------------------------------ spinner layout */

  const ARM_DIRS = ['right', 'left', 'up', 'down'];   /* arms 0..3 as the contract places them */
  /* Where a long arm turns at its tip: a pinwheel, so that no two turned arms can meet. */
  const BEND = { right: 'down', left: 'up', up: 'right', down: 'left' };

  /* Tiles running from a point in direction `dir`, in screen order. Vertical runs stand
   * their plain tiles and lay their doubles crosswise; horizontal runs do the opposite.
   * `lastIndex` (counted along the arm from `offset`) marks the tile just played. */
  function runHtml(tiles, dir, lastIndex, offset) {
    const vertical = dir === 'up' || dir === 'down';
    const forward = dir === 'right' || dir === 'down';
    const parts = tiles.map((p, i) => {
      const stand = vertical !== (p[0] === p[1]);
      return domino(forward ? p[0] : p[1], forward ? p[1] : p[0],
        { upright: stand, cls: offset + i === lastIndex ? 'last' : '' });
    });
    if (!forward) parts.reverse();
    return parts.join('');
  }
  /* Lengths along an arm, in units of a tile's short side (gaps included). */
  function tileSpan(p) { return (p[0] === p[1] ? 1 : 2) + 0.1; }
  function span(tiles) { return tiles.reduce((sum, p) => sum + tileSpan(p), 0); }

  /* How arms 0..3 fit at tile size u in a W x H box: each a straight run, and a turned
   * remainder where the straight one would leave the box. null when they do not fit. */
  function planArms(arms, W, H, u, force) {
    const half = (W / u - 1.2) / 2;     /* room beside the spinner, either side */
    const tall = (H / u - 2.2) / 2;     /* room above or below it */
    const plan = [];
    for (let k = 0; k < 4; k++) {
      const arm = arms[k] || [];
      const across = k < 2;
      const along = across ? half : tall;
      const beside = across ? tall + 0.5 : half;
      if (span(arm) + 0.9 <= along) { plan.push({ straight: arm, bend: [] }); continue; }
      let room = along - 2.3;           /* the turned run starts with a tile across the tip */
      let cut = 0;
      while (cut < arm.length && room >= tileSpan(arm[cut])) { room -= tileSpan(arm[cut]); cut++; }
      const bend = arm.slice(cut);
      if (!force && span(bend) + 0.9 > beside) return null;
      plan.push({ straight: arm.slice(0, cut), bend: bend });
    }
    return plan;
  }

  /* The pill at the tip of arm k, running in `dir`, and the bot's ghost beyond it. */
  function tipHtml(k, t, dir) {
    const vertical = dir === 'up' || dir === 'down';
    const forward = dir === 'right' || dir === 'down';
    const pill = endPill(k, t, vertical);
    if (!S.ghost || S.ghost.end !== k) return pill;
    const ghost = ghostTile(S.ghost, forward, vertical);
    return forward ? pill + ghost : ghost + pill;
  }

  function armBlock(k, part, t, last) {
    const dir = ARM_DIRS[k];
    const lastIndex = last && last.arm === k ? part.straight.length + part.bend.length - 1 : -1;
    const straight = runHtml(part.straight, dir, lastIndex, 0);
    const forward = dir === 'right' || dir === 'down';
    let tip;
    if (!part.bend.length) {
      tip = tipHtml(k, t, dir);
    } else {
      const turn = BEND[dir];
      const run = runHtml(part.bend, turn, lastIndex, part.straight.length);
      const pill = tipHtml(k, t, turn);
      const turnForward = turn === 'right' || turn === 'down';
      /* A zero-size anchor at the tip; the turned run hangs from it, outside the grid's flow. */
      tip = '<span class="anchor"><span class="bend">' + (turnForward ? run + pill : pill + run) + '</span></span>';
    }
    return forward ? straight + tip : tip + straight;
  }

  function renderSpinner(box, f) {
    const t = f.table;
    const arms = t.arms;
    if (!t.lead) {
      box.innerHTML = '<p class="placeholder">no tile on the table yet</p>';
      return [];
    }
    const last = lastPlacement(f);
    const W = Math.max(240, box.clientWidth - 8);
    /* Tall enough to read, short enough that the table and both hands fit a laptop screen. */
    const H = Math.max(360, Math.min(640, window.innerHeight - 400 - (arms.length > 4 ? 120 : 0)));
    /* Straight arms read best: shrink the tiles a little before turning any arm, then turn
     * arms as needed, and only then shrink further. */
    const search = (from, to, straightOnly) => {
      for (let size = from; size >= to; size--) {
        const p = planArms(arms, W, H, size, false);
        if (p && (!straightOnly || p.every((part) => !part.bend.length))) return { u: size, plan: p };
      }
      return null;
    };
    /* Never below 18 px, where pips stop reading: a spinner too big for that scrolls in its box. */
    const best = search(30, 24, true) || search(30, MIN_TILE, false) || { u: MIN_TILE, plan: planArms(arms, W, H, MIN_TILE, true) };
    const u = best.u;
    const plan = best.plan;
    box.style.setProperty('--u', u + 'px');
    /* A turned horizontal arm runs above or below the middle row: keep room for it. */
    const over = (part) => Math.max(0, (span(part.bend) + 0.9 - 1.5) * u);
    const rows = 'minmax(' + over(plan[1]).toFixed(0) + 'px, auto) auto minmax(' + over(plan[0]).toFixed(0) + 'px, auto)';
    const cell = (k, cls) => '<div class="arm ' + cls + (plan[k].bend.length ? ' bent' : '') + '">' + armBlock(k, plan[k], t, last) + '</div>';
    const spinner = domino(t.lead[0], t.lead[1], { upright: true, cls: 'lead spinner' + (last && last.lead ? ' last' : '') });
    let html = '<div class="cross" style="grid-template-rows:' + rows + '">' +
      cell(2, 'arm-up') + cell(1, 'arm-left') + '<div class="arm arm-mid">' + spinner + '</div>' +
      cell(0, 'arm-right') + cell(3, 'arm-down') + '</div>';
    if (arms.length > 4) {
      /* Eight arms: the other four do not fit a cross legibly; list them as rows that
       * start at the spinner's number. */
      html += '<div class="extra-arms">';
      for (let k = 4; k < arms.length; k++) {
        const arm = arms[k] || [];
        html += '<div class="arm-row"><span class="arm-label">arm ' + k + '</span><span class="arm-root">' + t.lead[0] +
          '</span>' + runHtml(arm, 'right', last && last.arm === k ? arm.length - 1 : -1, 0) + tipHtml(k, t, 'right') + '</div>';
      }
      html += '</div>';
    }
    box.innerHTML = html;
    const names = [tileName(t.lead[0], t.lead[1])];
    arms.forEach((arm) => arm.forEach((p) => names.push(tileName(p[0], p[1]))));
    return names;
  }

  /* ------------------------------------------------------------------ trick layout (Bingo) */

  /* Who closed the stock in this hand so far, to tell a close from an exhausted stock. */
  function closer() {
    const frames = D.hands[S.hand].frames;
    for (let p = 0; p <= S.ply; p++) {
      const c = frames[p].lines.find((l) => l.type === 'close');
      if (c) return c.seat;
    }
    return null;
  }

  function renderTrickTable(f) {
    const t = f.table;
    const trump = typeof t.trump === 'number' ? t.trump : -1;
    const trumpFace = trump >= 0
      ? '<span class="trump-face">' + '<svg viewBox="0 0 100 100" aria-hidden="true">' + halfPips(trump, 0, 0, false) + '</svg></span>'
      : '';
    const who = closer();
    const closedText = !t.closed ? '' : who !== null ? 'closed by seat ' + who : 'stock exhausted';
    /* Closing turns the trump indicator face down; otherwise it leaves only when drawn last. */
    let faceUp;
    if (t.face_up) faceUp = flatTile(t.face_up, { hidden: !!t.closed }) + '<span class="muted">' + (t.closed ? 'turned down' : 'turned up') + '</span>';
    else if (t.closed && who !== null) faceUp = '<span class="pile-tile h"></span><span class="muted">turned down</span>';
    else faceUp = '<span class="muted">turned tile taken</span>';
    faceUp = '<div class="face-up">' + faceUp + '</div>';
    const backs = Math.min(4, Math.ceil(f.stock / 4));
    let stack = '';
    /* Stock tiles are unknown here: drawn as plain backs, not as .domino (which names a tile). */
    for (let i = 0; i < backs; i++) stack += '<span class="pile-tile v"></span>';

    const trick = t.trick || [];
    let slots = trick.map((p) => '<div class="slot">' + handTile(p.tile) + seatChip(p.seat) + '</div>').join('');
    if (S.ghost) {
      slots += '<div class="slot ghost-wrap" title="the bot would play ' + esc(S.ghost.move) + '">' +
        handTile(S.ghost.tile, { cls: 'ghost' }) + '<span class="tag bot">bot</span></div>';
    }
    const lt = t.last_trick;
    const lastHtml = lt
      ? '<div class="mini-tiles plays">' + trickPlays(lt).map((p) => '<div class="slot">' + handTile(p.tile) + seatChip(p.seat) + '</div>').join('') + '</div>' +
        '<div>won by ' + seatChip(lt.winner) + ' <b>' + signed(lt.points) + ' points</b></div>'
      : '<p class="muted">none yet</p>';

    let won = '';
    for (let side = 0; side < D.sides; side++) {
      const tiles = t.won[side] || [];
      won += '<div class="won" data-side="' + side + '" data-tiles="' + esc(tiles.join(' ')) + '">' +
        '<div class="won-label">' + esc(sideName(side)) + ' took ' + plural(tiles.length, 'tile') + '</div>' +
        '<div class="mini-tiles">' + tiles.map((x) => handTile(x)).join('') + '</div></div>';
    }
    const points = t.hand_points || [];
    let bars = '';
    points.forEach((p, side) => {
      const pct = Math.min(100, (p / 70) * 100);
      bars += '<div class="hp"><span class="hp-name">' + esc(sideName(side)) + '</span>' +
        '<span class="hp-bar"><span style="width:' + pct.toFixed(1) + '%"></span></span><b>' + p + '</b></div>';
    });

    return '<div class="trick-table">' +
      '<div class="trump-box" id="trump" data-trump="' + trump + '"><span class="cap">trump</span>' + trumpFace +
      '<span class="trump-num">' + (trump >= 0 ? trump : '?') + '</span></div>' +
      '<div class="stock-box" id="stock" data-stock="' + f.stock + '">' +
      '<div class="stack">' + stack + '</div><span class="cap">stock ' + f.stock + '</span>' + faceUp +
      (closedText ? '<span class="tag warn" id="closed">' + closedText + '</span>' : '') + '</div>' +
      '<div class="trick-box"><span class="cap">trick in play</span><div id="trick" data-tiles="' +
      esc(trick.map((p) => p.tile).join(' ')) + '">' + (slots || '<p class="muted">\u2014</p>') + '</div></div>' +
      '<div class="last-box" id="last-trick" data-tiles="' + esc(lt ? lt.tiles.join(' ') : '') + '" data-winner="' +
      (lt ? lt.winner : '') + '"><span class="cap">last trick</span>' + lastHtml + '</div>' +
      '<div class="won-row">' + won + '</div>' +
      '<div id="hand-points" class="hand-points" data-points="' + points.join(',') + '">' +
      '<span class="cap">points this hand (70 wins it)</span>' + bars + '</div></div>';
  }

  /* ------------------------------------------------------------------ the felt */

  function renderFelt(f) {
    S.ghost = ghostOf(f);
    const felt = $('felt');
    const bottom = S.hide ? S.perspective : 0;
    const pos = seatPositions(bottom);
    const area = (where) => pos[where].map((seat) => seatBlock(f, seat, where)).join('');
    let center;
    if (D.layout === 'trick') {
      center = renderTrickTable(f);
    } else {
      const stock = '<div class="stock-box corner" id="stock" data-stock="' + f.stock + '"><span class="cap">stock</span> <b>' +
        f.stock + '</b></div>';
      const ends = (f.table.ends || []).map((e, k) => '<span class="' +
        (f.table.open && f.table.open[k] === false ? 'closed' : '') + '">' + (e < 0 ? '\u2013' : e) + '</span>').join('');
      center = '<div class="center-top">' + stock + '<div class="ends-sum"><span class="cap">ends</span>' + ends + '</div></div>' +
        '<div id="layout" class="layout ' + D.layout + '"></div>';
    }
    felt.className = 'felt layout-' + D.layout;
    felt.innerHTML =
      '<div class="area area-n">' + area('n') + '</div>' +
      '<div class="area area-w">' + area('w') + '</div>' +
      '<div class="area area-c">' + center + '</div>' +
      '<div class="area area-e">' + area('e') + '</div>' +
      '<div class="area area-s">' + area('s') + '</div>';
    if (D.layout !== 'trick') {
      /* Laid out after the seats are in place: the snake and the cross need the width left. */
      const box = $('layout');
      const names = D.layout === 'line' ? renderLine(box, f) : renderSpinner(box, f);
      box.setAttribute('data-ends', (f.table.ends || []).join(','));
      box.setAttribute('data-tiles', names.join(' '));
    }
  }

  /* ------------------------------------------------------------------ scores, step, result */

  /* The position just before this one, even across a hand boundary, to show score changes. */
  function previousFrame() {
    if (S.ply > 0) return D.hands[S.hand].frames[S.ply - 1];
    if (S.hand > 0) { const fr = D.hands[S.hand - 1].frames; return fr[fr.length - 1]; }
    return null;
  }

  function leaders(scores) {
    const best = D.lower_score_wins ? Math.min(...scores) : Math.max(...scores);
    const count = scores.filter((s) => s === best).length;
    return count === scores.length ? [] : scores.map((s) => s === best);
  }

  function renderScores(f) {
    const prev = previousFrame();
    const lead = leaders(f.scores);
    let html = '';
    f.scores.forEach((score, side) => {
      const delta = prev && prev.scores ? score - prev.scores[side] : 0;
      const who = D.teams
        ? seatsOfSide(side).map((s) => esc(agent(s))).join(' & ')
        : esc(agent(side));
      html += '<div class="score' + (lead[side] ? ' leading' : '') + ' side' + side + '" data-side="' + side + '">' +
        '<span class="score-name">' + esc(D.teams ? sideLong(side) : 'seat ' + side) + '</span>' +
        '<span class="score-who">' + who + '</span>' +
        '<span class="score-num">' + score + (delta ? '<span class="delta">' + signed(delta) + '</span>' : '') + '</span></div>';
    });
    const target = D.options && (typeof D.options.target === 'number' ? D.options.target : D.options.target_game_points);
    const notes = [];
    if (typeof target === 'number') notes.push('target ' + target);
    if (D.lower_score_wins) notes.push('<b>lower score wins</b>');
    if (D.layout === 'trick') notes.push('game points');
    const box = $('scores');
    box.setAttribute('data-scores', f.scores.join(','));
    box.innerHTML = html + (notes.length ? '<div class="score-notes">' + notes.join(' \u00b7 ') + '</div>' : '');
  }

  /* A line's reason as players say it: the game's own words, which the C side writes
   * beside the record's (`reason_words`); a page without them shows the record's word with
   * its underscores turned to spaces. */
  function reasonWords(l) {
    return l.reason_words || String(l.reason || '').replace(/_/g, ' ');
  }
  /* Why an award or a play's points were credited: the game's phrase, else the reason. */
  function whyWords(l) {
    return l.why || (l.type === 'award' ? reasonWords(l) : '');
  }
  /* Who played which tile of a trick: the leader the first, the other seat the second. */
  function trickPlays(l) {
    const tiles = l.tiles || [];
    return tiles.map((tile, k) => ({ seat: k === 0 ? l.leader : (l.leader + k) % D.seats, tile: tile }));
  }

  /* The record's lines in words. Points are what was credited, as the record says. */
  function lineWords(l) {
    switch (l.type) {
      case 'award': return sideName(l.to) + ' ' + signed(l.points) + ': ' + whyWords(l);
      case 'trick': return 'seat ' + l.winner + ' takes the trick, ' + signed(l.points) + ' points: ' +
        trickPlays(l).map((p) => 'seat ' + p.seat + ' ' + p.tile).join(', ');
      case 'meld': return 'seat ' + l.seat + ' melds the doubles ' + (l.tiles || []).join(' ') + ', ' + signed(l.points) + ' points';
      case 'hand_end': {
        /* A match won during a hand ends the hand with no winner of its own (record-format.md). */
        const winner = l.reason === 'target_reached' ? 'the match is decided'
          : l.winner === null || l.winner === undefined ? 'nobody wins it' : sideName(l.winner) + ' wins it';
        let s = 'hand ' + l.hand + ' ends (' + reasonWords(l) + '): ' + winner;
        if (Array.isArray(l.points)) s += '; hand points ' + l.points.join(', ');
        if (Array.isArray(l.pips_left)) s += '; pips left ' + l.pips_left.join(', ');
        if (Array.isArray(l.scores)) s += '; scores ' + l.scores.join(', ');
        return s;
      }
      case 'match_end': return 'match over: ' + (l.winner === null ? 'a draw' : sideName(l.winner) + ' wins') +
        (Array.isArray(l.scores) ? ', ' + l.scores.join(' : ') : '');
      case 'deal': return 'hand ' + l.hand + ' dealt' + (l.leader !== undefined ? ', starter seat ' + l.leader : '') +
        (Array.isArray(l.stock) ? ', ' + plural(l.stock.length, 'tile') + ' in the stock' : '');
      case 'trump': return 'tile ' + l.tile + ' turned up: trump ' + l.trump;
      case 'play': return 'seat ' + l.seat + (l.end === undefined && D.layout !== 'trick' ? ' leads ' : ' plays ') + l.tile +
        (l.end !== undefined ? ' on end ' + l.end : '') +
        (l.points ? ', ' + signed(l.points) + (l.why ? ': ' + l.why : '') : '');
      case 'draw': return 'seat ' + l.seat + ' draws ' + (seatHidden(l.seat) ? 'a tile' : l.tile);
      case 'pass': return 'seat ' + l.seat + ' passes';
      case 'close': return 'seat ' + l.seat + ' closes the stock';
      case 'choice': return 'seat ' + l.seat + ' decides ' + l.decision + ': ' + JSON.stringify(l.value);
      default: return l.type;
    }
  }
  const AWARD_TYPES = ['award', 'hand_end', 'trick', 'meld'];

  function renderStep(f, hand) {
    const last = D.hands.length;
    let caption = '<b>hand ' + (S.hand + 1) + '/' + last + '</b>' + (hand.void ? ' <span class="tag warn">void</span>' : '') +
      ' \u00b7 move ' + S.ply + '/' + (hand.frames.length - 1) + ' \u00b7 ';
    if (S.ply === 0) caption += 'the deal';
    else {
      caption += seatChip(f.seat) + ' <span class="move-text">' + esc(f.move || '') + '</span>';
      if (f.points) {
        const play = f.lines.find((l) => l.type === 'play' && l.points);
        caption += ' <span class="pts">' + signed(f.points) + '</span>' +
          (play && play.why ? ' <span class="why">' + esc(play.why) + '</span>' : '');
      }
    }
    if (f.to_move >= 0) caption += ' \u00b7 next: seat ' + f.to_move;
    $('move-caption').innerHTML = caption;
    const awards = f.lines.filter((l) => AWARD_TYPES.includes(l.type) || (l.type === 'play' && l.points));
    $('awards').innerHTML = awards.map((l) => '<li class="ev-' + l.type + '">' + esc(lineWords(l)) + '</li>').join('');
    const others = f.lines.filter((l) => !AWARD_TYPES.includes(l.type) && !(l.type === 'play' && l.points) &&
      l.type !== 'match_end');
    $('events').innerHTML = others.map((l) => '<li class="ev-' + l.type + '">' + esc(lineWords(l)) + '</li>').join('');
  }

  function renderResult(isLast) {
    const box = $('result');
    if (!isLast) { box.hidden = true; box.textContent = ''; return; }
    const r = D.result;
    let html;
    if (!r || !Array.isArray(r.scores)) {
      html = '<b>The record ends here</b> without a match result.';
    } else {
      const scores = r.scores.map((s, side) => esc(sideName(side)) + ' <b>' + s + '</b>').join(' \u00b7 ');
      html = r.winner === null || r.winner === undefined
        ? '<b>Match drawn</b> \u2014 ' + scores
        : '<b>' + esc(sideLong(r.winner)) + ' wins the match</b> \u2014 ' + scores;
      if (D.lower_score_wins) html += ' <span class="muted">(lower score wins)</span>';
    }
    box.innerHTML = '<span class="trophy" aria-hidden="true"></span>' + html;
    box.setAttribute('data-winner', r && r.winner !== null && r.winner !== undefined ? r.winner : '');
    box.hidden = false;
  }

  /* ------------------------------------------------------------------ annotation */

  /* What the annotating agents' values mean, by the measure the C side names. */
  const MEASURES = {
    'points now': 'the points the move scores at once',
    'mean match standing': 'the side\u2019s expected standing after the move, in points: its score minus the best other side\u2019s, a won match counted as the target, averaged over the worlds sampled',
    'heuristic value': 'the heuristic\u2019s weighted value, not points',
    'mean reward': 'the mean reward of the move\u2019s search node, from 0 to 1, not points',
    'policy logit': 'the network\u2019s logit for the move, not points'
  };
  const LABEL_MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
  const LABEL_NAMES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'other'];

  function inPoints() { return !!(D.annotation && D.annotation.unit === 'points'); }
  function unit(n) { return inPoints() ? fmtValue(n) + ' ' + (Math.abs(n) === 1 ? 'point' : 'points') : fmtValue(n); }
  /* The annotation of a seat whose hand is face down would name its tiles: not shown. */
  function annotationHidden(a) { return S.hide && a && a.seat !== S.perspective; }

  function thresholdText() {
    const t = D.annotation.thresholds;
    if (!inPoints() || !t) return 'Moves that left the bot\u2019s choice are marked; its values are not points, so they are not graded.';
    return 'A move\u2019s cost is the bot\u2019s value of its own choice minus its value of the move played: ' +
      'an inaccuracy (?!) costs ' + unit(t.inaccuracy) + ' or more, a mistake (?) ' + unit(t.mistake) +
      ', a blunder (??) ' + unit(t.blunder) + ' (2%, 5% and 10% of the match\u2019s target).';
  }

  function renderAnnotation(f) {
    const panel = $('annotation-panel');
    const box = $('annotation');
    if (!D.annotation) { panel.hidden = true; return; }
    panel.hidden = false;
    const a = f.annotation;
    box.removeAttribute('data-cost');
    box.removeAttribute('data-label');
    if (!a || !Array.isArray(a.moves)) {
      box.innerHTML = '<p class="muted">' + (S.ply === 0 ? 'the deal: no decision'
        : 'no decision of an annotated seat at this step') + '</p>';
      return;
    }
    if (annotationHidden(a)) {
      box.innerHTML = '<p class="muted">' + seatChip(a.seat) + '\u2019s decision is not shown while the other hands are face down: it would name its tiles.</p>';
      return;
    }
    const values = a.moves.map((m) => m.value).filter((v) => typeof v === 'number' && isFinite(v));
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    /* Best first: the eye should land on the bot's choice and see how far the played move fell. */
    const order = a.moves.map((m, i) => i).sort((x, y) => {
      const vx = a.moves[x].value;
      const vy = a.moves[y].value;
      if (typeof vx !== 'number') return 1;
      if (typeof vy !== 'number') return -1;
      return vy - vx;
    });
    let rows = '';
    for (const i of order) {
      const m = a.moves[i];
      const v = m.value;
      const pct = typeof v === 'number' && hi > lo ? 8 + 92 * (v - lo) / (hi - lo) : typeof v === 'number' ? 100 : 0;
      const cls = (i === a.played ? ' played' : '') + (i === a.bot ? ' bot' : '');
      rows += '<tr class="ann-move' + cls + '" data-index="' + i + '"><td class="mv">' + esc(m.move || '') + '</td>' +
        '<td class="bar"><span style="width:' + pct.toFixed(1) + '%"></span></td><td class="val">' + fmtValue(v) + '</td>' +
        '<td class="tags">' + (i === a.played ? '<span class="tag played">played</span>' : '') +
        (i === a.bot ? '<span class="tag bot">bot</span>' : '') + '</td></tr>';
    }
    const label = a.label || (a.played === a.bot ? 'best' : 'other');
    const verdict = label === 'best' ? 'the bot\u2019s move' + (a.played === a.bot ? '' : ', or one worth as much')
      : (label === 'other' ? 'left the bot\u2019s move' : 'a' + (label === 'inaccuracy' ? 'n ' : ' ') + label) +
        (typeof a.cost === 'number' ? ': cost <b>' + unit(a.cost) + '</b>' : '');
    const measure = D.annotation.measure || 'value';
    box.setAttribute('data-cost', a.cost);
    box.setAttribute('data-label', label);
    box.innerHTML = '<div class="ann-head">' + esc(D.annotation.agent || 'agent') + ' for ' + seatChip(a.seat) + '</div>' +
      '<table class="ann-table"><thead><tr><th>move</th><th></th><th class="val">' + esc(inPoints() ? 'points' : measure) +
      '</th><th></th></tr></thead><tbody>' + rows + '</tbody></table>' +
      '<p class="ann-cost label-' + label + '">' + (LABEL_MARKS[label] ? '<b class="lm">' + LABEL_MARKS[label] + '</b> ' : '') + verdict + '</p>' +
      '<p class="ann-note">Values: ' + esc(MEASURES[measure] || measure) + '.</p>';
  }

  /* ------------------------------------------------------------------ the annotation graph */

  /* Every annotated decision of the match, in order. */
  function decisions() {
    const out = [];
    D.hands.forEach((hand, h) => hand.frames.forEach((f, p) => {
      if (f.annotation && Array.isArray(f.annotation.moves)) out.push({ hand: h, ply: p, a: f.annotation });
    }));
    return out;
  }

  /* The cost of each decision as a bar, in points where the values are points, the
   * thresholds as dashed lines, the hands' starts as ticks; a click goes to the move. */
  function renderGraph() {
    const panel = $('graph-panel');
    if (!D.annotation) { panel.hidden = true; return; }
    panel.hidden = false;
    const list = decisions();
    const box = $('graph');
    const W = Math.max(260, box.clientWidth || 600);
    const H = 132, left = 44, right = 8, top = 10, bottom = 22;
    const t = inPoints() ? D.annotation.thresholds : null;
    const costs = list.map((d) => (typeof d.a.cost === 'number' && isFinite(d.a.cost) ? Math.max(0, d.a.cost) : 0));
    let max = Math.max(1e-9, ...costs);
    if (t) max = Math.max(max, t.blunder * 1.25);
    const x = (i) => left + (W - left - right) * i / Math.max(1, list.length);
    const bw = Math.max(1, (W - left - right) / Math.max(1, list.length) - 1);
    const y = (v) => top + (H - top - bottom) * (1 - v / max);
    let svg = '<svg id="graph-svg" width="' + W + '" height="' + H + '" viewBox="0 0 ' + W + ' ' + H + '" role="img" aria-label="cost of each annotated move">';
    svg += '<line class="axis" x1="' + left + '" y1="' + y(0) + '" x2="' + (W - right) + '" y2="' + y(0) + '"/>';
    if (t) {
      ['inaccuracy', 'mistake', 'blunder'].forEach((k) => {
        svg += '<line class="th th-' + k + '" x1="' + left + '" x2="' + (W - right) + '" y1="' + y(t[k]).toFixed(1) + '" y2="' + y(t[k]).toFixed(1) + '"/>' +
          '<text class="tl" x="' + (left - 4) + '" y="' + (y(t[k]) + 4).toFixed(1) + '" text-anchor="end">' + fmtValue(t[k]) + '</text>';
      });
    }
    svg += '<text class="tl" x="' + (left - 4) + '" y="' + (y(0) + 4) + '" text-anchor="end">0</text>';
    let lastHand = -1;
    list.forEach((d, i) => {
      if (d.hand !== lastHand) {
        svg += '<line class="hand-tick" x1="' + x(i).toFixed(1) + '" x2="' + x(i).toFixed(1) + '" y1="' + top + '" y2="' + (H - bottom + 4) + '"/>' +
          '<text class="tl" x="' + (x(i) + 2).toFixed(1) + '" y="' + (H - 6) + '">hand ' + D.hands[d.hand].hand + '</text>';
        lastHand = d.hand;
      }
      const label = d.a.label || (d.a.played === d.a.bot ? 'best' : 'other');
      const c = costs[i];
      const hgt = Math.max(2, y(0) - y(c));
      svg += '<rect class="bar-' + label + ' s' + d.a.seat + '" data-hand="' + (d.hand + 1) + '" data-ply="' + d.ply + '" data-cost="' + d.a.cost +
        '" data-label="' + label + '" x="' + x(i).toFixed(1) + '" y="' + (y(0) - hgt).toFixed(1) + '" width="' + bw.toFixed(1) + '" height="' + hgt.toFixed(1) +
        '"><title>hand ' + D.hands[d.hand].hand + ', move ' + d.ply + ', seat ' + d.a.seat + ': ' + label + ', cost ' + esc(unit(c)) + '</title></rect>';
    });
    svg += '<line id="graph-now" class="now" x1="0" x2="0" y1="' + top + '" y2="' + (H - bottom) + '"/></svg>';
    box.innerHTML = svg + '<p class="graph-caption">cost of each annotated move' + (inPoints() ? ', in points' : ' (' + esc(D.annotation.measure || 'value') + ')') +
      '; ' + plural(list.length, 'decision') + '. ' + esc(thresholdText()) + '</p>';
    box.setAttribute('data-decisions', list.length);
    renderSummary(list);
    markGraph();
  }

  /* The current move on the graph. */
  function markGraph() {
    const now = $('graph-now');
    if (!now) return;
    const bar = document.querySelector('#graph-svg rect[data-hand="' + (S.hand + 1) + '"][data-ply="' + S.ply + '"]');
    now.style.display = bar ? '' : 'none';
    if (bar) {
      const cx = Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')) / 2;
      now.setAttribute('x1', cx);
      now.setAttribute('x2', cx);
    }
  }

  /* Per annotated seat: its decisions, mean cost and the count of each label. */
  function renderSummary(list) {
    const seats = (D.annotation.seats || []).slice();
    const shown = LABEL_NAMES.filter((k) => inPoints() ? k !== 'other' : k === 'best' || k === 'other');
    let rows = '';
    seats.forEach((seat) => {
      const mine = list.filter((d) => d.a.seat === seat);
      const counts = {};
      shown.forEach((k) => { counts[k] = 0; });
      let sum = 0, n = 0;
      mine.forEach((d) => {
        const label = d.a.label || 'other';
        counts[label] = (counts[label] || 0) + 1;
        if (typeof d.a.cost === 'number' && isFinite(d.a.cost)) { sum += Math.max(0, d.a.cost); n++; }
      });
      rows += '<tr data-seat="' + seat + '"><td>' + seatChip(seat) + '</td><td class="num">' + mine.length + '</td><td class="num">' +
        (n ? fmtValue(sum / n) : '\u2014') + '</td>' + shown.map((k) => '<td class="num" data-label="' + k + '">' + counts[k] + '</td>').join('') + '</tr>';
    });
    $('graph-summary').innerHTML = '<table class="summary"><thead><tr><th>seat</th><th class="num">decisions</th><th class="num">mean cost' +
      (inPoints() ? ' (points)' : '') + '</th>' + shown.map((k) => '<th class="num">' + k + (LABEL_MARKS[k] ? ' ' + LABEL_MARKS[k] : '') + '</th>').join('') +
      '</tr></thead><tbody>' + rows + '</tbody></table>' +
      '<p class="muted">A decision is a position where the seat had more than one legal move; \u2014: the agent gave no values.</p>';
  }

  /* The bot's choice where it differs from the move played, to draw as a ghost: its tile
   * and end, with the ends as they stood before the move. */
  function ghostOf(f) {
    const a = f.annotation;
    if (!a || a.played === a.bot || a.bot < 0 || annotationHidden(a)) return null;
    const m = a.moves[a.bot];
    if (!m || !m.tile) return null;
    const prev = previousFrame();
    const ends = prev && prev.table && prev.table.ends ? prev.table.ends : [];
    /* inner: the number that matches the end, towards the table; outer: the other */
    const n = numbers(m.tile);
    const inner = m.end !== undefined && n[1] === ends[m.end] ? n[1] : n[0];
    return { tile: m.tile, end: m.end, seat: a.seat, move: m.move, inner: inner, outer: inner === n[0] ? n[1] : n[0] };
  }
  /* A ghost tile showing `a` then `b`. */
  function ghostHtml(g, a, b, upright) {
    return '<span class="ghost-wrap" title="the bot would play ' + esc(g.move) + '">' +
      domino(a, b, { upright: upright, cls: 'ghost' }) + '</span>';
  }
  /* The ghost beside an arm's end, its matching number towards the table (first or last). */
  function ghostTile(g, inwardFirst, upright) {
    const a = inwardFirst ? g.inner : g.outer;
    const b = inwardFirst ? g.outer : g.inner;
    return ghostHtml(g, a, b, upright !== (a === b));
  }

  /* ------------------------------------------------------------------ move list */

  function isDeviation(f) {
    return !!(f.annotation && typeof f.annotation.played === 'number' && f.annotation.played !== f.annotation.bot);
  }

  /* A short mark for what a step scored or ended, so the list can be skimmed. */
  function stepMarks(f) {
    let marks = '';
    for (const l of f.lines) {
      if (l.type === 'trick') marks += '<span class="mark trick" title="' + esc(lineWords(l)) + '">trick to seat ' + l.winner + ' ' + signed(l.points) + '</span>';
      else if (l.type === 'award') marks += '<span class="mark award" title="' + esc(lineWords(l)) + '">' + esc(sideName(l.to)) + ' ' + signed(l.points) + ' ' + esc(reasonWords(l)) + '</span>';
      else if (l.type === 'meld') marks += '<span class="mark award" title="' + esc(lineWords(l)) + '">meld ' + esc((l.tiles || []).join(' ')) + ' ' + signed(l.points) + '</span>';
      else if (l.type === 'hand_end') marks += '<span class="mark end" title="' + esc(lineWords(l)) + '">' + esc(reasonWords(l)) + '</span>';
    }
    return marks;
  }

  /* A scoring play's reason, on a line of its own under the move. */
  function playWhy(f) {
    const play = f.lines.find((l) => l.type === 'play' && l.points && l.why);
    return play ? '<span class="why">' + esc(play.why) + '</span>' : '';
  }

  function buildMoves() {
    let html = '';
    D.hands.forEach((hand, h) => {
      const lastFrame = hand.frames[hand.frames.length - 1];
      const end = lastFrame.lines.find((l) => l.type === 'hand_end');
      const summary = hand.void ? 'void' + (end ? ' (' + reasonWords(end) + ')' : '')
        : end ? reasonWords(end) + (end.winner !== null && end.winner !== undefined ? ', ' + sideName(end.winner) : '') : '';
      html += '<section class="hand-moves' + (hand.void ? ' void' : '') + '">' +
        '<div class="hand-head" role="button" tabindex="0" data-goto-hand="' + (h + 1) + '" data-goto-ply="0">' +
        '<b>Hand ' + hand.hand + '</b>' + (h + 1 !== hand.hand ? ' <span class="muted">(deal ' + (h + 1) + ')</span>' : '') +
        ' <span class="muted">' + esc(summary) + '</span></div><ol>';
      for (let p = 1; p < hand.frames.length; p++) {
        const f = hand.frames[p];
        const dev = isDeviation(f);
        const label = f.annotation && f.annotation.label ? f.annotation.label : '';
        html += '<li data-hand="' + (h + 1) + '" data-ply="' + p + '" class="s' + f.seat + (dev ? ' deviation' : '') +
          (label ? ' label-' + label : '') + '"' + (label ? ' data-label="' + label + '"' : '') +
          (dev ? ' data-cost="' + f.annotation.cost + '"' : '') + '>' +
          '<span class="ply">' + p + '</span>' + (f.seat >= 0 ? seatChip(f.seat) : '') +
          '<span class="mv" title="' + esc(f.move || '') + '">' + esc(f.move || '') + '</span>' +
          (f.points ? '<span class="pts">' + signed(f.points) + '</span>' : '') + stepMarks(f) + playWhy(f) +
          (dev ? '<span class="dev" title="' + esc(label) + ': left the bot\u2019s move, cost ' + esc(unit(f.annotation.cost)) + '">' +
            (LABEL_MARKS[label] ? LABEL_MARKS[label] + ' ' : '') + '\u2212' + fmtValue(f.annotation.cost) + '</span>' : '') + '</li>';
      }
      html += '</ol></section>';
    });
    $('moves').innerHTML = html;
  }

  /* With the other hands face down, the moves to come are not listed: they would name
   * the tiles still held. */
  function hideFutureMoves() {
    $('moves').querySelectorAll('li').forEach((li) => {
      const h = Number(li.getAttribute('data-hand')) - 1;
      const p = Number(li.getAttribute('data-ply'));
      li.classList.toggle('future', S.hide && (h > S.hand || (h === S.hand && p > S.ply)));
    });
  }

  function markCurrentMove() {
    hideFutureMoves();
    const list = $('moves');
    list.querySelectorAll('.current, .at-deal').forEach((el) => el.classList.remove('current', 'at-deal'));
    let el;
    if (S.ply === 0) {
      el = list.querySelector('[data-goto-hand="' + (S.hand + 1) + '"]');
      if (el) el.classList.add('at-deal');
    } else {
      el = list.querySelector('li[data-hand="' + (S.hand + 1) + '"][data-ply="' + S.ply + '"]');
      if (el) el.classList.add('current');
    }
    /* Scroll only the list, never the page: scrollIntoView would move the table away. */
    if (el) {
      const top = el.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      if (top < list.scrollTop + 4 || top + el.offsetHeight > list.scrollTop + list.clientHeight - 4) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 3);
      }
    }
  }

  /* ------------------------------------------------------------------ navigation */

  function isLastFrame(h, p) {
    return h === D.hands.length - 1 && p === D.hands[h].frames.length - 1;
  }

  function render() {
    const hand = D.hands[S.hand];
    const f = hand.frames[S.ply];
    const root = $('viewer');
    root.setAttribute('data-hand', S.hand + 1);
    root.setAttribute('data-ply', S.ply);
    renderScores(f);
    renderFelt(f);
    renderStep(f, hand);
    renderAnnotation(f);
    markGraph();
    renderResult(isLastFrame(S.hand, S.ply));
    markCurrentMove();
    const atStart = S.hand === 0 && S.ply === 0;
    const atEnd = isLastFrame(S.hand, S.ply);
    $('first').disabled = atStart;
    $('prev').disabled = atStart;
    $('next').disabled = atEnd;
    $('last').disabled = atEnd;
    $('hand-select').value = String(S.hand + 1);
    $('position').textContent = 'hand ' + (S.hand + 1) + '/' + D.hands.length + ', move ' + S.ply + '/' + (hand.frames.length - 1);
  }

  /* Chromium ignores, with a console warning, more than 200 history updates in 10 s, which
   * a held arrow key can reach. Write at once while fewer than 150 writes were made in the
   * last 10 s; past that, write once the oldest of them is 10 s old. */
  const hashWrites = [];
  let hashTimer = null;
  function writeHash() {
    const now = Date.now();
    while (hashWrites.length && now - hashWrites[0] >= 10000) hashWrites.shift();
    clearTimeout(hashTimer);
    hashTimer = null;
    if (hashWrites.length >= 150) {
      hashTimer = setTimeout(writeHash, hashWrites[0] + 10001 - now);
      return;
    }
    const hash = '#hand=' + (S.hand + 1) + '&ply=' + S.ply;
    if (location.hash === hash) return;
    hashWrites.push(now);
    try {
      history.replaceState(null, '', hash);
    } catch (e) {
      /* Some browsers refuse replaceState on file: pages; replacing the location keeps history clean too. */
      location.replace(hash);
    }
  }

  /* h is 0-based here; the page's fragment and data-hand are 1-based. */
  function go(h, p) {
    const hc = Math.max(0, Math.min(D.hands.length - 1, h));
    const pc = Math.max(0, Math.min(D.hands[hc].frames.length - 1, p));
    S.hand = hc;
    S.ply = pc;
    render();
    writeHash();
  }

  function step(delta) {
    let h = S.hand;
    let p = S.ply + delta;
    if (p >= D.hands[h].frames.length) {
      if (h + 1 >= D.hands.length) return false;
      h += 1; p = 0;
    } else if (p < 0) {
      if (h === 0) return false;
      h -= 1; p = D.hands[h].frames.length - 1;
    }
    go(h, p);
    return true;
  }

  function first() { go(0, 0); }
  function last() { const h = D.hands.length - 1; go(h, D.hands[h].frames.length - 1); }
  function nextHand() {
    if (S.hand + 1 < D.hands.length) go(S.hand + 1, 0); else last();
  }
  function prevHand() {
    go(S.ply > 0 && S.hand === 0 ? 0 : S.hand - 1, 0);
  }

  function setPlaying(on) {
    const button = $('play');
    if (S.timer) { clearInterval(S.timer); S.timer = null; }
    if (on) {
      if (isLastFrame(S.hand, S.ply)) first();  /* playing from the end starts the match over */
      S.timer = setInterval(() => { if (!step(1)) setPlaying(false); }, STEP_MS);
    }
    button.classList.toggle('playing', on);
    button.setAttribute('aria-pressed', String(on));
    button.querySelector('.label').textContent = on ? 'Pause' : 'Play';
  }
  function togglePlay() { setPlaying(!S.timer); }
  /* Any manual move stops the player: the viewer goes where the user said and stays. */
  function manual(fn) { return () => { setPlaying(false); fn(); }; }

  /* `#hand=H&ply=P`: a malformed or out-of-range fragment opens the start, as documented. */
  function readHash() {
    const m = /^#hand=(\d+)&ply=(\d+)$/.exec(location.hash);
    if (!m) return [0, 0];
    const h = Number(m[1]) - 1;
    const p = Number(m[2]);
    if (h < 0 || h >= D.hands.length || p >= D.hands[h].frames.length) return [0, 0];
    return [h, p];
  }

  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    /* Let form controls keep their own keys: arrows change a select, space toggles a checkbox or presses a button. */
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (tag === 'INPUT' && e.target.type !== 'checkbox')) return;
    if (e.key === ' ' && (tag === 'BUTTON' || tag === 'INPUT')) return;
    const actions = {
      ArrowRight: manual(() => step(1)), ArrowLeft: manual(() => step(-1)),
      Home: manual(first), End: manual(last), PageDown: manual(nextHand), PageUp: manual(prevHand),
      ' ': togglePlay,
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  }

  /* ------------------------------------------------------------------ setup */

  function setupControls() {
    const handSelect = $('hand-select');
    handSelect.innerHTML = D.hands.map((hand, h) => {
      const moves = hand.frames.length - 1;
      return '<option value="' + (h + 1) + '">hand ' + hand.hand + (hand.void ? ' (void)' : '') + ' \u00b7 ' +
        plural(moves, 'move') + '</option>';
    }).join('');
    $('perspective').innerHTML = Array.from({ length: D.seats }, (_, s) =>
      '<option value="' + s + '">seat ' + s + ' \u00b7 ' + esc(agent(s)) + '</option>').join('');

    const buttons = { first: manual(first), prev: manual(() => step(-1)), next: manual(() => step(1)), last: manual(last), play: togglePlay };
    Object.keys(buttons).forEach((id) => {
      $(id).addEventListener('click', (e) => {
        buttons[id]();
        /* After a mouse click, give the keyboard back to the page so space plays/pauses. */
        if (e.detail > 0) e.currentTarget.blur();
      });
    });
    /* A control changed with the mouse gives the keyboard back to the page, so that the
     * arrows step and space plays; one changed from the keyboard keeps its focus. */
    let keyAt = 0;
    document.addEventListener('keydown', () => { keyAt = Date.now(); }, true);
    const release = (el) => { if (Date.now() - keyAt > 300) el.blur(); };
    handSelect.addEventListener('change', () => { setPlaying(false); go(Number(handSelect.value) - 1, 0); release(handSelect); });
    $('hide-hands').addEventListener('change', (e) => { S.hide = e.target.checked; render(); release(e.target); });
    $('perspective').addEventListener('change', (e) => { S.perspective = Number(e.target.value); render(); release(e.target); });

    $('moves').addEventListener('click', (e) => {
      const target = e.target.closest('[data-ply], [data-goto-ply]');
      if (!target) return;
      setPlaying(false);
      const h = target.getAttribute('data-hand') || target.getAttribute('data-goto-hand');
      const p = target.getAttribute('data-ply') || target.getAttribute('data-goto-ply');
      go(Number(h) - 1, Number(p));
    });
    $('graph').addEventListener('click', (e) => {
      const bar = e.target.closest('rect[data-ply]');
      if (!bar) return;
      setPlaying(false);
      go(Number(bar.getAttribute('data-hand')) - 1, Number(bar.getAttribute('data-ply')));
    });
    $('download').addEventListener('click', downloadRecord);
    $('copy-link').addEventListener('click', copyLink);
    $('moves').addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target.hasAttribute('data-goto-ply')) {
        e.preventDefault();
        e.stopPropagation();
        e.target.click();
      }
    });
    document.addEventListener('keydown', onKey);
    /* Following a changed fragment: Chromium fires popstate at once and hashchange a task
     * later; either may come first elsewhere, so both lead here and the second does nothing. */
    const follow = () => {
      const [h, p] = readHash();
      if (h === S.hand && p === S.ply && location.hash === '#hand=' + (h + 1) + '&ply=' + p) return;
      setPlaying(false);
      go(h, p);
    };
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    /* The snake and the cross depend on the width: lay them out again when it changes. */
    let pending = false;
    window.addEventListener('resize', () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; renderGraph(); render(); });
    });
  }

  /* The record the page was made from, as it was written (it sits in the page beside the
   * data), saved under its own name. */
  function downloadRecord() {
    const node = $('record-data');
    const text = node ? node.textContent.trim() : '';
    if (!text) { say('this page holds no record'); return; }
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const name = String(D.source || 'match.jsonl').split(/[\\/]/).pop() || 'match.jsonl';
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([bytes], { type: 'application/x-ndjson' }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
    say('record saved as ' + name);
  }

  /* The address of this position to the clipboard; where the browser refuses, the address
   * is shown selected, to copy by hand. */
  function copyLink() {
    const url = location.href.split('#')[0] + '#hand=' + (S.hand + 1) + '&ply=' + S.ply;
    const field = $('link-field');
    field.value = url;
    const shown = () => { field.hidden = false; field.focus(); field.select(); say('the link is selected: copy it'); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(() => { field.hidden = true; say('link copied'); }, shown);
    } else {
      shown();
    }
  }

  function say(text) {
    $('status').textContent = text;
  }

  function describe() {
    const bits = [D.game_title || D.game, D.preset && D.preset !== D.game ? 'preset ' + D.preset : '',
      plural(D.seats, 'seat'), D.teams ? 'teams ' + Array.from({ length: D.sides }, (_, t) => t + ': seats ' + seatsOfSide(t).join('+')).join(', ') : '',
      D.seed !== undefined ? 'seed ' + D.seed : '', D.source ? String(D.source) : ''];
    if (D.annotation) bits.push('annotated by ' + D.annotation.agent);
    $('meta').textContent = bits.filter(Boolean).join(' \u00b7 ');
    $('title').textContent = D.title || document.title || 'dominolab match';
  }

  function start() {
    try {
      D = load();
    } catch (e) {
      fail(e.message);
      return;
    }
    const root = $('viewer');
    root.setAttribute('data-game', D.game || '');
    root.classList.add('layout-' + D.layout);
    /* Big sets are easier to read with a colour per number, as real double-nine and
     * double-twelve sets have; double-six keeps the classic black pips. */
    if (D.options && Number(D.options.set_max) > 6) root.classList.add('colored');
    try {
      describe();
      buildMoves();
      setupControls();
      renderGraph();
      const [h, p] = readHash();
      go(h, p);
    } catch (e) {
      fail('drawing failed (' + e.message + ')');
    }
  }

  start();
})();

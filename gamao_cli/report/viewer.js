(function () {
  "use strict";
  // gamao's match viewer: draws the positions the replay computed (no rules here). Its data
  // is a line per part, each JSON, zlib-compressed and Base64-encoded (report/viewer.py:
  // packed): the index of the matches, then each match's games, unpacked when first shown.
  var block = document.getElementById("viewer-data");
  if (!block) return;
  var parts = block.textContent.trim().split("\n");
  function unpack(text) {
    var raw = atob(text), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).text().then(JSON.parse);
  }
  unpack(parts[0]).then(start);

function start(data) {
  var conf = JSON.parse(document.getElementById("viewer-config").textContent);
  var L = conf.labels, G = conf.geometry, NS = "http://www.w3.org/2000/svg";
  var M = data.matches;
  var root = document.getElementById("viewer");
  if (!M.length || !root) {
    document.documentElement.setAttribute("data-viewer", "ready");
    return;
  }
  var svg = document.getElementById("board"), layer = document.getElementById("layer");
  var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  var st = { m: -1, g: 0, i: 0, bottom: 0, legal: -1 };
  var byN = {}, loading = {};
  M.forEach(function (m, k) { byN[m.n] = k; });
  // A match's games (a promise), unpacked when the match is first shown.
  function load(m) {
    if (M[m].games) return Promise.resolve();
    if (!loading[m]) loading[m] = unpack(parts[m + 1]).then(function (games) {
      M[m].games = games;
      var had = root.getAttribute("data-loaded");  // the matches unpacked, in order (tests)
      root.setAttribute("data-loaded", (had ? had + " " : "") + M[m].n);
    });
    return loading[m];
  }

  function $(id) { return document.getElementById(id); }
  function fmt(s, k, v) { return s.replace("{" + k + "}", v); }
  function empty() { var b = []; for (var i = 0; i < 27; i++) b.push(0); return b; }

  // A board as the replay wrote it: one base-36 digit a cell, player 0's cells first.
  function boardsOf(text) {
    if (!text) return null;
    var half = text.length / 2, out = [[], []];
    for (var i = 0; i < text.length; i++) out[i < half ? 0 : 1].push(parseInt(text.charAt(i), 36));
    out.forEach(function (b) { while (b.length < 27) b.push(0); });
    return out;
  }
  // gnubg's Position ID from the side of ``turn``: the other side's points 1-25, then its
  // own, each a run of ones and a zero; 80 bits, 10 bytes, Base64 without its padding.
  function positionId(boards, turn) {
    var bytes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], shift = 0;
    [1 - turn, turn].forEach(function (side) {
      for (var p = 1; p <= 25; p++) {
        for (var k = 0; k < boards[side][p]; k++, shift++) if (shift < 80) bytes[shift >> 3] |= 1 << (shift & 7);
        shift++;
      }
    });
    if (shift > 80) return null;
    var out = "";
    for (var i = 0; i < 12; i += 3) {
      var n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
      out += B64.charAt((n >> 18) & 63) + B64.charAt((n >> 12) & 63) + B64.charAt((n >> 6) & 63) + B64.charAt(n & 63);
    }
    return out.slice(0, 14);
  }
  // gamao's position string (engine/gamao_id.py): each side's cells, the pool and the bar first.
  function gamaoId(m, boards, turn) {
    function side(b) {
      var items = [], order = [26, 25];
      for (var p = 24; p >= 1; p--) order.push(p);
      order.forEach(function (p) {
        if (!b[p]) return;
        var name = p === 25 ? "b" : p === 26 ? "in" : String(p);
        items.push(b[p] === 1 ? name : name + "x" + b[p]);
      });
      return items.join(",") || "-";
    }
    return "GAMAO=" + m.variant + "/" + turn + "/" + side(boards[0]) + "/" + side(boards[1]);
  }
  function ident(m, boards, turn) {
    if (!boards) return "";
    return (m.ids && positionId(boards, turn)) || gamaoId(m, boards, turn);
  }
  function pips(b) { var t = 25 * b[26]; for (var i = 1; i < 26; i++) t += i * b[i]; return t; }

  // The geometry: as report/board_svg.py draws it.
  function slotX(v) {
    var pw = G.point, left = G.left, right = left + 6 * pw + G.bar;
    if (v <= 6) return right + 6 * pw - (v - 0.5) * pw;
    if (v <= 12) return left + 6 * pw - (v - 6.5) * pw;
    if (v <= 18) return left + (v - 12.5) * pw;
    return right + (v - 18.5) * pw;
  }
  function step(n) { var r = G.radius; return n <= 1 ? 2 * r : Math.min(2 * r, (G.stack - 2 * r) / (n - 1)); }
  function checkerY(v, k, n) {
    return v <= 12 ? G.bottom - G.radius - k * step(n) : G.top + G.radius + k * step(n);
  }
  function physical(m, side, p) {
    if (side === st.bottom) return p;
    if (st.bottom === 0) return m.track[p - 1];
    return m.track.indexOf(p) + 1;
  }
  function barX() { return G.left + 6 * G.point + G.bar / 2; }
  function barY(side, k) {
    var r = G.radius, mid = (G.top + G.bottom) / 2, d = k * Math.min(2 * r, 20);
    return side === st.bottom ? mid - r - 4 - d : mid + r + 4 + d;
  }
  function el(name, attrs, parent, text) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    (parent || layer).appendChild(e);
    return e;
  }
  function circle(x, y, side) {
    el("circle", { "class": "checker p" + side, cx: x, cy: y, r: G.radius });
  }
  function trayRect(side, k, css, x) {
    var h = G.offHeight;
    var y = side === st.bottom ? G.bottom - (k + 1) * (h + 1) : G.top + k * (h + 1) + 1;
    el("rect", { "class": css + " p" + side, x: x + 4, y: y, width: G.trayWidth - 8, height: h, rx: 2 });
  }
  function pointXY(m, side, p) {
    if (p === 26) return [2 + G.trayWidth / 2, side === st.bottom ? G.bottom - 30 : G.top + 30];  // the pool
    if (p >= 25) return [barX(), barY(side, 0)];
    if (p <= 0) return [G.tray + G.trayWidth / 2, side === st.bottom ? G.bottom - 30 : G.top + 30];
    var v = physical(m, side, p);
    return [slotX(v), checkerY(v, 0, 1)];
  }
  var DOTS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

  function draw(m, boards, v) {
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    if (boards) {
      var stacks = {};
      [0, 1].forEach(function (side) {
        for (var p = 1; p < 25; p++) if (boards[side][p]) stacks[physical(m, side, p)] = [side, boards[side][p]];
      });
      for (var q = 1; q < 25; q++) {
        if (!stacks[q]) continue;
        for (var k = 0; k < stacks[q][1]; k++) circle(slotX(q), checkerY(q, k, stacks[q][1]), stacks[q][0]);
      }
      [0, 1].forEach(function (side) {
        var b = boards[side], k;
        for (k = 0; k < b[25]; k++) circle(barX(), barY(side, k), side);
        for (k = 0; k < b[0]; k++) trayRect(side, k, "checker off", G.tray);
        for (k = 0; k < b[26]; k++) trayRect(side, k, "pool", 2);
      });
    }
    var size = 32, cx = (G.strip - size) / 2, cy, value = v.cube;
    if (v.owner === -1) { cy = (G.top + G.bottom - size) / 2; if (value === 1) value = 64; }
    else cy = v.owner === st.bottom ? G.bottom - size - 4 : G.top + 4;
    var cube = el("g", { "class": "cube" });
    el("rect", { x: cx, y: cy, width: size, height: size, rx: 4 }, cube);
    el("text", { x: cx + size / 2, y: cy + size / 2 + 5 }, cube, String(value));
    if (v.turn >= 0 && v.dice.length) {
      var s = G.die, n = v.dice.length;
      var half = v.turn !== st.bottom ? G.left + 3 * G.point : G.left + 9 * G.point + G.bar;
      var y = (G.top + G.bottom - s) / 2;
      v.dice.forEach(function (d, i) {
        var x = half - n * (s + 8) / 2 + i * (s + 8) + 4;
        var g = el("g", { "class": "die p" + v.turn });
        el("rect", { x: x, y: y, width: s, height: s, rx: 5 }, g);
        (DOTS[d] || []).forEach(function (o) {
          el("circle", { cx: x + s / 2 + o[0] * s * 0.27, cy: y + s / 2 + o[1] * s * 0.27, r: 3 }, g);
        });
      });
    }
    // A play's moves as arrows: moves alike (8/5 8/5 of a double) drawn once, with their count.
    [[v.steps, "", "ah"], [v.best || [], " best", "ahb"]].forEach(function (set) {
      var count = {}, order = [];
      for (var a = 0; v.turn >= 0 && a + 1 < set[0].length; a += 2) {
        var key = set[0][a] + "/" + set[0][a + 1];
        if (!count[key]) { count[key] = 0; order.push([set[0][a], set[0][a + 1], key]); }
        count[key]++;
      }
      order.forEach(function (mv) {
        var p1 = pointXY(m, v.turn, mv[0]), p2 = pointXY(m, v.turn, mv[1]);
        var x = (p1[0] + p2[0]) / 2, y = (p1[1] + p2[1]) / 2, attrs = { "class": "arrow" + set[1], "marker-end": "url(#" + set[2] + ")" };
        var mid = (G.top + G.bottom) / 2;
        if ((p1[1] < mid) === (p2[1] < mid) && p1[0] !== p2[0]) {
          // Within one half: an arc bowed towards the middle (moves along a row would lie on
          // one line), the best play's bowed further.
          var reach = Math.min(Math.abs(p2[0] - p1[0]) * (set[1] ? 0.5 : 0.3), mid - G.top - 24);
          var cy = y + (p1[1] < mid ? 1 : -1) * Math.max(reach, 12);
          attrs.d = "M" + p1[0] + "," + p1[1] + "Q" + x + "," + cy + " " + p2[0] + "," + p2[1];
          el("path", attrs);
          y = (p1[1] + cy) / 2;
        } else {
          attrs.x1 = p1[0]; attrs.y1 = p1[1]; attrs.x2 = p2[0]; attrs.y2 = p2[1];
          el("line", attrs);
        }
        if (count[mv[2]] < 2) return;
        var g = el("g", { "class": "times" + set[1] });
        el("circle", { cx: x, cy: y, r: 9 }, g);
        el("text", { "class": "count", x: x, y: y + 4 }, g, "\u00d7" + count[mv[2]]);
      });
    });
    [0, 1].forEach(function (side) {
      var y = side === st.bottom ? G.height - 4 : 16;
      var name = el("text", { "class": "info", x: 8, y: y });
      el("tspan", { "class": "b" }, name, (side === v.turn ? "\u25b6 " : "") + m.names[side]);
      var score = m.length ? v.score[side] + "/" + m.length : String(v.score[side]);
      var figures = boards ? fmt(L.pips, "pips", pips(boards[side])) + "   " : "";
      el("text", { "class": "info", x: G.width - 8, y: y, "text-anchor": "end" }, undefined,
        figures + fmt(L.score, "score", score));
    });
    svg.setAttribute("data-position-id", v.pos || "");
  }

  function game() { return M[st.m].games[st.g]; }
  // Each entry's board and cube, carried over where the record gives 0, and its move key.
  function prepared(g) {
    if (g.boards) return g;
    var board = null, cube = [1, -1], seen = {}, numbered = g.e.some(function (e) { return e[1] !== null; });
    g.boards = []; g.cubes = []; g.keys = [];
    g.e.forEach(function (e, i) {
      // A board written "A..." or "B...": only player 0's or player 1's cells changed.
      if (e[5] !== 0) board = e[5] && (e[5].charAt(0) === "A" ? e[5].slice(1) + board.slice(e[5].length - 1)
        : e[5].charAt(0) === "B" ? board.slice(0, board.length - e[5].length + 1) + e[5].slice(1) : e[5]);
      if (e[7] !== 0) cube = e[7];
      g.boards.push(board); g.cubes.push(cube);
      var n = numbered && e[1] !== null ? e[1] : i + 1;
      seen[n] = (seen[n] || 0) + 1;
      g.keys.push("move" + n + (seen[n] > 1 ? "-" + seen[n] : ""));
    });
    return g;
  }
  function view() {
    var m = M[st.m], g = prepared(game()), e = g.e[st.i];
    if (!e) {
      var end = boardsOf(g.end);
      return { pos: ident(m, end, 0), turn: -1, cube: g.cube[0], owner: g.cube[1], dice: [],
        steps: [], score: g.score, boards: end };
    }
    var v = { turn: e[2], cube: g.cubes[st.i][0], owner: g.cubes[st.i][1], score: g.score,
      dice: e[3].split("").map(Number), steps: e[6], boards: boardsOf(g.boards[st.i]) };
    var legal = g.legal[String(st.i)];
    if (legal && st.legal >= 0 && st.legal < legal.length - 1) {
      v.boards = boardsOf(legal[st.legal][2]);
      v.steps = legal[st.legal][1];
    } else {
      (g.s[String(st.i)] || []).forEach(function (d) { if (d[5].length) v.best = d[5]; });
    }
    v.pos = ident(m, v.boards, v.turn);
    return v;
  }
  function entryText(e) {
    // A play's text as recorded where it reads as one (SGF's coordinates do not): else its
    // dice and moves.
    if (e[4] && (e[0] !== "p" || e[4].indexOf("/") >= 0 || !e[6].length)) return e[4];
    if (e[0] !== "p") return L[e[0]] || "";
    var moves = [];
    for (var k = 0; k + 1 < e[6].length; k += 2) moves.push(e[6][k] + "/" + e[6][k + 1]);
    return e[3].split("").sort().reverse().join("") + ": " + moves.join(" ");  // 51, not 15
  }
  function moveNumber(g, i) { return g.keys[i].replace(/^move/, "").replace(/-\d+$/, ""); }
  function link() {
    var g = prepared(game());
    return "#match" + M[st.m].n + "-game" + g.g + "-" + (st.i < g.e.length ? g.keys[st.i] : "end");
  }

  function render(push) {
    var m = M[st.m], g = game(), v = view();
    draw(m, v.boards, v);
    $("vmatch").value = String(st.m);
    fillGames();
    $("vgame").value = String(st.g);
    var buttons = $("vmoves").querySelectorAll("button");
    for (var k = 0; k < buttons.length; k++) {
      var on = +buttons[k].getAttribute("data-i") === st.i;
      buttons[k].className = (buttons[k].getAttribute("data-c") || "") + (on ? " cur" : "");
      if (on) buttons[k].setAttribute("aria-current", "true"); else buttons[k].removeAttribute("aria-current");
      if (on && push !== false) scrollList(buttons[k]);
    }
    info(m, g);
    $("vunknown").hidden = !!v.boards;
    if (push !== false && history.replaceState) history.replaceState(null, "", link());
  }
  function scrollList(b) {
    var box = $("vmoves"), top = b.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - b.offsetHeight)
      box.scrollTop = top - box.clientHeight / 2;
  }
  function info(m, g) {
    var box = $("vinfo"), e = g.e[st.i];
    while (box.firstChild) box.removeChild(box.firstChild);
    var head = document.createElement("p");
    head.className = "vhead";
    head.textContent = e ? moveNumber(g, st.i) + ". " + m.names[e[2]] + ": " + entryText(e) : L.end;
    box.appendChild(head);
    if (!e) return;
    (g.f[String(st.i)] || []).forEach(function (f) {
      var p = document.createElement("p"), badge = document.createElement("span");
      badge.className = "badge " + f[1];
      badge.textContent = f[0];
      p.appendChild(badge);
      p.appendChild(document.createTextNode(" " + f[3] + (f[2] ? " (" + fmt(L.rule, "rule", f[2]) + ")" : "")));
      box.appendChild(p);
    });
    (g.s[String(st.i)] || []).forEach(function (d) {
      var p = document.createElement("p"), what = d[3] && d[3] !== d[0] ? d[0] + " " + d[3] : d[0];
      if (d[1]) {
        var badge = document.createElement("span");
        badge.className = "badge sk-" + d[1];
        badge.textContent = L[d[1]] || d[1];
        p.appendChild(badge);
        p.appendChild(document.createTextNode(" "));
      }
      var text = what + (d[2] !== null ? "; " + fmt(L.lost, "lost", d[2].toFixed(3)) : "");
      if (d[4] && d[4] !== d[3]) text += "; " + fmt(L.best, "best", d[4]);
      p.appendChild(document.createTextNode(text));
      box.appendChild(p);
      if (d[6]) {  // a cube decision's equities, the doubler's
        var c = document.createElement("p"), q = d[6].map(function (x) { return (x >= 0 ? "+" : "") + x.toFixed(3); });
        c.className = "vcube";
        c.textContent = fmt(fmt(fmt(L.cube, "nd", q[0]), "dt", q[1]), "dp", q[2]);
        box.appendChild(c);
      }
    });
    var legal = g.legal[String(st.i)];
    if (!legal) return;
    var count = legal[legal.length - 1], p = document.createElement("p");
    p.textContent = fmt(L.legal, "count", count);
    box.appendChild(p);
    var list = document.createElement("div");
    list.className = "vlegal";
    var rec = document.createElement("button");
    rec.type = "button";
    rec.textContent = L.recorded;
    rec.className = st.legal < 0 ? "cur" : "";
    rec.onclick = function () { st.legal = -1; render(); };
    list.appendChild(rec);
    legal.slice(0, -1).forEach(function (lp, k) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = lp[0];
      b.className = k === st.legal ? "cur" : "";
      b.onclick = function () { st.legal = k; render(); };
      list.appendChild(b);
    });
    box.appendChild(list);
  }

  function fillMoves() {
    var g = prepared(game()), body = $("vmoves"), table = document.createElement("table"), row = null, num = null;
    while (body.firstChild) body.removeChild(body.firstChild);
    function cell(i, text, css) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("data-i", i);
      b.setAttribute("data-c", css);
      b.className = css;
      b.onclick = function () { go(st.m, st.g, i); };
      return b;
    }
    g.e.forEach(function (e, i) {
      var n = moveNumber(g, i);
      var col = e[2] === 1 ? 2 : 1;
      if (!row || n !== num || row.children[col].firstChild) {
        row = document.createElement("tr");
        for (var c = 0; c < 3; c++) row.appendChild(document.createElement("td"));
        row.children[0].textContent = n + ")";
        row.children[0].className = "n";
        table.appendChild(row);
        num = n;
      }
      row.children[col].appendChild(cell(i, entryText(e), (g.f[String(i)] ? "flag " : "") + skillClass(g, i)));
    });
    var last = document.createElement("tr"), td = document.createElement("td");
    td.colSpan = 3;
    td.appendChild(cell(g.e.length, L.end, ""));
    last.appendChild(td);
    table.appendChild(last);
    body.appendChild(table);
  }
  var RANK = { doubtful: 1, error: 2, blunder: 3 };
  function skillClass(g, i) {
    var worst = "";
    (g.s[String(i)] || []).forEach(function (d) { if ((RANK[d[1]] || 0) > (RANK[worst] || 0)) worst = d[1]; });
    return worst ? "sk-" + worst : "";
  }
  // The game's equity-loss strip: a bar per entry, its height the equity lost there.
  function fillStrip() {
    var g = prepared(game()), box = $("vstrip"), n = g.e.length, most = 0, lost = [];
    while (box.firstChild) box.removeChild(box.firstChild);
    g.e.forEach(function (e, i) {
      var sum = 0;
      (g.s[String(i)] || []).forEach(function (d) { sum += d[2] || 0; });
      lost.push(sum); most = Math.max(most, sum);
    });
    if (!most) { box.setAttribute("hidden", ""); return; }
    box.removeAttribute("hidden");  // an SVG element has no .hidden property
    var w = 600 / Math.max(n, 1);
    lost.forEach(function (x, i) {
      if (!x) return;
      var h = Math.max(3, 38 * x / most);
      var r = el("rect", { "class": "bar " + skillClass(g, i), x: i * w, y: 40 - h, width: Math.max(w - 1, 1), height: h }, box);
      r.addEventListener("click", function () { go(st.m, st.g, i); });
      el("title", {}, r, g.keys[i] + ": " + x.toFixed(3));
    });
  }
  var gamesOf = -1;
  function fillGames() {
    if (gamesOf === st.m) return;
    gamesOf = st.m;
    var sel = $("vgame");
    while (sel.firstChild) sel.removeChild(sel.firstChild);
    M[st.m].gn.forEach(function (number, k) {
      var o = document.createElement("option");
      o.value = String(k);
      o.textContent = L.game + " " + number;
      sel.appendChild(o);
    });
  }

  // Shows match m's game g at entry i (a promise: the match may have to be unpacked first).
  function go(m, g, i, push) {
    if (!M[m]) return Promise.resolve();
    if (!M[m].games) return load(m).then(function () { return go(m, g, i, push); });
    var changed = m !== st.m || g !== st.g;
    st.m = m; st.g = g; st.legal = -1;
    var n = M[m].games[g].e.length;
    st.i = Math.max(0, Math.min(i, n));
    if (changed) { gamesOf = gamesOf === m ? m : -1; fillGames(); fillMoves(); fillStrip(); }
    render(push);
    return Promise.resolve();
  }
  function stepGame(d) {
    var m = st.m, g = st.g + d;
    if (g < 0) { if (m === 0) return; m--; g = M[m].gn.length - 1; }
    else if (g >= M[m].gn.length) { if (m + 1 >= M.length) return; m++; g = 0; }
    go(m, g, 0);
  }
  // The position of the address's deep link (a promise), or null when it names none.
  function fromHash() {
    var h = /^#match(\d+)-game(\d+)-(move\d+(?:-\d+)?|end)$/.exec(location.hash);
    if (!h || byN[+h[1]] === undefined) return null;
    var m = byN[+h[1]], g = M[m].gn.indexOf(+h[2]);
    if (g < 0) return null;
    return load(m).then(function () {
      var keys = prepared(M[m].games[g]).keys, i = keys.indexOf(h[3]);
      if (i < 0) i = keys.length;
      go(m, g, i, false);
      root.scrollIntoView();
      root.focus({ preventScroll: true });
    });
  }

  var msel = $("vmatch");
  M.forEach(function (m, k) {
    var o = document.createElement("option");
    o.value = String(k);
    o.textContent = L.match + " " + m.n + ": " + m.names[0] + " \u2013 " + m.names[1];
    msel.appendChild(o);
  });
  msel.onchange = function () { go(+msel.value, 0, 0); };
  $("vgame").onchange = function () { go(st.m, +$("vgame").value, 0); };
  $("vfirst").onclick = function () { go(st.m, st.g, 0); };
  $("vprev").onclick = function () { go(st.m, st.g, st.i - 1); };
  $("vnext").onclick = function () { go(st.m, st.g, st.i + 1); };
  $("vlast").onclick = function () { go(st.m, st.g, game().e.length); };
  $("vup").onclick = function () { stepGame(-1); };
  $("vdown").onclick = function () { stepGame(1); };
  $("vflip").onclick = function () { st.bottom = 1 - st.bottom; render(); };
  // The keys work wherever the focus is (not while typing, nor in a list box) once the board
  // is on the screen, or when the focus is in the viewer.
  function onScreen() {
    var r = svg.getBoundingClientRect();
    return r.bottom > 0 && r.top < (window.innerHeight || document.documentElement.clientHeight);
  }
  var KEYS = {
    ArrowLeft: function () { go(st.m, st.g, st.i - 1); },
    ArrowRight: function () { go(st.m, st.g, st.i + 1); },
    ArrowUp: function () { stepGame(-1); },
    ArrowDown: function () { stepGame(1); },
    Home: function () { go(st.m, st.g, 0); },
    End: function () { go(st.m, st.g, game().e.length); }
  };
  function ready() {
    document.addEventListener("keydown", function (ev) {
      var t = ev.target, tag = t && t.tagName, key = KEYS[ev.key];
      if (!key || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (t && t.isContentEditable)) return;
      if (!root.contains(t) && !onScreen()) return;
      key();
      ev.preventDefault();
    });
    window.addEventListener("hashchange", fromHash);
    document.documentElement.setAttribute("data-viewer", "ready");
  }
  (fromHash() || go(0, 0, 0, false)).then(ready);
}
})();

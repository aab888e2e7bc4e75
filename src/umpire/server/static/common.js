"use strict";
// Shared helpers: element building (text only, never HTML from data), the token, and JSON calls.
const U = {
  el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  },
  svg(tag, attrs, ...children) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined) node.setAttribute(k, v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  },
  $(id) { return document.getElementById(id); },
  clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; },
  // The token: taken from the link's #token=..., kept per tab (sessionStorage) and per browser (localStorage),
  // then removed from the address bar.
  token(gameId) {
    const key = "umpire:token:" + gameId;
    const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
    if (m) {
      const t = decodeURIComponent(m[1]);
      sessionStorage.setItem(key, t); localStorage.setItem(key, t);
      history.replaceState(null, "", location.pathname + location.search);
      return t;
    }
    return sessionStorage.getItem(key) || localStorage.getItem(key);
  },
  setToken(gameId, t) {
    const key = "umpire:token:" + gameId;
    sessionStorage.setItem(key, t); localStorage.setItem(key, t);
  },
  // Forget a token the server no longer takes (a reissued link's), wherever it is still the one kept.
  forgetToken(gameId, t) {
    const key = "umpire:token:" + gameId;
    for (const store of [sessionStorage, localStorage]) if (store.getItem(key) === t) store.removeItem(key);
  },
  async call(method, url, token, body) {
    const headers = { "Accept": "application/json" };
    if (token) headers["Authorization"] = "Bearer " + token;
    const opts = { method, headers };
    if (method !== "GET") { headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body || {}); }
    const res = await fetch(url, opts);
    let data = null;
    try { data = await res.json(); } catch (e) { data = { error: "the server answered " + res.status }; }
    if (!res.ok) { const err = new Error(data && data.error || ("error " + res.status)); err.data = data; err.status = res.status; throw err; }
    return data;
  },
  // A game page's calls to its game's API (`api(path)` the address, `tokenOf()` the token now): refresh() draws the
  // whole answer again; post(path, body, errorNode) sends, draws the answer it gets back and puts a refusal's
  // words in errorNode (then throws). `render(answer)` draws an answer.
  talk(api, tokenOf, render) {
    const refresh = async () => { render(await U.call("GET", api(""), tokenOf())); };
    const post = async (path, body, errorNode) => {
      if (errorNode) errorNode.textContent = "";
      try {
        const data = await U.call("POST", api(path), tokenOf(), body);
        // A brief answer ({"accepted": true}, asked by a page whose stream is live) has no view: the stream's patch
        // brings the change.
        if (data && data.game && data.view) render(data);
        return data;
      } catch (e) {
        if (errorNode) errorNode.textContent = e.message;
        throw e;
      }
    };
    return { refresh, post };
  },
  // Apply a JSON Patch (RFC 6902: add, remove, replace, move, copy, test) to doc, changing it in place; returns the
  // new document (a patch may replace the root). Throws on any operation that does not apply.
  patch(doc, ops) {
    const fail = (op, why) => { throw new Error("patch " + op.op + " " + op.path + ": " + why); };
    const tokens = (path, op) => {
      if (path === "") return [];
      if (typeof path !== "string" || path[0] !== "/") fail(op, "not a JSON pointer");
      return path.slice(1).split("/").map(t => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    };
    const index = (arr, t, op, forAdd) => {
      if (forAdd && t === "-") return arr.length;
      if (!/^(0|[1-9][0-9]*)$/.test(t)) fail(op, "bad index " + t);
      const i = Number(t);
      if (i > arr.length || (!forAdd && i === arr.length)) fail(op, "index " + t + " out of range");
      return i;
    };
    const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
    const walk = (root, ts, op) => {
      let node = root;
      for (const t of ts) {
        if (Array.isArray(node)) node = node[index(node, t, op, false)];
        else if (node !== null && typeof node === "object" && has(node, t)) node = node[t];
        else fail(op, "no " + t);
      }
      return node;
    };
    const same = (a, b) => {
      if (a === b) return true;
      if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
      const ka = Object.keys(a), kb = Object.keys(b);
      return ka.length === kb.length && ka.every(k => has(b, k) && same(a[k], b[k]));
    };
    const add = (root, path, value, op) => {
      const ts = tokens(path, op);
      if (!ts.length) return value;
      const parent = walk(root, ts.slice(0, -1), op), key = ts[ts.length - 1];
      if (Array.isArray(parent)) parent.splice(index(parent, key, op, true), 0, value);
      else if (parent !== null && typeof parent === "object") parent[key] = value;
      else fail(op, "the parent is not a container");
      return root;
    };
    const remove = (root, path, op) => {
      const ts = tokens(path, op);
      if (!ts.length) fail(op, "cannot remove the whole document");
      const parent = walk(root, ts.slice(0, -1), op), key = ts[ts.length - 1];
      if (Array.isArray(parent)) return parent.splice(index(parent, key, op, false), 1)[0];
      if (parent === null || typeof parent !== "object" || !has(parent, key)) fail(op, "nothing at " + path);
      const old = parent[key];
      delete parent[key];
      return old;
    };
    for (const op of ops) {
      if (!op || typeof op !== "object") throw new Error("patch: an operation must be an object");
      if (op.op === "add") doc = add(doc, op.path, op.value, op);
      else if (op.op === "remove") remove(doc, op.path, op);
      else if (op.op === "replace") {
        if (op.path === "") doc = op.value;
        else { remove(doc, op.path, op); doc = add(doc, op.path, op.value, op); }
      } else if (op.op === "move") {
        if (op.path === op.from) continue;
        if (op.path.startsWith(op.from + "/")) fail(op, "cannot move a value into itself");
        doc = add(doc, op.path, remove(doc, op.from, op), op);
      } else if (op.op === "copy") doc = add(doc, op.path, JSON.parse(JSON.stringify(walk(doc, tokens(op.from, op), op))), op);
      else if (op.op === "test") { if (!same(walk(doc, tokens(op.path, op), op), op.value)) fail(op, "test failed"); }
      else fail(op, "unknown operation");
    }
    return doc;
  },
  // Follow a game's event stream (read with fetch, so a token travels in a header, not in the URL): an
  // "event: state" message is the whole answer, an "event: patch" a JSON Patch of what changed since the last
  // message. Calls onState(answer) with a copy of the answer after each (game.now kept as the server's clock) and
  // onLive(true/false) as the connection comes and goes. On any failure (a patch that does not apply included)
  // it reconnects, which starts again with a whole answer; when the server says the token no longer opens the
  // game (an "event: gone" message, or a 401 on connecting) it stops and calls onGone, if given.
  async stream(url, token, onState, onLive, onGone) {
    let wait = 1000;
    for (;;) {
      const abort = new AbortController();
      try {
        const headers = { "Accept": "text/event-stream" };
        if (token) headers["Authorization"] = "Bearer " + token;
        const res = await fetch(url, { headers, signal: abort.signal });
        if (res.status === 401 && token && onGone) { onLive(false); onGone(); return; }
        if (!res.ok) throw new Error("stream " + res.status);
        onLive(true);
        wait = 1000;
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        let buf = "", doc = null, skew = 0;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i;
          while ((i = buf.indexOf("\n\n")) >= 0) {
            const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
            let event = "message", data = "";
            for (const line of chunk.split("\n")) {
              if (line.startsWith("event:")) event = line.slice(6).trim();
              else if (line.startsWith("data:")) data += line.slice(5).trim();
            }
            if (!data) continue;
            if (event === "gone" && onGone) { abort.abort(); onLive(false); onGone(); return; }
            if (event === "state") {
              doc = JSON.parse(data);
              skew = doc.game && typeof doc.game.now === "number" ? doc.game.now - Date.now() / 1000 : 0;
            } else if (event === "patch") {
              if (!doc) throw new Error("a patch before the whole answer");
              doc = U.patch(doc, JSON.parse(data));
            } else continue;
            const shown = structuredClone(doc);
            if (shown.game) shown.game.now = Date.now() / 1000 + skew;
            onState(shown);
          }
        }
      } catch (e) { /* reconnect below */ }
      abort.abort();
      onLive(false);
      await new Promise(r => setTimeout(r, wait));
      wait = Math.min(wait * 2, 15000);
    }
  },
  when(epoch) { return new Date(epoch * 1000).toLocaleString(); },
  span(seconds) {
    seconds = Math.max(0, Math.round(seconds));
    const d = Math.floor(seconds / 86400), h = Math.floor(seconds % 86400 / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return (d ? d + "d " : "") + (d || h ? h + "h " : "") + (d || h || m ? m + "m " : "") + s + "s";
  },
  // A game page's join box (#join, #join-title, #join-seat-label, #join-seat): a seat link's holder names itself;
  // a lobby visitor joins, picking a free seat where the game lets players choose. `seatName(seat)` names a seat
  // in the ruleset's words; `article` goes before it in the title ("the " for "Take the seat of the Papacy").
  joinForm(S, seatName, article = "") {
    const you = S.you;
    const needsName = you.player && !you.name;
    const lobbyJoin = you.role === "lobby" && !you.player;
    const show = (id, on) => { const n = U.$(id); if (n) n.classList.toggle("hidden", !on); };
    const title = (t) => { const n = U.$("join-title"); if (n) n.textContent = t; };
    show("join", needsName || lobbyJoin);
    if (needsName) title("Take the seat of " + article + seatName(you.seat));
    if (lobbyJoin) {
      title("Join " + S.game.title);
      const chosen = S.game.settings.assignment === "chosen";
      show("join-seat-label", chosen);
      const sel = U.$("join-seat");
      if (chosen && !sel.childElementCount) for (const s of S.seats.filter(x => x.free)) sel.append(U.el("option", { value: s.seat }, seatName(s.seat)));
    }
  },
};

// Zoom and pan of an SVG drawing by its viewBox, for every page that shows a board: `m` holds the drawing's root
// (`svg`), its whole viewBox (`base`) and the one shown (`vb`, all {x, y, w, h}). The wheel zooms about the pointer,
// one finger or the mouse drags once zoomed in, two fingers pinch; a click that ends no drag goes to `onClick`.
const PanZoom = {
  apply(m) {
    const b = m.base, v = m.vb;
    v.w = Math.min(b.w, Math.max(b.w / 10, v.w)); v.h = v.w * b.h / b.w;
    v.x = Math.min(b.x + b.w - v.w, Math.max(b.x, v.x)); v.y = Math.min(b.y + b.h - v.h, Math.max(b.y, v.y));
    m.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    // At the whole map a finger scrolls the page; zoomed in, it pans the map.
    m.svg.style.touchAction = v.w >= b.w - 0.5 ? "pan-y" : "none";
    // Zoomed well in, the drawing shows what it hides at the whole map (its crowded labels).
    m.svg.classList.toggle("zoomed", v.w < b.w / 1.6);
  },
  // Zoom by factor k (below 1: in) about the point (px, py) of the drawing, by default the middle of the view.
  zoom(m, k, px, py) {
    const v = m.vb;
    if (px === undefined) { px = v.x + v.w / 2; py = v.y + v.h / 2; }
    const w = Math.min(m.base.w, Math.max(m.base.w / 10, v.w * k)), f = w / v.w;
    m.vb = { x: px - (px - v.x) * f, y: py - (py - v.y) * f, w, h: v.h * f };
    PanZoom.apply(m);
  },
  toDrawing(m, clientX, clientY) {
    const r = m.svg.getBoundingClientRect(), v = m.vb;
    return [v.x + (clientX - r.left) / r.width * v.w, v.y + (clientY - r.top) / r.height * v.h];
  },
  listen(m, svg, onClick) {
    const down = new Map();
    let moved = 0, pinch = null;
    svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [px, py] = PanZoom.toDrawing(m, ev.clientX, ev.clientY);
      PanZoom.zoom(m, ev.deltaY > 0 ? 1.25 : 0.8, px, py);
    }, { passive: false });
    svg.addEventListener("pointerdown", (ev) => {
      down.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (down.size === 1) moved = 0;
      if (down.size === 2) {
        const [a, b] = [...down.values()];
        pinch = { dist: Math.hypot(a[0] - b[0], a[1] - b[1]), vb: { ...m.vb } };
      }
    });
    svg.addEventListener("pointermove", (ev) => {
      const last = down.get(ev.pointerId);
      if (!last) return;
      const r = svg.getBoundingClientRect();
      if (down.size === 1) {
        const dx = ev.clientX - last[0], dy = ev.clientY - last[1];
        moved += Math.abs(dx) + Math.abs(dy);
        if (moved > 6 && m.vb.w < m.base.w - 0.5) {
          m.vb.x -= dx / r.width * m.vb.w; m.vb.y -= dy / r.height * m.vb.h;
          PanZoom.apply(m);
        }
      }
      down.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (down.size === 2 && pinch) {
        moved = 100;
        const [a, b] = [...down.values()];
        const dist = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
        m.vb = { ...pinch.vb };
        const [px, py] = PanZoom.toDrawing(m, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        PanZoom.zoom(m, pinch.dist / dist, px, py);
      }
    });
    const up = (ev) => { down.delete(ev.pointerId); if (down.size < 2) pinch = null; };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("click", (ev) => {
      if (moved > 6) { moved = 0; return; } // the end of a drag, not a click
      onClick(ev);
    });
  },
};

// A board the server draws (map.svg) shown in the page: fetched when its key changes (a newer fetch wins), mounted
// with zoom buttons, wheel, drag and pinch (PanZoom); a click on an element with data-<attr> calls onPick(its id).
// m = DrawnBoard.create(); await DrawnBoard.show(m, holder, url, token, key, { cls, attr, onPick, onMount }).
const DrawnBoard = {
  create() { return { svg: null, base: null, vb: null, key: null, loading: null }; },
  async show(m, holder, url, token, key, opt) {
    if (key === m.key && holder.querySelector("svg")) return false;
    if (!m.loading || m.loading.key !== key) {
      const headers = token ? { "Authorization": "Bearer " + token } : {};
      m.loading = { key, p: fetch(url, { headers }).then(r => r.ok ? r.text() : Promise.reject(new Error("the map: error " + r.status))) };
    }
    const mine = m.loading;
    const text = await mine.p;
    if (m.loading !== mine) return false; // a newer drawing was asked for meanwhile
    m.loading = null;
    DrawnBoard.mount(m, holder, text, opt);
    m.key = key;
    return true;
  },
  mount(m, holder, text, opt) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    const [x, y, w, h] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    const keep = m.base && m.vb && m.base.w === w && m.base.h === h;
    m.base = { x, y, w, h };
    if (!keep) m.vb = { ...m.base };
    svg.removeAttribute("width"); svg.removeAttribute("height");
    svg.setAttribute("class", opt.cls || "drawn-board");
    svg.setAttribute("role", "img");
    svg.style.aspectRatio = w + " / " + h;
    const tools = U.el("div", { class: "map-tools" },
      U.el("button", { type: "button", class: "small", "data-zoom": "in", title: "zoom in", onclick: () => PanZoom.zoom(m, 1 / 1.5) }, "+"),
      U.el("button", { type: "button", class: "small", "data-zoom": "out", title: "zoom out", onclick: () => PanZoom.zoom(m, 1.5) }, "−"),
      U.el("button", { type: "button", class: "small", "data-zoom": "fit", title: "the whole map", onclick: () => { m.vb = { ...m.base }; PanZoom.apply(m); } }, "Fit"));
    U.clear(holder).append(U.el("div", { class: "geomap" }, svg, tools));
    m.svg = svg;
    PanZoom.listen(m, svg, (ev) => {
      const el = opt.attr && ev.target.closest("[data-" + opt.attr + "]");
      if (el && opt.onPick) opt.onPick(el.getAttribute("data-" + opt.attr));
    });
    PanZoom.apply(m);
    if (opt.onMount) opt.onMount(!keep); // !keep: a new board, not the same one redrawn at the same zoom
  },
};

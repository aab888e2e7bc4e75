"use strict";
// The geographic board: the server's drawing of the phase on real coastlines (GET .../map.svg?panel=false, drawn
// from the caller's own view, so nothing hidden reaches the page), shown inline and made playable: provinces and
// units clickable (the same onClick(prov, unit) as the graph board), targets and the selection highlighted, order
// arrows drawn over it, zoom (wheel, pinch, buttons) and pan (drag), and a key under it naming what it shows.
// GeoMap.draw(holder, url, token, scene, opt) fetches the drawing only when its url or scene changed.
const GeoMap = {
  loadedKey: null,   // url + scene of the drawing in the page
  wantedKey: null,   // of the last drawing asked for
  loading: null,     // the fetch in flight, for wantedKey
  svg: null,         // the drawing's root element
  base: null,        // its full viewBox {x, y, w, h}
  vb: null,          // the viewBox shown (zoom and pan)
  opt: {},
  scene: null,
  NS: "http://www.w3.org/2000/svg",

  safe(loc) { return loc.replace(/[^A-Za-z0-9_.-]/g, "-"); },
  async draw(holder, url, token, scene, opt) {
    this.opt = opt || {};
    this.scene = scene;
    Board.extra = scene.nations || {};  // the states created during play: their names and colours for the key
    const key = url + " " + JSON.stringify(scene);
    if (key !== this.loadedKey || !holder.querySelector(".geomap")) {
      this.wantedKey = key;
      if (!this.loading || this.loading.key !== key) {
        const headers = token ? { "Authorization": "Bearer " + token } : {};
        const p = fetch(url, { headers }).then(r => r.ok ? r.text() : Promise.reject(new Error("the map: error " + r.status)));
        this.loading = { key, p };
      }
      let text;
      try { text = await this.loading.p; } catch (e) { this.loading = null; throw e; }
      if (this.wantedKey !== key) return false; // a newer drawing was asked for meanwhile
      this.loading = null;
      this.mount(holder, text);
      this.loadedKey = key;
    }
    this.decorate();
    return true;
  },

  // Put the drawing in the page: its own ids stay (prov-X, unit-LOC, at-LOC), provinces and units get data-prov and
  // data-unit, and layers for highlights and arrows go on top.
  mount(holder, text) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = doc.documentElement;
    if (root.nodeName !== "svg") throw new Error("the map could not be read");
    const svg = document.importNode(root, true);
    const [x, y, w, h] = (svg.getAttribute("viewBox") || "0 0 1000 800").split(/\s+/).map(Number);
    const keepZoom = this.base && this.base.w === w && this.base.h === h && this.vb;
    this.base = { x, y, w, h };
    if (!keepZoom) this.vb = { ...this.base };
    svg.removeAttribute("width"); svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("class", "geo");
    svg.style.aspectRatio = w + " / " + h;
    // The page lays the board out to fit the screen beside the orders (style.css, .layout.fits-map).
    const layout = holder.closest(".layout");
    if (layout) { layout.classList.add("fits-map"); layout.style.setProperty("--map-aspect", (w / h).toFixed(4)); }
    for (const p of svg.querySelectorAll(".province")) p.setAttribute("data-prov", p.id.replace(/^prov-/, ""));
    const defs = svg.querySelector("defs") || svg.insertBefore(document.createElementNS(this.NS, "defs"), svg.firstChild);
    for (const [id, colour] of [["gm-head", "#111"], ["gm-head-fail", "#c4001d"], ["gm-head-convoy", "#1d4f9a"], ["gm-head-past", "#444"]]) {
      defs.append(U.svg("marker", { id, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse", markerUnits: "strokeWidth" },
        U.svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour })));
    }
    // Highlights go over the provinces' fills but under borders, labels, centres and units; arrows over all.
    const over = svg.querySelector("#minors") || svg.querySelector("#coastline");
    svg.insertBefore(U.svg("g", { id: "gm-highlights" }), over ? over : null);
    svg.append(U.svg("g", { id: "gm-arrows" }), U.svg("g", { id: "gm-selection" }));
    const wrap = U.el("div", { class: "geomap" });
    const tools = U.el("div", { class: "map-tools" },
      U.el("button", { type: "button", class: "small", "data-zoom": "in", title: "zoom in", onclick: () => this.zoom(1 / 1.5) }, "+"),
      U.el("button", { type: "button", class: "small", "data-zoom": "out", title: "zoom out", onclick: () => this.zoom(1.5) }, "−"),
      U.el("button", { type: "button", class: "small", "data-zoom": "fit", title: "the whole map", onclick: () => { this.vb = { ...this.base }; this.apply(); } }, "Fit"));
    wrap.append(svg, tools);
    U.clear(holder).append(wrap);
    this.svg = svg;
    this.listen(svg);
    this.apply();
    if (!keepZoom) this.focus();
  },
  // On a narrow screen the whole map is too small to read: open on the seat's own units, about three times
  // closer ("Fit" shows the whole map).
  focus() {
    const width = this.svg.getBoundingClientRect().width;
    if (!width || width >= 600) return;
    const points = Board.units(this.scene).filter(u => (this.opt.mine || []).includes(u.unit)).map(u => this.unitPoint(u)).filter(Boolean);
    const b = this.base;
    const [cx, cy] = points.length
      ? [points.reduce((t, p) => t + p[0], 0) / points.length, points.reduce((t, p) => t + p[1], 0) / points.length]
      : [b.x + b.w / 2, b.y + b.h / 2];
    const w = b.w / 3, h = b.h / 3;
    this.vb = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.apply();
  },

  // --- zoom and pan (PanZoom, common.js) -----------------------------------------------------------------
  apply() { PanZoom.apply(this); },
  zoom(k, px, py) { PanZoom.zoom(this, k, px, py); },
  listen(svg) {
    PanZoom.listen(this, svg, (ev) => {
      const unitEl = ev.target.closest("[data-unit]");
      if (unitEl) {
        const u = Board.units(this.scene).find(x => x.unit === unitEl.dataset.unit && x.dislodged === (unitEl.dataset.dislodged === "1"));
        if (u && this.opt.onClick) { ev.stopPropagation(); this.opt.onClick(Board.prov(u.loc), u); }
        return;
      }
      const provEl = ev.target.closest("[data-prov]");
      if (provEl && this.opt.onClick) { ev.stopPropagation(); this.opt.onClick(provEl.dataset.prov, null); }
    });
  },

  // --- what changes without a new drawing: units' data, highlights, arrows ---------------------------------
  point(loc) {
    const el = this.svg.querySelector("#at-" + CSS.escape(this.safe(loc))) || this.svg.querySelector("#at-" + CSS.escape(this.safe(Board.prov(loc))));
    return el ? [Number(el.getAttribute("cx")), Number(el.getAttribute("cy"))] : null;
  },
  unitPoint(u) {
    const p = this.point(u.loc);
    return p && u.dislodged ? [p[0] + 27, p[1] - 9] : p;
  },
  decorate() {
    const svg = this.svg, opt = this.opt, units = Board.units(this.scene);
    const mine = new Set(opt.mine || []), targets = new Set(opt.targets || []);
    for (const u of units) {
      const el = svg.querySelector("#unit-" + CSS.escape(this.safe(u.loc) + (u.dislodged ? "-dislodged" : "")));
      if (!el) continue;
      el.setAttribute("data-unit", u.unit);
      el.setAttribute("data-owner", u.power);
      el.setAttribute("data-dislodged", u.dislodged ? "1" : "0");
      el.classList.toggle("mine", mine.has(u.unit));
    }
    const hl = U.clear(svg.querySelector("#gm-highlights"));
    for (const prov of targets) {
      const p = svg.querySelector("#prov-" + CSS.escape(this.safe(prov)));
      if (p && p.getAttribute("d")) hl.append(U.svg("path", { d: p.getAttribute("d"), class: "hl target", "data-target": prov, "fill-rule": "evenodd" }));
    }
    for (const p of svg.querySelectorAll(".province.target")) p.classList.remove("target");
    for (const prov of targets) { const p = svg.querySelector("#prov-" + CSS.escape(this.safe(prov))); if (p) p.classList.add("target"); }
    if (opt.selected) {
      const p = svg.querySelector("#prov-" + CSS.escape(this.safe(opt.selected)));
      if (p && p.getAttribute("d")) hl.append(U.svg("path", { d: p.getAttribute("d"), class: "hl selected", "fill-rule": "evenodd" }));
    }
    const sel = U.clear(svg.querySelector("#gm-selection"));
    for (const u of units) {
      const isTarget = targets.has(u.unit), isSel = opt.selectedUnit === u.unit;
      if (!isTarget && !isSel) continue;
      const at = this.unitPoint(u);
      if (at) sel.append(U.svg("circle", { cx: at[0], cy: at[1], r: 17, class: "ring " + (isSel ? "selected" : "target"), "data-ring": u.unit }));
    }
    const arrows = U.clear(svg.querySelector("#gm-arrows"));
    for (const a of (opt.arrows || [])) this.arrow(arrows, a);
  },
  // An order as an arrow from the unit's point to its target's: a move solid, a support dashed, a convoy dotted
  // blue; a failed order red with a cross at its middle; the previous phase's orders thinner ("past").
  arrow(layer, a) {
    const from = this.point(a.from), to = this.point(a.to);
    if (!from || !to) return;
    const dx = to[0] - from[0], dy = to[1] - from[1], len = Math.hypot(dx, dy);
    if (len < 4) return;
    const ux = dx / len, uy = dy / len, s = Math.min(14, len / 3), e = Math.min(18, len / 3);
    const x1 = from[0] + ux * s, y1 = from[1] + uy * s, x2 = to[0] - ux * e, y2 = to[1] - uy * e;
    const kind = a.kind || "move";
    const head = a.fails ? "gm-head-fail" : kind === "convoy" ? "gm-head-convoy" : a.past ? "gm-head-past" : "gm-head";
    const g = U.svg("g", { class: "order " + kind + (a.fails ? " fails" : "") + (a.past ? " past" : ""), "data-from": a.from, "data-to": a.to });
    g.append(U.svg("line", { class: "halo", x1, y1, x2, y2 }));
    g.append(U.svg("line", { class: "shaft", x1, y1, x2, y2, "marker-end": "url(#" + head + ")" }));
    if (a.fails) {
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, k = 6;
      g.append(U.svg("path", { class: "fail-cross", d: `M ${mx - k} ${my - k} L ${mx + k} ${my + k} M ${mx + k} ${my - k} L ${mx - k} ${my + k}` }));
    }
    layer.append(g);
  },

  // --- the key --------------------------------------------------------------------------------------------
  // Each power's colour and name (with centres and units now), then only the marks this drawing uses.
  legend(box, scene, extra) {
    U.clear(box);
    const centres = {}, units = {};
    for (const o of Object.values(scene.centres || {})) centres[o] = (centres[o] || 0) + 1;
    for (const u of scene.units || []) units[u.owner] = (units[u.owner] || 0) + 1;
    const powers = Object.keys(Board.data.powers || {});
    const others = [...new Set([...Object.keys(centres), ...Object.keys(units)])].filter(o => !powers.includes(o) && !(scene.minors || {})[o]);
    const row = (colour, name, note, attrs) => U.el("li", attrs || {}, U.el("span", { class: "swatch", style: "background:" + colour }), name, note ? [" ", U.el("span", { class: "note" }, note)] : null);
    const count = (o) => (centres[o] || 0) + " centres, " + (units[o] || 0) + " units";
    const list = U.el("ul", { class: "key-powers" });
    for (const p of [...powers, ...others.sort()]) list.append(row(Board.colour(p), Board.name(p), count(p), { "data-key-power": p }));
    box.append(list);
    const marks = U.el("ul", { class: "key-marks" });
    const icon = (sel) => {
      const el = this.svg && this.svg.querySelector(sel);
      if (!el) return null;
      const bb = el.getBBox();
      const s = U.svg("svg", { viewBox: `${bb.x - 1} ${bb.y - 1} ${bb.width + 2} ${bb.height + 2}`, class: "key-icon" });
      const copy = el.cloneNode(true);
      copy.removeAttribute("id");
      for (const t of copy.querySelectorAll("title")) t.remove();
      s.append(copy);
      return s;
    };
    const mark = (key, glyph, text) => marks.append(U.el("li", { "data-key": key }, glyph, text));
    const armyIcon = icon(".unit.army"), fleetIcon = icon(".unit.fleet"), centreIcon = icon(".centre");
    if (armyIcon) mark("army", armyIcon, "army");
    if (fleetIcon) mark("fleet", fleetIcon, "fleet");
    const valued = this.svg && this.svg.querySelector(".centre text");
    if (centreIcon) mark("centre", centreIcon, valued ? "supply centre (value), ring in its owner's colour" : "supply centre, ring in its owner's colour");
    if ((scene.units || []).some(u => u.dislodged)) mark("dislodged", U.el("span", { class: "glyph ring-red" }), "dislodged (must retreat)");
    const minors = Object.values(scene.minors || {}).filter(m => m.status);
    const statuses = new Set(minors.map(m => m.status));
    const status = { aligned: ["A", "aligned minor state: hatched in the power's colour"], neutral: ["N", "neutral minor state: dashed outline"], unaligned: ["U", "unaligned minor state: dotted outline"] };
    for (const s of ["aligned", "neutral", "unaligned"]) if (statuses.has(s)) mark("status-" + s, U.el("span", { class: "glyph badge " + s }, status[s][0]), status[s][1]);
    const crosses = new Set(minors.flatMap(m => m.markers || []));
    const crossName = { protestant: "Protestant", catholic: "Catholic", grey: "confession suspended (held by a foreign state)", white: "Ecclesiastical reservation" };
    for (const c of ["protestant", "catholic", "grey", "white"]) if (crosses.has(c)) mark("cross-" + c, U.el("span", { class: "glyph cross " + c }), crossName[c] + " cross");
    const drawn = extra.arrows || [];
    for (const [kind, text] of [["move", "move"], ["support", "support"], ["convoy", "convoy"]]) {
      if (drawn.some(a => (a.kind || "move") === kind)) mark("arrow-" + kind, U.el("span", { class: "glyph line " + kind }), text);
    }
    if (drawn.some(a => a.fails)) mark("arrow-fails", U.el("span", { class: "glyph line fails" }), "failed order (✕)");
    box.append(marks);
    const ids = Object.keys(scene.minors || {}).filter(id => (scene.minors[id] || {}).status);
    if (ids.length) {
      const items = ids.sort((a, b) => Board.name(a).localeCompare(Board.name(b))).map(id => {
        const m = scene.minors[id];
        const status = m.status === "aligned" && m.aligned_with ? "aligned with " + Board.name(m.aligned_with) : m.status;
        return U.el("li", { "data-key-minor": id }, U.el("span", { class: "swatch", style: "background:" + Board.colour(id) }), Board.name(id),
          " ", U.el("span", { class: "note" }, status), ...(m.markers || []).map(c => U.el("span", { class: "glyph cross " + c, title: crossName[c] || c })));
      });
      box.append(U.el("details", { class: "key-minors" }, U.el("summary", {}, "Minor states (" + ids.length + ")"), U.el("ul", {}, ...items)));
    }
    if (extra.inf && Object.keys(extra.inf).length) {
      const t = U.el("table", { class: "key-inf" }, U.el("tr", {}, U.el("th", {}, "Your INF in"), U.el("th", {}, "")));
      for (const [m, n] of Object.entries(extra.inf).sort()) t.append(U.el("tr", {}, U.el("td", {}, Board.name(m)), U.el("td", {}, String(n))));
      box.append(t);
    }
  },
};

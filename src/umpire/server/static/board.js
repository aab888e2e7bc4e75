"use strict";
// The Diplomacy-family board: provinces as points, borders as lines, units, centres, order arrows.
// Board.draw(view, options) redraws; clicks on provinces and units go to options.onClick(loc, unit).
const Board = {
  data: null,
  async load(mapId) {
    if (this.data && this.data.id === mapId) return this.data;
    this.data = await U.call("GET", "/api/boards/" + encodeURIComponent(mapId));
    return this.data;
  },
  prov(loc) { return loc.split("/")[0]; },
  xy(loc) {
    const p = this.data.provinces[this.prov(loc)];
    if (!p) return [0, 0];
    return (loc.includes("/") && p.coasts[loc]) ? p.coasts[loc] : p.xy;
  },
  colour(power) { const p = this.data.powers[power]; return p ? p.colour : "#888"; },
  owners(view) {
    const own = {};
    for (const [power, cs] of Object.entries(view.centers || {})) for (const c of cs) own[c] = power;
    return own;
  },
  // All units on the board: [{power, unit, type, loc, dislodged}]
  units(view) {
    const out = [];
    for (const [power, us] of Object.entries(view.units || {})) for (const u of us) out.push({ power, unit: u, type: u[0], loc: u.slice(2), dislodged: false });
    for (const [power, ds] of Object.entries(view.dislodged || {})) {
      const list = Array.isArray(ds) ? ds : Object.keys(ds);
      for (const u of list) out.push({ power, unit: u, type: u[0], loc: u.slice(2), dislodged: true });
    }
    return out;
  },
  draw(container, view, opt) {
    opt = opt || {};
    const d = this.data;
    const svg = U.svg("svg", { viewBox: `0 0 ${d.width} ${d.height}`, role: "img", "aria-label": "map of " + (view.phase || "") });
    svg.append(U.svg("defs", {}, U.svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" },
      U.svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#222" }))));
    const edges = U.svg("g", {});
    const seen = new Set();
    const adj = (a, list) => { for (const b0 of list) { const b = this.prov(b0); const k = a < b ? a + b : b + a; if (seen.has(k) || a === b) continue; seen.add(k);
      const [x1, y1] = d.provinces[a].xy, [x2, y2] = d.provinces[b].xy; edges.append(U.svg("line", { class: "edge", x1, y1, x2, y2 })); } };
    for (const [a, list] of Object.entries(d.army_adj)) adj(this.prov(a), list);
    for (const [a, list] of Object.entries(d.fleet_adj)) adj(this.prov(a), list);
    svg.append(edges);
    const owners = this.owners(view);
    const targets = new Set(opt.targets || []);
    const provs = U.svg("g", {});
    for (const [id, p] of Object.entries(d.provinces)) {
      const [x, y] = p.xy;
      const cls = "prov " + p.type + (targets.has(id) ? " target" : "") + (opt.selected === id ? " selected" : "");
      const g = U.svg("g", { "data-prov": id });
      g.append(U.svg("circle", { class: cls, cx: x, cy: y, r: p.type === "sea" ? 17 : 19, "data-prov": id,
        onclick: (ev) => { ev.stopPropagation(); opt.onClick && opt.onClick(id, null); } }, U.svg("title", {}, p.name)));
      if (p.center) g.append(U.svg("circle", { class: "sc", cx: x + 12, cy: y - 12, r: 5, fill: owners[id] ? this.colour(owners[id]) : "#fff" }));
      g.append(U.svg("text", { class: "label", x, y: y + 30 }, id));
      provs.append(g);
    }
    svg.append(provs);
    const arrows = U.svg("g", {});
    for (const a of (opt.arrows || [])) {
      const [x1, y1] = this.xy(a.from), [x2, y2] = this.xy(a.to);
      const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
      arrows.append(U.svg("line", { class: "arrow " + (a.kind || "") + (a.fails ? " fails" : ""),
        x1: x1 + dx / len * 14, y1: y1 + dy / len * 14, x2: x2 - dx / len * 16, y2: y2 - dy / len * 16 }));
    }
    svg.append(arrows);
    const units = U.svg("g", {});
    const mine = new Set(opt.mine || []);
    for (const u of this.units(view)) {
      let [x, y] = this.xy(u.loc);
      if (u.dislodged) { x += 14; y += 12; }
      const cls = "unit" + (mine.has(u.unit) ? " mine" : "") + (opt.selectedUnit === u.unit ? " selected" : "") + (targets.has(u.unit) ? " target" : "") + (u.dislodged ? " dislodged" : "");
      const click = (ev) => { ev.stopPropagation(); opt.onClick && opt.onClick(this.prov(u.loc), u); };
      const shape = u.type === "A"
        ? U.svg("circle", { class: cls, cx: x, cy: y, r: 11, fill: this.colour(u.power), "data-unit": u.unit, onclick: click }, U.svg("title", {}, u.power + " " + u.unit))
        : U.svg("rect", { class: cls, x: x - 11, y: y - 9, width: 22, height: 18, rx: 4, fill: this.colour(u.power), "data-unit": u.unit, onclick: click }, U.svg("title", {}, u.power + " " + u.unit));
      units.append(shape, U.svg("text", { class: "unit-letter", x, y: y + 4 }, u.type));
    }
    svg.append(units);
    U.clear(container).append(svg);
  },
  // Arrows for a list of canonical order strings ("A PAR - BUR", "F NTH C A LON - NWY", "A MUN S A PAR - BUR").
  arrowsFor(orderLines, failed) {
    const out = [];
    for (const line of orderLines) {
      const t = line.trim().toUpperCase().split(/\s+/);
      if (t.length < 4) continue;
      const from = t[1];
      if (t[2] === "-" || t[2] === "R") out.push({ from, to: t[3], fails: failed && failed.has(line) });
      else if ((t[2] === "S" || t[2] === "C") && t.length >= 5) {
        const to = t.length >= 7 && t[5] === "-" ? t[6] : t[4];
        out.push({ from, to, kind: "support", fails: failed && failed.has(line) });
      }
    }
    return out;
  },
};

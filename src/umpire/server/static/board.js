"use strict";
// The Diplomacy-family board: provinces as points, borders as lines, owners, minor states, units, centres, arrows.
// The server turns each ruleset's view into drawing data (the payload's "board": umpire/server/scene.py):
// {map, units: [{owner, type, loc, unit, dislodged}], centres: {prov: owner}, owners: {prov: owner},
//  minors: {id: {status, aligned_with, markers}}, nations: {id: {name, colour, kind, provinces, seat}}} (the
// states created during play, unknown to the board's own nations). Board.draw(container, scene, options)
// redraws; clicks on provinces and units go to options.onClick(prov, unit).
const Board = {
  data: null,
  extra: {},  // the drawn scene's nations created during play
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
  nation(owner) { return this.extra[owner] || (this.data.nations || {})[owner] || this.data.powers[owner] || null; },
  colour(owner) { const n = this.nation(owner); return n ? n.colour : "#888"; },
  name(owner) { const n = this.nation(owner); return n ? n.name : owner; },
  // A deeper shade for a minor state's units, so they stand out from its pale land.
  unitColour(owner) {
    const n = this.nation(owner), c = this.colour(owner);
    if (!n || n.kind === "power" || !/^#[0-9a-f]{6}$/i.test(c)) return c;
    const k = 0.62;
    return "#" + [1, 3, 5].map(i => Math.round(parseInt(c.slice(i, i + 2), 16) * k).toString(16).padStart(2, "0")).join("");
  },
  // All units on the board: [{power, unit, type, loc, dislodged}]
  units(scene) {
    return ((scene && scene.units) || []).map(u => ({ power: u.owner, unit: u.unit, type: u.type, loc: u.loc, dislodged: !!u.dislodged }));
  },
  // A small cross (protestant orange, catholic blue, grey, white) centred at x, y.
  cross(x, y, marker) {
    const fill = { protestant: "#f08a00", catholic: "#1f4fbf", grey: "#555", white: "#fff" }[marker] || "#999";
    return U.svg("path", { d: `M ${x - 1.6} ${y - 5} h 3.2 v 3.4 h 3.4 v 3.2 h -3.4 v 6.4 h -3.2 v -6.4 h -3.4 v -3.2 h 3.4 z`,
      fill, stroke: "#222", "stroke-width": 0.8, "pointer-events": "none", class: "cross " + marker });
  },
  draw(container, scene, opt) {
    opt = opt || {};
    const d = this.data;
    this.extra = scene.nations || {};
    const svg = U.svg("svg", { viewBox: `0 0 ${d.width} ${d.height}`, role: "img", "aria-label": "map of " + (opt.phase || "") });
    svg.append(U.svg("defs", {}, U.svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" },
      U.svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#222" }))));
    const edges = U.svg("g", {});
    const seen = new Set();
    const adj = (a, list) => { for (const b0 of list) { const b = this.prov(b0); const k = a < b ? a + b : b + a; if (seen.has(k) || a === b) continue; seen.add(k);
      const [x1, y1] = d.provinces[a].xy, [x2, y2] = d.provinces[b].xy; edges.append(U.svg("line", { class: "edge", x1, y1, x2, y2 })); } };
    for (const [a, list] of Object.entries(d.army_adj)) adj(this.prov(a), list);
    for (const [a, list] of Object.entries(d.fleet_adj)) adj(this.prov(a), list);
    svg.append(edges);
    const centres = scene.centres || {}, owners = scene.owners || {}, minors = scene.minors || {};
    const minorOf = {};
    for (const id of Object.keys(minors)) for (const p of (this.nation(id) || {}).provinces || []) minorOf[p] = id;
    const targets = new Set(opt.targets || []);
    const provs = U.svg("g", {});
    const none = { "pointer-events": "none" };
    for (const [id, p] of Object.entries(d.provinces)) {
      const [x, y] = p.xy;
      const r = p.type === "sea" ? 17 : 19;
      const cls = "prov " + p.type + (targets.has(id) ? " target" : "") + (opt.selected === id ? " selected" : "");
      const g = U.svg("g", { "data-prov": id });
      const tip = p.name + (owners[id] ? " · " + this.name(owners[id]) : "") + (minorOf[id] && minors[minorOf[id]].status ? " · " + this.name(minorOf[id]) + " " + minors[minorOf[id]].status : "");
      g.append(U.svg("circle", { class: cls, cx: x, cy: y, r, "data-prov": id,
        onclick: (ev) => { ev.stopPropagation(); opt.onClick && opt.onClick(id, null); } }, U.svg("title", {}, tip)));
      if (owners[id]) g.append(U.svg("circle", { class: "owner", cx: x, cy: y, r: r - 2, fill: this.colour(owners[id]), "fill-opacity": 0.5, "data-owner": owners[id], ...none }));
      const m = minorOf[id] && minors[minorOf[id]];
      if (m && m.status) {
        const ring = { aligned: { stroke: this.colour(m.aligned_with), "stroke-width": 4 },
          neutral: { stroke: "#333", "stroke-width": 2, "stroke-dasharray": "5 3" } }[m.status];
        // An unaligned state (most of them) gets its badge only, so the board stays readable.
        if (ring) g.append(U.svg("circle", { class: "minor-ring " + m.status, cx: x, cy: y, r: r + 3, fill: "none", ...ring, ...none }));
      }
      if (p.center) g.append(U.svg("circle", { class: "sc", cx: x + 12, cy: y - 12, r: 5, fill: centres[id] ? this.colour(centres[id]) : "#fff", "data-owner": centres[id] || "" }));
      g.append(U.svg("text", { class: "label", x, y: y + 30 }, id));
      provs.append(g);
    }
    svg.append(provs);
    // Each minor state's status (A/N/U) and religious crosses at its seat, left and right of the label.
    const badges = U.svg("g", {});
    for (const [mid, m] of Object.entries(minors)) {
      const seat = (this.nation(mid) || {}).seat;
      if (!seat || !d.provinces[seat]) continue;
      const [x, y] = d.provinces[seat].xy;
      const g = U.svg("g", { class: "minor-marker", "data-minor": mid, ...none });
      if (m.status) {
        const fill = m.status === "aligned" ? this.colour(m.aligned_with) : m.status === "neutral" ? "#ddd" : "#fff";
        g.append(U.svg("rect", { x: x - 31, y: y + 21, width: 12, height: 12, rx: 2, fill, stroke: "#222", "stroke-width": 1 },
          U.svg("title", {}, this.name(mid) + ": " + m.status + (m.aligned_with ? " with " + this.name(m.aligned_with) : ""))));
        g.append(U.svg("text", { x: x - 25, y: y + 31, "font-size": 10, "font-weight": 700, "text-anchor": "middle", fill: "#111" }, m.status[0].toUpperCase()));
      }
      (m.markers || []).forEach((mk, i) => g.append(this.cross(x + 19 + i * 9, y + 27, mk)));
      badges.append(g);
    }
    svg.append(badges);
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
    for (const u of this.units(scene)) {
      let [x, y] = this.xy(u.loc);
      if (u.dislodged) { x += 14; y += 12; }
      const cls = "unit" + (mine.has(u.unit) ? " mine" : "") + (opt.selectedUnit === u.unit ? " selected" : "") + (targets.has(u.unit) ? " target" : "") + (u.dislodged ? " dislodged" : "");
      const click = (ev) => { ev.stopPropagation(); opt.onClick && opt.onClick(this.prov(u.loc), u); };
      const shape = u.type === "A"
        ? U.svg("circle", { class: cls, cx: x, cy: y, r: 11, fill: this.unitColour(u.power), "data-unit": u.unit, "data-owner": u.power, onclick: click }, U.svg("title", {}, this.name(u.power) + " " + u.unit))
        : U.svg("rect", { class: cls, x: x - 11, y: y - 9, width: 22, height: 18, rx: 4, fill: this.unitColour(u.power), "data-unit": u.unit, "data-owner": u.power, onclick: click }, U.svg("title", {}, this.name(u.power) + " " + u.unit));
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
        out.push({ from, to, kind: t[2] === "C" ? "convoy" : "support", fails: failed && failed.has(line) });
      }
    }
    return out;
  },
};

"use strict";
// Empires for Two: the game page. Everything shown comes from the caller's own view (the server redacts it): the
// open decision in a sentence and its legal actions as buttons in words (games/empires2/labels.py), a gold field
// for the actions that take gold, every empire's status, gold, Court and statures, the alliance contests (another
// seat's bid shows only as "sealed"), the log, and the board, the server's drawing of the same view (map.svg).
(function () {
  let S = null;
  const P = Sequential.create((data) => render(data));
  let picked = null;           // the area tapped on the map: only the actions naming it are shown
  let decisionKey = null;      // the gold field starts at 0 for each new decision
  const GROUPS = ["Defence", "Agreement", "Asylum", "Sealed bid", "Place in the round", "Ruling", "Fortification", "Conquest", "Pillage", "Diplomacy", "Taxation", "Alliances", "Turn"];
  const FOLD = 6;              // a group of more buttons than this is folded (its summary says how many)
  const unfolded = new Set();  // the folded groups the player opened
  const STATUS = { player: "player", independent: "Independent", allied: "Allied" };
  const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
  const { nice, text, show } = Sequential;
  const empireName = (id) => (S.view.empires[id] || { name: nice(id) }).name;
  const alliesOf = (id) => Object.keys(S.view.empires).filter(e => S.view.empires[e].status === "allied" && S.view.empires[e].ally_of === id);
  const areaName = (id) => {
    const el = M.svg && M.svg.querySelector("#label-" + id);
    return el ? el.textContent : nice(id);
  };

  function render(data) {
    S = data;
    const v = S.view, you = S.you;
    const years = v.years && v.round ? " (" + v.years[0] + "-" + v.years[1] + ")" : "";
    const seat = v.empires[you.role] ? v.empires[you.role].name : (you.is_gm ? "GM" : nice(you.role));
    const allies = alliesOf(you.role);
    Sequential.header(P, "Empires for Two", v.over ? "Scenario over" : v.round ? "Round " + v.round + " of " + v.rounds + years + " · " + nice(v.phase) : "Setting up",
      seat + (allies.length ? " · allied: " + allies.map(empireName).join(", ") : ""));
    renderJoinAndGm(); renderDecision(); renderAgreement(); renderEmpires(); renderContests(); renderRaidersAndMagnates(); renderLog();
    renderMap().catch((e) => { text("emp-map", e.message); });
  }

  // --- joining and the GM ---------------------------------------------------------------------------------
  const renderJoinAndGm = Sequential.joinAndGm(P, (seat) => (S.view.empires[seat] || { name: nice(seat) }).name, "");

  // --- the decision and its actions -----------------------------------------------------------------------
  // An action that takes gold (an endeavour's, a bid, a defence) is sent with the gold field's value, kept
  // within the action's max_gold; the listed information keys (max_gold, er) are not sent.
  function toSend(a) {
    const out = {};
    for (const [k, x] of Object.entries(a)) if (!["max_gold", "er", "excommunicates"].includes(k)) out[k] = x;
    if (a.max_gold !== undefined && (a.type !== "defend" || a.defend)) {
      const want = Math.max(0, Math.floor(Number(U.$("gold").value) || 0));
      out.gold = Math.min(want, a.max_gold);
    }
    return out;
  }
  function renderDecision() {
    const v = S.view, box = U.clear(U.$("actions"));
    let line = v.decision_text || "";
    if (S.game.status === "lobby") line = "Waiting for the GM to start the game.";
    text("decision", line);
    const actions = v.actions || [];
    const most = Math.max(0, ...actions.filter(a => a.max_gold !== undefined).map(a => a.max_gold));
    const key = JSON.stringify(actions);
    if (key !== decisionKey) { U.$("gold").value = "0"; decisionKey = key; }
    show("gold-row", most > 0);
    U.$("gold").max = String(most);
    text("gold-note", "up to " + most + " for the action you pick; each gold adds one to its rating (a bid: the gold bid)");
    const shown = Sequential.labelled(v, "Turn").filter(x => !picked || x.a.area === picked);
    Sequential.buttons(box, shown, GROUPS, {
      pass: "end_turn",
      take: (a) => P.post("/actions", { action: toSend(a) }, U.$("action-error")),
      wrap: (g, group, n) => {
        if (n <= FOLD || picked) return null;
        const details = U.el("details", { class: "emp-fold", "data-group": g }, U.el("summary", {}, g + ": " + n + " choices"), group);
        if (unfolded.has(g)) details.open = true;
        details.addEventListener("toggle", () => { if (details.open) unfolded.add(g); else unfolded.delete(g); });
        return details;
      },
    });
    if (picked) {
      box.prepend(U.el("p", { class: "help" }, "Actions on " + areaName(picked) + " ",
        U.el("button", { type: "button", class: "small", id: "show-all", onclick: () => { picked = null; render(S); } }, "show all")));
    }
  }

  // --- grand diplomacy (rewrite 20.0): a proposal's form, shown in the seat's own turn ---------------------------
  // Each side: gold, areas (never the Court) and claims; the server checks the terms and names what is wrong.
  let agreementKey = null;
  function renderAgreement() {
    const v = S.view, me = S.you.role;
    show("agreement-card", !!v.may_propose);
    if (!v.may_propose) { agreementKey = null; return; }
    const other = Object.keys(v.empires).find(e => e !== me && v.empires[e].status === "player");
    const key = JSON.stringify([!!M.svg, v.round, v.current, v.areas, v.empires[me].claims, v.empires[other].claims, v.empires[me].gold, v.empires[other].gold]);
    if (key === agreementKey) return;  // keep what the player is filling in
    agreementKey = key;
    const box = U.clear(U.$("agreement-form"));
    const side = (id, tag) => {
      const e = v.empires[id];
      const areas = Object.keys(v.areas).filter(a => v.areas[a].owner === id && a !== e.court).sort((a, b) => areaName(a).localeCompare(areaName(b)));
      const multi = (what, ids) => U.el("select", { multiple: "multiple", size: "4", id: "agree-" + tag + "-" + what, "aria-label": e.name + " gives " + what },
        ...ids.map(a => U.el("option", { value: a }, areaName(a))));
      return U.el("fieldset", {}, U.el("legend", {}, (id === me ? "You give" : e.name + " gives")),
        U.el("label", {}, "Gold (of " + e.gold + ") ", U.el("input", { type: "number", min: "0", max: String(e.gold), value: "0", size: "4", id: "agree-" + tag + "-gold" })),
        U.el("label", {}, "Areas", multi("areas", areas)),
        U.el("label", {}, "Claims", multi("claims", [...e.claims].sort())));
    };
    const terms = (tag) => {
      const picked = (what) => [...U.$("agree-" + tag + "-" + what).selectedOptions].map(o => o.value);
      const out = {}, gold = Math.max(0, Math.floor(Number(U.$("agree-" + tag + "-gold").value) || 0));
      if (gold) out.gold = gold;
      for (const what of ["areas", "claims"]) { const ids = picked(what); if (ids.length) out[what] = ids; }
      return out;
    };
    box.append(U.el("div", { class: "emp-terms" }, side(me, "gives"), side(other, "gets")),
      U.el("button", { type: "button", id: "agree-propose",
        onclick: () => P.post("/actions", { action: { type: "propose", gives: terms("gives"), gets: terms("gets") } }, U.$("action-error")) },
        "Propose to " + v.empires[other].name));
  }

  // --- the empires, contests and log -----------------------------------------------------------------------
  function renderEmpires() {
    const v = S.view, t = U.clear(U.$("empires"));
    const areas = {};
    for (const a of Object.values(v.areas)) if (a.owner) areas[a.owner] = (areas[a.owner] || 0) + 1;
    t.append(U.el("tr", {}, U.el("th", {}, "Empire"), U.el("th", {}, "Status"), U.el("th", {}, "Gold"), U.el("th", {}, "Statures"), U.el("th", { title: "victory points (rewrite 26.0)" }, "VP")));
    for (const id of v.order && v.order.length ? v.order.filter(Boolean).concat(Object.keys(v.empires).filter(e => !v.order.includes(e))) : Object.keys(v.empires)) {
      const e = v.empires[id];
      let status = STATUS[e.status] || nice(e.status);
      if (e.status === "allied" && e.ally_of) status += " to " + empireName(e.ally_of);
      if (e.status === "player" && alliesOf(id).length) status += ", allies: " + alliesOf(id).map(empireName).join(", ");
      const ties = Object.entries(e.court_ties || {}).map(([p, n]) => empireName(p) + " " + n + " of " + e.ties_required);
      if (e.demise) status += " (" + nice(e.demise) + ")";
      if (((v.church || {}).excommunicated || []).includes(id)) status += ", excommunicated (22.1)";
      const l = e.leader;
      const row = U.el("tr", { "data-empire": id, class: v.current === id ? "acting" : "" },
        U.el("th", {}, U.el("span", { class: "swatch", style: "background:" + e.colour }), e.name,
          U.el("div", { class: "note" }, "Court " + (e.court ? areaName(e.court) : "none") + " · " + plural(areas[id] || 0, "area") + " · " + plural(e.year_cards, "Year Card"))),
        U.el("td", { class: "status" }, status, ties.length ? U.el("div", { class: "note" }, "ties: " + ties.join("; ")) : null),
        U.el("td", {}, String(e.gold)),
        U.el("td", { title: "administrative-combat-diplomatic" }, l.administrative + "-" + l.combat + "-" + l.diplomatic),
        vpCell(v, id, e));
      t.append(row);
    }
    t.append(U.el("tr", {}, U.el("td", { colspan: "5", class: "note" }, "VP: the empire's victory points now; a player's total adds the scenario's adjustment and his alliances' (33.5). Statures: administrative-combat-diplomatic. Order of play: " + (v.order || []).filter(Boolean).map(empireName).join(", "))));
  }
  // A player's cell shows his total (areas and claims, the scenario's adjustment, alliances), the others their count.
  function vpCell(v, id, e) {
    const parts = (v.standings || {})[id];
    if (!parts) return U.el("td", {}, String(e.victory_points ?? ""));
    const how = parts.empire + " areas and claims, " + parts.adjustment + " adjustment, " + parts.alliances + " alliances";
    return U.el("td", { title: how }, String(parts.total));
  }
  function renderContests() {
    const box = U.clear(U.$("contests"));
    const cs = S.view.contests || [];
    show("contests-card", cs.length > 0);
    for (const c of cs) {
      const bids = Object.entries(c.bids).map(([p, b]) => empireName(p) + ": " + (b === null ? "no bid yet" : b === "sealed" ? "sealed" : b + " gold"));
      box.append(U.el("li", {}, empireName(c.empire) + ", " + c.why + " (" + bids.join("; ") + ")"));
    }
  }
  // Rewrite 24.0 (options raiders, magnates): the round's raids and the Magnates on the map, in words.
  function renderRaidersAndMagnates() {
    const box = U.clear(U.$("hazards"));
    const raids = S.view.raids || [], lords = S.view.magnates || [];
    show("hazards-card", raids.length + lords.length > 0);
    const RESULT = { P: "pillaged", "0": "beaten off", "-1": "beaten off" };
    for (const r of raids) box.append(U.el("li", { "data-raid": r.area }, r.name + " raided " + areaName(r.area) + " this round: " + (RESULT[r.result] || r.result)));
    for (const g of lords) {
      const more = g.areas.filter(a => a !== g.seat).map(areaName);
      box.append(U.el("li", { "data-magnate": g.seat }, g.name + ", combat stature " + g.combat + (more.length ? "; also holds " + more.join(", ") : "")));
    }
  }
  function renderLog() {
    const box = U.clear(U.$("log"));
    for (const line of (S.view.log || []).slice(-60).reverse()) box.append(U.el("li", {}, line));
  }

  // --- the board: the server's drawing of this view, zoom and pan ------------------------------------------
  const M = DrawnBoard.create();
  async function renderMap() {
    const v = S.view;
    // Fetched again only when what it draws changes (drawing.draw_view): the areas, the Courts, the attacked area,
    // the round's raids and the Magnates.
    const courts = Object.entries(v.empires).map(([id, e]) => [id, e.demise ? null : e.court]);
    const mounted = await DrawnBoard.show(M, U.$("emp-map"), P.api("/map.svg?panel=false"), P.token, JSON.stringify([v.areas, courts, v.defence && v.defence.area, v.raids, v.magnates]), {
      cls: "his-board emp-board", attr: "area",
      onPick: (id) => { picked = picked === id ? null : id; render(S); },
      onMount: (fresh) => { if (fresh && M.svg.getBoundingClientRect().width < 600) focusOnMine(); } });
    if (mounted) { renderEmpires(); renderAgreement(); renderRaidersAndMagnates(); }  // area names come from the drawing's labels
    decorate();
  }
  // On a phone the whole board is too small to read: open on the seat's own Court, three times closer.
  function focusOnMine() {
    const e = S.view.empires[S.you.role] || Object.values(S.view.empires).find(x => x.status === "player");
    const el = e && e.court && M.svg.querySelector("#area-" + e.court);
    if (!el) return;
    const b = el.getBBox(), w = M.base.w / 3, h = M.base.h / 3;
    M.vb = { x: b.x + b.width / 2 - w / 2, y: b.y + b.height / 2 - h / 2, w, h };
    PanZoom.apply(M);
  }
  // The areas the legal actions name are outlined; the tapped one is marked.
  function decorate() {
    if (!M.svg) return;
    const targets = new Set((S.view.actions || []).map(a => a.area).filter(Boolean));
    for (const p of M.svg.querySelectorAll("path.area")) {
      p.classList.toggle("target", targets.has(p.dataset.area));
      p.classList.toggle("picked", p.dataset.area === picked);
    }
  }

  // --- start ----------------------------------------------------------------------------------------------
  Sequential.start(P);
})();

"use strict";
// Here I Stand (two-player variant): the game page. Everything shown comes from the caller's own view (the
// server redacts it): the open decision in words and its legal actions as buttons, grouped, each with the label
// the server wrote (games/his2p/labels.py); the seat's own hand; both powers' VP and tracks; the dice with their
// purposes; the log; and the board, the server's drawing of the same view (map.svg), with zoom and pan.
(function () {
  let S = null;
  const P = Sequential.create((data) => render(data));
  let picked = null;           // the space tapped on the map: only the actions naming it are shown
  const GROUPS = ["Cards", "Religious actions", "Military actions", "Raise units", "Choices", "Pass or end"];
  const POWERS = { papacy: "Papacy", protestant: "Protestant" };
  const PHASES = {
    luthers_95_theses: "Luther's 95 Theses", card_draw: "Card Draw", diplomacy: "Diplomacy", diet_of_worms: "Diet of Worms",
    spring_deployment: "Spring Deployment", action: "Action Phase", winter: "Winter", victory_determination: "Victory Determination",
  };
  const { nice, text, show } = Sequential;

  function render(data) {
    S = data;
    const v = S.view, you = S.you;
    Sequential.header(P, "Here I Stand", v.over ? "Game over" : "Turn " + v.turn + " · " + (PHASES[v.phase] || nice(v.phase)),
      POWERS[you.role] || (you.is_gm ? "GM" : nice(you.role)));
    renderJoinAndGm(); renderDecision(); renderHand(); renderPowers(); renderRolls(); renderLog(); renderDebaters();
    renderMap().catch((e) => { text("his-map", e.message); });
  }

  // --- joining and the GM ---------------------------------------------------------------------------------
  const renderJoinAndGm = Sequential.joinAndGm(P, (seat) => POWERS[seat] || nice(seat), "the ");
  // Undo: a seat its own last action (the server says why not, when not); the GM rolls back any number.
  U.$("undo").addEventListener("click", () => P.post("/undo", {}, U.$("action-error")).catch(() => {}));
  U.$("gm-rollback").addEventListener("click", () => P.post("/undo", { count: Math.max(1, Number(U.$("gm-rollback-count").value) || 1) }, U.$("gm-error")).catch(() => {}));

  // --- the decision and its actions -----------------------------------------------------------------------
  const placesOf = (a) => ["space", "to", "from", "where"].map(k => a[k]).filter(x => typeof x === "string");
  function renderDecision() {
    const v = S.view, box = U.clear(U.$("actions"));
    let line = v.decision_text || "";
    if (S.game.status === "lobby") line = "Waiting for the GM to start the game.";
    else if (v.over) line = "The game is over" + (v.winner ? ": " + (POWERS[v.winner] || nice(v.winner)) + " wins" : "") + (v.outcome ? " (" + nice(v.outcome) + ")" : "") + ".";
    else if (v.blocked) line = "The game cannot go on: " + v.blocked + " is not built yet.";
    else if (v.acting && v.acting.length && !v.acting.includes(S.you.role)) line = "Waiting for the " + v.acting.map(r => POWERS[r] || nice(r)).join(" and the ") + ". " + line;
    text("decision", line);
    show("undo-row", !!POWERS[S.you.role] && S.game.status === "running");
    // The seat's private auto-pass setting (ruling HIS-R09): only its own view carries it, the server applies it.
    show("autopass-row", !!POWERS[S.you.role] && S.game.status === "running" && !v.over);
    U.$("autopass-unless-playable").checked = !!v.autopass_unless_playable;
    U.$("autopass-unless-playable").disabled = !(v.acting || []).includes(S.you.role);  // sent in a decision of its own
    const cp = v.decision && v.decision.kind === "cp" && v.decision.role === S.you.role;
    show("cp-left", cp);
    if (cp) text("cp-left", v.decision.cp + " CP left");
    const shown = Sequential.labelled(v, "Choices").filter(x => !picked || placesOf(x.a).includes(picked));
    show("filter-note", !!picked);
    if (picked) {
      U.clear(U.$("filter-note")).append("Actions naming " + picked.replace(/_/g, " ") + " ",
        U.el("button", { type: "button", class: "small", id: "show-all", onclick: () => { picked = null; render(S); } }, "show all"));
    }
    // Moves of a formation from one space (labels.formation_step) with more than BUILD_FROM choices are built step
    // by step instead: units and leaders, then the destination (see builder below).
    const formations = {};
    for (const x of shown) if (x.l.step) (formations[x.l.step.formation] = formations[x.l.step.formation] || []).push(x);
    const built = new Set(Object.keys(formations).filter(k => formations[k].length > BUILD_FROM));
    if (building && !built.has(building.formation)) building = null;
    // Actions differing only by a debater's bonus (labels.bonus_choice): one button, then the choice of debater.
    const choices = {};
    for (const x of shown) if (x.l.choice) (choices[x.l.choice.button] = choices[x.l.choice.button] || []).push(x);
    if (choosing && !choices[choosing]) choosing = null;
    const opened = new Set();
    Sequential.buttons(box, shown, GROUPS, {
      pass: "pass", take,
      item: ({ l }) => {
        if (l.step && built.has(l.step.formation)) {
          if (opened.has(l.step.formation)) return false;
          opened.add(l.step.formation);
          return builder(l.step.formation, formations[l.step.formation]);
        }
        if (l.choice) {
          if (opened.has(l.choice.button)) return false;
          opened.add(l.choice.button);
          return chooser(l.choice.button, choices[l.choice.button]);
        }
        return null;
      },
    });
  }
  let choosing = null;  // the button words of the bonus choice shown open
  function chooser(button, options) {
    const open = choosing === button;
    const box = U.el("div", { class: "bonus-choice" + (open ? " open" : ""), "data-choice": button });
    box.append(U.el("button", { type: "button", class: "his-choice", onclick: () => { choosing = open ? null : button; render(S); } },
      button + (open ? "" : ": choose a debater's bonus (" + options.length + ")")));
    if (open) for (const { a, l } of options) {
      box.append(U.el("button", { type: "button", class: "his-action", "data-type": a.type, title: l.label, onclick: Sequential.onTake(take, a) }, l.choice.option));
    }
    return box;
  }
  U.$("autopass-unless-playable").addEventListener("change", (e) => {
    const on = e.target.checked;
    P.post("/actions", { action: { type: "autopass", kind: "unless_playable", on } }, U.$("action-error"))
      .catch(() => { e.target.checked = !on; });
  });
  const take = (a) => P.post("/actions", { action: a }, U.$("action-error")).then(() => { building = null; choosing = null; });

  // --- the formation builder: only the view's legal moves, never a rule of its own ---------------------------
  // A closed builder is one button ("Move from Rome: choose units, then where (12 moves)"); opened, it offers a
  // count for each kind of unit and a box for each leader, every value one some legal move has; a change that
  // no legal move matches takes the first legal move with the new value. The destinations of the moves matching
  // the formation are then buttons with their CP cost, and are ringed on the board (a tap there keeps only them).
  const BUILD_FROM = 3;
  const KINDS = [["regular", "regulars"], ["mercenary", "mercenaries"], ["cavalry", "cavalry"]];
  let building = null;        // {formation, pick: the move whose units and leaders are chosen now}
  const leadersOf = (a) => (a.leaders || []).slice().sort().join(",");
  const sameFormation = (a, b) => KINDS.every(([k]) => (a[k] || 0) === (b[k] || 0)) && leadersOf(a) === leadersOf(b) && (a.power || "") === (b.power || "");
  function builder(formation, moves) {
    const open = building && building.formation === formation;
    const box = U.el("div", { class: "formation" + (open ? " open" : ""), "data-formation": formation });
    if (!open) {
      box.append(U.el("button", { type: "button", class: "his-action build", onclick: () => { building = { formation, pick: moves[0].a }; render(S); } },
        formation + ": choose units, then where (" + moves.length + " moves)"));
      return box;
    }
    const pick = moves.some(x => x.a === building.pick) ? building.pick : moves.find(x => sameFormation(x.a, building.pick))?.a || moves[0].a;
    building.pick = pick;
    const choose = (test, changed) => {
      const same = moves.find(x => test(x.a) && sameFormation(x.a, changed));
      building.pick = (same || moves.find(x => test(x.a))).a;
      render(S);
    };
    box.append(U.el("h5", {}, formation, U.el("button", { type: "button", class: "small close", onclick: () => { building = null; render(S); } }, "close")));
    const fields = U.el("div", { class: "formation-fields" });
    for (const [kind, words] of KINDS) {
      const values = [...new Set(moves.map(x => x.a[kind] || 0))].sort((p, q) => p - q);
      if (values.length < 2 && !values[0]) continue;
      const sel = U.el("select", { "data-kind": kind, onchange: (ev) => {
        const n = Number(ev.target.value);
        choose(a => (a[kind] || 0) === n, { ...pick, [kind]: n });
      } });
      for (const n of values) sel.append(U.el("option", { value: String(n), selected: n === (pick[kind] || 0) }, String(n)));
      fields.append(U.el("label", {}, words + " ", sel));
    }
    const names = {};
    for (const x of moves) Object.assign(names, x.l.step.leaders);
    for (const [id, name] of Object.entries(names)) {
      const on = (pick.leaders || []).includes(id);
      fields.append(U.el("label", { class: "leader" }, U.el("input", { type: "checkbox", "data-leader": id, checked: on, onchange: () => {
        choose(a => (a.leaders || []).includes(id) !== on, { ...pick, leaders: on ? (pick.leaders || []).filter(l => l !== id) : [...(pick.leaders || []), id] });
      } }), " " + name));
    }
    box.append(fields);
    const to = moves.filter(x => sameFormation(x.a, pick));
    box.append(U.el("p", { class: "note" }, "Move " + describe(pick, names) + " to:"));
    const dests = U.el("div", { class: "destinations" });
    for (const { a, l } of to) {
      dests.append(U.el("button", { type: "button", class: "his-action", "data-to": a.to, title: l.label, onclick: Sequential.onTake(take, a) },
        l.step.target + (l.step.cost != null ? " (" + l.step.cost + " CP)" : "")));
    }
    box.append(dests);
    return box;
  }
  function describe(a, names) {
    const parts = KINDS.filter(([k]) => a[k]).map(([k, words]) => a[k] + " " + (a[k] === 1 ? k : words));
    const leaders = (a.leaders || []).map(id => names[id] || nice(id));
    return (parts.join(", ") || "no units") + (leaders.length ? " with " + leaders.join(", ") : "");
  }

  // --- hand, powers, tracks, dice, log ---------------------------------------------------------------------
  function renderHand() {
    const v = S.view, hand = U.clear(U.$("hand")), dip = U.clear(U.$("diplomatic-hand"));
    const mine = v.hand !== undefined;
    show("hand-card", mine);
    if (!mine) return;
    for (const c of v.hand) hand.append(U.el("li", { "data-card": c.number }, U.el("span", { class: "cp" }, String(c.cp)), " #" + c.number + " " + c.name, U.el("span", { class: "note" }, " " + c.type)));
    if (!v.hand.length) hand.append(U.el("li", { class: "note" }, "no cards"));
    for (const c of v.diplomatic_hand_cards || []) dip.append(U.el("li", { "data-card": c.number }, "#" + c.number + " " + c.name));
    if (!(v.diplomatic_hand_cards || []).length) dip.append(U.el("li", { class: "note" }, "none"));
  }
  function renderPowers() {
    const v = S.view, t = U.clear(U.$("powers"));
    const protestantSpaces = Object.values(v.spaces || {}).filter(s => s.protestant).length;
    t.append(U.el("tr", {}, U.el("th", {}, ""), U.el("th", {}, "Papacy"), U.el("th", {}, "Protestant")));
    const row = (name, a, b) => t.append(U.el("tr", {}, U.el("th", {}, name), U.el("td", {}, String(a)), U.el("td", {}, String(b))));
    row("VP", v.vp.papacy, v.vp.protestant);
    row("bonus VP", v.bonus_vp.papacy, v.bonus_vp.protestant);
    row("cards in hand", v.hand_sizes.papacy, v.hand_sizes.protestant);
    row("Diplomatic cards", v.diplomatic_hand_sizes.papacy, v.diplomatic_hand_sizes.protestant);
    row("impulse", (v.acting || []).includes("papacy") ? "●" : "", (v.acting || []).includes("protestant") ? "●" : "");
    const tr = U.clear(U.$("tracks"));
    const sp = v.tracks.st_peters;
    tr.append(U.el("p", {}, "Protestant spaces: ", U.el("strong", { id: "protestant-spaces" }, String(protestantSpaces))));
    tr.append(U.el("p", {}, "St. Peter's: " + sp.cp + " CP, " + sp.vp + " VP"));
    const list = U.el("ul", { class: "translations" });
    for (const [zone, z] of Object.entries(v.tracks.translations)) list.append(U.el("li", {}, zone[0].toUpperCase() + zone.slice(1) + " translation: New Testament " + z.new_testament + ", Bible " + z.bible));
    tr.append(list);
    tr.append(U.el("p", { class: "note" }, "Main deck " + v.deck_size + " cards, Diplomatic deck " + v.diplomatic_deck_size + ", discards " + v.discard.length));
  }
  function renderRolls() {
    const box = U.clear(U.$("rolls"));
    const rolls = (S.view.rolls || []).slice(-15).reverse();
    for (const r of rolls) {
      const result = Array.isArray(r.result) ? r.result.join(", ") : r.result === "hidden" ? "(secret)" : String(r.result);
      box.append(U.el("li", { value: r.n }, U.el("strong", {}, result), " " + r.kind + ": " + r.purpose));
    }
  }
  function renderLog() {
    const box = U.clear(U.$("log"));
    const log = S.view.log || [];
    for (const e of log.slice(-40).reverse()) box.append(U.el("li", {}, U.el("span", { class: "note" }, "T" + e.turn + " "), e.text));
  }
  // Debaters (public, 18.1): each side's in play, its value and bonus in words, committed ones greyed, the two of a
  // debate marked; those not yet in play and those out of the game are counted under each side.
  const STATUS = { uncommitted: "uncommitted", committed: "committed", burned: "burned", disgraced: "disgraced", dead: "dead" };
  function renderDebaters() {
    const v = S.view, box = U.clear(U.$("debaters"));
    const rows = v.debater_rows || [];
    const debate = rows.filter(r => r.debating);
    if (debate.length) box.append(U.el("p", { class: "debate-now", id: "debate-now" }, "In the debate: " + debate.map(r => r.name + " (" + r.value + ")").join(" against ")));
    for (const [side, title] of [["papal", "Papal"], ["protestant", "Protestant"]]) {
      const mine = rows.filter(r => r.side === side);
      const inPlay = mine.filter(r => r.status === "uncommitted" || r.status === "committed");
      const list = U.el("ul", { class: "debaters", "data-side": side });
      for (const r of inPlay) {
        list.append(U.el("li", { class: "debater " + r.status + (r.debating ? " debating" : ""), "data-debater": r.id, title: r.bonus },
          U.el("span", { class: "value" }, String(r.value)), " ", U.el("strong", {}, r.name),
          r.zone ? U.el("span", { class: "note" }, " " + r.zone[0].toUpperCase() + r.zone.slice(1)) : "",
          U.el("span", { class: "status" }, " " + STATUS[r.status] + (r.debating ? ", in the debate" : "")),
          U.el("div", { class: "bonus" }, r.bonus)));
      }
      const waiting = mine.filter(r => r.status === "absent").length;
      const gone = mine.filter(r => STATUS[r.status] && r.status !== "uncommitted" && r.status !== "committed");
      const tail = [waiting ? waiting + " not in play yet" : "", gone.length ? "out of the game: " + gone.map(r => r.name + " (" + r.status + ")").join(", ") : ""].filter(Boolean);
      box.append(U.el("h3", {}, title + " (" + inPlay.filter(r => r.status === "uncommitted").length + " of " + inPlay.length + " uncommitted)"), list);
      if (tail.length) box.append(U.el("p", { class: "note" }, tail.join("; ")));
    }
    const title = (id) => nice(id).replace(/\b\w/g, c => c.toUpperCase());
    const named = Object.fromEntries(rows.map(r => [r.id, r.name]));
    const ref = Object.entries(v.reformers || {}).filter(([, s]) => s).map(([r, s]) => (named[r] || title(r)) + " in " + title(s));
    if (ref.length) box.append(U.el("p", {}, U.el("strong", {}, "Reformers: "), ref.join(", ")));
  }

  // --- the board: the server's drawing of this view, zoom and pan ------------------------------------------
  const M = DrawnBoard.create();
  async function renderMap() {
    const v = S.view;
    await DrawnBoard.show(M, U.$("his-map"), P.api("/map.svg"), P.token, JSON.stringify([v.turn, v.spaces, v.units, v.leaders, v.reformers, v.sieges]), {
      cls: "his-board", attr: "space",
      onPick: (id) => { picked = picked === id ? null : id; render(S); },
      onMount: (fresh) => { if (fresh && M.svg.getBoundingClientRect().width < 600) focusOn(["rome", "wittenberg"]); } });
    decorate();
  }
  // On a phone the whole board is too small to read: open on Germany and Italy, three times closer.
  function focusOn(ids) {
    const pts = ids.map(id => M.svg.querySelector("#space-" + id + " circle, #space-" + id + " rect, #space-" + id + " polygon")).filter(Boolean).map(e => { const b = e.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; });
    if (!pts.length) return;
    const cx = pts.reduce((t, p) => t + p[0], 0) / pts.length, cy = pts.reduce((t, p) => t + p[1], 0) / pts.length;
    const w = M.base.w / 3, h = M.base.h / 3;
    M.vb = { x: cx - w / 2, y: cy - h / 2, w, h };
    apply();
  }
  // Zoom and pan: PanZoom (common.js) on the board M.
  function apply() { PanZoom.apply(M); }
  // The spaces the legal actions name are ringed; the tapped one is marked.
  function decorate() {
    if (!M.svg) return;
    const targets = new Set((S.view.actions || []).flatMap(placesOf));
    const labels = S.view.action_labels || [];
    const ends = new Set(building ? (S.view.actions || []).filter((a, i) => labels[i] && labels[i].step && labels[i].step.formation === building.formation && sameFormation(a, building.pick)).map(a => a.to) : []);
    for (const g of M.svg.querySelectorAll("g.space")) {
      g.classList.toggle("target", targets.has(g.dataset.space));
      g.classList.toggle("picked", g.dataset.space === picked);
      g.classList.toggle("destination", ends.has(g.dataset.space));
    }
  }

  // --- start ----------------------------------------------------------------------------------------------
  Sequential.start(P);
})();

"use strict";
// The game page: one payload from the server (what this token may see), redrawn on every live update.
(function () {
  const gameId = U.$("app").dataset.game;
  let token = U.token(gameId);
  let S = null;              // the latest payload
  let dirty = false;         // the orders text was edited since it was last filled from the server
  let filledFor = null;      // the phase key the orders text was filled for
  let click = null;          // the map-click order under construction
  let historyShown = null;   // index of the past phase on the board, or null for now
  let skew = 0;              // the server's clock minus this browser's, in seconds
  let timeline = [];         // per phase: its name and chart counts (fetched from /timeline when a phase opens)
  let timelineFor = -1;      // the phase count it was fetched at
  const api = (path) => "/api/games/" + gameId + path;

  // --- talking to the server ------------------------------------------------------------------------------
  async function refresh() { show(await U.call("GET", api(""), token)); }
  async function post(path, body, errorBox) {
    if (errorBox) U.$(errorBox).textContent = "";
    try {
      const data = await U.call("POST", api(path), token, body);
      if (data && data.game) show(data);
      return data;
    } catch (e) {
      if (e.status === 401 && token) { tokenGone(); refresh().catch(() => {}); }
      if (errorBox) U.$(errorBox).textContent = e.message;
      throw e;
    }
  }
  // Live updates: the event stream is read with fetch so the token travels in a header, not in the URL (U.stream).
  // A token the server stops taking (the GM reissued the seat's link) ends it: the page goes on as an observer.
  function live() {
    return U.stream(api("/events"), token, show, (on) => U.$("live").classList.toggle("on", on), () => {
      tokenGone();
      refresh().catch(() => {}).then(live);
    });
  }
  // This browser's token no longer opens the game: forget it, say why, and show what an observer sees.
  function tokenGone() {
    U.forgetToken(gameId, token);
    token = null;
    U.$("token-gone").classList.remove("hidden");
  }
  // A seat's link opened in this tab while the page is open changes only the address's #part, which reloads
  // nothing: reload, so the new link's token replaces the one held.
  window.addEventListener("hashchange", () => { if (/(?:^#|&)token=/.test(location.hash)) location.reload(); });

  // --- drawing --------------------------------------------------------------------------------------------
  // A view's history is {length, last}: the past phases are fetched one at a time (/phases/N).
  // A phase code in words (the server names each code a page shows: the answer's, a past phase's, the timeline's).
  let pastTitles = {};
  function phaseName(code) {
    if (!code) return "";
    const point = timeline.find(p => p.phase === code);
    return (S && S.game.phase_titles && S.game.phase_titles[code]) || pastTitles[code] || (point && point.title) || code;
  }
  // A phase's name as an element: the words, with the code in a tooltip.
  function phaseEl(tag, attrs, before, code, after) {
    return U.el(tag, { ...attrs, title: code || "" }, (before || "") + phaseName(code) + (after || ""));
  }
  function phaseKey(s) { return (s.view.phase || "") + ":" + (s.view.history ? s.view.history.length : ""); }
  // "orders": per-power order lists; "submit": a ruleset that reads one whole submission text (Europe 1615).
  function orderForms() { return (S.view.actions || []).filter(a => a.type === "orders" || a.type === "submit"); }
  function readyAction() { return (S.view.actions || []).find(a => a.type === "ready"); }

  function show(data) {
    const before = S;
    S = data;
    skew = data.game.now - Date.now() / 1000;
    const g = S.game, v = S.view, you = S.you;
    U.$("title").textContent = g.title;
    U.$("phase").textContent = (v.phase ? phaseName(v.phase) : g.status) + (g.status !== "running" ? " · " + g.status : "");
    U.$("phase").title = v.phase || "";
    const role = you.role === "observer" ? "observer" : you.role === "lobby" ? "in the lobby" : you.role;
    U.$("who").textContent = (you.name ? you.name + " · " : "") + role;
    U.$("gm-tab").classList.toggle("hidden", !you.is_gm);
    showJoin();
    showBids();
    tick();
    const key = phaseKey(S);
    if (!before || phaseKey(before) !== key) {
      click = null;
      if (before) backToNow(); // a new phase: the board shows it, not a past one
      if (before) { U.$("orders-ok").textContent = ""; U.$("orders-error").textContent = ""; }
    }
    if (filledFor !== key || !dirty) fillOrders(key);
    drawBoard();
    showOrdersPanel();
    showPress();
    showHistory();
    showCharts();
    if (S.phases !== timelineFor) loadTimeline(S.phases);
    showSeats();
    if (you.is_gm) showGm();
    if (!before && you.is_gm && g.status === "lobby") U.$("gm-tab").click();
  }

  function tick() {
    if (!S) return;
    const g = S.game;
    const el = U.$("deadline");
    if (g.status === "paused") el.textContent = "paused" + (g.paused_remaining != null ? " · " + U.span(g.paused_remaining) + " left" : "");
    else if (g.deadline_at) el.textContent = "deadline in " + U.span(g.deadline_at - (Date.now() / 1000 + skew));
    else el.textContent = g.status === "running" ? "no deadline" : "";
  }
  setInterval(tick, 1000);

  function showJoin() {
    const you = S.you, box = U.$("join");
    const needsSeatName = you.player && !you.name;
    const lobbyJoin = you.role === "lobby" && !you.player;
    box.classList.toggle("hidden", !(needsSeatName || lobbyJoin));
    if (needsSeatName) U.$("join-title").textContent = "Take the seat of " + you.seat;
    if (lobbyJoin) {
      U.$("join-title").textContent = "Join " + S.game.title;
      const chosen = S.game.settings.assignment === "chosen";
      U.$("join-seat-label").classList.toggle("hidden", !chosen);
      if (chosen) {
        const sel = U.clear(U.$("join-seat"));
        for (const s of S.seats.filter(x => x.free)) sel.append(U.el("option", { value: s.seat }, s.seat));
      }
    }
  }
  U.$("join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { name: U.$("join-name").value };
    if (S.you.role === "lobby" && S.game.settings.assignment === "chosen") body.seat = U.$("join-seat").value;
    try {
      const data = await post("/join", body, "join-error");
      token = data.token; U.setToken(gameId, token);
      await refresh();
    } catch (e) { /* shown */ }
  });

  function showBids() {
    const show = S.game.settings.assignment === "auction" && S.game.status === "lobby" && S.you.role === "lobby" && S.you.player;
    U.$("bids").classList.toggle("hidden", !show);
    if (!show) return;
    const box = U.$("bids-fields");
    if (box.childElementCount) return;
    const seats = S.seats.map(s => s.seat);
    const mine = S.you.bids || {};
    for (const s of seats) box.append(U.el("label", {}, s + " ", U.el("input", { type: "number", min: 5, max: 100, value: mine[s] || Math.floor(100 / seats.length), "data-bid": s, size: 4 })));
  }
  U.$("bids-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const bids = {};
    for (const i of document.querySelectorAll("[data-bid]")) bids[i.dataset.bid] = Number(i.value);
    try { await post("/bids", { bids }, "bids-error"); U.$("bids-total").textContent = "saved"; } catch (e) { /* shown */ }
  });

  async function drawBoard() {
    const v = historyShown === null ? S.view : null;
    const holder = U.$("board");
    if (!S.board) {
      holder.classList.add("hidden");
      U.$("raw-view").classList.remove("hidden");
      U.$("raw-view").textContent = JSON.stringify(S.view, null, 2);
      U.$("board-caption").textContent = "What you see";
      return;
    }
    holder.classList.remove("hidden");
    U.$("raw-view").classList.add("hidden");
    svgLink();
    await Board.load(S.board.map);
    if (v === null) return; // a past phase is on the board
    U.$("back-to-now").classList.add("hidden");
    U.$("board-caption").textContent = "Now: " + phaseName(v.phase);
    U.$("board-caption").title = v.phase || "";
    const mine = [], arrows = [];
    for (const o of [...orderForms().map(f => f.orderable), v.orderable]) {
      if (!o) continue;
      mine.push(...(o.units || []), ...Object.keys(o.retreats || {}));
    }
    for (const lines of Object.values(v.orders || {})) arrows.push(...Board.arrowsFor(lines));
    if (v.submission && typeof v.submission.text === "string") arrows.push(...compactArrows(v.submission.text));
    if (S.you.is_gm && v.boxes) for (const b of Object.values(v.boxes)) {
      const sub = (b && b.submission) || {};
      if (typeof sub.text === "string") arrows.push(...compactArrows(sub.text)); // a whole-text submission (1615)
      else for (const lines of Object.values(sub)) if (Array.isArray(lines)) arrows.push(...Board.arrowsFor(lines));
    }
    // The previous phase's orders (with their results), under this phase's own.
    const last = v.history && v.history.last;
    const showPast = U.$("show-last").checked;
    const lastArrows = last && Board.data.drawn ? pastArrows(last) : [];
    U.$("show-last-label").classList.toggle("hidden", !lastArrows.length);
    if (showPast) arrows.unshift(...lastArrows);
    const opt = {
      phase: v.phase, mine, arrows,
      targets: click ? click.targets : [],
      selected: click && click.site, selectedUnit: click && click.unit,
      onClick: onMapClick,
    };
    if (Board.data.drawn) {
      try {
        const shown = await GeoMap.draw(holder, api("/map.svg?panel=false"), token, S.board, opt);
        if (shown && historyShown === null) GeoMap.legend(U.$("map-key"), S.board, { arrows, inf: v.my_inf });
        return;
      } catch (e) {
        U.$("board-caption").textContent = "Now: " + phaseName(v.phase) + " (the map could not be drawn: " + e.message + ")";
      }
    }
    Board.draw(holder, S.board, opt);  // the graph: a board with no drawing on real coastlines (or none fetched)
    U.clear(U.$("map-key"));
  }
  // A phase's resolved orders as arrows, the failed ones marked: per-power ``results`` (the adjudication
  // contract), or a Europe 1615 entry's ``orders`` (a list, or per power in winter).
  function pastArrows(entry) {
    const lines = [], failed = new Set();
    const resolved = entry.results ? Object.values(entry.results).flat()
      : Array.isArray(entry.orders) ? entry.orders : Object.values(entry.orders || {}).flat();
    for (const r of resolved) {
      if (!r || typeof r.order !== "string") continue;
      lines.push(r.order);
      if (r.result !== "succeeds") failed.add(r.order);
    }
    return Board.arrowsFor(lines, failed).map(a => ({ ...a, past: true }));
  }
  U.$("show-last").addEventListener("change", () => drawBoard());
  // "Map (SVG)": the renderer's drawing of this phase on real coastlines, from this caller's view (the token
  // travels in a header, so the file is fetched and handed over as a download).
  function svgLink() {
    if (U.$("map-svg")) return;
    const button = U.el("button", { id: "map-svg", class: "small", title: "the current phase's map on real coastlines" }, "Map (SVG)");
    button.addEventListener("click", async () => {
      const headers = token ? { "Authorization": "Bearer " + token } : {};
      const res = await fetch(api("/map.svg"), { headers });
      if (!res.ok) return;
      const url = URL.createObjectURL(await res.blob());
      const a = U.el("a", { href: url, download: gameId + "-" + (S.view.phase || "map") + ".svg" });
      document.body.append(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    });
    U.$("back-to-now").before(button);
  }
  // The board back on the current phase (the past phase's detail closed): the button, leaving the History tab,
  // typing orders and a new phase all do it, so nobody orders the present while looking at the past.
  let historySeq = 0;
  function backToNow() {
    historySeq++;
    if (historyShown === null) return;
    historyShown = null;
    U.clear(U.$("history-detail"));
    for (const li of document.querySelectorAll("#history-list li.active")) li.classList.remove("active");
    drawBoard();
  }
  U.$("back-to-now").addEventListener("click", backToNow);

  // --- orders: text box -----------------------------------------------------------------------------------
  function fillOrders(key) {
    const forms = orderForms();
    const orders = S.view.orders || {};
    let text = "";
    if (forms.length === 1 && forms[0].type === "submit") text = (S.view.submission && S.view.submission.text) || "";
    else if (forms.length === 1) text = (orders[forms[0].power] || []).join("\n");
    else for (const f of forms) text += f.power + ":\n" + (orders[f.power] || []).join("\n") + "\n\n";
    U.$("orders-text").value = text.trim() ? text.trim() + "\n" : "";
    dirty = false;
    filledFor = key;
    lineChecks = [];
    showLines(savedLineErrors());
    scheduleCheck();
  }
  // A ruleset that reads the whole text keeps its good lines and lists the others in its view.
  function savedLineErrors() {
    const errors = (S.view.submission && S.view.submission.errors) || [];
    return errors.map(e => ({ line: e.line, error: e.message + (e.expected ? "; expected " + e.expected : "") }));
  }
  U.$("orders-text").addEventListener("input", () => { backToNow(); dirty = true; lineErrors = []; showLines(); scheduleCheck(); if (E1615.is1615(S)) showSaved(); });
  // Beside each line: the server's error when the text was refused, else what the check found as it was typed (an
  // order the adjudicator takes but that cannot do what it says, with the rule; it may still be saved; for Europe
  // 1615, the lines its submission would not keep).
  let lineErrors = [], lineChecks = [], checkTimer = null, checkSeq = 0;
  function showLines(errors) {
    if (errors !== undefined) lineErrors = errors;
    const list = U.clear(U.$("order-lines"));
    const byLine = {}, warn = {};
    for (const e of lineErrors) byLine[e.line] = e.error;
    for (const c of lineChecks) if (!byLine[c.line]) { if (c.error) byLine[c.line] = c.error; else warn[c.line] = c.warning; }
    U.$("orders-text").value.split("\n").forEach((t, i) => {
      const n = i + 1;
      if (!t.trim() && !byLine[n]) return;
      const li = U.el("li", { value: n, class: byLine[n] ? "bad" : warn[n] ? "warn" : "" }, t);
      if (byLine[n]) li.append(U.el("span", { class: "why" }, "← " + byLine[n]));
      else if (warn[n]) li.append(U.el("span", { class: "why" }, "⚠ " + warn[n]));
      list.append(li);
    });
    for (const e of lineErrors.filter(e => !e.line)) list.append(U.el("li", { class: "bad" }, e.error));
  }
  function scheduleCheck() { clearTimeout(checkTimer); checkTimer = setTimeout(checkLines, 300); }
  async function checkLines() {
    if (!S || !orderForms().length || !S.you.can_act) { lineChecks = []; showLines(); return; }
    const seq = ++checkSeq, text = U.$("orders-text").value;
    let answer;
    try { answer = await U.call("POST", api("/orders/check"), token, { text }); } catch (e) { return; }
    if (seq !== checkSeq || text !== U.$("orders-text").value) return; // typed on since
    lineChecks = answer.lines || [];
    showLines();
  }
  async function submitOrders() {
    U.$("orders-ok").textContent = "";
    try {
      const answer = await post("/orders", { text: U.$("orders-text").value }, "orders-error");
      dirty = false;
      fillOrders(phaseKey(S));
      const bad = (answer && answer.lines) || [];
      showLines(bad);
      U.$("orders-ok").textContent = bad.length
        ? "Saved, except the lines marked below. You may change them until the deadline."
        : "Orders saved. You may change them until the deadline.";
    } catch (e) {
      // Refused: only what refused it is marked (errors, never a warning beside them, which would leave unclear
      // whether the warned line counts); the warnings come back as the text is typed again.
      clearTimeout(checkTimer);
      checkSeq++;
      lineChecks = [];
      showLines((e.data && e.data.lines) || []);
      showSaved();
    }
  }
  U.$("submit-orders").addEventListener("click", submitOrders);
  // On a phone the orders come first; the map is a tap away.
  U.$("to-map").addEventListener("click", () => U.$("board").scrollIntoView({ block: "start" }));
  U.$("ready-toggle").addEventListener("click", async () => {
    const r = readyAction();
    if (!r) return;
    try { await post("/ready", { ready: r.ready }, "orders-error"); } catch (e) { /* shown */ }
  });

  function showOrdersPanel() {
    const v = S.view, g = S.game, forms = orderForms();
    const status = U.$("status-line");
    const waiting = (v.waiting_for || []).length;
    let text = "";
    if (g.status === "lobby") text = "The game has not started yet.";
    else if (v.over) text = "The game is over." + (v.result ? " " + describeResult(v.result) : "");
    else if (forms.length) text = "You order " + forms.map(f => f.power || S.you.role).join(", ") + " in " + (v.phase ? phaseName(v.phase) : "this phase") + ". " + (v.ready ? "You are ready." : "");
    else text = "Nothing for you to order now." + (waiting ? " Waiting for " + waiting + " seat(s)." : "");
    status.textContent = text;
    const show = forms.length > 0 && S.you.can_act;
    for (const id of ["orders-label", "orders-text", "order-lines", "submit-orders"]) U.$(id).classList.toggle("hidden", !show);
    const r = readyAction();
    U.$("ready-toggle").classList.toggle("hidden", !r || !S.you.can_act);
    if (r) { U.$("ready-toggle").textContent = r.ready ? "I am ready" : "Ready ✓ (click to undo)"; U.$("ready-toggle").classList.toggle("on", !r.ready); }
    const fbox = U.clear(U.$("order-forms"));
    for (const f of forms) {
      const o = f.orderable || {};
      if (o.builds) fbox.append(U.el("p", {}, f.power + " may build " + o.builds + " (click a home centre: " + o.build_sites.join(", ") + ")"));
      if (o.disbands) fbox.append(U.el("p", {}, f.power + " must disband " + o.disbands + " (click a unit)"));
      if (o.retreats) fbox.append(U.el("p", {}, f.power + " retreats: " + Object.entries(o.retreats).map(([u, opts]) => u + " → " + (opts.join("/") || "disband")).join("; ")));
    }
    const special = U.clear(U.$("special-actions"));
    if (E1615.is1615(S)) {
      if (submitForm() && S.you.can_act) E1615.guide(fbox, S, addLine);
      if (S.you.can_act && !S.you.is_gm) E1615.actions(special, S, sendAction);
      showSaved();
    }
    // Any other ruleset: its actions as JSON (Europe 1615's are the labelled buttons above).
    const generic = (v.actions || []).filter(a => a.type !== "orders" && a.type !== "ready");
    U.$("generic-actions").classList.toggle("hidden", !(generic.length && S.you.can_act && !v.map && !E1615.is1615(S)));
    const al = U.clear(U.$("action-list"));
    for (const a of generic) al.append(U.el("button", { class: "small", onclick: () => { U.$("action-json").value = JSON.stringify(a); } }, JSON.stringify(a)));
    showClickHelp();
    const rb = U.clear(U.$("result-box"));
    const last = v.history && v.history.last;
    if (last) {
      // Europe 1615 logs the captures of early winter under the winter phase itself, as it opens.
      rb.append(last.phase === v.phase ? phaseEl("h3", {}, "As ", last.phase, " opened") : phaseEl("h3", {}, "Last results: ", last.phase));
      // A ruleset without per-order results (Europe 1615) reports the phase as text, grouped for the reader.
      if (!last.results && v.report_groups) E1615.report(rb, v.report_groups);
      else rb.append(last.results || !v.report ? resultsTable(last) : U.el("pre", { class: "report" }, v.report));
    }
  }
  async function sendAction(a) {
    try { await post("/actions", { action: a }, S.you.is_gm ? "gm-error" : "orders-error"); } catch (e) { /* shown */ }
  }
  // Add a line to a whole-text submission (replacing the line that matches ``same``, if any), without saving.
  function addLine(line, same) {
    const ta = U.$("orders-text");
    const lines = ta.value.replace(/\n+$/, "").split("\n").filter((x, i, all) => x.trim() || i < all.length - 1);
    const at = same ? lines.findIndex(x => same.test(x.trim())) : -1;
    if (at >= 0) lines[at] = line; else lines.push(line);
    ta.value = lines.filter(x => x !== undefined).join("\n").replace(/^\n+/, "") + "\n";
    dirty = true;
    showLines([]);
    showSaved();
  }
  // The submission in force, shown while the text box holds something else (an edit, or a refused resubmission).
  function showSaved() {
    const box = U.clear(U.$("saved-orders"));
    const saved = S.view.submission && S.view.submission.text;
    if (!E1615.is1615(S) || !saved || saved.trim() === U.$("orders-text").value.trim()) return;
    box.append(U.el("details", { class: "request", open: true }, U.el("summary", {}, "Your saved orders (in force until you save new ones)"),
      U.el("pre", { id: "saved-text" }, saved)));
  }
  U.$("send-action").addEventListener("click", async () => {
    let a;
    try { a = JSON.parse(U.$("action-json").value); } catch (e) { U.$("orders-error").textContent = "not JSON: " + e.message; return; }
    try { await post("/actions", { action: a }, "orders-error"); } catch (e) { /* shown */ }
  });
  function describeResult(r) {
    if (r.kind === "solo") return r.winner + " wins.";
    if (r.kind === "draw") return "Draw among " + (r.survivors || []).join(", ") + ".";
    return JSON.stringify(r);
  }

  // --- orders: map clicks ---------------------------------------------------------------------------------
  // click = {step, unit, power, site, targets, kind, other}
  function phaseType() { const p = S.view.phase || ""; return p.slice(-1); }
  // A ruleset that reads one whole submission text (Europe 1615): its orderable units are in the view, and a
  // clicked order becomes a line in the seed's compact form (movement phases only; the rest is typed).
  function submitForm() { const f = orderForms(); return f.length === 1 && f[0].type === "submit" ? f[0] : null; }
  function orderableOf(f) { return f.orderable || (f.type === "submit" ? S.view.orderable : null) || {}; }
  function clickable() {
    if (!S.board || !orderForms().length || !S.you.can_act) return false;
    if (submitForm()) return phaseType() === "M" && !!S.view.orderable;
    return !!S.view.map;
  }
  function myUnits() {
    const out = {};
    for (const f of orderForms()) {
      const o = orderableOf(f), power = f.power || S.you.role;
      for (const u of (o.units || [])) out[u] = power;
      if (!submitForm()) for (const u of Object.keys(o.retreats || {})) out[u] = power;
    }
    return out;
  }
  function reach(unit) {
    const d = Board.data, type = unit[0], loc = unit.slice(2);
    const closed = new Set(S.view.impassable || []);
    return (type === "A" ? (d.army_adj[loc] || []) : (d.fleet_adj[loc] || [])).filter(l => !closed.has(Board.prov(l)));
  }
  function supportReach(unit) {
    const d = Board.data, type = unit[0], loc = unit.slice(2);
    return new Set(type === "A" ? (d.army_adj[loc] || []).map(Board.prov) : (d.fleet_reach[loc] || []));
  }
  function choices(list) {
    const box = U.clear(U.$("click-choices"));
    for (const [label, fn] of list) box.append(U.el("button", { class: "small", "data-choice": label, onclick: fn }, label));
  }
  function showClickHelp() {
    const help = U.$("click-help");
    if (!clickable()) { help.textContent = ""; U.clear(U.$("click-choices")); return; }
    if (!click) {
      const t = phaseType();
      help.textContent = t === "A" ? "Click a home centre to build, or one of your units to disband." : "Click one of your units to order it.";
      U.clear(U.$("click-choices"));
    }
  }
  function setClick(c, help, opts) {
    click = c;
    U.$("click-help").textContent = help;
    choices(opts || []);
    if (c) choices([...(opts || []), ["Cancel", () => { setClick(null, ""); showClickHelp(); drawBoard(); }]]);
    drawBoard();
  }
  function onMapClick(prov, unit) {
    // Map-click orders need a view in the adjudication contract's shape ("map") or a whole-text submission with
    // its orderable units (Europe 1615); others use the text box.
    if (!clickable() || historyShown !== null) return;
    const mine = myUnits();
    const t = phaseType();
    if (click && click.targets && (click.targets.includes(prov) || (unit && click.targets.includes(unit.unit)))) return chooseTarget(prov, unit);
    if (t === "A") {
      const f = orderForms()[0];
      const sites = new Set(orderForms().flatMap(x => x.orderable.build_sites || []));
      if (sites.has(prov)) {
        const p = Board.data.provinces[prov];
        const opts = [];
        if (p.type !== "sea") opts.push(["Army", () => placeOrder(f.power, "A " + prov + " B")]);
        if (p.type === "coast") {
          if (p.coasts && Object.keys(p.coasts).length) for (const c of Object.keys(p.coasts)) opts.push(["Fleet " + c, () => placeOrder(f.power, "F " + c + " B")]);
          else opts.push(["Fleet", () => placeOrder(f.power, "F " + prov + " B")]);
        }
        return setClick({ site: prov, targets: [] }, "Build in " + prov + ":", opts);
      }
      if (unit && mine[unit.unit]) return placeOrder(mine[unit.unit], unit.unit + " D");
      return;
    }
    if (!unit || !mine[unit.unit]) return;
    const power = mine[unit.unit], u = unit.unit;
    if (t === "R") {
      const f = orderForms().find(x => x.power === power);
      const opts = (f.orderable.retreats || {})[u] || [];
      return setClick({ step: "retreat", unit: u, power, targets: opts.map(Board.prov), kind: "R" },
        "Click where " + u + " retreats (highlighted), or:", [["Disband", () => placeOrder(power, u + " D")]]);
    }
    const isSea = Board.data.provinces[Board.prov(u.slice(2))].type === "sea";
    const opts = [
      ["Hold", () => placeOrder(power, u + " H")],
      ["Move", () => setClick({ step: "move", unit: u, power, targets: reach(u).map(Board.prov) }, "Click where " + u + " moves (highlighted).")],
      ["Support", () => setClick({ step: "support-unit", unit: u, power, targets: Board.units(S.board).filter(x => x.unit !== u && !x.dislodged && supportable(u, x)).map(x => x.unit) }, "Click the unit " + u + " supports (highlighted).")],
    ];
    if (u[0] === "A" && Board.data.provinces[Board.prov(u.slice(2))].type === "coast") {
      const coasts = Object.entries(Board.data.provinces).filter(([id, p]) => p.type === "coast" && id !== Board.prov(u.slice(2))).map(([id]) => id);
      opts.push(["Move by convoy", () => setClick({ step: "move-via", unit: u, power, targets: coasts }, "Click where " + u + " is convoyed to.")]);
    }
    if (u[0] === "F" && isSea) opts.push(["Convoy", () => setClick({ step: "convoy-army", unit: u, power, targets: Board.units(S.board).filter(x => x.type === "A" && Board.data.provinces[Board.prov(x.loc)].type === "coast").map(x => x.unit) }, "Click the army " + u + " convoys.")]);
    setClick({ step: "action", unit: u, power, targets: [] }, "Order " + u + ":", opts);
  }
  function supportable(u, other) {
    const mine = supportReach(u);
    if (mine.has(Board.prov(other.loc))) return true;
    return reach(other.unit).some(l => mine.has(Board.prov(l)));
  }
  function chooseTarget(prov, unit) {
    const c = click;
    if (c.step === "move") {
      let dest = prov;
      const coastal = reach(c.unit).filter(l => Board.prov(l) === prov);
      if (c.unit[0] === "F" && coastal.length === 1) dest = coastal[0];
      if (c.unit[0] === "F" && coastal.length > 1) return setClick({ ...c, targets: [] }, "Which coast?", coastal.map(l => [l, () => placeOrder(c.power, c.unit + " - " + l)]));
      return placeOrder(c.power, c.unit + " - " + dest);
    }
    if (c.step === "move-via") return placeOrder(c.power, c.unit + " - " + prov + " VIA");
    if (c.step === "retreat") return placeOrder(c.power, c.unit + " R " + prov);
    if (c.step === "support-unit" && unit) {
      const mine = supportReach(c.unit);
      const targets = reach(unit.unit).map(Board.prov).filter(p => mine.has(p));
      if (mine.has(Board.prov(unit.loc))) targets.push(Board.prov(unit.loc));
      return setClick({ ...c, step: "support-target", other: unit, targets }, "Click where " + unit.unit + " goes (its own province: support its hold).");
    }
    if (c.step === "support-target") {
      const o = c.other;
      if (prov === Board.prov(o.loc)) return placeOrder(c.power, c.unit + " S " + o.unit);
      return placeOrder(c.power, c.unit + " S " + o.unit + " - " + prov);
    }
    if (c.step === "convoy-army" && unit) {
      const coasts = Object.entries(Board.data.provinces).filter(([id, p]) => p.type === "coast" && id !== Board.prov(unit.loc)).map(([id]) => id);
      return setClick({ ...c, step: "convoy-target", other: unit, targets: coasts }, "Click where " + unit.unit + " is convoyed to.");
    }
    if (c.step === "convoy-target") return placeOrder(c.power, c.unit + " C " + c.other.unit + " - " + prov);
  }
  // A clicked order in the seed's compact form: "A PAR - CHA" → "PAR-CHA", "A PAR H" → "PAR HOLD",
  // "F NORM S A PAR - CHA" → "NORM S PAR-CHA", "A PRO S A SAV" → "PRO S SAV HOLD", "F ENG C A BRIT - NORM" →
  // "ENG C BRIT-NORM", "A BRIT - NORM VIA" → "BRIT-NORM VIA".
  function compact(line) {
    const t = line.trim().toUpperCase().split(/\s+/);
    const at = Board.prov(t[1]);
    if (t[2] === "H") return at + " HOLD";
    if (t[2] === "-") return at + "-" + t[3] + (t[4] === "VIA" ? " VIA" : "");
    if (t[2] === "S" || t[2] === "C") {
      const other = Board.prov(t[4]);
      return at + " " + t[2] + " " + other + (t[5] === "-" ? "-" + t[6] : " HOLD");
    }
    return line;
  }
  // The province of the unit a typed line orders, or null for any other line (INF deployments "9: WUR",
  // headings and directives "X:", diplomatic attacks "LOR > FRANCE", forced marches "... || ...", comments).
  function orderedProvince(text) {
    let t = text.split("#")[0].trim().toUpperCase();
    if (!t || t.includes(":") || t.includes(">") || t.includes("||")) return null;
    t = t.replace(/[()]/g, " ").replace(/-/g, " - ").replace(/\bBRIBE\b/g, " ").trim();
    const w = t.split(/\s+/);
    let first = w[0];
    if ((first === "A" || first === "F") && w.length > 1 && Board.data.provinces[Board.prov(w[1])]) first = w[1];
    return Board.data.provinces[Board.prov(first)] ? Board.prov(first) : null;
  }
  // Arrows for the order lines of a whole-text submission in the seed's compact form ("PAR-CHA",
  // "NORM S PAR-CHA", "PRO S SAV HOLD", "ENG C BRIT-NORM"; "A PAR - CHA" too); the other lines have none.
  function compactArrows(text) {
    const out = [], known = (loc) => loc && Board.data.provinces[Board.prov(loc)];
    for (const raw of text.split("\n")) {
      if (orderedProvince(raw) === null) continue;
      const w = raw.split("#")[0].toUpperCase().replace(/[()]/g, " ").replace(/-/g, " - ").replace(/\bBRIBE\b/g, " ")
        .trim().split(/\s+/).filter(x => x !== "A" && x !== "F");
      const from = w[0];
      if (w[1] === "-") out.push({ from, to: w[2] });
      else if (w[1] === "S" || w[1] === "C") out.push({ from, to: w[3] === "-" ? w[4] : w[2], kind: "support" });
    }
    return out.filter(a => known(a.from) && known(a.to));
  }
  // Put a clicked order into a whole-text submission: the unit's line is replaced where it stands (or the line
  // added at the end); every other line stays as typed.
  function placeCompact(line) {
    const ta = U.$("orders-text");
    const out = compact(line);
    const prov = Board.prov(line.trim().split(/\s+/)[1].toUpperCase());
    const lines = ta.value.replace(/\n+$/, "").split("\n");
    const kept = [];
    let placed = false;
    for (const x of lines) {
      if (orderedProvince(x) === prov) { if (!placed) kept.push(out); placed = true; } else kept.push(x);
    }
    if (!placed) kept.push(out);
    ta.value = kept.filter((x, i) => x.trim() || i < kept.length - 1).join("\n").replace(/^\n+/, "") + "\n";
    return out;
  }
  // Put a clicked order into the text (replacing the unit's line) and submit at once.
  async function placeOrder(power, line) {
    if (submitForm()) {
      const out = placeCompact(line);
      dirty = true;
      click = null;
      U.$("click-help").textContent = "Added: " + out;
      U.clear(U.$("click-choices"));
      await submitOrders();
      drawBoard();
      return;
    }
    const ta = U.$("orders-text");
    const lines = ta.value.split("\n").filter(x => x.trim());
    const unitKey = line.split(" ").slice(0, 2).join(" ").toUpperCase();
    const prov = Board.prov(line.split(" ")[1].toUpperCase());
    const isBuild = / B$/.test(line);
    const forms = orderForms();
    const keep = lines.filter(x => {
      const t = x.trim().toUpperCase().split(/\s+/);
      if (isBuild) return !(t.length >= 2 && Board.prov(t[1] || "") === prov && / B$/.test(x.trim().toUpperCase()));
      return !(t.slice(0, 2).join(" ") === unitKey || (t.length >= 2 && Board.prov(t[1]) === prov && (t[0] === "A" || t[0] === "F")));
    });
    if (forms.length > 1) {
      // Several powers: put the line under the power's header.
      const text = ta.value.split("\n");
      const h = text.findIndex(x => x.trim().toUpperCase().replace(/:$/, "") === power);
      const out = text.filter(x => !(x.trim().toUpperCase().split(/\s+/).slice(0, 2).join(" ") === unitKey));
      if (h >= 0) out.splice(out.findIndex(x => x.trim().toUpperCase().replace(/:$/, "") === power) + 1, 0, line);
      else out.push(power + ":", line);
      ta.value = out.join("\n");
    } else {
      keep.push(line);
      ta.value = keep.join("\n") + "\n";
    }
    dirty = true;
    click = null;
    U.$("click-help").textContent = "Added: " + line;
    U.clear(U.$("click-choices"));
    await submitOrders();
    drawBoard();
  }

  // --- press ----------------------------------------------------------------------------------------------
  function showPress() {
    const list = U.$("press-list");
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 5;
    U.clear(list);
    for (const m of S.press) {
      const to = m.to === "public" ? "everyone" : m.to.join(", ");
      list.append(U.el("div", { class: "msg", "data-msg": m.id }, U.el("div", { class: "meta", title: m.phase || "" }, m.from + " → " + to + " · " + (m.phase_title || m.phase) + " · " + U.when(m.at)), U.el("div", { class: "body" }, m.body)));
    }
    if (atBottom) list.scrollTop = list.scrollHeight;
    const press = S.game.settings.press;
    const canWrite = (S.you.is_gm || S.seats.some(s => s.seat === S.you.role)) && S.game.status !== "lobby" && (press !== "none" || S.you.is_gm);
    U.$("press-form").classList.toggle("hidden", !canWrite);
    const box = U.$("press-to");
    if (!box.dataset.built && canWrite) {
      box.dataset.built = "1";
      box.append(U.el("label", {}, U.el("input", { type: "checkbox", "data-to": "public", checked: true }), "Everyone"));
      if (press === "full" || S.you.is_gm) for (const s of S.seats) if (s.seat !== S.you.role) box.append(U.el("label", {}, U.el("input", { type: "checkbox", "data-to": s.seat }), s.seat));
    }
  }
  U.$("press-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const picked = [...document.querySelectorAll("[data-to]")].filter(x => x.checked).map(x => x.dataset.to);
    const to = picked.includes("public") || !picked.length ? "public" : picked;
    try { await post("/press", { to, body: U.$("press-body").value }, "press-error"); U.$("press-body").value = ""; } catch (e) { /* shown */ }
  });
  U.$("press-to").addEventListener("change", (ev) => {
    if (ev.target.dataset.to === "public" && ev.target.checked) for (const x of document.querySelectorAll("[data-to]")) if (x !== ev.target) x.checked = false;
    if (ev.target.dataset.to !== "public" && ev.target.checked) document.querySelector('[data-to="public"]').checked = false;
  });

  // --- history --------------------------------------------------------------------------------------------
  function resultsTable(entry) {
    const table = U.el("table", { class: "results" });
    for (const [power, results] of Object.entries(entry.results || {})) {
      for (const r of results) table.append(U.el("tr", {}, U.el("td", {}, power), U.el("td", {}, r.order), U.el("td", { class: r.result }, r.result), U.el("td", {}, r.reason || "")));
    }
    if (entry.report) table.append(U.el("tr", {}, U.el("td", { colspan: 4 }, U.el("pre", {}, entry.report))));
    return table;
  }
  // The timeline grows by a point per phase, so it is not in every answer: fetched again when a phase opens.
  async function loadTimeline(count) {
    timelineFor = count;
    try { timeline = await U.call("GET", api("/timeline"), token); } catch (e) { timelineFor = -1; return; }
    showHistory();
    showCharts();
  }
  function showHistory() {
    const list = U.clear(U.$("history-list"));
    const current = S.game.status === "over" ? -1 : timeline.length - 1;
    timeline.forEach((p, i) => {
      const label = (p.title || p.phase || "phase " + i) + (i === current ? " (now)" : "");
      list.append(U.el("li", { "data-phase": i, title: p.phase || "", onclick: () => openPhase(i) }, label));
    });
  }
  async function openPhase(i) {
    // The phase's map as it opened and what happened in it, as this token may see it.
    const seq = ++historySeq;
    const past = await U.call("GET", api("/phases/" + i), token);
    if (seq !== historySeq) return; // back to now (or another phase) meanwhile
    const entries = past.history || [];
    pastTitles = past.phase_titles || {};
    const code = past.view.phase || (timeline[i] && timeline[i].phase) || "";
    const detail = U.clear(U.$("history-detail"));
    for (const li of document.querySelectorAll("#history-list li")) li.classList.toggle("active", li.dataset.phase === String(i));
    detail.append(code ? U.el("h3", { title: code }, past.phase_title || phaseName(code)) : U.el("h3", {}, "phase " + i));
    if (!entries.length) detail.append(U.el("p", {}, "This phase is not resolved yet."));
    // Each entry under its own name (a phase's resolution may record several: a 1615 movement phase and the
    // early winter the engine ran after it); a ruleset's written reports (Europe 1615) in place of raw data.
    const reports = past.reports || [];
    entries.forEach((e, k) => {
      const box = U.el("div", { class: "history-entry", "data-entry": e.phase || "" });
      if (entries.length > 1) box.append(phaseEl("h4", {}, "", e.phase, ""));
      const r = reports[k];
      if (r && r.groups && E1615.is1615(S)) E1615.report(box, r.groups, "history:" + i + ":" + k + ":");
      else if (r && r.text) box.append(U.el("pre", { class: "report" }, r.text));
      else box.append(resultsTable(e));
      detail.append(box);
    });
    // The phase's own orders: the entry named as the phase (else the first).
    const entry = entries.find(e => e.phase === past.view.phase) || entries[0];
    if (past.board) {
      historyShown = i;
      await Board.load(past.board.map);
      if (seq !== historySeq) return;
      const arrows = entry ? pastArrows(entry).map(a => ({ ...a, past: false })) : [];
      const opt = { phase: past.view.phase, arrows };
      let failed = !Board.data.drawn;
      if (!failed) {
        try {
          if (await GeoMap.draw(U.$("board"), api("/phases/" + i + "/map.svg?panel=false"), token, past.board, opt)) {
            GeoMap.legend(U.$("map-key"), past.board, { arrows });
          }
        } catch (e) { failed = true; }
      }
      if (seq !== historySeq) return;
      if (failed) { Board.draw(U.$("board"), past.board, opt); U.clear(U.$("map-key")); }
      U.$("board-caption").textContent = "History: " + (past.phase_title || phaseName(code) || "phase " + i);
      U.$("back-to-now").classList.remove("hidden");
    }
  }

  // --- charts ---------------------------------------------------------------------------------------------
  // A line per power over the phases, drawn at the width the tab has (so its text is the page's size on a phone
  // too): the value axis with round ticks and grid lines, the phases along the bottom slanted and thinned so no
  // two names overlap, each axis named, and a key under it naming each power in its colour with its last value.
  const SERIES_NAMES = { centres: "supply centres", scores: "score", score: "score", inf: "INF", influence: "INF" };
  const SPARE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];
  function powerLook(power, i) {
    const known = Board.data && Board.nation(power);
    return { colour: known ? known.colour : SPARE[i % SPARE.length], name: known ? known.name : power };
  }
  function niceStep(max, count) {
    const raw = max / count, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    return [1, 2, 5, 10].map(k => k * mag).find(k => k >= raw) || 10 * mag;
  }
  function showCharts() {
    const box = U.clear(U.$("charts"));
    const series = {};
    for (const p of timeline) for (const [name, values] of Object.entries(p.series || {})) (series[name] = series[name] || []).push([p, values]);
    if (!Object.keys(series).length) { box.append(U.el("p", {}, "Nothing to chart yet.")); return; }
    const W = Math.max(300, Math.min(760, box.clientWidth || 420)), H = 260;
    const FONT = 12, L = 44, R = 12, T = 12, B = 78;
    const plotW = W - L - R, plotH = H - T - B;
    for (const [name, points] of Object.entries(series)) {
      const label = SERIES_NAMES[name] || name;
      const powers = [...new Set(points.flatMap(([, v]) => Object.keys(v)))].sort();
      const looks = Object.fromEntries(powers.map((p, i) => [p, powerLook(p, i)]));
      const top = Math.max(1, ...points.flatMap(([, v]) => Object.values(v)));
      const step = niceStep(top, 5), max = Math.ceil(top / step) * step;
      const x = (i) => L + (points.length > 1 ? i * plotW / (points.length - 1) : plotW / 2);
      const y = (val) => T + plotH - val * plotH / max;
      const svg = U.svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "chart", "data-series": name, role: "img", "aria-label": label + " per phase" });
      for (let v = 0; v <= max + step / 2; v += step) {
        svg.append(U.svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: v ? "#e3e3e3" : "#888" }));
        svg.append(U.svg("text", { class: "tick-y", x: L - 6, y: y(v) + FONT / 3, "font-size": FONT, "text-anchor": "end" }, String(Math.round(v * 100) / 100)));
      }
      svg.append(U.svg("line", { x1: L, x2: L, y1: T, y2: T + plotH, stroke: "#888" }));
      // Phase names slanted at 45°: each needs about 1.5 font sizes along the axis, so show every k-th.
      const every = Math.max(1, Math.ceil(points.length * FONT * 1.5 / plotW));
      points.forEach(([p], i) => {
        if (i % every && i !== points.length - 1) return;
        if (i !== points.length - 1 && points.length - 1 - i < every) return; // leave room for the last one
        const tx = x(i), ty = T + plotH + 8;
        svg.append(U.svg("line", { x1: tx, x2: tx, y1: T + plotH, y2: T + plotH + 4, stroke: "#888" }));
        svg.append(U.svg("text", { class: "tick-x", x: tx, y: ty, "font-size": FONT, "text-anchor": "end", transform: `rotate(-45 ${tx} ${ty})`, dy: FONT * 0.7 }, p.phase || String(i)));
      });
      svg.append(U.svg("text", { class: "axis-title", x: L + plotW / 2, y: H - 4, "font-size": FONT, "text-anchor": "middle" }, "phase"));
      svg.append(U.svg("text", { class: "axis-title", x: 0, y: 0, "font-size": FONT, "text-anchor": "middle", transform: `translate(${FONT} ${T + plotH / 2}) rotate(-90)` }, label));
      // Powers tied at a phase are drawn a little apart (3 px a line), so every colour shows.
      const nudge = points.map(([, v]) => {
        const out = {}, tied = {};
        for (const p of powers) (tied[v[p] || 0] = tied[v[p] || 0] || []).push(p);
        for (const group of Object.values(tied)) group.forEach((p, k) => { out[p] = (k - (group.length - 1) / 2) * 3; });
        return out;
      });
      for (const power of powers) {
        const { colour, name: shown } = looks[power];
        const py = (v, i) => (y(v[power] || 0) - nudge[i][power]).toFixed(1);
        const d = points.map(([, v], i) => (i ? "L" : "M") + x(i).toFixed(1) + " " + py(v, i)).join(" ");
        const g = U.svg("g", { class: "series", "data-power": power });
        g.append(U.svg("path", { d, fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-linejoin": "round" }, U.svg("title", {}, shown)));
        points.forEach(([p, v], i) => g.append(U.svg("circle", { cx: x(i), cy: py(v, i), r: 2.5, fill: colour }, U.svg("title", {}, shown + " · " + (p.phase || i) + ": " + (v[power] || 0)))));
        svg.append(g);
      }
      const last = points[points.length - 1][1];
      const key = U.el("ul", { class: "chart-key", "data-series": name }, ...powers.map(p => U.el("li", { "data-power": p },
        U.el("span", { class: "swatch", style: "background:" + looks[p].colour }), looks[p].name, U.el("span", { class: "muted" }, " " + (last[p] || 0)))));
      box.append(U.el("h3", {}, label[0].toUpperCase() + label.slice(1) + " per phase"), U.el("div", { class: "chart-wrap" }, svg), key);
    }
  }
  let resizeTimer = null;
  window.addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => { if (S && !U.$("tab-charts").classList.contains("hidden")) showCharts(); }, 200); });

  // --- seats and the GM -----------------------------------------------------------------------------------
  function showSeats() {
    const t = U.clear(U.$("seats-table"));
    t.append(U.el("tr", {}, U.el("th", {}, "Seat"), U.el("th", {}, "Player"), U.el("th", {}, "Status")));
    for (const s of S.seats) {
      const status = s.civil_disorder ? "civil disorder" : (S.game.status === "running" ? (s.waiting ? "thinking" : "ready / nothing to do") : "");
      t.append(U.el("tr", {}, U.el("td", {}, s.seat), U.el("td", {}, s.name || "(free)"), U.el("td", {}, status)));
    }
    const lobby = U.clear(U.$("lobby-list"));
    if (S.lobby.length) lobby.append(U.el("h3", {}, "Lobby"), U.el("ul", {}, ...S.lobby.map(p => U.el("li", {}, p.name + (p.has_bid ? " (has bid)" : "")))));
  }
  function showGm() {
    const g = S.game;
    U.$("gm-start").disabled = g.status !== "lobby";
    U.$("gm-pause").disabled = g.status !== "running";
    U.$("gm-resume").disabled = g.status !== "paused";
    U.$("gm-resolve").disabled = !(g.status === "running" || g.status === "paused");
    const t = U.clear(U.$("gm-seats"));
    for (const s of S.seats) {
      t.append(U.el("tr", {}, U.el("td", {}, s.seat), U.el("td", {}, s.name || "(free)"), U.el("td", {}, "misses " + s.misses),
        U.el("td", {}, U.el("button", { class: "small", onclick: () => reissue(s.seat) }, "New link"))));
    }
    for (const p of S.lobby) {
      const sel = U.el("select", {}, ...S.seats.filter(s => !s.joined).map(s => U.el("option", { value: s.seat }, s.seat)));
      t.append(U.el("tr", {}, U.el("td", {}, "lobby"), U.el("td", {}, p.name + (p.bids ? " bids " + JSON.stringify(p.bids) : "")), U.el("td", {}, sel),
        U.el("td", {}, U.el("button", { class: "small", onclick: () => post("/gm/assign", { player: p.player, seat: sel.value }, "gm-error") }, "Assign"))));
    }
    sealedOrders();
    gmNext();
    const gmSpecial = U.clear(U.$("gm-special"));
    if (E1615.is1615(S)) E1615.actions(gmSpecial, S, sendAction);
    for (const input of document.querySelectorAll("#gm-deadlines [data-kind]")) {
      if (document.activeElement === input) continue;
      const secs = (g.settings.deadlines || {})[input.dataset.kind];
      input.value = secs ? String(Math.round(secs / 6) / 10) : "";
    }
  }
  // The sealed orders as a table: a row per seat, whether it is ready, its orders a line each (and the lines its
  // ruleset refused, with why); "nothing yet" for a seat that has not ordered.
  function sealedOrders() {
    const t = U.clear(U.$("gm-boxes"));
    const boxes = S.view.boxes || {};
    if (!Object.keys(boxes).length) { t.append(U.el("tr", {}, U.el("td", {}, "No sealed orders: nobody orders in this phase."))); return; }
    t.append(U.el("tr", {}, U.el("th", {}, "Seat"), U.el("th", {}, "Ready"), U.el("th", {}, "Orders")));
    for (const [seat, box] of Object.entries(boxes)) {
      const sub = box && box.submission, cell = U.el("td", {});
      if (!sub) cell.append(U.el("span", { class: "muted" }, "nothing yet"));
      else if (typeof sub.text === "string") {
        cell.append(U.el("pre", { class: "sealed-text" }, sub.text.trim() || "(empty)"));
        for (const e of sub.errors || []) cell.append(U.el("div", { class: "bad" }, "line " + e.line + ": " + e.message + (e.expected ? "; expected " + e.expected : "")));
      } else {
        for (const [power, lines] of Object.entries(sub)) {
          if (!Array.isArray(lines)) continue;
          if (Object.keys(sub).length > 1) cell.append(U.el("div", {}, U.el("b", {}, power)));
          cell.append(U.el("pre", { class: "sealed-text" }, lines.join("\n") || "(no orders)"));
        }
      }
      t.append(U.el("tr", { "data-seat": seat }, U.el("td", {}, seat), U.el("td", {}, box && box.ready ? "ready" : "not yet"), cell));
    }
  }
  // What the GM does next, in words: send the links and start (in the lobby), then follow or resolve the phases.
  function gmNext() {
    const box = U.clear(U.$("gm-next")), g = S.game;
    const seats = S.seats.filter(s => !s.staff), joined = seats.filter(s => s.joined).length;
    const steps = [];
    if (g.status === "lobby") {
      box.append(U.el("h3", {}, "You are the GM: what to do next"));
      steps.push("Send each player their seat's link (from the page where you created the game; a lost link: 'New link' beside the seat below)" + (g.settings.assignment !== "chosen" ? ", or the lobby link to everyone" : "") + ".");
      steps.push(joined + " of " + seats.length + " seats joined" + (S.lobby.length ? ", " + S.lobby.length + " in the lobby" : "") + ". Seats nobody takes hold their units.");
      steps.push("Press 'Start game' when the players are in.");
    } else if (g.status === "running" || g.status === "paused") {
      const waiting = S.seats.filter(s => s.waiting).map(s => s.seat);
      box.append(U.el("h3", {}, "Next"));
      steps.push(waiting.length ? "Waiting for " + waiting.join(", ") + "." : "Every seat is ready or has nothing to do.");
      steps.push(g.deadline_at ? "The phase resolves at its deadline, or when every seat is ready; 'Resolve now' does it at once." : "There is no deadline: the phase resolves when every seat is ready, or when you press 'Resolve now'.");
      if (g.status === "paused") steps.push("The game is paused: 'Resume' restarts the clock.");
    } else {
      box.append(U.el("h3", {}, "The game is over."));
    }
    if (steps.length) box.append(U.el("ol", {}, ...steps.map(x => U.el("li", {}, x))));
  }
  U.$("gm-save-deadlines").addEventListener("click", () => {
    const deadlines = {};
    for (const input of document.querySelectorAll("#gm-deadlines [data-kind]")) {
      if (input.value && Number(input.value) > 0) deadlines[input.dataset.kind] = Math.round(Number(input.value) * 60);
    }
    post("/gm/deadlines", { deadlines }, "gm-error").catch(() => {});
  });
  async function reissue(seat) {
    try {
      const data = await post("/gm/reissue", { seat }, "gm-error");
      U.$("gm-links").append(U.el("p", {}, seat + ": ", U.el("a", { href: data.link, target: "_blank" }, data.link)));
      refresh();
    } catch (e) { /* shown */ }
  }
  const gmButton = (id, path, body) => U.$(id).addEventListener("click", () => post(path, body || {}, "gm-error").catch(() => {}));
  gmButton("gm-start", "/gm/start");
  gmButton("gm-pause", "/gm/pause");
  gmButton("gm-resume", "/gm/resume");
  gmButton("gm-resolve", "/gm/resolve");
  for (const b of document.querySelectorAll("[data-extend]")) b.addEventListener("click", () => post("/gm/extend", { seconds: Number(b.dataset.extend) }, "gm-error").catch(() => {}));
  U.$("gm-set-deadline").addEventListener("click", () => post("/gm/deadline", { in_seconds: Math.round(Number(U.$("gm-minutes").value || 0) * 60) }, "gm-error").catch(() => {}));
  U.$("gm-clear-deadline").addEventListener("click", () => post("/gm/deadline", {}, "gm-error").catch(() => {}));

  // --- tabs -----------------------------------------------------------------------------------------------
  for (const b of document.querySelectorAll("#tabs button[data-tab]")) {
    b.addEventListener("click", () => {
      for (const x of document.querySelectorAll("#tabs button[data-tab]")) x.classList.toggle("active", x === b);
      for (const s of document.querySelectorAll(".tab")) s.classList.toggle("hidden", s.id !== "tab-" + b.dataset.tab);
      if (b.dataset.tab !== "history") backToNow();
      if (b.dataset.tab === "charts" && S) showCharts(); // drawn at the width the tab now has
    });
  }

  async function start() {
    try {
      await refresh();
    } catch (e) {
      if (e.status !== 401 || !token) throw e;
      tokenGone();
      await refresh();
    }
    live();
  }
  start().catch((e) => {
    document.querySelector("main").prepend(U.el("p", { class: "error card" }, e.message));
  });
})();

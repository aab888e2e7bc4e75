"use strict";
// Renaissance and Reformation III: the game page (a team's sheet, a control desk, Game Control's desks and
// clock) and the projector (the room's public screen). One payload from the server, redrawn on every live update;
// forms and inputs are kept while their template is unchanged, so typing survives the updates.
(function () {
  const app = U.$("app");
  const gameId = app.dataset.game;
  const projector = app.dataset.mode === "projector";
  // The projector is the public screen: it never sends a token, whoever's browser shows it.
  let token = projector ? null : U.token(gameId);
  let S = null;
  let skew = 0;
  let deskTab = null;
  let boardData = null, boardTried = false, picked = null;
  const openForms = new Set();  // the request forms a player has opened (kept open across updates)
  const api = (path) => "/api/games/" + gameId + path;

  const CONTROL = ["map_control", "political_control", "religious_control", "character_control", "nonplayed_control"];
  const DESK_TITLES = {
    map_control: "Map Control", political_control: "Political Control", religious_control: "Religious Control",
    character_control: "Character Control", nonplayed_control: "Non-played States", gm: "Game Control",
  };
  // Handbook, The Turn Sequence: what each phase of a turn is for.
  const PHASE_EVENTS = {
    1: ["Play revenue cards. Raise armies. Repair fleets. Remove 'Looted' and 'Extorted' markers.",
      "Make death rolls. Reduce unrest value by 1. Negotiation and diplomacy."],
    2: ["Military phase: pay and move armies/navies. Armies may be raised but may not move this phase.",
      "Religious debate phase. Negotiation and diplomacy."],
    3: ["Military phase: pay and move armies/navies. Armies may be raised but may not move this phase.",
      "Religious conversion. Negotiation and diplomacy."],
    4: ["A time-out for consultation between the military and political players. Loan cards may be played.",
      "Announcement of marriages and births. Negotiation and diplomacy."],
    5: ["Military phase: pay and move armies/navies. Armies may be raised but may not move this phase.",
      "Negotiation and diplomacy. Check for revolts by religious minorities."],
    6: ["Winter. All armies disband.", "Announcements: summary of important events that turn. Negotiation and diplomacy."],
  };
  const STEPS = { pay: "pay armies", move1: "first movement step", move2: "second movement step", done: "movement over" };
  const HIDDEN_FORMS = new Set(["settle", "step", "dismiss", "adjust", "announce", "resolve", "next_step"]);

  // --- small helpers --------------------------------------------------------------------------------------
  const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  const entries = (x) => Array.isArray(x) ? x.map((v, i) => [v && v.id ? v.id : String(i), v]) : isObj(x) ? Object.entries(x) : [];
  // A list longer than this is grouped and filtered (issue 30 point 6); text is compared without accents or case.
  const LONG_LIST = 12;
  const fold = (t) => String(t).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const nice = (id) => String(id == null ? "" : id).replace(/_/g, " ");
  const role = () => S.you.role;
  const isControl = () => CONTROL.includes(role());
  const isGm = () => !!S.you.is_gm;
  function show(id, on) { U.$(id) && U.$(id).classList.toggle("hidden", !on); }
  function text(id, t) { const n = U.$(id); if (n) n.textContent = t; }
  function fmt(v) {
    if (v === null || v === undefined) return "–";
    if (Array.isArray(v)) return v.map(fmt).join(", ");
    if (isObj(v)) return Object.entries(v).map(([k, x]) => nice(k) + ": " + fmt(x)).join("; ");
    return String(v);
  }
  // Keep a container's children whose key and signature are unchanged (inputs keep what is typed); build the rest.
  function sync(container, list) {
    const old = new Map();
    for (const c of [...container.children]) if (c.dataset && c.dataset.key !== undefined) old.set(c.dataset.key, c);
    const nodes = list.map(({ key, sig, build }) => {
      const prev = old.get(key);
      if (prev && prev.dataset.sig === sig) return prev;
      const node = build();
      node.dataset.key = key; node.dataset.sig = sig;
      return node;
    });
    U.clear(container);
    for (const n of nodes) container.append(n);
  }
  // Several umpires may share a desk's link (ruling RR3-J01): each gives a name, kept in this browser, sent with
  // every action; the server records it with the name the link was joined under.
  function umpireName() {
    const input = U.$("umpire-name");
    return (input && input.value.trim()) || S.you.name || DESK_TITLES[role()] || role();
  }
  // The header names who acts in this browser: an umpire on a shared desk link as the server records it (RR3-J01).
  function whoLine() {
    const you = S.you, typed = (isControl() || isGm()) && U.$("umpire-name") ? U.$("umpire-name").value.trim() : "";
    const name = typed && you.name && typed.toLowerCase() !== you.name.toLowerCase() ? typed + " (on " + you.name + "'s link)" : (typed || you.name);
    text("who", (name ? name + " · " : "") + seatTitle(you.role));
  }
  // A desk's title, or for a player's seat the character played and the team ("Joachim I Nestor · Electors"),
  // not the seat's id.
  function seatTitle(seat) {
    if (DESK_TITLES[seat]) return DESK_TITLES[seat];
    const p = ((S.view || {}).players || {})[seat];
    if (!p) return nice(seat);
    const team = ((S.view.teams || {})[p.team] || {}).name || nice(p.team || "");
    return [named(p.character), team].filter(Boolean).join(" · ");
  }
  // The map table this browser's umpire works (ruling RR3-J02), kept in this browser; "" for all tables.
  const tableKey = "umpire:desk-table:" + gameId;
  const deskTable = () => (U.$("desk-table") && U.$("desk-table").value) || "";

  // --- talking to the server ------------------------------------------------------------------------------
  const { refresh, post } = U.talk(api, () => token, (data) => render(data));
  // An action of the ruleset; an umpire's carries its name ("who").
  // While the live stream is connected the answer is brief: the stream sends what changed as a patch, instead of
  // the whole answer again (hundreds of kilobytes for a desk; issue 28 point 11).
  let streaming = false;
  function act(action, errorNode) {
    if (isControl() || isGm()) action = Object.assign({ who: umpireName() }, action);
    return post("/actions", streaming ? { action, answer: "brief" } : { action }, errorNode);
  }

  // --- the whole page -------------------------------------------------------------------------------------
  function render(data) {
    S = data;
    skew = data.game.now - Date.now() / 1000;
    text("title", S.game.title);
    renderClock();
    renderEvents();
    renderAnnouncements();
    renderNews();
    renderCharts();
    renderFamilies();
    if (projector) return;
    const you = S.you;
    whoLine();
    renderJoin();
    renderMap();
    placeSheet();
    renderTeam();
    renderForms();
    renderDesks();
    renderControlTools();
    renderGm();
  }

  function clockLine() {
    const v = S.view, g = S.game;
    if (!v.phase_no) return v.phase || g.status;
    let t = "Turn " + v.turn + (v.years ? " (" + v.years + ")" : "") + " · phase " + v.phase_no + (v.step ? " · " + (STEPS[v.step] || v.step) : "");
    if (v.over) t = "Game over";
    return t;
  }
  function countdown() {
    const g = S.game;
    if (g.status === "lobby") return "not started";
    if (g.status === "over") return "over";
    if (g.status === "paused") return "paused" + (g.paused_remaining != null ? " · " + U.span(g.paused_remaining) + " left" : "");
    if (g.deadline_at) return "ends in " + U.span(g.deadline_at - (Date.now() / 1000 + skew));
    return "no deadline";
  }
  function renderClock() {
    text("clock", clockLine());
    tick();
  }
  function tick() {
    if (!S) return;
    const el = U.$("countdown");
    el.textContent = countdown();
    el.classList.toggle("paused", S.game.status === "paused");
    el.classList.toggle("late", !!S.game.deadline_at && S.game.deadline_at - (Date.now() / 1000 + skew) < 60);
  }
  setInterval(tick, 1000);

  function renderEvents() {
    const v = S.view;
    const events = (v.clock && v.clock.events) || PHASE_EVENTS[v.phase_no];
    show("events", !!events);
    if (!events) return;
    const military = Array.isArray(events) ? events[0] : events.military;
    const political = Array.isArray(events) ? events[1] : events.political;
    // One time on the screen: the countdown of the server's deadline (extended, paused or not), never the
    // timetable's nominal length beside it (Game Control's summary keeps the day's timetable).
    text("events-title", v.phase_no ? "Phase " + v.phase_no + " of 6" : "");
    text("events-military", military || "");
    text("events-political", political || "");
    text("step-line", v.step ? "Step: " + (STEPS[v.step] || v.step) : "");
  }

  function renderAnnouncements() {
    const list = U.$("announcements");
    let items = (S.view.announcements || []).slice().reverse();
    if (!S.view.announcements) items = (S.press || []).filter(m => m.to === "public").slice().reverse().map(m => ({ id: "p" + m.id, text: m.body, who: m.from }));
    if (projector) items = items.slice(0, 6);
    sync(list, items.map(a => ({
      key: String(a.id), sig: JSON.stringify(a),
      build: () => U.el("li", { class: "announcement", "data-announcement": a.id },
        U.el("div", { class: "meta" }, [a.turn ? "Turn " + a.turn + ", phase " + a.phase : "", DESK_TITLES[a.role] || nice(a.role || ""), a.who].filter(Boolean).join(" · ")),
        U.el("div", { class: "body" }, a.text)),
    })));
    if (!items.length) list.append(U.el("li", { class: "empty" }, "No announcements yet."));
  }

  function diceNodes(dice) {
    if (!dice || !dice.length) return null;
    const list = U.el("ul", { class: "dice" }, ...dice.map(d => U.el("li", { "data-die": d.n },
      U.el("span", { class: "faces", title: "dice" }, ...(Array.isArray(d.result) ? d.result : [d.result]).map(f => U.el("span", { class: "face" }, String(f)))),
      " ", U.el("span", { class: "purpose" }, (d.kind ? d.kind + " · " : "") + (d.purpose || "")))));
    // A long roll (the turn's death rolls: one per character) is folded under its count.
    return dice.length > 6 ? U.el("details", { class: "dice-fold" }, U.el("summary", {}, dice.length + " rolls"), list) : list;
  }
  function newsEntry(n) {
    const head = n.title || n.outcome || "";
    const body = n.title && n.text ? n.text : (n.title && n.outcome ? n.outcome : "");
    return U.el("li", { class: "news-item" },
      U.el("div", { class: "meta" }, [n.turn ? "Turn " + n.turn + ", phase " + n.phase : "", n.step ? nice(n.step) : ""].filter(Boolean).join(" · ")),
      U.el("div", { class: "title" }, head), body ? U.el("div", { class: "body" }, body) : null, diceNodes(n.dice));
  }
  function renderNews() {
    let items = (S.view.news || []).slice().reverse();
    if (projector) items = items.slice(0, 8);
    sync(U.$("news"), items.map((n, i) => ({ key: (n.id || "") + ":" + (items.length - i), sig: JSON.stringify(n), build: () => newsEntry(n) })));
    if (!items.length) U.$("news").append(U.el("li", { class: "empty" }, "Nothing has happened yet."));
  }

  // --- the public charts and the family trees ---------------------------------------------------------------
  function renderCharts() {
    const box = U.$("charts");
    if (!box) return;
    const teams = entries(S.view.teams);
    const chart = (key, title) => {
      const ranked = teams.slice().sort((a, b) => (b[1][key] || 0) - (a[1][key] || 0) || a[0].localeCompare(b[0]));
      return U.el("div", { class: "chart", "data-chart": key }, U.el("h4", {}, title),
        U.el("ol", {}, ...ranked.map(([id, t]) => U.el("li", { "data-team": id }, (t.name || nice(id)) + " — " + (t[key] || 0)))));
    };
    box.replaceChildren(chart("prestige", "Prestige"), chart("heavenly", "Heavenly status"));
  }
  function familyNode(n) {
    const spouse = n.spouse && S.view.characters && S.view.characters[n.spouse];
    const label = (n.name || nice(n.id)) + (n.born ? " (b. " + n.born + ")" : "") + (n.alive === false ? " †" : "")
      + (spouse ? " ∞ " + (spouse.name || nice(n.spouse)) : "");
    return U.el("li", { "data-character": n.id }, label,
      n.children && n.children.length ? U.el("ul", {}, ...n.children.map(familyNode)) : null);
  }
  function renderFamilies() {
    const box = U.$("families");
    if (!box) return;
    const fams = entries(S.view.families);
    const sig = JSON.stringify(fams);
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    // The whole list is folded too: some sixty families would otherwise fill every page (issue 19 point 8).
    text("families-count", fams.length + " families (open for the trees)");
    box.replaceChildren(...fams.map(([family, roots]) => U.el("details", { "data-family": family },
      U.el("summary", {}, nice(family)), U.el("ul", { class: "tree" }, ...roots.map(familyNode)))));
  }

  // --- joining --------------------------------------------------------------------------------------------
  function renderJoin() {
    U.joinForm(S, seatLabel);
  }
  // A seat's name: a desk's title, or a player seat's character and team (RR3-K01: the seat keeps its first
  // character's id when its player goes on to an heir), or a team.
  function seatLabel(seat) {
    if (DESK_TITLES[seat]) return DESK_TITLES[seat];
    const p = (S.view.players || {})[seat];
    const teams = S.view.teams || {};
    if (p) return named(p.character) + " (" + ((teams[p.team] || {}).name || nice(p.team)) + ")";
    return (teams[seat] || {}).name || nice(seat);
  }

  if (!projector) U.$("join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = { name: U.$("join-name").value };
    if (S.you.role === "lobby" && S.game.settings.assignment === "chosen") body.seat = U.$("join-seat").value;
    try {
      const data = await post("/join", body, U.$("join-error"));
      token = data.token; U.setToken(gameId, token);
      await refresh();
    } catch (e) { /* shown */ }
  });

  // --- the map --------------------------------------------------------------------------------------------
  async function loadBoard() {
    if (boardTried) return boardData;
    boardTried = true;
    try { boardData = await U.call("GET", "/api/boards/" + S.board.map); } catch (e) { boardData = null; }
    return boardData;
  }
  function mapAreas() { return (S.view.map && S.view.map.areas) || {}; }
  function counters(kind) { return entries(S.view.map && S.view.map[kind]).map(([id, a]) => Object.assign({ id }, a)); }
  function ownerOf(id) { const a = mapAreas()[id]; return (a && a.owner) || (boardData && boardData.areas[id] && boardData.areas[id].state) || null; }
  function markersOf(a) {
    if (!a) return [];
    const out = [];
    for (const k of ["revolt", "looted", "extorted"]) if (a[k]) out.push(k);
    if (a.minority) out.push(a.minority + " minority");
    if (a.counters) out.push(a.counters + " conversion counter(s)");
    return out;
  }
  // The map: the server's drawing of this view (map.svg: areas on real coastlines, owners, revolts, counters), with
  // zoom and pan; a click on an area shows its details below. The board data (names, cities) serves those details.
  const M = DrawnBoard.create();
  async function renderMap() {
    const holder = U.$("rr3-map");
    // The sheet and the forms name cities and group lists by the board's regions: redrawn once it has come.
    if (S.board && S.board.map && !boardTried) { await loadBoard(); if (boardData) { renderTeam(); renderForms(); } }
    if (!boardData) { show("rr3-map", false); show("area-info", false); show("map-list", true); renderMapList(); return; }
    show("rr3-map", true); show("area-info", true); show("map-list", false);
    await DrawnBoard.show(M, holder, api("/map.svg"), token, JSON.stringify([S.view.turn, S.view.map]), {
      cls: "rr3-svg", attr: "area", onPick: (id) => { picked = id; showArea(); mark(); } });
    mark();
    showArea();
  }
  function mark() {
    if (!M.svg) return;
    for (const g of M.svg.querySelectorAll("g.area")) g.classList.toggle("picked", g.dataset.area === picked);
  }
  // The area last clicked on the map: its owner, religion, markers, cities (fort, garrison, siege) and counters.
  function showArea() {
    const box = U.$("area-info");
    if (!picked || !boardData || !boardData.areas[picked]) { box.textContent = "Click an area for its details."; return; }
    const area = boardData.areas[picked], live = mapAreas()[picked] || {};
    const cities = (S.view.map && S.view.map.cities) || {};
    const here = counters("armies").filter(a => a.area === picked).map(a => a.id + " (" + nice(a.state) + ", " + a.men + " men, arrears " + a.arrears + ", fatigue " + a.fatigue + ")");
    const ships = counters("fleets").filter(f => f.sea === picked || area.cities.some(c => c.id === f.port)).map(f => f.id + (f.damaged ? " (damaged)" : ""));
    // The Unrest Index of the state whose home area this is: black counters on the map (ruling RR3-M07), shown when
    // the view has it (every role by default; the option unrest: private keeps it on the team's sheet).
    const home = ((S.view.states || {})[area.state] || {}).unrest;
    const unrest = home ? "unrest " + home + " (" + named(area.state) + ")" : "";
    // Node.append writes a null as the text "null": leave the absent lines out.
    U.clear(box).append(...[
      U.el("strong", {}, area.name), " · " + [named(ownerOf(picked)), live.religion, area.table + " table", ...markersOf(live), unrest].filter(Boolean).join(" · "),
      area.cities.length ? U.el("div", {}, "Cities: " + area.cities.map(c => {
        const now = cities[c.id] || {};
        return c.name + " (fort " + (now.fort != null ? now.fort : c.fort) + (c.port ? ", port" : "") + (c.capital ? ", capital" : "") +
          (now.blockade ? ", blockade " + now.blockade : "") + ((now.besieged_by || []).length ? ", besieged by " + now.besieged_by.join(", ") : "") + ")";
      }).join("; ")) : null,
      here.length ? U.el("div", {}, "Armies: " + here.join("; ")) : null,
      ships.length ? U.el("div", {}, "Fleets: " + ships.join("; ")) : null].filter(x => x !== null));
  }
  function renderMapList() {
    const box = U.clear(U.$("map-list"));
    const areas = Object.entries(mapAreas());
    const armies = counters("armies"), fleets = counters("fleets");
    if (!areas.length && !armies.length) { box.append(U.el("p", {}, "No map yet.")); return; }
    const t = U.el("table", { class: "results" }, U.el("tr", {}, U.el("th", {}, "Area"), U.el("th", {}, "Owner"), U.el("th", {}, "Religion"), U.el("th", {}, "Markers"), U.el("th", {}, "Counters")));
    for (const [id, a] of areas.sort()) {
      const here = armies.filter(x => x.area === id).map(x => x.id + " " + (x.men != null ? x.men : "")).concat(fleets.filter(f => f.sea === id).map(f => f.id));
      t.append(U.el("tr", { "data-area": id }, U.el("td", {}, nice(id)), U.el("td", {}, nice(a.owner)), U.el("td", {}, a.religion || ""), U.el("td", {}, markersOf(a).join(", ")), U.el("td", {}, here.join(", "))));
    }
    box.append(t);
  }

  // --- a team's sheet -------------------------------------------------------------------------------------
  // A column is [field, heading] or [field, heading, show(value, key, row)] (names instead of ids).
  function table(rows, cols, cls) {
    const t = U.el("table", { class: "results " + (cls || "") }, U.el("tr", {}, ...cols.map(c => U.el("th", {}, c[1]))));
    const cell = (c, key, row) => c[2] ? c[2](c[0] === "id" ? key : row[c[0]], key, row) : c[0] === "id" ? nice(key) : fmt(row[c[0]]);
    for (const [key, row] of rows) t.append(U.el("tr", { "data-row": key }, ...cols.map(c => U.el("td", { "data-col": c[0], "data-value": c[2] ? String(c[0] === "id" ? key : row[c[0]]) : null }, cell(c, key, row)))));
    return t;
  }
  // The name of something the view or the map names (a character, a state, a team, an area, a city), else its id
  // in words: the pages show names, never ids.
  function named(id) {
    if (id == null || id === "") return "";
    const v = S.view, B = boardData;
    const known = ((v.characters || {})[id] || (v.states || {})[id] || (v.teams || {})[id] || (B && B.areas[id]) || {}).name;
    if (known) return known;
    if (B) for (const a of Object.values(B.areas)) for (const c of a.cities) if (c.id === id) return c.name;
    return nice(id);
  }
  // A revenue card by its kind and number ("Exaction 1"), its holder's id left off.
  const cardName = (id, key, row) => { const k = String(key); const h = row.holder ? String(row.holder) + "_" : ""; return nice(k.startsWith(h) ? k.slice(h.length) : k).replace(/^./, c => c.toUpperCase()); };
  function itemLine(it) {
    return U.el("li", { class: "item " + (it.status || ""), "data-item": it.id },
      U.el("div", { class: "title" }, it.title + " "), U.el("span", { class: "meta" }, [DESK_TITLES[it.desk] || nice(it.desk), it.status, it.turn ? "turn " + it.turn + " phase " + it.phase : ""].filter(Boolean).join(" · ")),
      it.outcome ? U.el("div", { class: "outcome" }, it.outcome) : null,
      diceNodes(it.dice),
      it.closed_by ? U.el("div", { class: "meta" }, "by " + [DESK_TITLES[it.closed_by.role] || nice(it.closed_by.role), it.closed_by.who].filter(Boolean).join(", ")) : null);
  }
  // A team's page opens on its sheet with its requests beside it (narrow: below it), above the phase's banner, the
  // announcements and the map (issue 30 point 6); a control desk keeps its own forms in the side column.
  function placeSheet() {
    const team = !!S.view.team;
    show("sheet-row", team);
    const card = U.$("forms-card");
    if (team && card.parentNode !== U.$("sheet-side")) U.$("sheet-side").append(card);
    if (!team && card.parentNode !== U.$("role-panel")) U.$("desks").after(card);
  }
  // A long table of the sheet (a team's thirty-odd cards, its forty-odd garrisons) with a filter box above it that
  // keeps the rows holding every word typed; what is typed survives the sheet being redrawn by an update.
  const sheetFilters = {};
  function searchable(t, key) {
    const rows = [...t.querySelectorAll("tr[data-row]")];
    if (rows.length <= LONG_LIST) return t;
    const count = U.el("span", { class: "filter-count meta", "aria-live": "polite" });
    const input = U.el("input", { type: "search", class: "list-filter", "data-table-filter": key, size: 14,
      placeholder: "type to filter " + rows.length, "aria-label": "Filter the table: " + key, value: sheetFilters[key] || null });
    const apply = () => {
      sheetFilters[key] = input.value;
      const want = fold(input.value).split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const r of rows) { const hit = want.every(w => fold(r.textContent + " " + r.dataset.row).includes(w)); r.hidden = !hit; shown += hit ? 1 : 0; }
      count.textContent = want.length ? (shown ? shown + " of " + rows.length : "no match") : "";
    };
    input.addEventListener("input", apply);
    apply();
    return U.el("div", { class: "searchable" }, U.el("div", { class: "long-choice" }, input, count), t);
  }
  function renderTeam() {
    const team = S.view.team;
    const box = U.$("team");
    show("team", !!team);
    if (!team) return;
    const sig = !!boardData + JSON.stringify(team);
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    const wasOpen = new Map([...box.querySelectorAll("details")].map(d => [d.className, d.open]));
    const typing = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.tableFilter : null;
    U.clear(box);
    const me = (S.view.players || {})[S.you.role];
    box.append(U.el("h2", {}, (team.name || nice(team.id || S.you.role)) + (me ? " — " + named(me.character) : "")),
      // One column (a phone): the requests come after the whole sheet; a link jumps there.
      U.el("a", { class: "to-forms", href: "#forms-card" }, "Requests and actions ↓"));
    const states = entries(team.states_private || {});
    if (states.length) {
      box.append(U.el("h3", {}, "Treasury"));
      box.append(table(states, [["id", "State", named], ["treasury", "Florins"], ["debt", "Debt"], ["unrest", "Unrest"]], "treasury"));
    }
    for (const key of ["prestige", "heavenly", "conversion_counters"]) if (team[key] != null) box.append(U.el("span", { class: "stat" }, nice(key) + ": " + team[key] + "  "));
    const cards = entries(team.cards);
    if (cards.length) {
      // Folded under a count by kind ("5 Exaction"), open on a wide screen: on a phone a team's twenty-odd cards
      // would push its brief and requests a screen down.
      const kinds = new Map();
      for (const [id, c] of cards) { const k = cardName(id, id, c).replace(/ \d+$/, ""); kinds.set(k, (kinds.get(k) || 0) + 1); }
      const played = cards.filter(([, c]) => c.played).length;
      box.append(U.el("details", { class: "cards-box", open: !matchMedia("(max-width: 600px)").matches },
        U.el("summary", {}, U.el("strong", {}, "Cards: " + cards.length), " (" + [...kinds].map(([k, n]) => n + " " + k).join(", ") + "; " + (played ? played + " played" : "none played") + ")"),
        searchable(table(cards, [["id", "Card", cardName], ["state", "State", named], ["holder", "Holder", named], ["played", "Played"]], "cards"), "cards")));
    }
    const debating = entries(team.debating);
    if (debating.length) box.append(U.el("h3", {}, "Debating cards"), U.el("ul", {}, ...debating.map(([issue, vals]) => U.el("li", {}, nice(issue) + ": " + fmt(vals)))));
    const armies = entries(team.armies);
    box.append(U.el("h3", {}, "Armies"));
    box.append(armies.length ? table(armies, [["id", "Army"], ["men", "Men"], ["arrears", "Arrears"], ["fatigue", "Fatigue"], ["area", "Area", named], ["commander", "Commander", named]], "armies") : U.el("p", {}, "No army in the field."));
    const fleets = entries(team.fleets);
    if (fleets.length) box.append(U.el("h3", {}, "Fleets"), table(fleets, [["id", "Fleet"], ["damaged", "Damaged"], ["sea", "Sea", named], ["port", "Port", named], ["troops", "Troops"], ["carrying", "Carrying"]], "fleets"));
    const garrisons = entries(team.cities).filter(([, c]) => c && c.garrison);
    if (garrisons.length) box.append(U.el("details", { class: "garrisons" }, U.el("summary", {}, "Garrisons (" + garrisons.length + " cities)"),
      searchable(table(garrisons, [["id", "City", named], ["garrison", "Men"], ["fort", "Fort"], ["blockade", "Blockade"]], "garrisons"), "garrisons")));
    const orders = entries(team.fleet_orders);
    if (orders.length) box.append(U.el("h3", {}, "Your fleets' orders (sealed)"), U.el("ul", { class: "fleet-orders" }, ...orders.map(([f, o]) => U.el("li", {}, f + ": " + fmt({ path: o.path, port: o.port, land: o.land, intercept: o.intercept })))));
    const treaties = team.treaties || [];
    if (treaties.length) box.append(U.el("h3", {}, "Treaties"), U.el("ul", { class: "treaties" }, ...treaties.map(t => U.el("li", {}, fmt(t)))));
    const sealed = ((team.intention || {}).submission || {}).armies;
    if (sealed) box.append(U.el("h3", {}, "Your sealed intention card"), U.el("ul", { class: "intention" }, ...Object.entries(sealed).map(([a, line]) => U.el("li", {}, a + ": " + fmt(line)))));
    const brief = team.brief;
    if (brief) {
      const d = U.el("details", { class: "brief", open: true }, U.el("summary", {}, "Your brief"));
      if (brief.summary) d.append(U.el("p", {}, brief.summary));
      if (brief.objectives && brief.objectives.length) d.append(U.el("ul", {}, ...brief.objectives.map(o => U.el("li", {}, o))));
      if (brief.confidential) d.append(U.el("p", { class: "confidential" }, U.el("strong", {}, "CONFIDENTIAL: "), brief.confidential));
      // The personal briefs (RR3-K01): a player's own; a team seat's, each of its players'.
      for (const [seat, p] of Object.entries(team.players || {})) if (p.brief) {
        const who = seat === S.you.role ? "PERSONAL: " : "PERSONAL (" + named(p.character) + "): ";
        d.append(U.el("p", { class: "personal", "data-personal": seat }, U.el("strong", {}, who), p.brief));
      }
      box.append(d);
    }
    const items = team.items || {};
    const pend = items.pending || [], closed = (items.done || []).slice().reverse();
    box.append(U.el("h3", {}, "Your requests"));
    box.append(pend.length ? U.el("ol", { class: "items pending-items" }, ...pend.map(itemLine)) : U.el("p", {}, "None waiting."));
    if (closed.length) box.append(U.el("h3", {}, "Settled"), U.el("ol", { class: "items closed-items" }, ...closed.slice(0, 20).map(itemLine)));
    const privateNews = (team.journal || []).slice().reverse();
    if (privateNews.length) box.append(U.el("h3", {}, "Your news (private)"), U.el("ol", { class: "news private-news" }, ...privateNews.slice(0, 20).map(newsEntry)));
    for (const d of box.querySelectorAll("details")) if (wasOpen.has(d.className)) d.open = wasOpen.get(d.className);
    if (typing) { const again = box.querySelector('[data-table-filter="' + typing + '"]'); if (again) { again.focus(); again.setSelectionRange(again.value.length, again.value.length); } }
  }

  // --- action forms (a team's requests, a control seat's own forms) ------------------------------------------
  // Long lists: a choice among more than LONG_LIST states, characters, areas or cities is a
  // <select> grouped by team (what a team plays) or by region (the non-played rest), with a filter box above it that
  // hides what does not match as one types (a name, a team, a region; accents and case ignored).
  const OTHERS = "Others";
  let stateRegions = null;  // a state's region: the region of most of its home areas on the board
  function stateRegion(sid) {
    if (!boardData) return null;
    if (!stateRegions) {
      const counts = {};
      for (const a of Object.values(boardData.areas)) if (a.state && a.region) {
        const c = counts[a.state] || (counts[a.state] = {});
        c[a.region] = (c[a.region] || 0) + 1 + (a.cities.some(x => x.capital) ? 0.5 : 0);
      }
      stateRegions = {};
      for (const [st, c] of Object.entries(counts)) stateRegions[st] = Object.entries(c).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0][0];
    }
    return stateRegions[sid] || null;
  }
  const words = (t) => nice(t).replace(/\b\w/g, c => c.toUpperCase());
  const teamGroup = (t) => ((S.view.teams || {})[t] || {}).name || words(t);
  const nonPlayed = (sid) => { const r = stateRegion(sid); return "Non-played" + (r ? " · " + words(r) : ""); };
  function cityArea(id) {
    if (boardData) for (const [aid, a] of Object.entries(boardData.areas)) if (a.cities.some(c => c.id === id)) return aid;
    return null;
  }
  // The group of a choice and the words it is also found by (a character's state).
  function groupOf(id) {
    const v = S.view, st = (v.states || {})[id], ch = (v.characters || {})[id];
    if (st) return { group: st.team ? teamGroup(st.team) : nonPlayed(id), team: st.team };
    if (ch) {
      const team = ch.team || ((v.states || {})[ch.state] || {}).team;
      // A character of no state (an exile) is grouped as such.
      return { group: team ? teamGroup(team) : ch.state ? nonPlayed(ch.state) : "Non-played · without a state", team, also: named(ch.state) };
    }
    const area = boardData && (boardData.areas[id] || boardData.areas[cityArea(id)]);
    if (area && area.region) return { group: words(area.region), also: area.name };
    return { group: OTHERS };
  }
  // The viewer's own team first, then the other teams, then the non-played regions, then what has no group.
  function groupRank(g, team) {
    const mine = (S.view.team || {}).id || ((S.view.players || {})[S.you.role] || {}).team || S.you.role;
    return g === OTHERS ? 3 : team && team === mine ? 0 : g.startsWith("Non-played") ? 2 : 1;
  }
  function longChoice(f, given, multiple) {
    const groups = new Map();
    for (const c of f.choices) {
      const g = groupOf(c);
      if (!groups.has(g.group)) groups.set(g.group, { rank: groupRank(g.group, g.team), items: [] });
      groups.get(g.group).items.push({ id: c, label: named(c), also: g.also || "" });
    }
    const ordered = [...groups.entries()].sort((a, b) => a[1].rank - b[1].rank || a[0].localeCompare(b[0]));
    const sel = U.el("select", { name: f.name, required: !multiple && f.required, multiple, size: multiple ? 8 : null,
      "data-multi-select": multiple ? f.name : null, "data-grouped": f.name },
      multiple || f.required ? null : U.el("option", { value: "" }, "–"),
      ...ordered.map(([g, { items }]) => U.el("optgroup", { label: g },
        ...items.sort((a, b) => a.label.localeCompare(b.label)).map(it => U.el("option", { value: it.id, selected: it.id === given,
          "data-find": fold([it.label, it.id, it.also, g].join(" ")) }, it.label)))));
    const count = U.el("span", { class: "filter-count meta", "aria-live": "polite" });
    const filter = U.el("input", { type: "search", class: "list-filter", "data-filter": f.name, size: 14,
      placeholder: "type to filter " + f.choices.length, "aria-label": "Filter the list: " + (f.label || nice(f.name)) });
    filter.addEventListener("input", () => filterList(sel, filter.value, count));
    return U.el("span", { class: "long-choice" }, filter, sel, count);
  }
  // Hides the options (and the groups left empty) that do not hold every word typed; a single choice whose option
  // is hidden moves to the first one shown, so what is sent is what is seen.
  function filterList(sel, typed, count) {
    const want = fold(typed).split(/\s+/).filter(Boolean);
    let shown = 0, total = 0;
    for (const g of sel.querySelectorAll("optgroup")) {
      let any = false;
      for (const o of g.children) {
        const hit = want.every(w => o.dataset.find.includes(w));
        o.hidden = !hit; any = any || hit; shown += hit ? 1 : 0; total += 1;
      }
      g.hidden = !any;
    }
    count.textContent = want.length ? (shown ? shown + " of " + total : "no match") : "";
    const picked = sel.selectedOptions[0];
    if (!sel.multiple && (!picked || picked.hidden || !picked.value) && shown) {
      const first = sel.querySelector("optgroup:not([hidden]) option:not([hidden])");
      if (first) first.selected = true;
    }
  }
  // A form's input; a field with a "default" (a new character's family, sex, year of birth...) starts with it.
  function fieldInput(f) {
    const name = f.name, given = f.default == null ? null : String(f.default);
    if (f.kind === "int") return U.el("input", { type: "number", name, step: 1, min: f.min, max: f.max, required: f.required, size: 5, value: given });
    if (f.kind === "bool") return U.el("input", { type: "checkbox", name, checked: f.default === true });
    if ((f.kind === "choice" || f.kind === "multi") && (f.choices || []).length > LONG_LIST) return longChoice(f, given, f.kind === "multi");
    if (f.kind === "choice") return U.el("select", { name, required: f.required }, f.required ? null : U.el("option", { value: "" }, "–"), ...(f.choices || []).map(c => U.el("option", { value: c, selected: c === given }, named(c))));
    if (f.kind === "multi") return U.el("span", { class: "multi", "data-multi": name }, ...(f.choices || []).map(c => U.el("label", {}, U.el("input", { type: "checkbox", value: c }), nice(c))));
    return U.el("input", { type: "text", name, required: f.required, size: 18, maxlength: 2000, value: given });
  }
  function readFields(form, fields) {
    const out = {};
    for (const f of fields || []) {
      if (f.kind === "multi") {
        const sel = form.querySelector('[data-multi-select="' + f.name + '"]');
        out[f.name] = sel ? [...sel.selectedOptions].map(o => o.value) : [...form.querySelectorAll('[data-multi="' + f.name + '"] input:checked')].map(x => x.value);
        continue;
      }
      const input = form.querySelector('[name="' + f.name + '"]');
      if (!input) continue;
      if (f.kind === "bool") { out[f.name] = input.checked; continue; }
      const raw = input.value.trim();
      if (raw === "") { if (f.required) out[f.name] = ""; continue; }
      out[f.name] = f.kind === "int" ? Number(raw) : raw;
    }
    return out;
  }
  function fixedKeys(tpl) {
    const out = {};
    for (const [k, v] of Object.entries(tpl)) if (!["label", "fields", "desk", "title", "help"].includes(k)) out[k] = v;
    return out;
  }
  function actionForm(tpl, opts) {
    const err = U.el("p", { class: "error", role: "alert" });
    const fields = (tpl.fields || []).map(f => U.el("label", { class: "field" }, (f.label || nice(f.name)) + " ", fieldInput(f)));
    const form = U.el("form", { class: "action-form " + (opts && opts.cls || ""), "data-action": tpl.type, "data-item": tpl.item || null, autocomplete: "off" },
      opts && opts.head ? U.el("div", { class: "form-head" }, opts.head) : null,
      ...fields, U.el("button", { type: "submit", "data-send": tpl.type }, tpl.label || nice(tpl.type)), err);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const button = form.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        await act(Object.assign(fixedKeys(tpl), readFields(form, tpl.fields)), err);
        if (!tpl.item) form.reset();
      } catch (e) { /* shown beside the form */ }
      button.disabled = false;
    });
    // A reset (after a request is sent) empties the filter boxes: their lists show every choice again.
    form.addEventListener("reset", () => setTimeout(() => { for (const i of form.querySelectorAll("[data-filter]")) i.dispatchEvent(new Event("input")); }));
    return form;
  }
  // The intention card of a movement step (handbook, The Campaign System): one line per army, sealed until the
  // step is resolved.
  // Non-played States Control's card moves the non-played states' armies (RR3-G03): its desk part lists them.
  function intentForm(tpl) {
    const err = U.el("p", { class: "error", role: "alert" });
    const npc = !S.view.team && S.view.desk && S.view.desk.intention;
    const armies = npc ? entries(npc.armies) : entries((S.view.team || {}).armies).filter(([, a]) => a && !a.mutinous);
    const sealed = npc ? (npc.card || {}) : ((((S.view.team || {}).intention || {}).submission || {}).armies || {});
    const areaList = "intent-areas";
    const dl = U.el("datalist", { id: areaList }, ...Object.keys(mapAreas()).sort().map(a => U.el("option", { value: a })));
    const rows = armies.map(([id, a]) => {
      const was = sealed[id] || {};
      const row = U.el("div", { class: "intent-row row", "data-army": id },
        U.el("strong", {}, id + " (" + (a.men != null ? a.men : "?") + " in " + nice(a.area) + ")"),
        U.el("select", { name: "option" }, ...["stay", "move"].map(o => U.el("option", { value: o, selected: was.option === o }, o))),
        U.el("label", {}, "path ", U.el("input", { name: "path", list: areaList, size: 18, placeholder: "area, area", value: (was.path || []).join(", ") })),
        U.el("label", {}, U.el("input", { type: "checkbox", name: "engage", checked: !!was.engage }), "engage"),
        U.el("select", { name: "on_contact" }, ...["fight", "retreat"].map(o => U.el("option", { value: o, selected: was.on_contact === o }, "on contact: " + o))),
        U.el("label", {}, "retreat to ", U.el("input", { name: "retreat_to", list: areaList, size: 10, value: was.retreat_to || "" })),
        U.el("label", {}, U.el("input", { type: "checkbox", name: "extort", checked: !!was.extort }), "extort"),
        U.el("label", {}, U.el("input", { type: "checkbox", name: "loot", checked: !!was.loot }), "loot"));
      return row;
    });
    const form = U.el("form", { class: "intent-form", "data-action": "intend", autocomplete: "off" }, dl, ...rows,
      U.el("button", { type: "submit", "data-send": "intend" }, Object.keys(sealed).length ? "Replace the sealed card" : "Seal the card"), err);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const intentions = [...form.querySelectorAll(".intent-row")].map(r => {
        const get = (n) => r.querySelector('[name="' + n + '"]');
        const line = { army: r.dataset.army, option: get("option").value, engage: get("engage").checked, on_contact: get("on_contact").value,
          extort: get("extort").checked, loot: get("loot").checked };
        const path = get("path").value.split(/[,\s]+/).filter(Boolean);
        if (line.option === "move") line.path = path;
        if (get("retreat_to").value.trim()) line.retreat_to = get("retreat_to").value.trim();
        return line;
      });
      try { await act({ type: "intend", intentions }, err); } catch (e) { /* shown */ }
    });
    return form;
  }
  function renderForms() {
    // Map Control moves a military phase from step to step with its own button (Game Control's is in its card).
    const forms = (S.view.actions || []).filter(a => a && (!HIDDEN_FORMS.has(a.type) || (a.type === "next_step" && !isGm())));
    show("forms-card", forms.length > 0 && S.you.can_act);
    const team = S.view.team || {};
    // The long lists' groups follow the board (regions) and the states' teams: a form is rebuilt when they change.
    const groups = JSON.stringify([!!boardData, Object.values(S.view.states || {}).map(s => s.team)]);
    sync(U.$("forms"), forms.map(tpl => ({
      key: tpl.type, sig: groups + JSON.stringify(tpl.type === "intend" ? [tpl, team.armies, team.intention, (S.view.desk || {}).intention] : tpl.type === "settle_table" ? [tpl, deskTable()] : tpl),
      build: () => {
        const form = tpl.type === "intend" ? intentForm(tpl) : actionForm(Object.assign({}, tpl, { label: "Send" }));
        // "Settle the whole table's revenue items": the table offered first is the one the desk is filtered to.
        const mine = tpl.type === "settle_table" && form.querySelector('[name="table"]');
        if (mine && [...mine.options].some(o => o.value === deskTable())) mine.value = deskTable();
        const d = U.el("details", { class: "request", "data-form": tpl.type, open: openForms.has(tpl.type) || tpl.type === "intend" },
          U.el("summary", {}, (tpl.label || nice(tpl.type)) + (tpl.desk ? " → " + (DESK_TITLES[tpl.desk] || nice(tpl.desk)) : "")), form);
        d.addEventListener("toggle", () => { if (d.open) openForms.add(tpl.type); else openForms.delete(tpl.type); });
        return d;
      },
    })));
  }

  // --- control desks --------------------------------------------------------------------------------------
  // A pending item with its one-click actions; one of another desk's that this desk helps with (RR3-M02: phase 1's
  // revenue cards) says whose it is.
  function pendingItem(it, deskRole) {
    const params = Object.entries(it.params || {}).filter(([, v]) => v !== null && v !== "");
    const helping = deskRole && it.desk && it.desk !== deskRole;
    const node = U.el("li", { class: "item pending" + (helping ? " helping" : ""), "data-item": it.id, "data-item-desk": it.desk || null },
      U.el("div", { class: "title" }, it.title),
      U.el("div", { class: "meta" }, [helping ? "helping " + (DESK_TITLES[it.desk] || nice(it.desk)) : "", "opened by " + (DESK_TITLES[it.by] || nice(it.by)), it.team ? "team " + nice(it.team) : "", it.table ? "table: " + nice(it.table) : "", it.turn ? "turn " + it.turn + " phase " + it.phase : "", it.id].filter(Boolean).join(" · ")),
      params.length ? U.el("div", { class: "params" }, params.map(([k, v]) => nice(k) + ": " + fmt(v)).join("; ")) : null,
      // An item worked step by step (a debate's rounds, RR3-L01): the steps recorded so far.
      (it.steps || []).length ? U.el("ol", { class: "item-steps" }, ...it.steps.map(st => U.el("li", {}, st.text + (st.by && st.by.who ? " (" + st.by.who + ")" : "")))) : null);
    const row = U.el("div", { class: "item-actions" });
    for (const a of it.actions || []) {
      const tpl = Object.assign({}, a, { item: a.item || it.id });
      row.append(actionForm(tpl, { cls: a.type === "dismiss" ? "dismiss" : "settle" }));
    }
    node.append(row);
    return node;
  }
  function deskView(desk) {
    const box = U.el("div", { class: "desk", "data-desk": desk.role });
    box.append(U.el("h2", {}, desk.title || DESK_TITLES[desk.role] || nice(desk.role)));
    const all = desk.pending || [], chosen = deskTable();
    // An item that names nothing on the map (an election, a marriage) is every table's.
    const pend = chosen ? all.filter(it => !it.table || it.table === chosen) : all;
    box.append(U.el("h3", {}, chosen ? "Pending at " + ((desk.tables || {})[chosen] || nice(chosen)) + ": " + pend.length + " (" + all.length + " on every table)" : "Pending (" + all.length + ")"));
    // Non-played States Control is prompted for its intention card (its armies stay without one): not counted
    // among the players' missing cards on Map Control's desk.
    const npc = desk.intention;
    if (npc) box.append(U.el("p", { class: "prompt " + (npc.handed_in ? "done" : "due"), "data-np-card": npc.handed_in ? "handed-in" : "due" },
      "Intention card for the non-played armies (" + stepName(npc.step) + "): " + (npc.handed_in ? "handed in. " : "not handed in yet. ") +
      Object.keys(npc.armies || {}).length + " army(ies) may move: " + Object.keys(npc.armies || {}).join(", ") + "; one left off the card stays."));
    const plist = U.el("ol", { class: "items pending-items" });
    box.append(plist);
    sync(plist, pend.map(it => ({ key: it.id, sig: JSON.stringify(it), build: () => pendingItem(it, desk.role) })));
    if (!pend.length) box.append(U.el("p", { class: "empty" }, "Nothing waiting."));
    if (desk.intentions) box.append(intentionCards(desk.intentions));
    const done = desk.done || [];  // newest first
    if (done.length) box.append(U.el("h3", {}, "Recently settled"), U.el("ol", { class: "items closed-items" }, ...done.map(itemLine)));
    return box;
  }
  // Map Control's intention cards (ruling RR3-H06): who has handed in this step's card and who is missing; the
  // cards themselves once the step has closed (the sealed cards are not shown while the step is open).
  const STEP_NAMES = { move1: "first movement step", move2: "second movement step" };
  function stepName(s) { return STEP_NAMES[s] || nice(s); }
  function seatName(s) { const t = (S.view.teams || {})[s]; return (t && t.name) || DESK_TITLES[s] || nice(s); }
  function intentionCards(ic) {
    const box = U.el("section", { class: "intentions", "data-intentions": "" });
    if (ic.step) {
      box.append(U.el("h3", {}, "Intention cards: " + stepName(ic.step)),
        U.el("p", { class: "handed-in", "data-handed-in": "" }, "Handed in: " + ((ic.handed_in || []).map(seatName).join(", ") || "none yet")),
        U.el("p", { class: "missing", "data-missing": "" }, "Missing: " + ((ic.missing || []).map(seatName).join(", ") || "none")));
      if (ic.nonplayed) box.append(U.el("p", { class: "meta", "data-np-card": ic.nonplayed.handed_in ? "handed-in" : "due" },
        "Non-played States Control: " + (ic.nonplayed.handed_in ? "card handed in" : "prompted on its desk; its armies stay without a card")));
    }
    const c = ic.closed;
    if (c) {
      box.append(U.el("h3", {}, "Cards of the last step closed: turn " + c.turn + ", phase " + c.phase + ", " + stepName(c.step)));
      const rows = [];
      for (const [seat, lines] of Object.entries(c.cards || {})) {
        for (const l of lines) {
          const extra = [l.engage ? "intends to engage" : "", l.on_contact === "retreat" ? "retreats on contact" + (l.retreat_to ? " to " + l.retreat_to : "") : "", l.extort ? "extorts" : "", l.loot ? "loots" : ""].filter(Boolean).join(", ");
          rows.push(U.el("tr", { "data-card": seat + ":" + l.army }, U.el("td", {}, seatName(seat)), U.el("td", {}, l.army), U.el("td", {}, l.option), U.el("td", {}, (l.path || []).join(" → ") || "–"), U.el("td", {}, extra || "–")));
        }
      }
      if (rows.length) box.append(U.el("table", { class: "results cards" }, U.el("tr", {}, ...["Seat", "Army", "Option", "Path", "Also"].map(h => U.el("th", {}, h))), ...rows));
      else box.append(U.el("p", { class: "empty" }, "No card was handed in."));
      if ((c.missing || []).length) box.append(U.el("p", { class: "missing", "data-missed": "" }, "Missed the step: " + c.missing.map(seatName).join(", ")));
      if (c.nonplayed_stayed) box.append(U.el("p", { class: "meta" }, "The non-played armies stayed (no card)."));
    }
    if (!ic.step && !c) box.append(U.el("h3", {}, "Intention cards"), U.el("p", { class: "empty" }, "No movement step yet."));
    return box;
  }
  function gmSummary() {
    const gc = S.view.game_control || {};
    const counts = gc.pending || {};
    const box = U.el("div", { class: "desk", "data-desk": "game_control" }, U.el("h2", {}, "Game Control"));
    const t = U.el("table", { class: "results" }, U.el("tr", {}, U.el("th", {}, "Desk"), U.el("th", {}, "Pending")));
    for (const d of CONTROL) {
      const n = isObj(counts) && counts[d] != null ? counts[d] : ((S.view.desks || {})[d] || { pending: [] }).pending.length;
      t.append(U.el("tr", { "data-desk-count": d }, U.el("td", {}, DESK_TITLES[d]), U.el("td", {}, String(n))));
    }
    box.append(t);
    const c = gc.clock || S.view.clock || {};
    box.append(U.el("p", { class: "meta" }, "Timetable: this phase is " + (c.minutes || 0) + " minutes and ends at " + (c.ends_at || "–") +
      " on the day's timetable; the countdown runs on the server's deadline."));
    const seats = U.el("table", { class: "seats" }, U.el("tr", {}, U.el("th", {}, "Seat"), U.el("th", {}, "Player")));
    for (const s of S.seats) seats.append(U.el("tr", {}, U.el("td", {}, seatLabel(s.seat)), U.el("td", {}, s.name || "(free)"),
      U.el("td", {}, U.el("button", { class: "small", "data-reissue": s.seat, onclick: () => reissue(s.seat) }, "New link"))));
    box.append(U.el("h3", {}, "Seats"), seats);
    return box;
  }
  // A new invite link for a seat (the old one stops working), shown to Game Control once.
  async function reissue(seat) {
    try {
      const data = await U.call("POST", api("/gm/reissue"), token, { seat });
      U.$("gm-links").append(U.el("p", {}, seatLabel(seat) + ": ", U.el("a", { href: data.link, target: "_blank", "data-link": seat }, data.link)));
      refresh();
    } catch (e) { U.$("gm-error").textContent = e.message; }
  }
  function renderDesks() {
    const v = S.view;
    let desks = {};
    if (isGm()) desks = v.desks || {};
    else if (v.desk) desks = { [v.desk.role || role()]: v.desk };
    const names = Object.keys(desks);
    show("desks", names.length > 0 || isGm());
    if (!names.length && !isGm()) return;
    const titles = (Object.values(desks)[0] || {}).tables || {};
    const tsel = U.$("desk-table");
    if (tsel.dataset.sig !== Object.keys(titles).join(",")) {
      tsel.dataset.sig = Object.keys(titles).join(",");
      const was = tsel.value || localStorage.getItem(tableKey) || "";
      tsel.replaceChildren(U.el("option", { value: "" }, "all tables"), ...Object.entries(titles).map(([t, title]) => U.el("option", { value: t, selected: t === was }, title)));
    }
    const tabs = isGm() ? ["game_control", ...names] : names;
    if (!tabs.includes(deskTab)) deskTab = tabs[0];
    const nav = U.$("desk-tabs");
    show("desk-tabs", tabs.length > 1);
    sync(nav, tabs.map(t => {
      const count = t === "game_control" ? null : (desks[t].pending || []).length;
      return { key: t, sig: t + ":" + count + ":" + (t === deskTab), build: () => U.el("button", { class: t === deskTab ? "active" : "", "data-tab": t, onclick: () => { deskTab = t; renderDesks(); } }, (t === "game_control" ? "Summary" : (DESK_TITLES[t] || nice(t))) + (count ? " (" + count + ")" : "")) };
    }));
    const holder = U.$("desk");
    const chosen = deskTab === "game_control" ? null : desks[deskTab];
    const sig = deskTab + ":" + deskTable() + ":" + JSON.stringify(chosen || [v.game_control, S.seats]);
    // Keep the open desk's nodes (and what is typed in them) while it is unchanged.
    if (holder.dataset.sig === sig) return;
    const old = holder.firstChild;
    if (chosen && old && old.dataset && old.dataset.desk === chosen.role) {
      const fresh = deskView(chosen);
      const oldList = old.querySelector(".pending-items"), freshList = fresh.querySelector(".pending-items");
      if (oldList && freshList) {
        const keep = new Map([...oldList.children].map(c => [c.dataset.key, c]));
        for (const c of [...freshList.children]) { const k = keep.get(c.dataset.key); if (k && k.dataset.sig === c.dataset.sig) freshList.replaceChild(k, c); }
      }
      U.clear(holder).append(fresh);
    } else {
      U.clear(holder).append(chosen ? deskView(chosen) : gmSummary());
    }
    holder.dataset.sig = sig;
  }

  // --- adjustments and announcements (any control seat and Game Control) ---------------------------------------
  function renderControlTools() {
    const on = (isControl() || isGm()) && S.game.status !== "lobby";
    show("control-tools", on);
    if (!on) return;
    const v = S.view;
    const adjustable = ((v.actions || []).find(a => a.type === "adjust") || {}).adjustable;
    const sel = U.$("adjust-target");
    if (adjustable && sel.dataset.sig !== Object.keys(adjustable).join(",")) {
      const was = sel.value;
      sel.dataset.sig = Object.keys(adjustable).join(",");
      U.clear(sel);
      for (const t of Object.keys(adjustable)) sel.append(U.el("option", { value: t, selected: t === was }, t));
    }
    const keys = new Set();
    const target = sel.value;
    if (target === "teams") for (const k of Object.keys(v.teams || {})) keys.add(k);
    if (target === "characters") for (const k of Object.keys(v.characters || {})) keys.add(k);
    if (target === "armies" || target === "fleets" || target === "cities" || target === "areas") for (const [k] of entries(v.map && v.map[target])) keys.add(k);
    if (target === "areas" && boardData) for (const k of Object.keys(boardData.areas)) keys.add(k);
    if (target === "states" && boardData) for (const k of Object.keys(boardData.states)) keys.add(k);
    if (target === "states") for (const a of Object.values(mapAreas())) if (a && a.owner) keys.add(a.owner);
    const sig = target + ":" + [...keys].sort().join(",");
    const dl = U.$("adjust-keys");
    if (dl.dataset.sig !== sig) { dl.dataset.sig = sig; U.clear(dl); for (const k of [...keys].sort()) dl.append(U.el("option", { value: k })); }
    const teams = entries((v.control && v.control.teams) || {});
    const rows = [];
    for (const [t, part] of teams) for (const [st, p] of Object.entries(part.states_private || {})) rows.push([st, Object.assign({ team: t }, p)]);
    const tsig = JSON.stringify(rows);
    const tbox = U.$("control-teams");
    if (tbox.dataset.sig !== tsig) { tbox.dataset.sig = tsig; U.clear(tbox).append(table(rows, [["id", "State", named], ["team", "Team", named], ["treasury", "Florins"], ["debt", "Debt"], ["unrest", "Unrest"]], "control-treasury")); }
    const log = ((v.control && v.control.adjustments) || []).slice().reverse().slice(0, 30);
    const form = (v.actions || []).find(a => a.type === "adjust");
    const fields = Object.keys(((form && form.adjustable) || {})[target] || {});
    const fl = U.$("adjust-fields");
    if (fl.dataset.sig !== fields.join(",")) { fl.dataset.sig = fields.join(","); U.clear(fl); for (const f of fields) fl.append(U.el("option", { value: f }, f + " (" + nice(((form.adjustable || {})[target] || {})[f]) + ")")); }
    sync(U.$("adjustments"), log.map((a, i) => ({ key: String(log.length - i), sig: JSON.stringify(a), build: () => U.el("li", {},
      U.el("div", { class: "meta" }, "Turn " + a.turn + ", phase " + a.phase + " · " + (DESK_TITLES[a.role] || nice(a.role)) + (a.who ? " · " + a.who : "")),
      U.el("div", {}, nice(a.target) + " " + a.key + " " + a.field + ": " + fmt(a.before) + " → " + fmt(a.after) + (a.why ? " (" + a.why + ")" : ""))) })));
  }
  if (!projector) {
    U.$("adjust-target").addEventListener("change", () => S && renderControlTools());
    U.$("adjust-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const raw = U.$("adjust-amount").value.trim();
      const action = { type: "adjust", target: U.$("adjust-target").value, key: U.$("adjust-key").value.trim(), field: U.$("adjust-field").value.trim(), why: U.$("adjust-why").value.trim() };
      if (U.$("adjust-mode").value === "delta") action.delta = Number(raw);
      else { try { action.value = JSON.parse(raw); } catch (e) { action.value = raw; } }
      try { await act(action, U.$("adjust-error")); U.$("adjust-amount").value = ""; U.$("adjust-why").value = ""; } catch (e) { /* shown */ }
    });
    U.$("announce-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try { await act({ type: "announce", text: U.$("announce-text").value.trim() }, U.$("announce-error")); U.$("announce-text").value = ""; } catch (e) { /* shown */ }
    });
  }

  // --- Game Control: the clock ----------------------------------------------------------------------------
  function renderGm() {
    show("gm", isGm());
    if (!isGm()) return;
    const g = S.game, v = S.view;
    U.$("gm-start").disabled = g.status !== "lobby";
    U.$("gm-pause").disabled = g.status !== "running";
    U.$("gm-resume").disabled = g.status !== "paused";
    U.$("gm-extend").disabled = !(g.status === "running" || g.status === "paused");
    U.$("gm-skip").disabled = !(g.status === "running" || g.status === "paused") || !!v.over;
    show("gm-step", !!v.step && v.step !== "done");
    U.$("gm-skip").textContent = "End phase " + (v.phase_no || "") + " now";
  }
  if (!projector) {
    const nameKey = "umpire:umpire-name:" + gameId;
    U.$("umpire-name").value = localStorage.getItem(nameKey) || "";
    U.$("umpire-name").addEventListener("change", () => { localStorage.setItem(nameKey, U.$("umpire-name").value.trim()); if (S) whoLine(); });
    U.$("desk-table").addEventListener("change", () => { localStorage.setItem(tableKey, deskTable()); if (S) { renderDesks(); renderForms(); } });
    const gmErr = U.$("gm-error");
    const gmButton = (id, path, body) => U.$(id).addEventListener("click", () => post(path, typeof body === "function" ? body() : (body || {}), gmErr).catch(() => {}));
    gmButton("gm-start", "/gm/start");
    gmButton("gm-pause", "/gm/pause");
    gmButton("gm-resume", "/gm/resume");
    gmButton("gm-skip", "/gm/resolve");
    gmButton("gm-extend", "/gm/extend", () => ({ seconds: Math.round(Number(U.$("gm-extend-minutes").value || 0) * 60) }));
    U.$("gm-step").addEventListener("click", () => act({ type: "next_step" }, gmErr).catch(() => {}));
  }

  // The stream's first message is the whole answer, so the page draws from it and reads the game itself only if
  // the stream has brought nothing within three seconds (a proxy that holds event streams back; an unknown game,
  // whose error the read shows): one whole answer per page load, not two (issue 28 point 11).
  U.stream(api("/events"), token, render, (on) => { streaming = on; U.$("live").classList.toggle("on", on); });
  setTimeout(() => {
    if (!S) refresh().catch((e) => { document.querySelector("main").prepend(U.el("p", { class: "error card" }, e.message)); });
  }, 3000);
})();

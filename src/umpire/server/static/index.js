"use strict";
// The new-game form: rulesets and their options come from /api/rulesets.
(async function () {
  const form = U.$("create");
  const rulesets = await U.call("GET", "/api/rulesets");
  const rsSelect = U.$("ruleset");
  for (const r of rulesets.filter(x => x.browser !== false)) rsSelect.append(U.el("option", { value: r.name }, r.title));
  // The table's settings the chosen ruleset uses (the server's "table" for it): its ways of assigning powers,
  // of playing a missed order, and the phase kinds its deadlines are set for.
  const ASSIGNMENT = { chosen: "chosen: a link per seat", random: "at random from the lobby", auction: "blind auction (Europe 1615's rule)" };
  const MISSED = { hold: "units hold", bot: "a bot plays the seat", civil_disorder: "civil disorder after N misses" };
  function choicesInto(select, names, labels) {
    const was = select.value;
    U.clear(select);
    for (const n of names) select.append(U.el("option", { value: n, selected: n === was }, labels[n] || n));
  }
  function fill() {
    const r = rulesets.find(x => x.name === rsSelect.value);
    const sc = U.clear(U.$("scenario"));
    for (const s of r.scenarios) sc.append(U.el("option", { value: s.name }, s.title));
    const box = U.clear(U.$("options"));
    box.append(U.el("legend", {}, "Rules options"));
    const choosable = r.options.filter(o => o.choices.length > 1);  // an option with one value has nothing to choose
    for (const o of choosable) {
      const sel = U.el("select", { "data-option": o.name });
      o.choices.forEach((c, i) => sel.append(U.el("option", { value: String(i), selected: JSON.stringify(c) === JSON.stringify(o.default) }, c === null ? "none" : String(c))));
      box.append(U.el("label", { title: o.description }, o.name + " ", sel, U.el("small", {}, " " + o.description)));
    }
    box.classList.toggle("hidden", !choosable.length);
    U.$("position-label").classList.toggle("hidden", !r.positions);
    if (!r.positions) U.$("position").value = "";
    const table = r.table;
    choicesInto(U.$("assignment"), table.assignment, ASSIGNMENT);
    choicesInto(U.$("missed-orders"), table.missed_orders, MISSED);
    showMissed();
    // A bot may play a seat from the start, where the ruleset has bots: one choice per seat.
    const bots = U.clear(U.$("bot-seats"));
    const notes = table.bot_notes || {};
    for (const seat of table.bots.length ? r.seats : []) {
      const sel = U.el("select", { "data-bot-seat": seat }, U.el("option", { value: "" }, "a person"));
      for (const level of table.bots) sel.append(U.el("option", { value: level, title: notes[level] || "" }, "the " + level + " bot"));
      const name = seat.replace(/_/g, " ");
      bots.append(U.el("label", {}, name[0].toUpperCase() + name.slice(1) + " ", sel));
    }
    // How strong each level is, one line each, weakest first (the ruleset's own measured figures).
    const levels = U.clear(U.$("bot-levels"));
    for (const level of table.bots.filter(l => notes[l])) levels.append(U.el("li", {}, U.el("b", {}, level), ": " + notes[level]));
    levels.classList.toggle("hidden", !levels.children.length);
    U.$("bots").classList.toggle("hidden", !table.bots.length);
    const kinds = new Set(table.deadlines);
    for (const label of document.querySelectorAll("[data-deadline]")) {
      const used = kinds.has(label.dataset.deadline);
      label.classList.toggle("hidden", !used);
      if (!used) label.querySelector("input").value = "";
    }
    U.$("default-deadline-name").textContent = kinds.size === 1 ? "Each phase" : "Other phases";
    U.$("deadlines-legend").textContent = "Deadlines (minutes; empty = " + (table.timetable ? "the ruleset's own timetable" : "none") + ")";
  }
  function showMissed() { U.$("civil-disorder-label").classList.toggle("hidden", U.$("missed-orders").value !== "civil_disorder"); }
  U.$("missed-orders").addEventListener("change", showMissed);
  rsSelect.addEventListener("change", fill);
  fill();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    U.$("create-error").textContent = "";
    const r = rulesets.find(x => x.name === rsSelect.value);
    const fd = new FormData(form);
    const options = {};
    for (const sel of form.querySelectorAll("[data-option]")) {
      const o = r.options.find(x => x.name === sel.dataset.option);
      options[o.name] = o.choices[Number(sel.value)];
    }
    const deadlines = {};
    for (const k of r.table.deadlines) {
      const v = fd.get("dl_" + k);
      if (v) deadlines[k] = Math.round(Number(v) * 60);
    }
    const seatBots = {};
    for (const sel of form.querySelectorAll("[data-bot-seat]")) if (sel.value) seatBots[sel.dataset.botSeat] = sel.value;
    const body = {
      ruleset: r.name, scenario: fd.get("scenario"), options, title: fd.get("title") || "",
      settings: { press: fd.get("press"), assignment: fd.get("assignment"), missed_orders: fd.get("missed_orders"),
                  civil_disorder_after: Number(fd.get("civil_disorder_after") || 2), deadlines, bots: seatBots },
    };
    const file = r.positions ? U.$("position").files[0] : null;
    if (file) {  // a position replaces the scenario and the options (docs/positions.md)
      try { body.position = JSON.parse(await file.text()); } catch (e) {
        U.$("create-error").textContent = file.name + " is not a JSON file: " + e.message;
        return;
      }
      delete body.scenario;
      delete body.options;
    }
    try {
      const made = await U.call("POST", "/api/games", null, body);
      U.setToken(made.id, made.gm_token);
      const staff = new Set(made.staff_seats || []);
      const table = U.clear(U.$("links")), staffTable = U.clear(U.$("staff-links"));
      const row = (what, url, into = table) => into.append(U.el("tr", {}, U.el("td", {}, what), U.el("td", { class: "link" }, U.el("a", { href: url, target: "_blank", "data-link": what }, url))));
      row("GM", made.gm_link);
      row(staff.size ? "Lobby (players take a free player seat)" : "Lobby (anyone may join)", made.lobby_link);
      for (const [seat, url] of Object.entries(made.seat_links)) row(seat, url, staff.has(seat) ? staffTable : table);
      for (const [seat, level] of Object.entries(seatBots)) table.append(U.el("tr", {}, U.el("td", {}, seat), U.el("td", { "data-bot": seat }, "played by the " + level + " bot")));
      row("Observers", made.url);
      if (made.projector_url) row("Projector", made.projector_url);
      U.$("staff-box").classList.toggle("hidden", !staff.size);
      U.$("gm-open").href = made.gm_link;
      U.$("created").classList.remove("hidden");
      form.closest("section").classList.add("hidden");
    } catch (e) {
      U.$("create-error").textContent = e.message;
    }
  });
})();

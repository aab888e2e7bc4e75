"use strict";
// Europe 1615 on the game page: what the seat must do this phase (INFs, builds, disbands, the sanction to choose),
// how a submission is written, the special actions as labelled buttons, and the phase report in groups. Everything
// comes from the caller's own view: the server decides what a seat may see.
const E1615 = (function () {
  // The seed's own example ("Writing the orders"), as a player would type it.
  const EXAMPLE = ["FRANCE:", "9: WUR", "3: RHI", "5: LOR", "", "NORM S PAR-CHA", "PAR-CHA", "BRIT HOLD",
    "LOR S PAR-CHA", "LOR > SPAIN"].join("\n");
  const FORMAT = [
    ["9: WUR", "deploy 9 INFs to Wuerttemberg (any amount up to what is left this year)"],
    ["PAR-CHA", "move; also NORM S PAR-CHA (support), BRIT HOLD, ENG C BRIT-NORM (convoy)"],
    ["LOR HOLD", "an order for a minor state's unit: followed if the state is aligned with you"],
    ["SER-BOS", "a suggestion for an Ottoman unit: the heaviest INF weight is followed"],
    ["LOR > SPAIN", "a diplomatic attack in Lorraine against Spain (one per movement phase)"],
    ["A PAR B / A PAR D", "winter: build an army in Paris / disband it (F for a fleet)"],
    ["SANCTION: Embargo on Spain", "winter (late): the sanction you choose for the coming year"],
  ];
  const is1615 = (S) => S && S.game && S.game.ruleset === "europe1615";
  // What the reader opened or closed stays so when a live update redraws the panel.
  const opened = {};
  function folding(key, byDefault, ...children) {
    const open = key in opened ? opened[key] : byDefault;
    return U.el("details", { open, ontoggle: (e) => { opened[key] = e.target.open; } }, ...children);
  }

  // The seat's duties this phase, in words, with buttons that add a line to the text.
  function guide(box, S, addLine) {
    const v = S.view, o = v.orderable || {}, kind = (v.phase || "").slice(-1), me = S.you.role;
    const wrap = U.el("div", { class: "guide", id: "guide-1615" });
    if (kind === "M") {
      const total = (v.allocation || {})[me];
      wrap.append(U.el("p", { id: "inf-left" }, U.el("b", {}, "INFs left this year: " + v.inf_left),
        total !== undefined ? " of " + total + ". Unused INFs do not carry over to the next year." : ""));
      const placed = Object.entries(v.my_inf || {});
      wrap.append(U.el("p", { id: "inf-placed" }, placed.length
        ? "Your INFs in the minor states: " + placed.map(([m, n]) => m + " " + n).join(", ") + "."
        : "You have no INFs in any minor state yet."));
      const saved = (v.submission && v.submission.text) || "", bad = new Set(((v.submission || {}).errors || []).map(e => e.line));
      const pending = saved.split("\n").map((l, i) => [i + 1, l.split("#")[0].match(/^\s*(\d+)\s*:\s*([A-Za-z]+)\s*$/)])
        .filter(([n, m]) => m && !bad.has(n)).map(([, m]) => [m[2].toUpperCase(), Number(m[1])]);
      if (pending.length) {
        const sum = pending.reduce((a, [, n]) => a + n, 0);
        wrap.append(U.el("p", { id: "inf-pending" }, "Your saved submission deploys " + pending.map(([m, n]) => n + " to " + m).join(", ") +
          " this phase: " + (v.inf_left - sum) + " left after it."));
      }
      if ((o.deployable || []).length) wrap.append(U.el("p", { class: "small" }, "You may deploy to: " + o.deployable.join(", ") + "."));
    }
    if (kind === "R") {
      const r = Object.entries(o.retreats || {});
      wrap.append(U.el("p", {}, r.length ? "Retreat or disband: " + r.map(([u, to]) => u + " → " + (to.join(", ") || "nowhere: it disbands")).join("; ") + ". Write e.g. '" + r[0][0] + " R " + (r[0][1][0] || "…") + "'." : "Nothing of yours to retreat."));
    }
    if (kind === "E") {
      wrap.append(U.el("p", { id: "winter-duty" }, o.disbands
        ? U.el("b", {}, "You must disband " + o.disbands + " unit(s)")
        : "You have no disbands to make this early winter.", o.disbands ? ": one of " + (o.units || []).join(", ") + ". Write e.g. '" + (o.units || ["A PAR"])[0] + " D'." : ""));
      for (const [mid, d] of Object.entries(o.minor_disbands || {})) {
        wrap.append(U.el("p", {}, "As " + mid + "'s aligned power you disband " + d.disbands + " of its units: " + d.units.join(", ") + "."));
      }
    }
    if (kind === "A") {
      const sites = o.build_sites || [];
      wrap.append(U.el("p", { id: "winter-duty" }, o.builds
        ? U.el("b", {}, "You may build " + o.builds + " unit(s)")
        : "You have no builds this winter.", o.builds ? " in " + (sites.join(", ") || "none of your home centres (all occupied or lost)") + ". Write e.g. 'A " + (sites[0] || "PAR") + " B'." : ""));
      for (const [prov, mid] of Object.entries(o.minor_build_sites || {})) {
        wrap.append(U.el("p", {}, "For " + mid + " (aligned with you) you may build in " + prov + "."));
      }
      if (o.sanction_list) wrap.append(sanctionChoice(v, o, addLine));
    }
    wrap.append(formatHelp());
    box.append(wrap);
  }

  function sanctionChoice(v, o, addLine) {
    const cards = v.my_sanction_cards || {}, usable = new Set(o.sanction_usable || []);
    const out = U.el("div", { id: "sanction-choice" });
    if (!o.sanction_list.length) { out.append(U.el("p", {}, "Your sanction list is empty: you choose none.")); return out; }
    out.append(U.el("p", {}, U.el("b", {}, "Choose one sanction for the coming year"),
      usable.size ? " (you must, while one of yours can be played):" : " (none of yours can be played now):"));
    const table = U.el("table", { class: "results sanctions" });
    table.append(U.el("tr", {}, U.el("th", {}, "Sanction"), U.el("th", {}, "What it does"), U.el("th", {}, "")));
    for (const sid of o.sanction_list) {
      const c = cards[sid] || { name: sid, effect: "", conditions: "" };
      const ok = usable.has(sid);
      table.append(U.el("tr", { "data-sanction": sid, class: ok ? "" : "unusable" },
        U.el("td", {}, c.name), U.el("td", {}, c.effect, c.conditions ? U.el("div", { class: "small" }, "Condition: " + c.conditions) : ""),
        U.el("td", {}, ok ? U.el("button", { class: "small", "data-choose": sid, onclick: () => addLine("SANCTION: " + c.name, /^SANCTIONS?\b/i) }, "Choose") : "not playable now")));
    }
    out.append(table);
    return out;
  }

  function formatHelp() {
    const d = folding("format-help", false, U.el("summary", {}, "How to write a submission"));
    d.className = "request";
    d.id = "format-help";
    d.append(U.el("p", {}, "One line each, in any order; blank lines and text after # are ignored. A heading with your power's name is optional."));
    const t = U.el("table", { class: "results" });
    for (const [ex, what] of FORMAT) t.append(U.el("tr", {}, U.el("td", {}, U.el("code", {}, ex)), U.el("td", {}, what)));
    d.append(t, U.el("p", {}, "Example (the rules' French submission):"), U.el("pre", { id: "format-example" }, EXAMPLE));
    return d;
  }

  // The ruleset's special actions as labelled buttons (never JSON): end by agreement for a seat, abandon for the GM.
  function label(a) {
    if (a.type === "propose_end") return a.agree ? "Propose to end the game by agreement" : "Withdraw my agreement to end the game";
    if (a.type === "abandon") return a.abandoned ? "Declare " + a.power + " abandoned" : a.power + " is no longer abandoned";
    return null;
  }
  function actions(box, S, send) {
    const list = (S.view.actions || []).filter(a => label(a));
    if (!list.length) return;
    const votes = S.view.end_votes || [];
    const wrap = U.el("div", { class: "special-actions" }, U.el("h3", {}, "Special actions"));
    if (list.some(a => a.type === "propose_end")) {
      wrap.append(U.el("p", { class: "small" }, "The game ends when every remaining power agrees (most rounds won, then score, decides). " +
        (votes.length ? "Agreed so far: " + votes.join(", ") + "." : "Nobody has agreed yet.")));
    }
    if (list.some(a => a.type === "abandon")) {
      wrap.append(U.el("p", { class: "small" }, "An abandoned power (no replacement player found) holds and is dissolved at the next early winter."));
    }
    for (const a of list) {
      wrap.append(U.el("button", { class: "small", "data-action": a.type + (a.power ? ":" + a.power : ""), onclick: () => {
        const text = label(a);
        if (a.type === "abandon" && a.abandoned && !window.confirm(text + "?")) return;
        send(a);
      } }, label(a)));
    }
    box.append(wrap);
  }

  // The phase report in groups: the reader's own first (open), then each minor state (folded together, each
  // with its standing in its heading), then the rest. Failed and void lines are marked; each carries its reason.
  const BAD = /: (fails|void)\b|\b(fails|void) \(/;
  function group(g, open, minor, scope) {
    const bad = g.lines.filter(l => BAD.test(l)).length;
    const status = minor && g.lines.map(l => (l.match(/^status [A-Z_]+: (.*)$/) || [])[1]).find(x => x);
    const d = folding((scope || "") + "report:" + g.title, open, U.el("summary", {}, g.title + (status ? " · " + status : "") + " (" + g.lines.length + ")" + (bad ? " · " + bad + " failed or void" : "")));
    d.className = "report-group";
    d.dataset.group = g.title;
    const ul = U.el("ul", { class: "report-lines" });
    for (const l of g.lines) ul.append(U.el("li", { class: BAD.test(l) ? "bad" : "" }, l));
    if (!g.lines.length) ul.append(U.el("li", {}, "Nothing changed for you."));
    d.append(ul);
    return d;
  }
  // scope: "" for the last phase's report; another report on the page (a past phase's) names its own, so what
  // is opened or closed in one is kept apart from the other.
  function report(box, groups, scope) {
    scope = scope || "";
    const own = groups.filter(g => g.title.startsWith("For "));
    const rest = groups.filter(g => g.title === "Everything else");
    const minors = groups.filter(g => !own.includes(g) && !rest.includes(g));
    for (const g of own) box.append(group(g, true, false, scope));
    if (minors.length) {
      const bad = minors.some(g => g.lines.some(l => BAD.test(l)));
      const all = folding(scope + "report-minors", bad, U.el("summary", {}, "Each minor state (" + minors.length + ")"));
      all.className = "report-group minors";
      if (!scope) all.id = "report-minors";
      for (const g of minors) all.append(group(g, false, true, scope));
      box.append(all);
    }
    for (const g of rest) box.append(group(g, false, false, scope));
  }

  return { is1615, guide, actions, report, label };
})();

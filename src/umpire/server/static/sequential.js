"use strict";
// What the pages of sequential games share (his2p.js, empires2.js; templates/sequential.html): the game's address
// and token, the calls to its API, the header, the join box, the GM's card, the legal actions as grouped buttons in
// the server's words, and the start (the whole answer, then the live stream). Each page draws the rest itself.
const Sequential = {
  // The page: {gameId, token, api(path), S: the last answer, refresh(), post(path, body, errorNode)}; every answer
  // is kept in S, then given to render(answer).
  create(render) {
    const gameId = U.$("app").dataset.game;
    const p = { gameId, token: U.token(gameId), S: null, api: (path) => "/api/games/" + gameId + path };
    p.render = (data) => { p.S = data; render(data); };
    Object.assign(p, U.talk(p.api, () => p.token, p.render));
    return p;
  },
  nice: (id) => String(id == null ? "" : id).replace(/_/g, " "),
  text(id, t) { const n = U.$(id); if (n) n.textContent = t; },
  show(id, on) { const n = U.$(id); if (n) n.classList.toggle("hidden", !on); },
  // The header: the game's title (else `title`), the clock line, and who this browser is (`seat`: its words).
  header(p, title, clock, seat) {
    const you = p.S.you;
    Sequential.text("title", p.S.game.title || title);
    Sequential.text("clock", clock);
    Sequential.text("who", (you.name ? you.name + " · " : "") + seat);
  },
  // The join box (U.joinForm) and the GM's start, pause and resume; returns what draws them for each answer.
  // `seatName(seat)` names a seat in the ruleset's words, `article` goes before it in the join box's title.
  joinAndGm(p, seatName, article) {
    U.$("join-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const body = { name: U.$("join-name").value };
      if (p.S.you.role === "lobby" && p.S.game.settings.assignment === "chosen") body.seat = U.$("join-seat").value;
      try {
        const data = await p.post("/join", body, U.$("join-error"));
        p.token = data.token; U.setToken(p.gameId, p.token);
        await p.refresh();
      } catch (e) { /* shown */ }
    });
    for (const [id, path] of [["gm-start", "/gm/start"], ["gm-pause", "/gm/pause"], ["gm-resume", "/gm/resume"]]) {
      U.$(id).addEventListener("click", () => p.post(path, {}, U.$("gm-error")).catch(() => {}));
    }
    return () => {
      U.joinForm(p.S, seatName, article);
      Sequential.show("gm", !!p.S.you.is_gm);
      if (!p.S.you.is_gm) return;
      const status = p.S.game.status;
      U.$("gm-start").disabled = status !== "lobby";
      U.$("gm-pause").disabled = status !== "running";
      U.$("gm-resume").disabled = status !== "paused";
    };
  },
  // The view's legal actions each with its label ({label, group}); an unlabelled one is named by its type.
  labelled(view, group) {
    const labels = view.action_labels || [];
    return (view.actions || []).map((a, i) => ({ a, l: labels[i] || { label: Sequential.nice(a.type), group } }));
  },
  // A click that sends: the button is disabled while take(a) runs and enabled again if it is refused.
  onTake(take, a) {
    return (ev) => { ev.target.disabled = true; take(a).catch(() => { ev.target.disabled = false; }); };
  },
  // The actions `shown` ({a, l}) as buttons into `box`, a div.his-group[data-group] for each group in `groups`'
  // order (then any group the server names that the page does not list), under its heading. `wrap(group, div, count)`, if given, may put a group elsewhere (a fold) and returns
  // the node to add, or null for the plain heading; `item(x)`, if given, may give a node for an action instead of
  // its button (null: the button); `pass` is the action type shown as the quiet button.
  buttons(box, shown, groups, { take, wrap, item, pass }) {
    const more = shown.map(x => x.l.group).filter(g => !groups.includes(g));  // a group the page does not know yet
    for (const g of [...new Set([...groups, ...more])]) {
      const mine = shown.filter(x => x.l.group === g);
      if (!mine.length) continue;
      const group = U.el("div", { class: "his-group", "data-group": g });
      const wrapped = wrap ? wrap(g, group, mine.length) : null;
      if (!wrapped) group.append(U.el("h4", {}, g));
      for (const x of mine) {
        const own = item ? item(x) : null;
        if (own === false) continue;
        group.append(own || U.el("button", {
          type: "button", class: "his-action" + (x.a.type === pass ? " pass" : ""), "data-type": x.a.type,
          onclick: Sequential.onTake(take, x.a),
        }, x.l.label));
      }
      box.append(wrapped || group);
    }
  },
  // The first answer, then the live stream; an error before it is put in #decision.
  start(p) {
    p.refresh().catch((e) => { Sequential.text("decision", e.message); });
    U.stream(p.api("/events"), p.token, p.render, (on) => U.$("live").classList.toggle("on", on));
  },
};

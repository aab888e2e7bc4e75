"use strict";
// Shared helpers: element building (text only, never HTML from data), the token, and JSON calls.
const U = {
  el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  },
  svg(tag, attrs, ...children) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined) node.setAttribute(k, v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  },
  $(id) { return document.getElementById(id); },
  clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; },
  // The token: taken from the link's #token=..., kept per tab (sessionStorage) and per browser (localStorage),
  // then removed from the address bar.
  token(gameId) {
    const key = "umpire:token:" + gameId;
    const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
    if (m) {
      const t = decodeURIComponent(m[1]);
      sessionStorage.setItem(key, t); localStorage.setItem(key, t);
      history.replaceState(null, "", location.pathname + location.search);
      return t;
    }
    return sessionStorage.getItem(key) || localStorage.getItem(key);
  },
  setToken(gameId, t) {
    const key = "umpire:token:" + gameId;
    sessionStorage.setItem(key, t); localStorage.setItem(key, t);
  },
  async call(method, url, token, body) {
    const headers = { "Accept": "application/json" };
    if (token) headers["Authorization"] = "Bearer " + token;
    const opts = { method, headers };
    if (method !== "GET") { headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body || {}); }
    const res = await fetch(url, opts);
    let data = null;
    try { data = await res.json(); } catch (e) { data = { error: "the server answered " + res.status }; }
    if (!res.ok) { const err = new Error(data && data.error || ("error " + res.status)); err.data = data; err.status = res.status; throw err; }
    return data;
  },
  // Follow a game's event stream (read with fetch, so a token travels in a header, not in the URL): calls
  // onState(payload) for each "state" event and onLive(true/false) as the connection comes and goes; reconnects.
  async stream(url, token, onState, onLive) {
    let wait = 1000;
    for (;;) {
      try {
        const headers = { "Accept": "text/event-stream" };
        if (token) headers["Authorization"] = "Bearer " + token;
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error("stream " + res.status);
        onLive(true);
        wait = 1000;
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        let buf = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i;
          while ((i = buf.indexOf("\n\n")) >= 0) {
            const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
            let event = "message", data = "";
            for (const line of chunk.split("\n")) {
              if (line.startsWith("event:")) event = line.slice(6).trim();
              else if (line.startsWith("data:")) data += line.slice(5).trim();
            }
            if (event === "state" && data) onState(JSON.parse(data));
          }
        }
      } catch (e) { /* reconnect below */ }
      onLive(false);
      await new Promise(r => setTimeout(r, wait));
      wait = Math.min(wait * 2, 15000);
    }
  },
  when(epoch) { return new Date(epoch * 1000).toLocaleString(); },
  span(seconds) {
    seconds = Math.max(0, Math.round(seconds));
    const d = Math.floor(seconds / 86400), h = Math.floor(seconds % 86400 / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    return (d ? d + "d " : "") + (d || h ? h + "h " : "") + (d || h || m ? m + "m " : "") + s + "s";
  },
};

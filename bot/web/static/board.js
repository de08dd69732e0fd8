// Shiftcord's web board: draws what the server sends (api/state), sends taps back.
// Every address is relative, every request same-origin; the server decides everything.
"use strict";
(() => {
  let csrf = document.querySelector('meta[name="csrf"]').content;
  const main = document.getElementById("main");
  const alertBox = document.getElementById("alert");
  const live = document.getElementById("live");
  const params = new URLSearchParams(location.search);
  let matchId = params.get("id");
  // inside Discord (an Activity): how to sign in there, else empty
  const activityMeta = document.querySelector('meta[name="activity"]').content;
  const activity = activityMeta ? JSON.parse(activityMeta) : null;
  let state = null;
  let showing = null; // the ply of an earlier position shown, or null
  let requestId = null; // one per move composed: a second Confirm is the same request
  let events = null;
  let listenAgain = null; // the timer that opens a refused live stream again
  let latest = 0; // the match's latest version the live events told
  let trying = null; // the line of moves tried on a copy, and the moves undone from it

  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "onclick") node.addEventListener("click", value);
      else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
    return node;
  }

  function say(words) {
    alertBox.textContent = words || "";
  }

  async function api(url, body) {
    main.dataset.busy = "1";
    try {
      return await ask(url, body);
    } finally {
      delete main.dataset.busy;
    }
  }

  async function ask(url, body) {
    // a refusal comes back with status 200 and its words (a 4xx would be a console error)
    const options = { credentials: "same-origin", headers: { "X-Shiftcord-Page": "1" } };
    if (body !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.headers["X-CSRF-Token"] = csrf;
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let answer = {};
    try {
      answer = await response.json();
    } catch (error) {
      answer = {};
    }
    if (answer.refused && !answer.state) {
      say(answer.refused);
      if (answer.login) main.replaceChildren(el("p", {}, el("a", { class: "login", href: "login" }, answer.login)));
      return null;
    }
    return answer;
  }

  // ---- signing in: the token is in the address's fragment, never sent in a request line
  async function signIn() {
    const token = location.hash.slice(1);
    history.replaceState(null, "", location.pathname);
    const answer = await api("signin", { token: token });
    if (!answer) return;
    csrf = answer.csrf;
    location.replace(answer.match ? "match?id=" + answer.match : "./");
  }

  // ---- my matches
  async function showMatches() {
    const answer = await api("api/matches");
    if (!answer) return;
    const words = answer.words;
    document.title = words.heading;
    const list = el("ul", { class: "matches" });
    for (const match of answer.matches) {
      list.append(
        el(
          "li",
          { class: match.yours ? "yours" : "theirs" },
          el(
            "a",
            { href: "match?id=" + match.match, onclick: activity ? (event) => { event.preventDefault(); openMatch(match.match); } : null },
            el("img", { src: match.picture, alt: "", width: 800, loading: "lazy" }),
            el("strong", {}, match.title),
            el("span", { class: "turn" }, match.yours ? words.yours : words.theirs),
            el("span", { class: "caption" }, match.caption)
          )
        )
      );
    }
    main.replaceChildren(
      el("h1", {}, words.heading),
      answer.matches.length ? list : el("p", {}, words.none)
    );
  }

  // ---- a match
  async function load(path) {
    const id = matchId;
    const answer = await api("api/state?match=" + encodeURIComponent(id) + "&path=" + encodeURIComponent(path || ""));
    if (!answer) return;
    draw(answer);
  }

  function draw(next) {
    if (!state || next.version !== state.version || !next.preview) requestId = null;
    if (next.moves === null) next.moves = state ? state.moves : [];
    state = next;
    const words = state.words;
    document.title = state.title;
    const source = showing === null ? state.picture : "board.png?match=" + state.match + "&v=" + state.version + "&ply=" + showing;
    const [frame, overlay] = boardFrame(source, state.alt);
    const panel = el("section", { class: "panel" });
    // the latest move's news (the presentation's announcement), as its post reads in the
    // thread: to the member who moved, its private answer first; to every page, its public
    // words. Without them (a move made elsewhere, a later version), the board's caption.
    const told = [state.answer, ...(state.news || [])].filter(Boolean);
    const caption = told.length && showing === null
      ? el("div", { class: "news" }, ...told.map((words) => el("p", {}, words)))
      : el("p", { class: "caption" }, state.caption);
    panel.append(el("h1", {}, state.title), caption);
    if (showing === null && state.composing) compose(overlay, panel, words);
    else if (state.watching) panel.append(el("p", {}, words.watching));
    if (state.explore) {
      panel.append(el("div", { class: "actions" }, el("button", { class: "try", onclick: () => { trying = { line: [], redo: [] }; explore(""); } }, words.try)));
    }
    panel.append(moveList(words));
    if (state.over) panel.append(analysisBox);
    main.replaceChildren(el("div", { class: "match" }, frame, panel));
    if (latest > state.version && !trying) setTimeout(() => load(""));  // news came meanwhile
  }

  // ---- an ended match's analysis: the chart, and each moment it swung most
  const analysisBox = el("section", { class: "analysis" });

  async function showAnalysis(ask) {
    const url = "api/analysis?match=" + state.match;
    const analysis = ask ? await api(url, {}) : await api(url);
    if (!analysis || !analysis.heading) return;
    analysisBox.replaceChildren(el("h2", {}, analysis.heading));
    if (analysis.ask) {
      analysisBox.append(el("button", { class: "analyse", onclick: () => showAnalysis(true) }, analysis.ask));
      return;
    }
    analysisBox.append(
      el("p", {}, analysis.text),
      el("img", { class: "chart", src: analysis.chart, alt: analysis.text, width: 800 })
    );
    const list = el("ul", { class: "swings" });
    for (const swing of analysis.swings) {
      const open = () => { showing = swing.ply; draw(state); };
      list.append(el("li", {}, el("p", {}, swing.text), el("button", { onclick: open }, swing.show)));
    }
    analysisBox.append(list);
  }

  function drawPlaces(overlay, places, chosen, choose) {
    for (const place of places) {
      const shape = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
      shape.setAttribute("points", place.points.map((p) => p.join(",")).join(" "));
      shape.setAttribute("class", chosen ? "place target" : "place");
      shape.setAttribute("tabindex", "0");
      shape.setAttribute("role", "button");
      shape.setAttribute("aria-label", place.label);
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = place.label;
      shape.append(title);
      shape.addEventListener("click", () => choose(place.keys));
      shape.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose(place.keys);
        }
      });
      overlay.append(shape);
    }
  }

  function boardFrame(source, alt) {
    const picture = el("img", { id: "board", src: source, alt: alt, width: 800 });
    const overlay = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    overlay.setAttribute("class", "places");
    const fit = () => overlay.setAttribute("viewBox", "0 0 " + picture.naturalWidth + " " + picture.naturalHeight);
    if (picture.complete && picture.naturalWidth) fit();
    else picture.addEventListener("load", fit);
    return [el("div", { class: "frame" }, picture, overlay), overlay];
  }

  function compose(overlay, panel, words) {
    const chosen = state.path !== "";
    drawPlaces(overlay, state.places, chosen, choose);
    panel.append(el("p", { class: "composer" }, state.text));
    if (state.preview) {
      requestId = requestId || newRequestId();
      const confirm = el("button", { class: "confirm", onclick: confirmMove }, words.confirm);
      panel.append(el("div", { class: "actions" }, confirm, backButton(words), cancelButton(words)));
      if (state.preview.autoplay) confirmMove();
      return;
    }
    panel.append(el("p", { class: "hint" }, state.places.length ? words.tap : words.choose));
    const buttons = el("div", { class: "choices" });
    for (const choice of state.choices) {
      buttons.append(el("button", { class: "choice", "data-keys": choice.keys, onclick: () => choose(choice.keys) }, choice.label));
    }
    panel.append(buttons);
    if (chosen) panel.append(el("div", { class: "actions" }, backButton(words), cancelButton(words)));
  }

  function backButton(words) {
    return el("button", { class: "back", onclick: () => load(state.back || "") }, words.back);
  }

  function cancelButton(words) {
    return el("button", { class: "cancel", onclick: () => load("") }, words.cancel);
  }

  function newRequestId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function confirmMove() {
    const answer = await api("api/play?match=" + state.match, {
      match: state.match,
      ply: state.ply,
      path: state.path,
      request: requestId,
    });
    if (!answer) return;
    say(answer.refused || answer.note || "");
    showing = null;
    answer.state.answer = answer.answer; // (what only the member who moved reads)
    draw(answer.state);
  }

  function choose(keys) {
    say("");
    load(keys);
  }

  // ---- trying moves on a copy: the page holds the line, the server replays it
  async function explore(path) {
    const line = trying.line.join("\n");
    const answer = await api("api/explore?match=" + state.match + "&line=" + encodeURIComponent(line) + "&path=" + encodeURIComponent(path));
    if (!answer || !trying) return;
    if (answer.line.length > trying.line.length) trying.redo = [];
    trying.line = answer.line;
    drawTried(answer);
  }

  function drawTried(tried) {
    const words = state.words;
    const [frame, overlay] = boardFrame(tried.picture, state.alt);
    drawPlaces(overlay, tried.places, tried.path !== "", explore);
    const panel = el("section", { class: "panel" });
    panel.append(el("h1", {}, state.title), el("p", { class: "caption trying" }, tried.caption));
    if (tried.guess) panel.append(el("p", { class: "guess" }, tried.guess));
    if (tried.text) panel.append(el("p", { class: "composer" }, tried.text));
    const buttons = el("div", { class: "choices" });
    for (const choice of tried.choices) {
      buttons.append(el("button", { class: "choice", onclick: () => explore(choice.keys) }, choice.label));
    }
    panel.append(buttons);
    const undo = () => { trying.redo.push(trying.line.pop()); explore(""); };
    const redo = () => { trying.line.push(trying.redo.pop()); explore(""); };
    const actions = el(
      "div",
      { class: "actions" },
      tried.path ? el("button", { class: "back", onclick: () => explore(tried.back || "") }, words.back) : null,
      el("button", { onclick: undo, disabled: trying.line.length === 0 }, words.tried_back),
      el("button", { onclick: redo, disabled: trying.redo.length === 0 }, words.tried_forward),
      tried.estimate ? el("button", { class: "estimate", onclick: estimate }, words.estimate) : null,
      el("button", { class: "stop", onclick: () => { trying = null; say(""); load(""); } }, words.stop_trying)
    );
    panel.append(actions);
    const list = el("ol", { class: "tried" });
    for (const move of trying.line) list.append(el("li", {}, move));
    panel.append(list);
    main.replaceChildren(el("div", { class: "match" }, frame, panel));
  }

  async function estimate() {
    const answer = await api("api/estimate?match=" + state.match + "&line=" + encodeURIComponent(trying.line.join("\n")));
    if (answer) say(answer.words);
  }

  function moveList(words) {
    const box = el("nav", { class: "moves", "aria-label": words.moves });
    box.append(el("h2", {}, words.moves));
    const total = state.moves.length;
    const at = showing === null ? total : showing;
    const step = (ply) => {
      showing = ply >= total ? null : Math.max(0, ply);
      draw(state);
    };
    box.append(
      el(
        "div",
        { class: "steps" },
        el("button", { onclick: () => step(0), disabled: at === 0 }, words.start),
        el("button", { onclick: () => step(at - 1), disabled: at === 0 }, words.previous),
        el("button", { onclick: () => step(at + 1), disabled: at >= total }, words.next),
        el("button", { onclick: () => step(total), disabled: showing === null }, words.latest)
      )
    );
    if (showing !== null) {
      const move = showing ? state.moves[showing - 1].notation : "";
      const text = showing
        ? words.showing.replace("{number}", showing).replace("{total}", total).replace("{move}", move)
        : words.showing_start;
      box.append(el("p", { class: "showing" }, text));
    }
    const list = el("ol", {});
    for (const move of state.moves) {
      list.append(
        el("li", {}, el("button", { class: "move", "aria-current": move.ply === at ? "step" : null, onclick: () => step(move.ply) }, move.text))
      );
    }
    box.append(list);
    return box;
  }

  function listen() {
    if (events) events.close();
    clearTimeout(listenAgain);
    events = new EventSource("api/events?match=" + encodeURIComponent(matchId));
    // a refused stream is answered 200 with its words (a 4xx would be a console error):
    // the page stops listening, says why, and tries again later when it was only busy
    events.addEventListener("refused", (event) => {
      const told = JSON.parse(event.data);
      const listening = events;
      events.close();
      live.dataset.state = "off";
      live.textContent = told.refused;
      if (told.status === 503 || told.status === 429) {
        listenAgain = setTimeout(() => { if (events === listening) listen(); }, 30000);
      }
    });
    events.addEventListener("version", (event) => {
      live.dataset.state = "on";
      latest = Number(event.data);
      // an answer on its way draws the news itself (or asks for it once drawn)
      if (state && latest > state.version && !trying && !main.dataset.busy) load("");
    });
    events.addEventListener("error", () => {
      live.dataset.state = "off";
      if (state) live.textContent = state.words.offline;
    });
    events.addEventListener("open", () => {
      live.dataset.state = "on";
      live.textContent = "";
    });
  }

  // a match's page: the board, then its live updates (and its analysis once over)
  function openMatch(id) {
    matchId = String(id);
    state = null;
    showing = null;
    trying = null;
    load("").then(() => { if (!state) return; listen(); if (state.over) showAnalysis(false); });
  }

  // ---- inside Discord: the Embedded App SDK's handshake, then the member authorizes
  // (identify) and the server exchanges the code; the page stays (the SDK's link with
  // Discord lives as long as it), showing the match of the channel or My matches
  async function openInDiscord(sdk) {
    say("");
    if (!sdk) {
      const { DiscordSDK } = await import("./" + activity.sdk);
      sdk = new DiscordSDK(activity.client, { disableConsoleLogOverride: true });
      await sdk.ready();
    }
    let code;
    try {
      ({ code } = await sdk.commands.authorize({
        client_id: activity.client,
        response_type: "code",
        state: "",
        prompt: "none",
        scope: ["identify"],
      }));
    } catch (declined) {
      say(activity.declined);
      main.replaceChildren(el("p", {}, el("button", { class: "retry", onclick: () => openInDiscord(sdk) }, activity.retry)));
      return;
    }
    const answer = await api("activity", { code: code, channel: sdk.channelId || "" });
    if (!answer) return;
    csrf = answer.csrf;
    document.getElementById("home").addEventListener("click", (event) => { event.preventDefault(); if (events) events.close(); events = null; showMatches(); });
    if (answer.match) openMatch(answer.match);
    else showMatches();
  }

  const refused = document.querySelector('meta[name="refused"]').content;
  if (refused) {
    say(refused); // the page was a refusal (a sign-in that did not work)
    main.replaceChildren(el("p", {}, el("a", { href: "./" }, document.getElementById("home").textContent)));
  } else if (activity) openInDiscord(null);
  else if (location.pathname.endsWith("/open")) signIn();
  else if (matchId) openMatch(matchId);
  else showMatches();
})();

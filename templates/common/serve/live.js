// printgen serve: keeps an open page in step with the designer's saves, through the
// server-sent events of /events (the browser's own EventSource; no polling, no library).
"use strict";
(() => {
  const data = document.getElementById("printgen-live");
  if (!data) return;
  const page = JSON.parse(data.textContent);
  const banner = document.createElement("pre");
  banner.id = "printgen-banner";
  banner.hidden = true;
  const status = document.createElement("div");
  status.id = "printgen-status";
  status.hidden = true;
  document.body.prepend(banner); // above the page, pushing it down: the header stays seen
  document.body.append(status);

  const mine = (game) => page.page !== "card" || !game || game === page.game;

  function showProblems(problems) {
    const shown = (problems || []).filter((p) => mine(p.game));
    banner.replaceChildren();
    for (const problem of shown) {
      const title = document.createElement("b");
      title.textContent = problem.source === "build" ? "The last build failed:\n" : "This save cannot be read; the page shows the last good one:\n";
      banner.append(title, document.createTextNode(problem.text + "\n"));
    }
    banner.hidden = shown.length === 0;
  }

  function linkCards() {
    for (const link of document.querySelectorAll(".cards a[href]")) {
      const target = (page.cards || {})[link.getAttribute("href")];
      if (target) link.setAttribute("href", target);
    }
    for (const link of document.querySelectorAll(".doc > a[href$='.pdf']")) {
      if (link.parentElement.querySelector("a.printgen-pages")) continue;
      for (const [label, href] of (page.parts || {})[link.getAttribute("href")] || []) {
        const part = document.createElement("a");
        part.className = "printgen-part";
        part.href = href;
        part.textContent = label;
        link.after(part);
      }
      const pages = document.createElement("a");
      pages.className = "printgen-pages";
      pages.href = "/_pages/" + link.getAttribute("href");
      pages.textContent = "every page";
      link.after(pages);
    }
  }

  function showLayers() {
    const hidden = JSON.parse(localStorage.getItem("printgen-hidden-layers") || '["boxes"]');
    for (const box of document.querySelectorAll("form.layers input[data-layer]")) {
      const layer = box.dataset.layer;
      box.checked = !hidden.includes(layer);
      document.body.classList.toggle("hide-" + layer, !box.checked);
      box.addEventListener("change", () => {
        document.body.classList.toggle("hide-" + layer, !box.checked);
        const now = [...document.querySelectorAll("form.layers input[data-layer]")]
          .filter((b) => !b.checked).map((b) => b.dataset.layer);
        localStorage.setItem("printgen-hidden-layers", JSON.stringify(now));
      });
    }
  }

  async function fetched(url) {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) return null;
    return new DOMParser().parseFromString(await response.text(), "text/html");
  }

  // The gallery after a build: its new text in place, the files the build changed drawn anew.
  async function refreshGallery(changed, builds) {
    const fresh = await fetched("/");
    if (!fresh || !fresh.querySelector("main")) return;
    for (const part of ["header", "nav", "main"]) {
      const old = document.querySelector("body > " + part);
      const now = fresh.querySelector("body > " + part);
      if (old && now) old.innerHTML = now.innerHTML;
    }
    const next = fresh.getElementById("printgen-live");
    if (next) Object.assign(page, JSON.parse(next.textContent));
    const again = new Set(changed || []);
    for (const image of document.querySelectorAll("img[src]")) {
      const src = image.getAttribute("src");
      if (again.has(src.split("?")[0])) image.setAttribute("src", src.split("?")[0] + "?v=" + builds);
    }
    linkCards();
  }

  // A card's validate lines after a build (the game's full report is the build's).
  async function refreshLines() {
    const fresh = await fetched(location.href);
    const now = fresh && fresh.getElementById("lines");
    const old = document.getElementById("lines");
    if (now && old && now.innerHTML !== old.innerHTML) old.innerHTML = now.innerHTML;
  }

  // The gallery's thumbnails of the cards a save changed, drawn live before the build ends.
  function swapThumbnails(cards, generation) {
    for (const [game, ids] of Object.entries(cards || {})) {
      if (!ids || ids.length > 12) continue;
      for (const id of ids) {
        const href = game + "/cards/" + id + ".png";
        for (const image of document.querySelectorAll(".cards img")) {
          if ((image.getAttribute("src") || "").split("?")[0] === href) {
            image.setAttribute("src", (page.cards || {})[href] + "/front.png?g=" + generation);
          }
        }
      }
    }
  }

  const events = new EventSource("/events");
  events.addEventListener("state", (e) => {
    const state = JSON.parse(e.data);
    showProblems(state.problems);
    status.hidden = !state.building;
    status.textContent = "building…";
    if (page.page === "card" && (state.generations || {})[page.game] !== page.generation) location.reload();
    else if (page.page === "waiting" && state.builds > 0) location.reload();
    else if (page.page === "gallery" && state.builds !== page.builds) refreshGallery([], state.builds);
    else if (page.page === "report" && state.builds !== page.builds) location.reload();
  });
  events.addEventListener("change", (e) => {
    const change = JSON.parse(e.data);
    showProblems(change.problems);
    if (page.page === "card" && change.games.includes(page.game)) location.reload();
    else if (page.page === "gallery") swapThumbnails(change.cards, change.generation);
  });
  events.addEventListener("building", (e) => {
    status.textContent = "building…";
    status.hidden = false;
    showProblems(JSON.parse(e.data).problems);
  });
  events.addEventListener("built", (e) => {
    const built = JSON.parse(e.data);
    status.hidden = true;
    showProblems(built.problems);
    if (page.page === "waiting") location.reload();
    else if (page.page === "gallery") refreshGallery(built.changed, built.builds);
    else if (page.page === "card") refreshLines();
    else if (page.page === "report" && (built.changed || []).includes(page.file)) location.reload();
  });
  events.addEventListener("problems", (e) => showProblems(JSON.parse(e.data).problems));

  showProblems(page.problems);
  linkCards();
  showLayers();
})();

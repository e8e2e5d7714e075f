// The memory page's only script (no inline script: the Content-Security-Policy forbids it).
// 1. Telegram Mini App: hand initData to the server, which checks its signature and sets the
//    session cookie; apply Telegram's theme colours.
// 2. Search as you type: fetch the fact list for the words typed (the form works without it).
"use strict";

(function () {
  var body = document.body;
  var base = body.getAttribute("data-base") || "";

  function launchParams() {
    // Telegram opens a Mini App with its launch data in the URL fragment; its own script
    // (telegram-web-app.js) reads the same place into window.Telegram.WebApp.
    var out = {};
    var hash = window.location.hash.replace(/^#/, "");
    hash.split("&").forEach(function (pair) {
      var i = pair.indexOf("=");
      if (i > 0) {
        try {
          out[decodeURIComponent(pair.slice(0, i))] = decodeURIComponent(pair.slice(i + 1));
        } catch (e) { /* a malformed pair is ignored */ }
      }
    });
    return out;
  }

  function themeFrom(params) {
    var app = window.Telegram && window.Telegram.WebApp;
    var theme = app && app.themeParams;
    if (!theme || !Object.keys(theme).length) {
      try { theme = JSON.parse(params.tgWebAppThemeParams || "{}"); } catch (e) { theme = {}; }
    }
    var root = document.documentElement;
    Object.keys(theme).forEach(function (name) {
      if (/^[a-z_]+$/.test(name) && /^#[0-9a-fA-F]{3,8}$/.test(String(theme[name]))) {
        root.style.setProperty("--tg-" + name.replace(/_/g, "-"), theme[name]);
      }
    });
    if (theme.bg_color) {
      // Light or dark by the background's brightness, as Telegram's colorScheme does.
      var hex = theme.bg_color.replace("#", "");
      if (hex.length === 3) { hex = hex.replace(/(.)/g, "$1$1"); }
      var rgb = [0, 2, 4].map(function (i) { return parseInt(hex.substr(i, 2), 16); });
      var dark = (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) < 128;
      root.setAttribute("data-theme", dark ? "dark" : "light");
      try { window.sessionStorage.setItem("membot-theme", JSON.stringify(theme)); } catch (e) {}
    }
  }

  function savedTheme() {
    try {
      var saved = window.sessionStorage.getItem("membot-theme");
      if (saved) { themeFrom({tgWebAppThemeParams: saved}); }
    } catch (e) {}
  }

  function signIn() {
    var params = launchParams();
    themeFrom(params);
    var notice = document.getElementById("notice");
    function go(initData) {
      if (!initData) {
        if (notice) { notice.textContent = notice.getAttribute("data-missing") || "Open this page from Telegram."; }
        return;
      }
      var form = new URLSearchParams();
      form.set("initData", initData);
      fetch(base + "/auth/telegram", {method: "POST", body: form, credentials: "same-origin"})
        .then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); })
        .then(function (res) {
          if (res[0] && res[1].ok) {
            var app = window.Telegram && window.Telegram.WebApp;
            if (app && app.ready) { app.ready(); }
            window.location.replace(res[1].next);
          } else if (notice) {
            notice.textContent = notice.getAttribute("data-refused") || "Refused.";
            notice.setAttribute("data-reason", res[1].reason || "");
          }
        });
    }
    var app = window.Telegram && window.Telegram.WebApp;
    if (app && app.initData) { go(app.initData); return; }
    if (params.tgWebAppData) { go(params.tgWebAppData); return; }
    // Telegram's script may still be loading: wait for it a moment.
    var tries = 0;
    var timer = window.setInterval(function () {
      var a = window.Telegram && window.Telegram.WebApp;
      tries += 1;
      if ((a && a.initData) || tries > 20) {
        window.clearInterval(timer);
        go(a && a.initData);
      }
    }, 100);
  }

  function searchAsYouType() {
    var input = document.getElementById("q");
    var results = document.getElementById("results");
    if (!input || !results) { return; }
    var timer = null;
    var asked = 0;
    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        var n = ++asked;
        var url = base + "/search?q=" + encodeURIComponent(input.value.trim());
        fetch(url, {credentials: "same-origin"})
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) {
            if (html !== null && n === asked) {
              results.innerHTML = html;  // server-rendered, every value escaped there
              results.setAttribute("data-query", input.value.trim());
            }
          });
      }, 120);
    });
  }

  if (body.getAttribute("data-telegram") === "1") {
    signIn();
  } else {
    savedTheme();
    searchAsYouType();
  }
})();

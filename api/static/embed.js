/*
 * cardref embed: <cardref-rule rule="euchre.play.follow-suit"></cardref-rule>
 *
 * Loads a rule from the cardref service this script was served by and shows its title, text,
 * options, notes and sources in an open shadow root, with a link to its place in the rule book.
 * Attributes: rule (a rule id, required); variant (says whether the rule holds in that variant);
 * options (the options in force as JSON, e.g. '{"deck": "24"}', marks the chosen alternative);
 * format ("full", the default, or "compact": title, text and link only).
 * Every text is put in the page as text, never as markup. No dependencies.
 */
(function () {
  "use strict";
  if (window.customElements.get("cardref-rule")) return;

  var script = document.currentScript;
  var SERVICE = new URL(".", script && script.src ? script.src : window.location.href).href;
  var URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?]/g;

  var STYLE = [
    ":host { display: block; color: inherit; font: inherit; color-scheme: light dark; }",
    "article { border: 1px solid color-mix(in srgb, currentColor 25%, transparent); border-radius: .4em;",
    "  padding: .75em 1em; margin: 1em 0; background: transparent; }",
    "h3 { margin: 0 0 .4em; font-size: 1.1em; }",
    "p { margin: 0 0 .5em; }",
    "ul { margin: .2em 0 .5em; padding-left: 1.2em; }",
    ".meta { font-size: .9em; opacity: .85; }",
    ".chosen { font-weight: 600; }",
    "a { color: inherit; }",
    "code { font-size: .92em; }"
  ].join("\n");

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function safeHref(url) {
    try {
      var parsed = new URL(url, SERVICE);
      return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
    } catch (error) {
      return null;
    }
  }

  function link(href, text) {
    var a = el("a", null, text);
    a.href = href;
    a.rel = "noopener";
    return a;
  }

  // A plain text with its URLs as links, built from text nodes only.
  function textWithLinks(tag, className, text) {
    var node = el(tag, className);
    var last = 0;
    String(text).replace(URL_IN_TEXT, function (url, at) {
      node.appendChild(document.createTextNode(text.slice(last, at)));
      var href = safeHref(url);
      node.appendChild(href ? link(href, url) : document.createTextNode(url));
      last = at + url.length;
      return url;
    });
    node.appendChild(document.createTextNode(text.slice(last)));
    return node;
  }

  function show(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  function optionLine(option, chosen) {
    var item = el("li");
    item.appendChild(el("code", null, option.name));
    item.appendChild(document.createTextNode(": " + option.summary + " "));
    var values = option.choices ? option.choices.map(show) : [show(option.default)];
    var inForce = chosen && Object.prototype.hasOwnProperty.call(chosen, option.name)
      ? show(chosen[option.name]) : show(option.default);
    var list = el("span", "meta", "(");
    values.forEach(function (value, index) {
      if (index) list.appendChild(document.createTextNode(", "));
      var label = value + (value === show(option.default) ? " (default)" : "");
      list.appendChild(el("span", value === inForce ? "chosen" : null, label));
    });
    if (option.minimum !== undefined) {
      list.appendChild(document.createTextNode("; from " + option.minimum + " to " + option.maximum));
    }
    list.appendChild(document.createTextNode(")"));
    item.appendChild(list);
    return item;
  }

  function parseOptions(raw) {
    if (!raw) return null;
    try {
      var parsed = JSON.parse(raw);
      return parsed && typeof parsed === "object" ? parsed : null;
    } catch (error) {
      return null;
    }
  }

  function render(host, rule) {
    var compact = host.getAttribute("format") === "compact";
    var article = el("article");
    article.setAttribute("part", "rule");
    article.appendChild(el("h3", null, rule.title)).setAttribute("part", "title");
    article.appendChild(textWithLinks("p", "text", rule.text));
    var variant = host.getAttribute("variant");
    if (!compact && variant && rule.variants.length && rule.variants.indexOf(variant) < 0) {
      article.appendChild(el("p", "meta", "This rule does not hold in the variant " + variant + "."));
    }
    if (!compact && rule.option_details && rule.option_details.length) {
      article.appendChild(el("p", "meta", "Options that change it:"));
      var options = el("ul", "options");
      var chosen = parseOptions(host.getAttribute("options"));
      rule.option_details.forEach(function (option) { options.appendChild(optionLine(option, chosen)); });
      article.appendChild(options);
    }
    if (!compact && rule.notes.length) {
      article.appendChild(el("p", "meta", "Notes:"));
      var notes = el("ul", "notes");
      rule.notes.forEach(function (note) { notes.appendChild(textWithLinks("li", null, note)); });
      article.appendChild(notes);
    }
    if (!compact) {
      var sources = el("p", "meta sources", "Sources: ");
      (rule.sources || [{ title: rule.source, url: null }]).forEach(function (source, index) {
        if (index) sources.appendChild(document.createTextNode("; "));
        var href = source.url && safeHref(source.url);
        sources.appendChild(href ? link(href, source.title) : document.createTextNode(source.title));
      });
      article.appendChild(sources);
    }
    var book = SERVICE + "games/" + encodeURIComponent(rule.game) + "/rules?format=html#" + encodeURIComponent(rule.id);
    var footer = el("p", "meta");
    footer.appendChild(link(book, "In the rule book"));
    footer.appendChild(document.createTextNode(" · "));
    footer.appendChild(el("code", null, rule.id));
    article.appendChild(footer);
    return article;
  }

  class CardrefRule extends HTMLElement {
    static get observedAttributes() { return ["rule", "variant", "options", "format"]; }

    constructor() {
      super();
      this.attachShadow({ mode: "open" });
    }

    connectedCallback() { this.load(); }

    attributeChangedCallback() { if (this.isConnected) this.load(); }

    load() {
      var host = this;
      var id = host.getAttribute("rule");
      var ticket = (host._ticket || 0) + 1;
      host._ticket = ticket;
      if (!id) return host.paint(el("p", "meta", "cardref-rule: the rule attribute is missing."));
      host.paint(el("p", "meta", "Loading rule " + id + "…"));
      fetch(SERVICE + "rules/" + encodeURIComponent(id), { headers: { Accept: "application/json" } })
        .then(function (response) {
          return response.json().then(function (body) {
            if (!response.ok) throw new Error(body && body.message ? body.message : "HTTP " + response.status);
            return body;
          });
        })
        .then(function (rule) { if (host._ticket === ticket) host.paint(render(host, rule)); })
        .catch(function (error) {
          if (host._ticket === ticket) host.paint(el("p", "meta", "Rule " + id + " could not be loaded: " + error.message));
        });
    }

    paint(content) {
      var style = el("style", null, STYLE);
      this.shadowRoot.replaceChildren(style, content);
      this.dispatchEvent(new CustomEvent("cardref-rendered", { bubbles: true }));
    }
  }

  window.customElements.define("cardref-rule", CardrefRule);
})();

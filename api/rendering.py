"""Rules rendered for documentation sites: JSON, HTML or Markdown.

A single rule renders as a fragment to place in a page; a game's rule book renders as a complete
page (HTML) or document (Markdown), with a table of contents and every rule under an anchor named
by its id. Every text is escaped; URLs become links.
"""

from __future__ import annotations

import re
from html import escape

import orjson
from flask import Request, Response

from .rulebook_style import RULEBOOK_CSS

FORMATS = {"json": "application/json", "html": "text/html", "markdown": "text/markdown"}
URL = re.compile(r"https?://[^\s<>\"')\]]+[^\s<>\"')\].,;:!?]")


def chosen_format(request: Request, asked: str | None) -> str:
    """The format asked for by ?format=, else by the Accept header; JSON when nothing says."""
    if asked:
        return asked
    best = request.accept_mimetypes.best_match(list(FORMATS.values()), default="application/json")
    return next(name for name, mimetype in FORMATS.items() if mimetype == best)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def alternatives(option: dict) -> str:
    """An option's default and the values it may take instead, in words."""
    default = _show(option["default"])
    if "choices" in option:
        others = [_show(c) for c in option["choices"] if _show(c) != default]
        return f"default {default}; alternatives: {', '.join(others) or 'none'}"
    if "minimum" in option:
        return f"default {default}; any whole number from {option['minimum']} to {option['maximum']}"
    return f"default {default}"


def variant_titles(rule: dict, variants: dict[str, str] | None) -> str:
    """The variants a rule holds in, by title; every variant when it names none."""
    if not rule["variants"]:
        return "every variant"
    return ", ".join((variants or {}).get(v, v) for v in rule["variants"])


# -- HTML ---------------------------------------------------------------------------------------
def html_text(text: str) -> str:
    """Escape a plain text for HTML, turning every URL in it into a link."""
    parts, last = [], 0
    for match in URL.finditer(text):
        url = match.group(0)
        parts += [escape(text[last:match.start()]), f'<a href="{escape(url)}">{escape(url)}</a>']
        last = match.end()
    parts.append(escape(text[last:]))
    return "".join(parts)


def _linkable(url: str | None) -> bool:
    return bool(url) and url.startswith(("https://", "http://"))


def html_source(source: dict) -> str:
    """A source as a link to its web address, or its title alone."""
    if _linkable(source["url"]):
        return f'<a href="{escape(source["url"])}">{escape(source["title"])}</a>'
    return escape(source["title"])


def rule_html(rule: dict, heading: str = "h3", variants: dict[str, str] | None = None) -> str:
    """One rule as an HTML fragment under an element whose id is the rule id."""
    rule_id = escape(rule["id"])
    parts = [f'<section class="cardref-rule" id="{rule_id}">',
             f'<{heading}><a class="cardref-anchor" href="#{rule_id}">{escape(rule["title"])}</a></{heading}>',
             f"<p>{html_text(rule['text'])}</p>", '<dl class="cardref-facts">',
             f"<dt>Applies to</dt><dd>{escape(variant_titles(rule, variants))}</dd>"]
    if rule.get("option_details"):
        parts.append("<dt>Options that change it</dt><dd><ul class=\"cardref-options\">" + "".join(
            f"<li><code>{escape(o['name'])}</code>: {html_text(o['summary'])} ({escape(alternatives(o))})</li>"
            for o in rule["option_details"]) + "</ul></dd>")
    if rule["notes"]:
        parts.append("<dt>Notes</dt><dd><ul class=\"cardref-notes\">"
                     + "".join(f"<li>{html_text(n)}</li>" for n in rule["notes"]) + "</ul></dd>")
    parts.append("<dt>Sources</dt><dd><ul class=\"cardref-sources\">"
                 + "".join(f"<li>{html_source(s)}</li>" for s in rule["sources"]) + "</ul></dd>")
    parts.append(f"<dt>Rule id</dt><dd><code>{rule_id}</code></dd></dl></section>")
    return "\n".join(parts)


def section_anchor(title: str) -> str:
    """The anchor of a rule book section: its title in lower case, words joined by hyphens."""
    return "section-" + "-".join(re.findall(r"[a-z0-9]+", title.lower()))


def rulebook_html(book: dict) -> str:
    """A game's rule book as a complete, printable HTML page that needs no script."""
    variants = {v["variant"]: v["title"] for v in book["variants"]}
    title = escape(book["title"])
    contents = ["<nav aria-label=\"Contents\"><h2>Contents</h2><ol>"]
    body = []
    for section in book["sections"]:
        anchor = section_anchor(section["title"])
        contents.append(f'<li><a href="#{anchor}">{escape(section["title"])}</a><ol>' + "".join(
            f'<li><a href="#{escape(r["id"])}">{escape(r["title"])}</a></li>' for r in section["rules"]) + "</ol></li>")
        body.append(f'<section class="cardref-section" id="{anchor}"><h2>{escape(section["title"])}</h2>')
        body.extend(rule_html(rule, "h3", variants) for rule in section["rules"])
        body.append("</section>")
    contents.append("</ol></nav>")
    variant_list = ", ".join(escape(v["title"]) for v in book["variants"])
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title}: the rules (cardref)</title>", f"<style>{RULEBOOK_CSS}</style>", "</head>",
        f'<body><main class="cardref-rulebook" id="{escape(book["game"])}">',
        f"<header><h1>{title}</h1><p>{html_text(book['summary'])}</p>",
        f"<p>Variants: {variant_list}. Each rule names the variants it holds in, the options that "
        "change it and its sources.</p></header>",
        *contents, *body, "</main></body></html>", ""])


# -- Markdown -----------------------------------------------------------------------------------
def _md(text: str) -> str:
    for char in "\\`*_[]<>#|":
        text = text.replace(char, "\\" + char)
    return text


def md_text(text: str) -> str:
    """Escape a plain text for Markdown, turning every URL in it into a link."""
    parts, last = [], 0
    for match in URL.finditer(text):
        parts += [_md(text[last:match.start()]), f"<{match.group(0)}>"]
        last = match.end()
    parts.append(_md(text[last:]))
    return "".join(parts)


def md_source(source: dict) -> str:
    """A source as a Markdown link to its web address, or its title alone."""
    if _linkable(source["url"]):
        return f"[{_md(source['title'])}]({source['url'].replace('(', '%28').replace(')', '%29')})"
    return _md(source["title"])


def rule_markdown(rule: dict, heading: str = "###", variants: dict[str, str] | None = None) -> str:
    """One rule as Markdown, preceded by an anchor named by its id."""
    lines = [f'<a id="{escape(rule["id"])}"></a>', "", f"{heading} {_md(rule['title'])}", "", md_text(rule["text"]), "",
             f"- Applies to: {_md(variant_titles(rule, variants))}"]
    lines += [f"- Option `{o['name']}`: {md_text(o['summary'])} ({_md(alternatives(o))})"
              for o in rule.get("option_details", ())]
    lines += [f"- Note: {md_text(n)}" for n in rule["notes"]]
    lines.append("- Sources: " + "; ".join(md_source(s) for s in rule["sources"]))
    lines.append(f"- Rule id: `{rule['id']}`")
    return "\n".join(lines) + "\n"


def rulebook_markdown(book: dict) -> str:
    """A game's rule book as one Markdown document with a table of contents."""
    variants = {v["variant"]: v["title"] for v in book["variants"]}
    lines = [f"# {_md(book['title'])}", "", md_text(book["summary"]), "",
             "Variants: " + ", ".join(_md(v["title"]) for v in book["variants"]) + ".", "", "## Contents", ""]
    for section in book["sections"]:
        lines.append(f"- [{_md(section['title'])}](#{section_anchor(section['title'])})")
        lines += [f"  - [{_md(r['title'])}](#{r['id']})" for r in section["rules"]]
    lines.append("")
    for section in book["sections"]:
        lines += [f'<a id="{section_anchor(section["title"])}"></a>', "", f"## {_md(section['title'])}", ""]
        lines += [rule_markdown(rule, "###", variants) for rule in section["rules"]]
    return "\n".join(lines)


def render(request: Request, fmt: str, data: dict, html, markdown) -> Response:
    """Answer in the chosen format; the ETag and caching headers are added as for every GET."""
    if fmt == "html":
        body = html(data).encode()
    elif fmt == "markdown":
        body = markdown(data).encode()
    else:
        body = orjson.dumps(data)
    response = Response(body, mimetype=FORMATS[fmt])
    if fmt != "json":
        response.charset = "utf-8"
    response.headers["Vary"] = "Accept"
    return response

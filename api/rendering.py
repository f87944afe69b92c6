"""Rules rendered for documentation sites: JSON, an HTML fragment or Markdown."""

from __future__ import annotations

from html import escape

import orjson
from flask import Request, Response

FORMATS = {"json": "application/json", "html": "text/html", "markdown": "text/markdown"}


def chosen_format(request: Request, asked: str | None) -> str:
    """The format asked for by ?format=, else by the Accept header; JSON when nothing says."""
    if asked:
        return asked
    best = request.accept_mimetypes.best_match(list(FORMATS.values()), default="application/json")
    return next(name for name, mimetype in FORMATS.items() if mimetype == best)


def rule_html(rule: dict) -> str:
    """One rule as an HTML fragment; every text is escaped."""
    parts = [f'<section class="cardref-rule" id="{escape(rule["id"])}">',
             f"<h3>{escape(rule['title'])}</h3>", f"<p>{escape(rule['text'])}</p>"]
    if rule["options"]:
        parts.append("<p class=\"cardref-options\">Options: " + ", ".join(
            f"<code>{escape(o)}</code>" for o in rule["options"]) + "</p>")
    if rule["notes"]:
        parts.append("<ul class=\"cardref-notes\">" + "".join(f"<li>{escape(n)}</li>" for n in rule["notes"]) + "</ul>")
    parts.append(f"<p class=\"cardref-source\">Source: {escape(rule['source'])} &middot; <code>{escape(rule['id'])}</code></p>")
    parts.append("</section>")
    return "\n".join(parts)


def _md(text: str) -> str:
    for char in "\\`*_[]<>#|":
        text = text.replace(char, "\\" + char)
    return text


def rule_markdown(rule: dict) -> str:
    """One rule as Markdown."""
    lines = [f"### {_md(rule['title'])}", "", _md(rule["text"]), ""]
    if rule["options"]:
        lines += ["Options: " + ", ".join(f"`{o}`" for o in rule["options"]), ""]
    lines += [f"- {_md(n)}" for n in rule["notes"]] + ([""] if rule["notes"] else [])
    lines.append(f"Source: {_md(rule['source'])} · `{rule['id']}`")
    return "\n".join(lines) + "\n"


def rulebook_html(book: dict) -> str:
    """A game's rule book as an HTML fragment."""
    parts = [f'<article class="cardref-rulebook" id="{escape(book["game"])}">']
    for section in book["sections"]:
        parts.append(f"<h2>{escape(section['title'])}</h2>")
        parts.extend(rule_html(rule) for rule in section["rules"])
    parts.append("</article>")
    return "\n".join(parts)


def rulebook_markdown(book: dict) -> str:
    """A game's rule book as Markdown."""
    lines = [f"# {_md(book['title'])}", ""]
    for section in book["sections"]:
        lines += [f"## {_md(section['title'])}", ""]
        lines += [rule_markdown(rule) for rule in section["rules"]]
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

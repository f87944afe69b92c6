"""Rule books and rules rendered for documentation sites: a complete HTML page, Markdown, escaping, links."""

from __future__ import annotations

import re

import pytest

from rules_engine.registry import GAMES


@pytest.mark.parametrize("slug", list(GAMES))
def test_rulebook_html_is_a_complete_page_with_an_anchor_per_rule_id(client, slug):
    answer = client.get(f"/games/{slug}/rules", headers={"Accept": "text/html"})
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    page = answer.get_data(as_text=True)
    assert page.startswith("<!DOCTYPE html>") and "</html>" in page and "<title>" in page
    assert "<script" not in page and "@media print" in page
    for section in GAMES[slug].rulebook.sections:
        for rule in section.rules:
            assert f'id="{rule.id}"' in page and f'href="#{rule.id}"' in page


@pytest.mark.parametrize("slug", list(GAMES))
def test_rulebook_markdown_has_contents_and_an_anchor_per_rule_id(client, slug):
    answer = client.get(f"/games/{slug}/rules?format=markdown")
    assert answer.mimetype == "text/markdown"
    text = answer.get_data(as_text=True)
    assert "## Contents" in text
    for section in GAMES[slug].rulebook.sections:
        for rule in section.rules:
            assert f'<a id="{rule.id}"></a>' in text and f"](#{rule.id})" in text


def test_euchre_deal_deck_html_names_option_with_its_alternatives(client):
    page = client.get("/games/euchre/rules?format=html").get_data(as_text=True)
    deck = page[page.index('id="euchre.deal.deck"'):]
    deck = deck[:deck.index("</section>")]
    assert "<code>deck</code>" in deck and "default 32; alternatives: 24" in deck
    assert "Applies to</dt><dd>every variant" in deck


def test_rule_answer_lists_sources_and_options_in_full(client):
    rule = client.get("/rules/euchre.deal.deck").get_json()
    assert rule["sources"] and all(set(s) == {"title", "url"} for s in rule["sources"])
    assert rule["source"] == "; ".join(s["title"] for s in rule["sources"])
    assert [o["name"] for o in rule["option_details"]] == rule["options"] == ["deck"]
    assert rule["option_details"][0]["choices"] == ["32", "24"]


def test_every_source_url_is_a_link_in_html_and_markdown(client):
    for slug in GAMES:
        book = client.get(f"/games/{slug}/rules").get_json()
        html = client.get(f"/games/{slug}/rules?format=html").get_data(as_text=True)
        markdown = client.get(f"/games/{slug}/rules?format=markdown").get_data(as_text=True)
        for source in (s for section in book["sections"] for r in section["rules"] for s in r["sources"]):
            if source["url"]:
                assert f'href="{source["url"]}"' in html.replace("&amp;", "&")
                assert f"]({source['url']})" in markdown


def test_urls_in_rule_texts_become_links(client):
    from api.rendering import html_text, md_text

    text = "See https://www.pagat.com/euchre/euchre.html, then <b> & go."
    assert html_text(text) == ('See <a href="https://www.pagat.com/euchre/euchre.html">'
                               'https://www.pagat.com/euchre/euchre.html</a>, then &lt;b&gt; &amp; go.')
    assert md_text(text) == "See <https://www.pagat.com/euchre/euchre.html>, then \\<b\\> & go."


def test_section_anchors_are_unique_within_each_book(client):
    for slug in GAMES:
        page = client.get(f"/games/{slug}/rules?format=html").get_data(as_text=True)
        anchors = re.findall(r'<section class="cardref-section" id="([^"]+)"', page)
        assert len(anchors) == len(set(anchors)) == len(GAMES[slug].rulebook.sections)

"""A game's rule book as a page in a real browser: contents, anchors by rule id, no script needed."""

from __future__ import annotations

import pytest

from rules_engine.registry import GAMES


@pytest.mark.parametrize("slug", list(GAMES))
def test_rulebook_page_lists_every_rule_in_contents_and_under_its_id(browser, service, slug):
    browser.get(f"{service.url}/games/{slug}/rules?format=html")
    rule_ids = [r.id for s in GAMES[slug].rulebook.sections for r in s.rules]
    found = browser.execute_script(
        "return [...document.querySelectorAll('section.cardref-rule')].map(e => e.id)")
    assert found == rule_ids
    contents = browser.execute_script(
        "return [...document.querySelectorAll('nav ol ol a')].map(a => a.getAttribute('href'))")
    assert contents == ["#" + rule_id for rule_id in rule_ids]
    assert browser.execute_script("return document.scripts.length") == 0


def test_rulebook_link_to_euchre_play_follow_suit_opens_at_that_rule(browser, service):
    browser.get(f"{service.url}/games/euchre/rules?format=html#euchre.play.follow-suit")
    top, title, shown = browser.execute_script(
        "const e = document.getElementById('euchre.play.follow-suit');"
        "return [e.getBoundingClientRect().top, e.querySelector('h3').innerText, e.innerText]")
    assert 0 <= top < 60
    assert title == GAMES["euchre"].rulebook["euchre.play.follow-suit"].title
    assert "Applies to" in shown and "Sources" in shown


def test_rulebook_page_shows_options_with_alternatives_and_source_links(browser, service):
    browser.get(f"{service.url}/games/euchre/rules?format=html#euchre.deal.deck")
    options, links = browser.execute_script(
        "const e = document.getElementById('euchre.deal.deck');"
        "return [e.querySelector('.cardref-options').innerText,"
        " [...e.querySelectorAll('.cardref-sources a')].map(a => a.href)]")
    assert "deck" in options and "default 32" in options and "alternatives: 24" in options
    assert links and all(link.startswith("https://") for link in links)


def test_canasta_rulebook_names_the_variants_a_rule_holds_in(browser, service):
    browser.get(f"{service.url}/games/canasta/rules?format=html")
    limited = next(r for s in GAMES["canasta"].rulebook.sections for r in s.rules if r.variants)
    titles = {v.slug: v.title for v in GAMES["canasta"].variants}
    shown = browser.execute_script(f"return document.getElementById('{limited.id}').innerText")
    assert all(titles[v] in shown for v in limited.variants)

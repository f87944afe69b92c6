"""<cardref-rule> from /embed.js on a page of another origin: the rule shown, hostile text inert."""

from __future__ import annotations

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from rules_engine.registry import GAMES, RULES
from rules_engine.rules import Rule, RuleBook, Section, Source

HOSTILE_TEXT = ("Keep 5 < 7 & 8 > 2 in mind. <script>window.cardrefOwned = 'script'</script>"
                "<img src=x onerror=\"window.cardrefOwned = 'img'\"> <b>not bold</b>")
HOSTILE = Rule("cardref-hostile.text", "Title <i>with</i> & markup", HOSTILE_TEXT,
               (Source("A <script>source</script>", "javascript:window.cardrefOwned='link'"),
                Source("pagat.com: Euchre", "https://www.pagat.com/euchre/euchre.html")),
               notes=("A note <script>window.cardrefOwned = 'note'</script> & more.",))


@pytest.fixture
def hostile_rule():
    """A published rule whose title, text, notes and sources hold markup and script."""
    RULES.add(RuleBook("cardref-hostile", (Section("Hostile", (HOSTILE,)),)))
    yield HOSTILE
    RULES.remove("cardref-hostile")


def _page(host_site, service, body: str) -> str:
    host_site.pages["/page.html"] = (
        "<!DOCTYPE html><html><head><style>body { color: rgb(10, 20, 30); background: #fff; }</style>"
        f'<script src="{service.url}/embed.js"></script></head><body>{body}</body></html>')
    return host_site.url + "/page.html"


def _shadow(browser, element_id: str) -> str:
    return WebDriverWait(browser, 20).until(lambda b: b.execute_script(
        f"const r = document.getElementById('{element_id}').shadowRoot;"
        "return r && r.querySelector('article, p:not(:empty)') && !r.textContent.includes('Loading') ? r.textContent : null"))


def test_embed_shows_euchre_play_follow_suit_on_another_origin(browser, service, host_site):
    rule = GAMES["euchre"].rulebook["euchre.play.follow-suit"]
    browser.get(_page(host_site, service, '<cardref-rule id="r" rule="euchre.play.follow-suit"></cardref-rule>'))
    shown = _shadow(browser, "r")
    assert rule.title in shown and rule.text in shown
    href, color = browser.execute_script(
        "const r = document.getElementById('r').shadowRoot;"
        "return [[...r.querySelectorAll('a')].map(a => a.href).find(h => h.includes('/rules?format=html#')),"
        " getComputedStyle(r.querySelector('h3')).color]")
    assert href == f"{service.url}/games/euchre/rules?format=html#euchre.play.follow-suit"
    assert color == "rgb(10, 20, 30)"  # the host page's colour, light or dark


def test_embed_marks_the_chosen_alternative_of_euchre_deal_deck(browser, service, host_site):
    browser.get(_page(host_site, service,
                      '<cardref-rule id="r" rule="euchre.deal.deck" options=\'{"deck": "24"}\'></cardref-rule>'))
    _shadow(browser, "r")
    chosen = browser.execute_script(
        "return [...document.getElementById('r').shadowRoot.querySelectorAll('.chosen')].map(e => e.textContent)")
    assert chosen == ["24"]


def test_embed_shows_hostile_rule_text_as_text_never_run(browser, service, host_site, hostile_rule):
    browser.get(_page(host_site, service, '<cardref-rule id="h" rule="cardref-hostile.text"></cardref-rule>'))
    shown = _shadow(browser, "h")
    assert HOSTILE_TEXT in shown and hostile_rule.title in shown and hostile_rule.notes[0] in shown
    owned, markup, links = browser.execute_script(
        "const r = document.getElementById('h').shadowRoot;"
        "return [window.cardrefOwned || null, r.querySelectorAll('script, img, b, i').length,"
        " [...r.querySelectorAll('a')].map(a => a.href)]")
    assert owned is None and markup == 0
    assert not any(link.startswith("javascript:") for link in links)
    assert "https://www.pagat.com/euchre/euchre.html" in links


def test_embed_says_when_a_rule_is_unknown(browser, service, host_site):
    browser.get(_page(host_site, service, '<cardref-rule id="m" rule="euchre.no-such-rule"></cardref-rule>'))
    assert "Unknown rule 'euchre.no-such-rule'" in _shadow(browser, "m")

"""/docs and /redoc render the operations in a real browser, with every asset from the service itself."""

from __future__ import annotations

from selenium.webdriver.support.ui import WebDriverWait

OPERATIONS = ("/legal-moves", "/validate-move", "/apply-move", "/score", "/games/{game}/rules", "/rules/{rule_id}")


def _code_loaded_from(browser) -> set[str]:
    """The origins of every script, style sheet, image and fetch the page sent a request to.

    A load the page's content security policy stops (ReDoc's footer logo) is listed with no
    request sent, so it does not count: nothing left the machine.
    """
    return set(browser.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.requestStart > 0)"
        ".map(e => new URL(e.name).origin)"))


def test_viewer_pages_allow_this_service_alone(client):
    for page in ("/docs", "/redoc"):
        policy = client.get(page).headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "img-src 'self' data:" in policy


def test_swagger_ui_at_docs_shows_every_operation_from_local_assets(browser, service):
    browser.get(service.url + "/docs")
    paths = WebDriverWait(browser, 30).until(lambda b: b.execute_script(
        "const p = [...document.querySelectorAll('.opblock-summary-path')].map(e => e.textContent.trim());"
        "return p.length ? p : null"))
    paths = {p.replace("\u200b", "") for p in paths}
    assert set(OPERATIONS) <= paths
    assert _code_loaded_from(browser) == {service.url}


def test_redoc_at_redoc_shows_every_operation_from_local_assets(browser, service):
    browser.get(service.url + "/redoc")
    text = WebDriverWait(browser, 30).until(lambda b: b.execute_script(
        "return document.querySelectorAll('[data-section-id*=\"/paths/\"]').length ? document.body.innerText : null"))
    sections = browser.execute_script(
        "return [...document.querySelectorAll('[data-section-id*=\"/paths/\"]')].length")
    assert sections >= len(OPERATIONS)
    for path in OPERATIONS:
        assert path in text
    assert _code_loaded_from(browser) == {service.url}
    # The footer's logo is the service's icon, loaded from it (a CDN address would be stopped by the policy).
    logos = browser.execute_script(
        "return [...document.images].filter(i => i.src.endsWith('/favicon.ico')).map(i => i.complete && i.naturalWidth)")
    assert logos and all(logos)

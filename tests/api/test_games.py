"""GET endpoints: games, rule books, single rules in three formats, health."""

from __future__ import annotations

from rules_engine.registry import GAMES, RULES


def test_games_lists_every_game_with_options_and_variants(client):
    answer = client.get("/games")
    assert answer.status_code == 200
    games = {g["game"]: g for g in answer.get_json()["games"]}
    assert set(games) == set(GAMES)
    salad = games["canadian-salad"]
    assert salad["variants"][0]["min_players"] == 3 and salad["variants"][0]["max_players"] == 6
    assert salad["options"] == [{"name": "stop_when_penalties_taken", "default": False,
                                 "rule": "canadian-salad.play.early-end", "choices": [False, True],
                                 "summary": salad["options"][0]["summary"],
                                 "accepts": "true or false only; 1, 0 and strings are refused"}]
    assert salad["move_types"][0]["type"] == "play"


def test_game_shows_phases_and_sections(client):
    answer = client.get("/games/canadian-salad").get_json()
    assert answer["phases"] == ["play"]
    assert answer["sections"][0]["title"] == "Players and cards"


def test_unknown_game_is_404_with_pointer(client):
    answer = client.get("/games/bridge")
    assert answer.status_code == 404
    assert answer.get_json()["code"] == 404


def test_rulebook_lists_rules_in_order(client):
    book = client.get("/games/canadian-salad/rules").get_json()
    ids = [r["id"] for s in book["sections"] for r in s["rules"]]
    assert ids[0] == "canadian-salad.players"
    assert "canadian-salad.contract.salad" in ids
    assert all(r["text"] and r["source"] for s in book["sections"] for r in s["rules"])


def test_rule_as_json(client):
    answer = client.get("/rules/canadian-salad.play.follow-suit")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    rule = answer.get_json()
    assert rule["id"] == "canadian-salad.play.follow-suit" and rule["game"] == "canadian-salad"
    assert answer.headers["ETag"] and "max-age" in answer.headers["Cache-Control"]


def test_rule_as_html_by_accept(client):
    answer = client.get("/rules/canadian-salad.play.lead", headers={"Accept": "text/html"})
    assert answer.mimetype == "text/html"
    assert answer.get_data(as_text=True).startswith('<section class="cardref-rule" id="canadian-salad.play.lead">')


def test_rule_as_markdown_by_query(client):
    answer = client.get("/rules/canadian-salad.play.lead?format=markdown")
    assert answer.mimetype == "text/markdown"
    assert answer.get_data(as_text=True).startswith('<a id="canadian-salad.play.lead"></a>\n\n### Leading\n')


def test_rule_etag_answers_304(client):
    first = client.get("/rules/canadian-salad.play.lead?format=html")
    again = client.get("/rules/canadian-salad.play.lead?format=html", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""


def test_rule_bad_format_is_422_with_pointer(client):
    answer = client.get("/rules/canadian-salad.play.lead?format=pdf")
    assert answer.status_code == 422
    assert "format" in answer.get_json()["errors"]["query"]


def test_unknown_rule_is_404(client):
    answer = client.get("/rules/canadian-salad.play.nothing")
    assert answer.status_code == 404
    found = answer.get_json()
    assert found["errors"]["json"]["rule_id"][0].startswith("unknown rule")
    # The nearest rule id is suggested where one is near.
    assert found["errors"]["json"]["rule_id"][0] == f"unknown rule; did you mean {found['did_you_mean']!r}?"


def test_every_rule_renders_in_every_format(client):
    for rule_id in [r for game in GAMES.values() for r in game.rulebook.by_id]:
        for fmt in ("json", "html", "markdown"):
            assert client.get(f"/rules/{rule_id}?format={fmt}").status_code == 200
    assert len(RULES) >= 20


def test_rulebook_html_escapes_markup(client):
    html = client.get("/games/canadian-salad/rules?format=html").get_data(as_text=True)
    assert "<script" not in html and html.count("<main") == 1


def test_cors_for_documentation_sites(client):
    answer = client.get("/rules/canadian-salad.play.lead", headers={"Origin": "https://docs.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


def test_healthz_and_readyz_without_redis(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json() == {"status": "ready", "cache": "memory", "redis": "disabled"}


def test_spec_and_viewers_are_served(client):
    spec = client.get("/openapi.json").get_json()
    assert {"/legal-moves", "/validate-move", "/apply-move", "/score", "/explain", "/validate-meld", "/deal",
            "/games", "/games/{game}", "/games/{game}/rules", "/rules/{rule_id}", "/healthz", "/readyz"} <= set(spec["paths"])
    assert client.get("/docs").status_code == 200
    assert client.get("/redoc").status_code == 200


def test_rule_html_escapes_every_text():
    from api.rendering import rule_html, rule_markdown

    hostile = {"id": 'x"><script>alert(1)</script>', "title": "<b>t</b>", "text": "<img src=x onerror=alert(1)>",
               "source": "<a href='javascript:x'>s</a>", "options": ["<i>o</i>"], "notes": ["<svg onload=x>"],
               "sources": [{"title": "<a href='javascript:x'>s</a>", "url": "javascript:alert(1)"}],
               "option_details": [{"name": "<i>o</i>", "default": "<u>", "summary": "<s>", "choices": ["<u>", "<q>"]}],
               "variants": ["<em>"]}
    html = rule_html(hostile)
    assert 'href="javascript' not in html and "<u>" not in html and "<q>" not in html and "<em>" not in html
    assert "<script" not in html and "<img" not in html and "<svg" not in html and "<b>" not in html and "<i>" not in html
    assert "&lt;script&gt;" in html
    assert "<img" not in rule_markdown(hostile).replace("\\<img", "")


def test_request_text_never_reaches_html(client):
    for path in ("/rules/<script>alert(1)</script>?format=html", "/games/<script>x</script>/rules?format=html"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.mimetype == "application/json"

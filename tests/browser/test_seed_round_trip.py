"""A browser deals at random, reads the seed as JavaScript reads JSON (a double), sends it back and gets the same
cards; a seed past what a double holds exactly goes as a string of its digits and deals the same as the integer."""

from __future__ import annotations

DEAL_TWICE = """
const done = arguments[arguments.length - 1];
const deal = body => fetch('/deal', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                     body: JSON.stringify(body)}).then(r => r.json());
(async () => {
  const results = [];
  for (const game of ['euchre', 'canasta', 'canadian-salad', 'salsifis']) {
    for (let i = 0; i < 8; i++) {
      const first = await deal({game});
      const again = await deal({game, seed: first.seed});
      results.push([game, Number.isSafeInteger(first.seed), JSON.stringify(first.state) === JSON.stringify(again.state)]);
    }
  }
  const big = '123456789012345678';       // 18 digits: a double would round it
  const asText = await deal({game: 'euchre', seed: big});
  results.push(['string seed', asText.state !== undefined, JSON.stringify(asText.state) ===
                JSON.stringify((await deal({game: 'euchre', seed: big})).state)]);
  done(results);
})().catch(error => done([['error', false, String(error)]]));
"""


def test_a_browser_sends_a_random_seed_back_and_gets_the_same_deal(browser, service):
    browser.get(service.url + "/games")
    browser.set_script_timeout(60)
    results = browser.execute_async_script(DEAL_TWICE)
    assert results and all(safe and same for _, safe, same in results), results

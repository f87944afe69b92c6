"""The rule book page's style sheet: plain, readable type in the reader's light or dark scheme, and print."""

RULEBOOK_CSS = """
:root { color-scheme: light dark; --rule: #8886; --muted: #666; }
@media (prefers-color-scheme: dark) { :root { --muted: #aaa; } }
body { margin: 0 auto; padding: 1.5rem 1rem 4rem; max-width: 44rem; font: 1.0625rem/1.6 Georgia, "Times New Roman", serif; }
h1, h2, h3 { font-family: system-ui, sans-serif; line-height: 1.25; }
h1 { font-size: 2rem; margin-bottom: .25rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--rule); padding-bottom: .2rem; }
h3 { margin: 0 0 .4rem; font-size: 1.15rem; }
h3 a.cardref-anchor { color: inherit; text-decoration: none; }
h3 a.cardref-anchor:hover { text-decoration: underline; }
nav ol { padding-left: 1.4rem; } nav ol ol { font-size: .95em; }
.cardref-rule { margin: 1.5rem 0; padding-top: .5rem; scroll-margin-top: 1rem; }
.cardref-rule:target { outline: 2px solid Highlight; outline-offset: .5rem; }
.cardref-facts { font-size: .92rem; color: var(--muted); margin: .4rem 0 0; }
.cardref-facts dt { font-family: system-ui, sans-serif; font-weight: 600; margin-top: .3rem; }
.cardref-facts dd { margin: 0 0 0 1.2rem; }
.cardref-facts ul { margin: 0; padding-left: 1.1rem; }
code { font-size: .9em; }
a { color: LinkText; }
@media print {
  body { max-width: none; font-size: 11pt; color: #000; background: #fff; }
  nav { break-after: page; }
  .cardref-rule { break-inside: avoid; }
  .cardref-facts { color: #333; }
  .cardref-sources a[href^="http"]::after { content: " (" attr(href) ")"; font-size: .9em; }
}
""".strip()

// The HTML report's inline stylesheet (no external assets: the file opens offline and as a CI artifact).
export const HTML_STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #59636e; --bg: #fff; --panel: #f6f8fa; --line: #d1d9e0;
  --pass: #1a7f37; --fail: #cf222e; --error: #bc4c00; --flaky: #9a6700; --skip: #59636e; --code: #eff2f5; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #151b23;
  --line: #3d444d; --pass: #3fb950; --fail: #f85149; --error: #db6d28; --flaky: #d29922; --skip: #9198a1; --code: #262c36; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 78rem; padding: 1.5rem; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--fg); background: var(--bg); }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
h3 { font-size: .95rem; margin: 1rem 0 .25rem; }
.meta { color: var(--muted); margin: 0; } .meta code { color: var(--fg); }
.verdict { display: inline-block; margin: .75rem 0 0; padding: .35rem .75rem; border-radius: 6px; font-weight: 600; color: #fff; }
.verdict.ok { background: var(--pass); } .verdict.bad { background: var(--fail); } .verdict.warn { background: #9a6700; }
ul.verdicts { list-style: none; padding: 0; margin: .5rem 0; font-size: 1.05rem; font-weight: 600; }
ul.verdicts li { border-left: 4px solid var(--skip); padding: .1rem .6rem; margin: .2rem 0; }
ul.verdicts li.ok { border-left-color: var(--pass); } ul.verdicts li.bad { border-left-color: var(--fail); }
ul.verdicts li.warn { border-left-color: var(--flaky); } ul.verdicts li.none { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: .25rem 0; }
th, td { text-align: left; padding: .3rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--panel); font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.zero { color: var(--muted); }
code, pre { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: var(--code); padding: 0 .25rem; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; margin: .25rem 0;
  overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24rem; }
details.case { border: 1px solid var(--line); border-left: 4px solid var(--skip); border-radius: 6px; margin: .6rem 0;
  padding: .4rem .8rem; background: var(--bg); }
details.case[open] { padding-bottom: .8rem; }
/* why: a case link scrolls its block below the sticky filter form, not under it */
details.case { scroll-margin-top: 6rem; }
details.case > summary { cursor: pointer; font-weight: 600; overflow-wrap: anywhere; }
details.case.fail { border-left-color: var(--fail); } details.case.error { border-left-color: var(--error); }
.badge { display: inline-block; min-width: 3.6rem; text-align: center; padding: 0 .4rem; margin-right: .4rem; border-radius: 4px;
  font-size: 11px; font-weight: 700; text-transform: uppercase; color: #fff; background: var(--skip); }
.badge.pass { background: var(--pass); } .badge.fail { background: var(--fail); } .badge.error { background: var(--error); }
.badge.flaky, .badge.known { background: var(--flaky); }
.title { color: var(--muted); font-weight: 400; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: .5rem 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
ul.findings { padding-left: 1.2rem; margin: .25rem 0; } ul.findings > li { margin: .4rem 0; }
table.diff th:nth-child(1) { width: 28%; } table.diff th:nth-child(2) { width: 7rem; }
/* why break-word: a cell wraps at the <wbr> after a comma, colon or slash, and inside a word only when one word alone
   is wider than the column (anywhere would also shrink the column to a letter and cut every word) */
table.diff td, table.diff td code { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: break-word; }
table.diff td.exp { color: var(--pass); } table.diff td.act { color: var(--fail); } td.kind { color: var(--muted); }
.note { color: var(--muted); font-style: italic; }
table.records tr.added td { background: color-mix(in srgb, var(--pass) 12%, transparent); }
table.records tr.removed td { background: color-mix(in srgb, var(--fail) 12%, transparent); }
table.records td.changed { background: color-mix(in srgb, var(--flaky) 22%, transparent); font-weight: 600; }
table.records del { color: var(--fail); } table.records ins { color: var(--pass); text-decoration: none; }
table.records th:nth-child(1), table.records th:nth-child(2) { width: auto; }
[hidden] { display: none !important; }
form.filters { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: .4rem 1rem;
  margin: 1.5rem 0 0; padding: .5rem .8rem; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
form.filters fieldset { display: flex; flex-wrap: wrap; gap: .2rem .6rem; border: 0; margin: 0; padding: 0; }
form.filters legend { float: left; margin-right: .2rem; color: var(--muted); }
form.filters label { white-space: nowrap; } form.filters .count { font-variant-numeric: tabular-nums; }
form.filters input[type="search"] { width: 16rem; } form.filters .showing { margin-left: auto; color: var(--muted); }
table.variants .title { font-size: 12.5px; }
details.request > summary { cursor: pointer; color: var(--muted); font-size: 12.5px; }
footer { margin-top: 2.5rem; color: var(--muted); font-size: 12px; }
`;

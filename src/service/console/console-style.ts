/**
 * The console's style sheet, served from /console/assets/console.css (a module, not a file read
 * from disk, so the bundled CLI carries it). Contrast of text and controls meets WCAG 2.1 AA; the
 * focus ring is always visible for keyboard users.
 */
export const CONSOLE_CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5260; --line: #c9ced6; --accent: #0b5cad; --danger: #a4161a; --ok: #1d6b35; --bg: #f6f7f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #f0a400; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem 1rem; }
.skip:focus { left: 1rem; z-index: 10; }
header { display: flex; align-items: center; gap: 1.5rem; padding: .6rem 1.5rem; background: #12263f; color: #fff; flex-wrap: wrap; }
header a { color: #fff; }
header .brand { font-weight: 700; text-decoration: none; }
header nav ul { display: flex; gap: 1.1rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
header nav a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
header .who { margin-left: auto; display: flex; gap: .8rem; align-items: center; }
header .who button { background: transparent; color: #fff; border: 1px solid #fff; }
main { padding: 1rem 1.5rem 3rem; max-width: 1240px; }
h1 { font-size: 1.5rem; margin: .4rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.6rem 0 .6rem; }
table { border-collapse: collapse; width: 100%; background: #fff; }
caption { text-align: left; font-weight: 600; padding: .4rem 0; }
th, td { border-bottom: 1px solid var(--line); padding: .4rem .6rem; text-align: left; vertical-align: top; }
th { background: #e9ecf1; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
form.inline { display: inline; }
form.row { display: flex; gap: .8rem; align-items: end; flex-wrap: wrap; margin: .6rem 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: .2rem; }
label.check { display: flex; gap: .4rem; align-items: center; font-weight: 400; }
pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); padding: .5rem; }
textarea { font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; width: 100%; max-width: 60rem; padding: .4rem; border: 1px solid #6b7380; }
tr.problem td { background: #fdf1d8; }
.choice p { margin: .1rem 0 .7rem 1.6rem; }
input[type="text"], input[type="search"], input[type="password"], input[type="email"], select { font: inherit; padding: .35rem .5rem; border: 1px solid #6b7380; border-radius: 3px; min-width: 16rem; }
button { font: inherit; padding: .4rem .9rem; border-radius: 3px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: var(--danger); border-color: var(--danger); }
.notice { padding: .6rem .9rem; border-left: 4px solid var(--ok); background: #e8f3ec; margin: .8rem 0; }
.error { padding: .6rem .9rem; border-left: 4px solid var(--danger); background: #fbeaea; margin: .8rem 0; }
.muted { color: var(--muted); }
.actions { display: flex; gap: .8rem; flex-wrap: wrap; margin: .8rem 0; }
.pager { display: flex; gap: 1rem; margin: .8rem 0; }
fieldset { border: 1px solid var(--line); background: #fff; padding: .6rem 1rem; }
legend { font-weight: 600; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
@media print { header, .skip, .no-print { display: none; } table.report { font-size: 9pt; } table.report td { word-break: break-word; } }
`;

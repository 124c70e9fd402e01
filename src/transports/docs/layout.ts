import { createHash } from "node:crypto";
import { escapeHtml } from "./markdown.js";

/**
 * The shell of the documentation pages: a sidebar and a column of text, one stylesheet inline,
 * no script and nothing from another host (system fonts). The Content-Security-Policy allows
 * exactly that stylesheet, by hash.
 */
const css = `
:root {
  --fg: #1b2030; --muted: #5d667a; --faint: #8a93a6; --line: #e3e6ee; --bg: #ffffff; --side: #f7f8fb;
  --accent: #3557d4; --accent-soft: #eef2ff; --code-bg: #f3f5f9; --pre-bg: #141a29; --pre-fg: #e3e8f4;
  --get: #12805c; --get-bg: #e3f5ed; --post: #2f5bd3; --post-bg: #e8eeff; --delete: #c4322c; --delete-bg: #fdeceb;
  --put: #a35a00; --put-bg: #fff2df; --ok: #12805c; --warn: #a35a00; --err: #c4322c;
  --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
  --mono: ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, "Liberation Mono", monospace;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; scroll-padding-top: 16px; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.65 var(--sans); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code { font-family: var(--mono); font-size: 0.86em; background: var(--code-bg); border-radius: 4px; padding: 0.12em 0.36em; }
pre { background: var(--pre-bg); color: var(--pre-fg); border-radius: 8px; padding: 14px 16px; overflow-x: auto; font: 13px/1.6 var(--mono); margin: 12px 0 18px; }
pre.wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
pre code { background: none; padding: 0; font-size: inherit; color: inherit; }
.layout { display: grid; grid-template-columns: 290px minmax(0, 1fr); min-height: 100vh; }
.sidebar { position: sticky; top: 0; height: 100vh; overflow-y: auto; background: var(--side); border-right: 1px solid var(--line); padding: 26px 18px 40px; font-size: 14px; }
.brand { display: block; color: var(--fg); font-weight: 700; font-size: 16px; letter-spacing: -0.01em; }
.brand:hover { text-decoration: none; }
.version { display: inline-block; margin-top: 4px; color: var(--muted); font-size: 12px; background: #e9ecf3; border-radius: 10px; padding: 1px 8px; }
.sidebar h2 { font-size: 11.5px; text-transform: uppercase; letter-spacing: 0.08em; color: var(--faint); margin: 22px 0 6px; font-weight: 650; }
.sidebar ul { list-style: none; margin: 0; padding: 0; }
.sidebar li a { display: flex; gap: 8px; align-items: baseline; color: #30384b; padding: 3px 8px; border-radius: 6px; line-height: 1.4; }
.sidebar li a:hover { background: #eceff6; text-decoration: none; }
.sidebar li a .path { font-family: var(--mono); font-size: 12.2px; overflow-wrap: anywhere; }
.sidebar .links a { display: block; padding: 3px 8px; }
main { padding: 44px 64px 96px; max-width: 980px; }
.content h1 { font-size: 34px; line-height: 1.2; letter-spacing: -0.02em; margin: 0 0 10px; }
.content h2 { font-size: 25px; letter-spacing: -0.01em; margin: 56px 0 10px; padding-top: 8px; border-top: 1px solid var(--line); }
.content h3 { font-size: 19px; margin: 34px 0 8px; }
.content h4 { font-size: 13px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 22px 0 8px; }
.content h4 .ctype { text-transform: none; letter-spacing: 0; font-weight: 400; margin-left: 6px; }
.content p, .content li { max-width: 46em; }
.content .tree li, .content .responses li, .content .tree p { max-width: none; }
.content blockquote { margin: 14px 0; padding: 4px 16px; border-left: 3px solid var(--accent); background: var(--accent-soft); border-radius: 0 6px 6px 0; }
.content hr { border: 0; border-top: 1px solid var(--line); margin: 32px 0; }
.anchor { visibility: hidden; margin-left: 8px; color: var(--faint); font-weight: 400; }
h1:hover .anchor, h2:hover .anchor, h3:hover .anchor { visibility: visible; }
.lead { font-size: 18px; color: #3a4256; margin: 0 0 18px; }
.chips { display: flex; flex-wrap: wrap; gap: 8px; margin: 18px 0 8px; }
.chips a { border: 1px solid var(--line); border-radius: 999px; padding: 4px 12px; font-size: 14px; color: #30384b; background: #fff; }
.chips a:hover { border-color: var(--accent); color: var(--accent); text-decoration: none; }
.table { overflow-x: auto; margin: 12px 0 18px; }
table { border-collapse: collapse; width: 100%; font-size: 14.5px; }
th, td { text-align: left; vertical-align: top; padding: 7px 10px; border-bottom: 1px solid var(--line); }
th { font-size: 12.5px; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); font-weight: 600; }
.method { display: inline-block; min-width: 52px; text-align: center; font: 700 11.5px/1.9 var(--mono); border-radius: 5px; padding: 0 6px; letter-spacing: 0.03em; }
.sidebar .method { min-width: 44px; font-size: 10.5px; line-height: 1.7; flex: none; }
.m-get { color: var(--get); background: var(--get-bg); }
.m-post { color: var(--post); background: var(--post-bg); }
.m-delete { color: var(--delete); background: var(--delete-bg); }
.m-put, .m-patch { color: var(--put); background: var(--put-bg); }
.op { border: 1px solid var(--line); border-radius: 12px; padding: 4px 24px 18px; margin: 22px 0 30px; box-shadow: 0 1px 2px rgba(20, 26, 41, 0.04); }
.op > h3 { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; margin: 18px 0 6px; font-size: 17px; }
.op > h3 code { background: none; padding: 0; font-size: 16px; font-weight: 600; overflow-wrap: anywhere; }
.op .summary { margin: 6px 0 10px; }
.facts { display: flex; flex-wrap: wrap; gap: 6px 18px; font-size: 14px; color: var(--muted); margin: 0 0 6px; }
.facts b { color: var(--fg); font-weight: 600; }
.badge { display: inline-block; font-size: 12px; border-radius: 5px; padding: 0 7px; background: #eef0f5; color: #3a4256; font-weight: 600; }
.badge.graphql { background: #fbe9f6; color: #a1257d; }
.badge.compat { background: #fff2df; color: #8a4b00; }
.tree { list-style: none; margin: 6px 0 10px; padding: 0; font-size: 14.5px; }
.tree .tree { margin: 6px 0 2px 6px; padding-left: 14px; border-left: 2px solid var(--line); }
.tree > li { padding: 6px 0; border-bottom: 1px dashed #eceef4; }
.tree > li:last-child { border-bottom: 0; }
.field { font-family: var(--mono); font-size: 13.5px; font-weight: 650; color: var(--fg); }
.type { font-family: var(--mono); font-size: 12.5px; color: var(--muted); margin-left: 6px; }
.req { font-size: 11px; font-weight: 700; color: var(--err); text-transform: uppercase; letter-spacing: 0.04em; margin-left: 6px; }
.opt { font-size: 11px; color: var(--faint); margin-left: 6px; }
.constraint { display: inline-block; font-size: 12px; color: #4a5368; background: #f1f3f8; border-radius: 4px; padding: 0 6px; margin: 0 0 0 6px; }
.desc { margin: 2px 0 0; color: #3a4256; font-size: 14px; }
.responses { margin: 0; padding: 0; list-style: none; }
.responses > li { padding: 8px 0; border-top: 1px solid #eef0f5; }
.status { display: inline-block; min-width: 40px; font: 700 13px var(--mono); }
.s2, .s3 { color: var(--ok); }
.s4 { color: var(--warn); }
.s5 { color: var(--err); }
.ctype { font-family: var(--mono); font-size: 12.5px; color: var(--muted); }
.codes code { margin: 2px 2px 2px 0; display: inline-block; }
.errors table { font-size: 14px; }
.errors td { padding: 4px 10px; border-bottom: 1px solid #eef0f5; }
.errors td.st { width: 56px; }
.errors a:hover { text-decoration: none; }
.errors a code { color: var(--fg); }
.hdrs { font-size: 13px; color: var(--muted); margin: 2px 0 0 44px; }
.hdrs code { font-size: 12px; }
details { margin: 4px 0 0 44px; }
details > summary { cursor: pointer; color: var(--accent); font-size: 14px; }
details[open] > summary { margin-bottom: 4px; }
.params td:first-child { white-space: nowrap; }
.muted { color: var(--muted); }
.footer { margin-top: 64px; color: var(--faint); font-size: 13px; }
@media (max-width: 960px) {
  .layout { grid-template-columns: minmax(0, 1fr); }
  .op { padding: 2px 14px 12px; }
  .content h1 { font-size: 28px; }
  .sidebar { position: static; height: auto; border-right: 0; border-bottom: 1px solid var(--line); }
  main { padding: 28px 20px 64px; }
  details, .hdrs { margin-left: 0; }
}
@media print { .sidebar { display: none; } .layout { display: block; } }
`;

const styleHash = createHash("sha256").update(css).digest("base64");

/** Only our own stylesheet; no script, no frames, nothing fetched from anywhere. */
export const docsContentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export interface PageOptions {
  title: string;
  description: string;
  version: string;
  /** The sidebar's HTML (lists of links). */
  sidebar: string;
  content: string;
}

export function renderPage(options: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<meta name="description" content="${escapeHtml(options.description)}">
<link rel="icon" href="data:,">
<link rel="alternate" type="text/plain" href="/llms.txt" title="llms.txt">
<link rel="alternate" type="application/json" href="/openapi.json" title="OpenAPI">
<style>${css}</style>
</head>
<body>
<div class="layout">
<nav class="sidebar" aria-label="Contents">
<a class="brand" href="/docs">AssetForge API</a>
<span class="version">v${escapeHtml(options.version)}</span>
${options.sidebar}
</nav>
<main class="content">
${options.content}
<p class="footer">Served by this service, with no script and nothing from another host. Machine-readable: <a href="/openapi.json">/openapi.json</a> · <a href="/llms.txt">/llms.txt</a> · <a href="/docs/api.md">/docs/api.md</a></p>
</main>
</div>
</body>
</html>
`;
}

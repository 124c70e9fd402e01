/**
 * A small markdown renderer for our own pages (docs/*.md and the text of the OpenAPI document):
 * headings (with ids), paragraphs, fenced code, lists (one level, with continuation lines),
 * tables, blockquotes, rules, and inline code, links, bold and italics. Everything is escaped;
 * raw HTML is shown as text. Not a general CommonMark implementation: the pages are written for it.
 */

export const escapeHtml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `Async and streaming` → `async-and-streaming`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}

const safeHref = (href: string) => (/^(https?:|mailto:|\/|#|\.)/i.test(href) ? href : "#");

/** Inline markdown of one line or paragraph. */
export function inline(text: string): string {
  const out: string[] = [];
  // Code spans first: nothing inside them is markdown.
  const parts = text.split(/(`[^`]+`)/);
  for (const part of parts) {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
      out.push(`<code>${escapeHtml(part.slice(1, -1))}</code>`);
      continue;
    }
    let rest = part;
    let html = "";
    const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|<(https?:\/\/[^>\s]+)>|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/;
    for (;;) {
      const match = pattern.exec(rest);
      if (!match) break;
      html += escapeHtml(rest.slice(0, match.index));
      if (match[1] !== undefined) html += `<a href="${escapeHtml(safeHref(match[2]!))}">${inline(match[1])}</a>`;
      else if (match[3] !== undefined) html += `<a href="${escapeHtml(match[3])}">${escapeHtml(match[3])}</a>`;
      else if (match[4] !== undefined) html += `<strong>${inline(match[4])}</strong>`;
      else html += `<em>${inline(match[5]!)}</em>`;
      rest = rest.slice(match.index + match[0].length);
    }
    out.push(html + escapeHtml(rest));
  }
  return out.join("");
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

export interface Rendered {
  html: string;
  headings: Heading[];
}

const isTableRow = (line: string) => /^\s*\|.*\|\s*$/.test(line);
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, "|"));

export function renderMarkdown(source: string): Rendered {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const html: string[] = [];
  const headings: Heading[] = [];
  const used = new Set<string>();
  let i = 0;

  const paragraphEnds = (line: string) => line.trim() === "" || /^(#{1,6}\s|```|>|\s*[-*]\s|\s*\d+\.\s|---\s*$)/.test(line) || isTableRow(line);

  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = /^```\s*([\w-]*)\s*$/.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^```\s*$/.test(lines[i]!)) code.push(lines[i++]!);
      i++;
      const language = fence[1] ? ` class="language-${escapeHtml(fence[1])}"` : "";
      // JSON examples wrap (long messages); shell keeps its lines.
      html.push(`<pre${fence[1] === "json" ? ' class="wrap"' : ""}><code${language}>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = heading[2]!;
      let id = slug(text) || "section";
      for (let n = 2; used.has(id); n++) id = `${slug(text)}-${n}`;
      used.add(id);
      headings.push({ level, text, id });
      html.push(`<h${level} id="${id}">${inline(text)}<a class="anchor" href="#${id}" aria-label="Link to this section">#</a></h${level}>`);
      i++;
      continue;
    }
    if (/^---\s*$/.test(line)) {
      html.push("<hr>");
      i++;
      continue;
    }
    if (line.startsWith(">")) {
      const quote: string[] = [];
      while (i < lines.length && lines[i]!.startsWith(">")) quote.push(lines[i++]!.replace(/^>\s?/, ""));
      html.push(`<blockquote>${renderMarkdown(quote.join("\n")).html}</blockquote>`);
      continue;
    }
    if (isTableRow(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1]!)) {
      const head = cells(line);
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && isTableRow(lines[i]!)) rows.push(cells(lines[i++]!));
      html.push(
        `<div class="table"><table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join("")}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`)
          .join("")}</tbody></table></div>`,
      );
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]!);
      const items: string[] = [];
      while (i < lines.length) {
        const current = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(lines[i]!);
        if (!current || /\d/.test(current[2]!) !== ordered) break;
        const text = [current[3]!];
        i++;
        // Continuation lines: indented, not a new item.
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]!) && !/^\s*([-*]|\d+\.)\s/.test(lines[i]!)) text.push(lines[i++]!.trim());
        items.push(`<li>${inline(text.join(" "))}</li>`);
      }
      html.push(ordered ? `<ol>${items.join("")}</ol>` : `<ul>${items.join("")}</ul>`);
      continue;
    }
    const paragraph = [line];
    i++;
    while (i < lines.length && !paragraphEnds(lines[i]!)) paragraph.push(lines[i++]!);
    html.push(`<p>${inline(paragraph.join(" "))}</p>`);
  }
  return { html: html.join("\n"), headings };
}

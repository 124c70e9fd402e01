import { errorCodeList, errorCodes } from "../../contract/errors.js";
import { errorExample } from "../../contract/openapi/error-examples.js";
import type { MediaTypeObject, OpenApiDocument, OperationObject, ResponseObject } from "../../contract/openapi/types.js";
import { curlExample } from "./curl.js";
import { renderPage } from "./layout.js";
import { escapeHtml, inline, renderMarkdown, slug } from "./markdown.js";
import { parameterOf, resolve, viewSchema, type FieldView, type SchemaView } from "./schema-view.js";

/**
 * The API reference, rendered from the OpenAPI document alone: as a web page (GET /docs) and as
 * markdown (GET /docs/api.md, and inside /llms-full.txt). Both walk the same structure: an
 * overview (authentication, errors, streams), then one section per tag, one block per operation.
 */

interface OperationEntry {
  method: string;
  path: string;
  operation: OperationObject;
}

interface TagGroup {
  name: string;
  id: string;
  description?: string;
  operations: OperationEntry[];
}

function groups(doc: OpenApiDocument): TagGroup[] {
  const byTag = new Map<string, TagGroup>();
  for (const tag of doc.tags) byTag.set(tag.name, { name: tag.name, id: `tag-${slug(tag.name)}`, description: tag.description, operations: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, OperationObject][]) {
      const tag = operation.tags[0] ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, { name: tag, id: `tag-${slug(tag)}`, operations: [] });
      byTag.get(tag)!.operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...byTag.values()].filter((g) => g.operations.length > 0);
}

const isError = (status: string) => /^[45]/.test(status);
const statusClass = (status: string) => `s${status[0]}`;
const methodBadge = (method: string) => `<span class="method m-${method.toLowerCase()}">${method}</span>`;

function authOf(operation: OperationObject): string {
  const match = /\*\*Auth:\*\* (.*?)\.(\n|$)/.exec(operation.description);
  return match?.[1] ?? (operation.security.length === 0 ? "None (public)" : Object.keys(operation.security[0]!).join(" or "));
}

/** The operation's notes other than auth and quota (GraphQL, compatibility layer). */
const notesOf = (operation: OperationObject) =>
  operation.description
    .split("\n\n")
    .filter((n) => !/^\*\*(Auth|Quota):\*\*/.test(n))
    .filter(Boolean);

const eventsOf = (media: MediaTypeObject | undefined) => media?.["x-events"] ?? [];

/** The events of the first stream the document describes (the generation stream), if any. */
const streamEventsOf = (doc: OpenApiDocument) =>
  Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .flatMap((op) => Object.values(op!.responses))
    .flatMap((r) => Object.values(r.content ?? {}))
    .map(eventsOf)
    .find((events) => events.length > 0);

// ---------------------------------------------------------------------------------------------
// HTML
// ---------------------------------------------------------------------------------------------

function fieldTree(fields: FieldView[]): string {
  if (fields.length === 0) return "";
  return `<ul class="tree">${fields
    .map(
      (f) =>
        `<li><span class="field">${escapeHtml(f.name)}</span><span class="type">${escapeHtml(f.type)}</span>${
          f.required ? '<span class="req">required</span>' : '<span class="opt">optional</span>'
        }${f.constraints.map((c) => `<span class="constraint">${escapeHtml(c)}</span>`).join("")}${
          f.description ? `<p class="desc">${inline(f.description)}</p>` : ""
        }${fieldTree(f.fields)}</li>`,
    )
    .join("")}</ul>`;
}

function schemaBlock(view: SchemaView): string {
  if (view.fields.length > 0) return fieldTree(view.fields);
  return `<p class="desc"><span class="type">${escapeHtml(view.type)}</span>${view.constraints.map((c) => `<span class="constraint">${escapeHtml(c)}</span>`).join("")}${
    view.description ? ` ${inline(view.description)}` : ""
  }</p>`;
}

/** The response's headers, but X-Request-Id (on every response; said once in the overview). */
function headerList(response: ResponseObject): string {
  const names = Object.keys(response.headers ?? {}).filter((n) => n !== "X-Request-Id");
  return names.length > 0 ? `<div class="hdrs">Headers: ${names.map((n) => `<code>${escapeHtml(n)}</code>`).join(" ")}</div>` : "";
}

function eventsTable(doc: OpenApiDocument, events: NonNullable<MediaTypeObject["x-events"]>): string {
  return `<div class="table"><table><thead><tr><th>event</th><th>data</th><th>when</th></tr></thead><tbody>${events
    .map((e) => {
      const view = viewSchema(doc, e.data, 1);
      const data =
        view.ref && view.ref !== "object"
          ? `the whole <code>${escapeHtml(view.ref)}</code>`
          : view.fields.map((f) => `<code>${escapeHtml(f.name)}${f.required ? "" : "?"}</code>`).join(" ");
      return `<tr><td><code>${escapeHtml(e.event)}</code></td><td>${data}</td><td>${inline(e.description)}</td></tr>`;
    })
    .join("")}</tbody></table></div>`;
}

function errorTable(responses: [string, ResponseObject][]): string {
  return `<div class="table errors"><table><tbody>${responses
    .map(([status, response]) => {
      const extra = Object.keys(response.headers ?? {}).filter((n) => n !== "X-Request-Id");
      const codes = (response["x-error-codes"] ?? [])
        .map((c) => `<a href="#errors" title="${escapeHtml(errorExample(c).error.message)}"><code>${c}</code></a>`)
        .join(" ");
      return `<tr><td class="st"><span class="status ${statusClass(status)}">${status}</span></td><td class="codes">${codes}</td><td class="muted">${extra.map((h) => `<code>${escapeHtml(h)}</code>`).join(" ")}</td></tr>`;
    })
    .join("")}</tbody></table></div>`;
}

/** A media type's examples as [label, value]: its one example, else each named one. */
function examplesOf(media: MediaTypeObject): [string, unknown][] {
  if (media.example !== undefined) return [["Example", media.example]];
  return Object.values(media.examples ?? {}).map((e) => [e.summary ? `Example: ${e.summary}` : "Example", e.value]);
}

function responseItem(doc: OpenApiDocument, status: string, response: ResponseObject): string {
  const types = Object.keys(response.content ?? {});
  const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
  let body = "";
  if (media) {
    const events = eventsOf(media);
    if (events.length > 0) {
      body = `<details open><summary>Events</summary>${eventsTable(doc, events)}</details>`;
    } else {
      const view = viewSchema(doc, media.schema);
      if (view.fields.length > 0) body += `<details><summary>Schema${view.ref ? `: ${escapeHtml(view.ref)}` : ""}</summary>${schemaBlock(view)}</details>`;
      for (const [label, value] of examplesOf(media)) {
        if (typeof value === "string") continue;
        body += `<details><summary>${escapeHtml(label)}</summary><pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre></details>`;
      }
    }
  }
  const ctypes = types.map((t) => ` <span class="ctype">${escapeHtml(t)}</span>`).join("");
  return `<li><span class="status ${statusClass(status)}">${status}</span> ${inline(response.description)}${type ? ctypes : ""}${headerList(response)}${body}</li>`;
}

function operationHtml(doc: OpenApiDocument, entry: OperationEntry, origin: string): string {
  const { method, path, operation } = entry;
  const parts: string[] = [];
  const badges = [
    operation["x-graphql"] ? '<span class="badge graphql">GraphQL</span>' : "",
    operation["x-compatibility-layer"] ? '<span class="badge compat">compatibility layer</span>' : "",
  ].join("");
  parts.push(
    `<h3>${methodBadge(method)}<code>${escapeHtml(path)}</code>${badges}<a class="anchor" href="#${operation.operationId}" aria-label="Link to this operation">#</a></h3>`,
  );
  parts.push(`<p class="summary">${inline(operation.summary)}</p>`);
  parts.push(
    `<div class="facts"><span><b>Auth</b> ${inline(authOf(operation))}</span>${operation["x-rate-limit"] ? `<span><b>Quota</b> <code>${operation["x-rate-limit"]}</code> per account</span>` : ""}<span><b>Id</b> <code>${escapeHtml(operation.operationId)}</code></span></div>`,
  );
  for (const note of notesOf(operation)) parts.push(`<p class="desc">${inline(note)}</p>`);

  const parameters = (operation.parameters ?? []).map((p) => parameterOf(doc, p));
  if (parameters.length > 0) {
    parts.push("<h4>Parameters</h4>");
    parts.push(
      `<div class="table params"><table><thead><tr><th>name</th><th>in</th><th>description</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? '<span class="req">required</span>' : ""}</td><td class="muted">${p.in}</td><td>${inline(p.description ?? "")}</td></tr>`,
        )
        .join("")}</tbody></table></div>`,
    );
  }
  const media = operation.requestBody?.content["application/json"];
  if (media) {
    const view = viewSchema(doc, media.schema);
    parts.push(`<h4>Request body <span class="ctype">application/json${view.ref ? ` · ${escapeHtml(view.ref)}` : ""}</span></h4>`);
    parts.push(schemaBlock(view));
  }
  const responses = Object.entries(operation.responses);
  parts.push("<h4>Responses</h4>");
  parts.push(
    `<ul class="responses">${responses
      .filter(([status]) => !isError(status))
      .map(([status, response]) => responseItem(doc, status, response))
      .join("")}</ul>`,
  );
  const errors = responses.filter(([status]) => isError(status));
  if (errors.length > 0) parts.push("<h4>Errors</h4>", errorTable(errors));
  parts.push("<h4>Example</h4>");
  parts.push(`<pre><code class="language-sh">${escapeHtml(curlExample(doc, method, path, operation, origin))}</code></pre>`);
  return `<section class="op" id="${operation.operationId}">${parts.join("\n")}</section>`;
}

function overviewHtml(doc: OpenApiDocument, origin: string): string {
  const [, ...rest] = doc.info.description.split("\n\n");
  const schemes = Object.entries(doc.components.securitySchemes);
  const allEvents = streamEventsOf(doc);
  return [
    `<h1 id="top">${escapeHtml(doc.info.title)}</h1>`,
    `<p class="lead">${inline(doc.info.summary)}</p>`,
    `<div class="chips"><a href="/docs/getting-started">Getting started →</a><a href="/openapi.json">OpenAPI 3.1 (JSON)</a><a href="/llms.txt">llms.txt</a><a href="/docs/api.md">Reference as markdown</a><a href="/api/ai/agents">Agents and prices</a></div>`,
    renderMarkdown(rest.join("\n\n")).html,
    `<p>Base URL: <code>${escapeHtml(origin)}</code>. Every path below is relative to it; bodies are JSON (<code>Content-Type: application/json</code>).</p>`,
    `<h2 id="authentication">Authentication<a class="anchor" href="#authentication">#</a></h2>`,
    `<ul>${schemes.map(([name, s]) => `<li><strong>${name === "apiKey" ? "API key" : name === "sessionCookie" ? "Session cookie" : escapeHtml(name)}</strong>: ${inline(s.description ?? "")}</li>`).join("")}</ul>`,
    `<p>A request without the credentials an operation needs answers <code>401 unauthenticated</code> with <code>WWW-Authenticate: Bearer realm="assets"</code>; with credentials that do not allow it, <code>403 forbidden</code>.</p>`,
    `<h2 id="errors">Errors<a class="anchor" href="#errors">#</a></h2>`,
    `<p>Every response carries <code>X-Request-Id</code>. Every error, on every endpoint, is one envelope holding the same id as <code>requestId</code>. The message says what to do next; <code>param</code> names the field at fault; <code>details.docs</code> links the page that explains it.</p>`,
    `<pre class="wrap"><code>${escapeHtml(JSON.stringify(errorExample("invalid_request"), null, 2))}</code></pre>`,
    `<div class="table"><table><thead><tr><th>status</th><th>code</th><th>retry?</th><th>example message</th></tr></thead><tbody>${errorCodeList
      .map((code) => {
        const status = String(errorCodes[code].status);
        return `<tr><td><span class="status ${statusClass(status)}">${status}</span></td><td><code>${code}</code></td><td>${errorCodes[code].retryable ? "yes" : "no"}</td><td>${inline(errorExample(code).error.message)}</td></tr>`;
      })
      .join("")}</tbody></table></div>`,
    ...(allEvents
      ? [
          `<h2 id="streams">Streams<a class="anchor" href="#streams">#</a></h2>`,
          `<p>Generation streams are server-sent events (<code>text/event-stream</code>): <code>event:</code> names the event, <code>id:</code> is its sequence number (reconnect with <code>Last-Event-ID</code> to resume), <code>data:</code> is one JSON object. A <code>: keep-alive</code> comment comes every 15 s. Disconnecting never cancels a generation.</p>`,
          eventsTable(doc, allEvents),
        ]
      : []),
  ].join("\n");
}

export function renderReferenceHtml(doc: OpenApiDocument, origin: string): string {
  const tagGroups = groups(doc);
  const sidebar = [
    `<h2>Guide</h2><ul class="links"><li><a href="/docs/getting-started">Getting started</a></li><li><a href="#top">Overview</a></li><li><a href="#authentication">Authentication</a></li><li><a href="#errors">Errors</a></li><li><a href="#streams">Streams</a></li></ul>`,
    ...tagGroups.map(
      (g) =>
        `<h2><a href="#${g.id}">${escapeHtml(g.name)}</a></h2><ul>${g.operations
          .map(
            (o) =>
              `<li><a href="#${o.operation.operationId}" title="${escapeHtml(o.operation.summary)}">${methodBadge(o.method)}<span class="path">${escapeHtml(o.path)}</span></a></li>`,
          )
          .join("")}</ul>`,
    ),
  ].join("\n");
  const content = [
    overviewHtml(doc, origin),
    ...tagGroups.map(
      (g) =>
        `<h2 id="${g.id}">${escapeHtml(g.name)}<a class="anchor" href="#${g.id}">#</a></h2>${g.description ? `<p>${inline(g.description)}</p>` : ""}\n${g.operations
          .map((o) => operationHtml(doc, o, origin))
          .join("\n")}`,
    ),
  ].join("\n");
  return renderPage({ title: `${doc.info.title}: API reference`, description: doc.info.summary, version: doc.info.version, sidebar, content });
}

// ---------------------------------------------------------------------------------------------
// Markdown
// ---------------------------------------------------------------------------------------------

function fieldLines(fields: FieldView[], indent = ""): string[] {
  return fields.flatMap((f) => {
    const facts = [f.type, f.required ? "required" : "optional", ...f.constraints].join(", ");
    return [`${indent}- \`${f.name}\` (${facts})${f.description ? `: ${f.description}` : ""}`, ...fieldLines(f.fields, `${indent}  `)];
  });
}

function schemaLines(view: SchemaView): string[] {
  if (view.fields.length > 0) return fieldLines(view.fields);
  return [`${view.type}${view.constraints.length > 0 ? ` (${view.constraints.join(", ")})` : ""}${view.description ? `: ${view.description}` : ""}`];
}

function operationMarkdown(doc: OpenApiDocument, entry: OperationEntry, origin: string): string {
  const { method, path, operation } = entry;
  const out: string[] = [`### ${method} ${path}`, "", operation.summary, ""];
  out.push(`- Operation: \`${operation.operationId}\``);
  out.push(`- Auth: ${authOf(operation)}`);
  if (operation["x-rate-limit"]) out.push(`- Quota: \`${operation["x-rate-limit"]}\` per account`);
  for (const note of notesOf(operation)) out.push(`- ${note}`);
  const parameters = (operation.parameters ?? []).map((p) => parameterOf(doc, p));
  for (const p of parameters)
    out.push(`- ${p.in === "path" ? "Path parameter" : "Header"} \`${p.name}\`${p.required ? " (required)" : ""}: ${p.description ?? ""}`);
  out.push("");
  const media = operation.requestBody?.content["application/json"];
  if (media) {
    const view = viewSchema(doc, media.schema);
    out.push(`Request body (\`application/json\`${view.ref ? `, ${view.ref}` : ""}):`, "", ...schemaLines(view), "");
  }
  out.push("Responses:", "");
  for (const [status, response] of Object.entries(operation.responses)) {
    const headers = Object.keys(response.headers ?? {}).filter((h) => h !== "X-Request-Id");
    const headerText = headers.length > 0 ? ` Headers: ${headers.map((h) => `\`${h}\``).join(", ")}.` : "";
    if (isError(status)) {
      out.push(`- \`${status}\` ${(response["x-error-codes"] ?? []).map((c) => `\`${c}\``).join(", ")}.${headerText}`);
      continue;
    }
    const [type, body] = Object.entries(response.content ?? {})[0] ?? [];
    const view = body ? viewSchema(doc, body.schema, 0) : undefined;
    const events = eventsOf(body);
    const shape =
      events.length > 0
        ? ` Events: ${events.map((e) => `\`${e.event}\``).join(", ")} (see Streams).`
        : view?.ref
          ? ` Body: \`${view.ref}\` (see Schemas).`
          : "";
    const types = Object.keys(response.content ?? {})
      .map((t) => `\`${t}\``)
      .join(", ");
    out.push(`- \`${status}\` ${response.description.replace(/\.$/, "")}${type ? ` (${types})` : ""}.${shape}${headerText}`);
  }
  out.push("", "Example:", "", "```sh", curlExample(doc, method, path, operation, origin), "```", "");
  return out.join("\n");
}

export function renderReferenceMarkdown(doc: OpenApiDocument, origin: string): string {
  const out: string[] = [`# ${doc.info.title}: API reference (v${doc.info.version})`, "", `> ${doc.info.summary}`, ""];
  const [, ...rest] = doc.info.description.split("\n\n");
  out.push(rest.join("\n\n"), "");
  out.push(`Base URL: ${origin}. OpenAPI 3.1: ${origin}/openapi.json. Guide: ${origin}/docs/getting-started.md.`, "");
  out.push("## Authentication", "");
  for (const [name, scheme] of Object.entries(doc.components.securitySchemes))
    out.push(`- ${name === "apiKey" ? "API key" : name === "sessionCookie" ? "Session cookie" : name}: ${scheme.description ?? ""}`);
  out.push(
    "",
    "## Errors",
    "",
    "Every error is one envelope (the same `requestId` as the `X-Request-Id` header):",
    "",
    "```json",
    JSON.stringify(errorExample("invalid_request")),
    "```",
    "",
  );
  out.push("| status | code | retry? | example message |", "|---|---|---|---|");
  for (const code of errorCodeList) {
    out.push(
      `| ${errorCodes[code].status} | \`${code}\` | ${errorCodes[code].retryable ? "yes" : "no"} | ${errorExample(code).error.message.replace(/\|/g, "\\|")} |`,
    );
  }
  const events = streamEventsOf(doc);
  if (events) {
    out.push(
      "",
      "## Streams",
      "",
      "Server-sent events: `event:` (name), `id:` (sequence number; resume with `Last-Event-ID`), `data:` (one JSON object); `: keep-alive` every 15 s.",
      "",
    );
    for (const e of events) {
      const view = viewSchema(doc, e.data, 0);
      out.push(
        `- \`${e.event}\`: ${e.description} Data: ${
          view.ref
            ? `the whole \`${view.ref}\``
            : `{${viewSchema(doc, e.data, 1)
                .fields.map((f) => f.name + (f.required ? "" : "?"))
                .join(", ")}}`
        }.`,
      );
    }
  }
  for (const group of groups(doc)) {
    out.push("", `## ${group.name}`, "");
    if (group.description) out.push(group.description, "");
    for (const entry of group.operations) out.push(operationMarkdown(doc, entry, origin));
  }
  out.push("## Schemas", "");
  for (const name of Object.keys(doc.components.schemas)) {
    const view = viewSchema(doc, resolve(doc, { $ref: `#/components/schemas/${name}` }) as never, 3);
    if (view.fields.length === 0) continue;
    out.push(`### ${name}`, "", ...(view.description ? [view.description, ""] : []), ...fieldLines(view.fields), "");
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n");
}

import { accountRoutes, creditRoutes } from "./routes/accounts.js";
import { docsRoutes, protocolRoutes } from "./routes/endpoints.js";
import { generationRoutes } from "./routes/generations.js";
import { billingRoutes } from "./routes/billing.js";
import { deletionRoutes } from "./routes/deletion.js";
import { kitRoutes } from "./routes/kits.js";
import { linkRoutes } from "./routes/links.js";
import { openAiRoutes } from "./routes/openai.js";
import { projectRoutes } from "./routes/projects.js";
import type { Method, RouteSpec } from "./routes/spec.js";
import { uploadRoutes } from "./routes/uploads.js";
import { webhookRoutes } from "./routes/webhooks.js";
import { documentSchemas } from "./teaching.js";

export type { Method, RatePolicyName, ResponseSpec, RouteSpec } from "./routes/spec.js";

/**
 * Every path the service serves, declared once: method, path, auth, rate policy, body and response
 * schemas, the errors it can answer. The REST transport registers its handlers from this table
 * (a handler cannot exist without a row), GraphQL's endpoints have rows too, and a test fails when
 * the app serves a path that is not here. The OpenAPI document is generated from it.
 *
 * The rows live by purpose in `routes/`; this is their one table, in the order the document lists them.
 */
export const routes = {
  ...accountRoutes,
  ...generationRoutes,
  ...kitRoutes,
  ...projectRoutes,
  ...uploadRoutes,
  ...deletionRoutes,
  ...linkRoutes,
  ...creditRoutes,
  ...billingRoutes,
  ...webhookRoutes,
  ...openAiRoutes,
  ...protocolRoutes,
  ...docsRoutes,
} as const satisfies Record<string, RouteSpec>;

export type RouteId = keyof typeof routes;
export const routeList: readonly (RouteSpec & { id: RouteId })[] = Object.entries(routes).map(([id, spec]) => ({ id: id as RouteId, ...(spec as RouteSpec) }));
documentSchemas(routeList); // a refused body's error links its operation in /docs

/** The methods served on `path` (a concrete request path), for 405 answers and their Allow header (HEAD with every GET). */
export function methodsFor(path: string): (Method | "HEAD")[] {
  const methods = new Set<Method | "HEAD">();
  for (const route of routeList) {
    if (!matchPath(route.path, path)) continue;
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
  }
  return [...methods];
}

function matchPath(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((segment, i) => (segment.startsWith(":") ? b[i] !== "" : segment === b[i]));
}

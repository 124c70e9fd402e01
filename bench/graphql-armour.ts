/**
 * What the GraphQL armour costs (the guard, CSRF prevention, our error masking and the field
 * suggestions block of production), in process and without the network: /graphql behind the app's
 * edge (src/transports/http/edge.ts, src/transports/graphql/yoga.ts) with and without it, on the
 * same requests, alternated; then each
 * part's own cost (the whole armour against the armour without that part, alternated); then the
 * guard alone on the web client's documents, i.e. what a document pays the first time (Yoga's parser
 * cache spares every repeat: src/transports/graphql/yoga.test.ts).
 *
 *   npx tsx bench/graphql-armour.ts          (ARMOUR_N requests per measurement, default 20000)
 */
import { parse, validate, specifiedRules } from "graphql";
import { createLogger } from "../src/infra/logger.js";
import { guardDocument, parseGuarded } from "../src/transports/graphql/guard.js";
import { schema } from "../src/transports/graphql/schema/index.js";
import { errorResponse } from "../src/contract/render.js";
import { anonymous } from "../src/domain/auth/viewer.js";
import { armourParts, createGraphQLHandler, type ArmourPart, type GraphQLDeps } from "../src/transports/graphql/yoga.js";
import { createEdge, type Edge } from "../src/transports/http/edge.js";

const n = Number(process.env.ARMOUR_N ?? 20_000);
const rounds = Number(process.env.ARMOUR_ROUNDS ?? 7);
const logger = createLogger("silent");
// `{ __typename }` and refused documents touch neither the database nor the services.
const deps = {
  prisma: {},
  services: {},
  logger,
  production: true,
  streamReservationMs: 1000,
  response: { maxResponseBytes: 32 * 1024 * 1024, inlineB64MaxBytes: 4 * 1024 * 1024 },
} as unknown as GraphQLDeps;

/** /graphql behind the edge, with the armour's parts `armour`. */
const serve = (armour: readonly ArmourPart[]): Edge =>
  createEdge({
    logger,
    authenticate: async () => ({ viewer: anonymous }),
    trustProxy: false,
    bodyLimitBytes: 100_000,
    direct: { "/graphql": createGraphQLHandler(deps, { armour }) },
    router: () => new Response(null, { status: 404 }),
    renderError: (_path, error, state) => errorResponse(error, state.requestId),
  });

const armoured = serve(armourParts);
const bare = serve([]);
/** The armour without one part, per part. */
const without = armourParts.map((part) => [part, serve(armourParts.filter((p) => p !== part))] as const);
const headers = { "content-type": "application/json" };

/** CPU time (user + system) of this process in µs: steadier than the clock on a shared machine. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function run(route: typeof armoured, query: (i: number) => string, expectStatus: number): Promise<number> {
  const started = cpu();
  for (let i = 0; i < n; i++) {
    const body = JSON.stringify({ query: query(i) });
    const response = await route.handle({
      method: "POST",
      url: "http://localhost/graphql",
      path: "/graphql",
      headers: { get: (name) => headers[name as keyof typeof headers] ?? null },
      headersInit: headers,
      clientAddress: undefined,
      readBody: async () => ({ text: () => body, bytes: () => Buffer.from(body) }),
      signal: () => new AbortController().signal,
    });
    await response.text();
    if (response.status !== expectStatus) throw new Error(`status ${response.status}`);
  }
  return (cpu() - started) / n; // µs per request
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let unique = 0;
const scenarios: [string, (i: number) => string, number][] = [
  ["repeated { __typename } (parse and validation cached)", () => "{ __typename }", 200],
  ["a new document every time (parse, guard, validate)", () => `{ __typename a${unique++}: __typename }`, 200],
  ["repeated validation error (masked every time)", () => "{ agentz { id } }", 200],
];

/** Medians of `a` and `b` measured in alternated rounds (a first in even rounds, b first in odd ones), after a warm-up of each. */
async function alternated(a: typeof armoured, b: typeof armoured, query: (i: number) => string, status: number): Promise<[number, number]> {
  await run(a, query, status);
  await run(b, query, status);
  const [as, bs]: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      as.push(await run(a, query, status));
      bs.push(await run(b, query, status));
    } else {
      bs.push(await run(b, query, status));
      as.push(await run(a, query, status));
    }
  }
  return [median(as), median(bs)];
}

console.log(`/graphql behind the edge in process, ${n} requests per measurement, median of ${rounds} alternated rounds (CPU µs per request):`);
for (const [name, query, status] of scenarios) {
  const [with_, none] = await alternated(armoured, bare, query, status);
  console.log(
    `- ${name}: armour ${with_.toFixed(1)}, without ${none.toFixed(1)}: +${(with_ - none).toFixed(1)} µs (${((100 * (with_ - none)) / none).toFixed(0)}%)`,
  );
  for (const [part, route] of without) {
    const [all, allBut] = await alternated(armoured, route, query, status);
    console.log(`    ${part.padEnd(11)} +${(all - allBut).toFixed(1)} µs (whole armour ${all.toFixed(1)}, without ${part} ${allBut.toFixed(1)})`);
  }
}

// The guard alone, on what the web client sends: its first sight of a document.
const generationFields = `id status agentId prompt transparent seed width height createdAt completedAt
  assets { id url mimeType width height bytes } credits { charged refunded balance } error { code message }`;
const documents: Record<string, string> = {
  boot: `{ viewer { user { id email role } account { id balance } } agents { id name description credits supportsTransparent sizes { width height } defaultSize { width height } } defaultAgentId }`,
  generate: `mutation Generate($input: GenerateInput!) { generate(input: $input) { ${generationFields} } }`,
  history: `query History($first: Int!, $after: String) { generations(first: $first, after: $after) { nodes { ${generationFields} } endCursor hasNextPage } }`,
  ledger: `query Ledger($first: Int!, $after: String) { viewer { account { balance ledger(first: $first, after: $after) { nodes { id kind amount balanceAfter reason createdAt generationId } endCursor hasNextPage } } } }`,
};
const time = (fn: () => unknown, times = 5_000) => {
  for (let i = 0; i < 500; i++) fn();
  const runs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = cpu();
    for (let i = 0; i < times; i++) fn();
    runs.push((cpu() - started) / times);
  }
  return median(runs);
};
console.log("\nA document's first request (CPU µs, median of rounds): graphql's parse | the guard's parse (token limit) + its one pass | validation:");
for (const [name, source] of Object.entries(documents)) {
  const plain = time(() => parse(source));
  const guarded = time(() => guardDocument(parseGuarded(source)));
  const document = parse(source);
  const validation = time(() => validate(schema, document, specifiedRules), 2_000);
  console.log(
    `- ${name} (${source.length} chars): parse ${plain.toFixed(1)} | guarded ${guarded.toFixed(1)} (+${(guarded - plain).toFixed(1)}) | validate ${validation.toFixed(1)}`,
  );
}

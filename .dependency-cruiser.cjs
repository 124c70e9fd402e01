// The house's layers, checked on every `npm run lint` (dependency-cruiser reads this file).
//
// The order is written here once; README.md's "Architecture" and docs/architecture.md draw it, and
// scripts/layers.test.ts fails when either one names the layers in another order. Imports only go
// down: a layer may import the layers below it, never one above. Where a layer has a face, the
// layers above reach it through the face only. Tests, benchmarks and scripts may use internals.

/** From the top floor down: [name, the files it holds]. */
const layers = [
  ["processes", "^src/(main|worker|cli|mcp|boot|process-lifecycle)\\.ts$"],
  ["app", "^src/app\\.ts$"],
  ["transports", "^src/transports/"],
  ["services", "^src/(services|config)\\.ts$"],
  ["domain", "^src/domain/"],
  ["contract", "^src/contract/"],
  ["agents", "^src/agents/"],
  ["infra", "^src/(infra|generated)/"],
];

/** The procedural drawers' own floors (src/agents/procedural): each room and the rooms it may import. */
const procedural = {
  face: ["sheets", "sprites", "icons", "tilesets", "textures", "words", "kit"],
  sheets: ["sprites", "words", "kit"],
  sprites: ["icons", "words", "kit"],
  icons: ["words", "kit"],
  tilesets: ["textures", "words", "kit"],
  textures: ["words", "kit"],
  words: ["kit"],
  kit: [],
};
/** The families: one entry each (index.ts), which is all that another room may import of them. */
const families = ["sheets", "sprites", "icons", "tilesets", "textures"];

const source = { pathNot: "\\.test\\.tsx?$" };
const room = (name) => (name === "face" ? "^src/agents/procedural/[^/]+$" : `^src/agents/procedural/${name}/`);

module.exports = {
  forbidden: [
    ...layers.slice(1).map(([name, path], i) => ({
      name: `${name}-imports-up`,
      comment: `${name} imports only the layers below it (${layers
        .slice(i + 2)
        .map(([n]) => n)
        .join(", ")}); never ${layers
        .slice(0, i + 1)
        .map(([n]) => n)
        .join(", ")}.`,
      severity: "error",
      from: { path, ...source },
      to: { path: layers.slice(0, i + 1).map(([, p]) => p) },
    })),
    {
      name: "agents-through-their-face",
      comment: "Outside src/agents, code imports the agents through their face, src/agents/index.ts, never a file behind it.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/agents/", "\\.test\\.tsx?$"] },
      to: { path: "^src/agents/", pathNot: "^src/agents/index\\.ts$" },
    },
    {
      name: "agents-face-is-for-the-outside",
      comment: "Inside src/agents, files import each other, not the face (which would tie them in a circle).",
      severity: "error",
      from: { path: "^src/agents/", ...source },
      to: { path: "^src/agents/index\\.ts$" },
    },
    {
      name: "transports-call-use-cases-through-services",
      comment:
        "Transports reach the use-cases through services.ts; of the domain they import types, and the rules every transport applies (auth/viewer.ts, limits.ts, abort.ts, ids.ts).",
      severity: "error",
      from: { path: "^src/transports/", ...source },
      to: {
        path: "^src/domain/",
        pathNot: "^src/domain/(auth/viewer|limits|abort|ids)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "webhooks-follow-generations",
      comment: "A generation's end writes its webhook deliveries (generation/outbox.ts); webhooks read generations, never the other way.",
      severity: "error",
      from: { path: "^src/domain/generation/", ...source },
      to: { path: "^src/domain/webhooks/" },
    },
    {
      name: "transports-apart",
      comment: "A transport never imports another; http/ is the edge they share.",
      severity: "error",
      from: { path: "^src/transports/([^/]+)/", ...source },
      to: { path: "^src/transports/", pathNot: ["^src/transports/$1/", "^src/transports/http/"] },
    },
    {
      name: "procedural-through-its-face",
      comment: "The rest of src/agents uses the procedural drawers through the files at the root of src/agents/procedural.",
      severity: "error",
      from: { path: "^src/agents/", pathNot: ["^src/agents/procedural/", "\\.test\\.tsx?$"] },
      to: { path: "^src/agents/procedural/[^/]+/" },
    },
    ...Object.entries(procedural).map(([name, below]) => ({
      name: `procedural-${name}-imports-down`,
      comment: `In src/agents/procedural, ${name} imports ${below.length ? below.join(", ") : "no other room"} (and what lies outside the folder).`,
      severity: "error",
      from: { path: room(name), ...source },
      to: { path: "^src/agents/procedural/", pathNot: [room(name), ...below.map(room)] },
    })),
    ...families.map((family) => ({
      name: `procedural-${family}-through-its-entry`,
      comment: `Another room uses the ${family} family through ${family}/index.ts only.`,
      severity: "error",
      from: { path: "^src/agents/procedural/", pathNot: [room(family), "\\.test\\.tsx?$"] },
      to: { path: room(family), pathNot: `^src/agents/procedural/${family}/index\\.ts$` },
    })),
    {
      name: "no-circles",
      comment: "Files that import each other in a loop are one room drawn as two: merge them, or move what both need below both.",
      severity: "error",
      from: { path: "^src/", ...source },
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    includeOnly: "^src/",
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// The order, for scripts/layers.test.ts (not enumerable: dependency-cruiser refuses keys it does not know).
Object.defineProperty(module.exports, "layers", { value: layers.map(([name]) => name), enumerable: false });

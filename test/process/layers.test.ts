import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise as cruiseApi, type ICruiseOptions } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layer rule (`.dependency-cruiser.cjs`, run by `npm run lint`): the real rule set run on a small tree laid out
 * like src/, with one crossing planted at a time, then removed. The clean tree is cruised as `npm run lint:layers`
 * runs it (the CLI); the planted ones by dependency-cruiser's own API in this process, with the same rule set and
 * reporter (a CLI process per tree cost 5–15 s each). The tree is a copy in a temporary folder: a file planted in src/
 * itself would make dist/ stale for every process test running beside this one.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const depcruise = join(root, "node_modules/.bin/depcruise");
const config = join(root, ".dependency-cruiser.cjs");
const layers = (createRequire(import.meta.url)(config) as { layers: string[] }).layers;

const tree = mkdtempSync(join(tmpdir(), "ags-layers-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** A tree that keeps every rule: each layer imports one below it, the agents through their face. */
const clean: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", noEmit: true }, include: ["src"] }),
  "src/main.ts": `import { createApp } from "./app.js";\ncreateApp();\n`,
  "src/app.ts": `import { route } from "./transports/rest/route.js";\nexport const createApp = () => route;\n`,
  "src/transports/http/edge.ts": `export const edge = 1;\n`,
  "src/transports/rest/route.ts": `import { edge } from "../http/edge.js";\nimport { createServices } from "../../services.js";\nexport const route = [edge, createServices];\n`,
  "src/services.ts": `import { submit } from "./domain/generation/submit.js";\nexport const createServices = () => submit;\n`,
  "src/domain/generation/submit.ts": `import { recolorOffThread } from "../../agents/index.js";\nimport { codes } from "../../contract/errors.js";\nexport const submit = [recolorOffThread, codes];\n`,
  "src/contract/errors.ts": `import { AgentError } from "../agents/index.js";\nexport const codes = [AgentError];\n`,
  "src/agents/index.ts": `export { recolorOffThread } from "./pipeline/finish-pool.js";\nexport { AgentError } from "./driver.js";\nexport { drawn } from "./procedural/index.js";\n`,
  "src/agents/driver.ts": `import { log } from "../infra/logger.js";\nexport class AgentError extends Error {}\nexport const driverLog = log;\n`,
  "src/agents/pipeline/finish-pool.ts": `export const recolorOffThread = () => undefined;\n`,
  "src/agents/procedural/index.ts": `import { sheet } from "./sheets/index.js";\nexport const drawn = sheet;\n`,
  "src/agents/procedural/sheets/index.ts": `import { pose } from "./rig.js";\nexport const sheet = pose;\n`,
  "src/agents/procedural/sheets/rig.ts": `import { sprite } from "../sprites/index.js";\nexport const pose = sprite;\n`,
  "src/agents/procedural/sprites/index.ts": `import { body } from "./body.js";\nexport const sprite = body;\n`,
  "src/agents/procedural/sprites/body.ts": `import { raster } from "../kit/raster.js";\nexport const body = raster;\n`,
  "src/agents/procedural/kit/raster.ts": `export const raster = 1;\n`,
  "src/infra/logger.ts": `export const log = () => undefined;\n`,
};

function lay(files: Record<string, string>): void {
  rmSync(join(tree, "src"), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

interface Verdict {
  code: number;
  broken: string[];
  output: string;
}
/** The names of the rules the "err" reporter's output says were broken. */
const verdictOf = (code: number, output: string): Verdict => ({
  code,
  broken: [...new Set([...output.matchAll(/error ([a-z-]+):/g)].map((m) => m[1]!))].sort(),
  output,
});

/** The rule set's verdict on the tree, from the CLI as `npm run lint:layers` runs it. */
function cruiseCli(): Promise<Verdict> {
  return new Promise((resolve) => {
    execFile(depcruise, ["src", "--config", config, "--output-type", "err"], { cwd: tree }, (error, stdout, stderr) =>
      resolve(verdictOf(error ? Number(error.code ?? 1) : 0, `${stdout}${stderr}`)),
    );
  });
}

/** The same verdict from dependency-cruiser's API in this process: the rule set read once, the tree's own tsconfig. */
let options: ICruiseOptions | undefined;
async function cruise(): Promise<Verdict> {
  options ??= await extractDepcruiseOptions(config);
  const tsConfigFile = join(tree, "tsconfig.json");
  const result = await cruiseApi(
    ["src"],
    { ...options, baseDir: tree, tsConfig: { fileName: tsConfigFile }, outputType: "err" },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  return verdictOf(result.exitCode, String(result.output));
}

describe("the layer rule", () => {
  it("passes a tree whose imports go down, through the faces", async () => {
    lay(clean);
    const verdict = await cruiseCli();
    expect(verdict.output).toContain("no dependency violations");
    expect(verdict.code).toBe(0);
  });

  const planted: [string, Record<string, string>, string[]][] = [
    [
      "an import that runs up a layer (the domain importing a transport)",
      { "src/domain/generation/submit.ts": `import { route } from "../../transports/rest/route.js";\nexport const submit = route;\n` },
      ["domain-imports-up", "no-circles"],
    ],
    [
      "the contract importing the domain",
      { "src/contract/errors.ts": `import { submit } from "../domain/generation/submit.js";\nexport const codes = [submit];\n` },
      ["contract-imports-up", "no-circles"],
    ],
    [
      "the domain reaching behind the agents' face (the runner's old finish-pool import)",
      {
        "src/domain/generation/submit.ts": `import { recolorOffThread } from "../../agents/pipeline/finish-pool.js";\nexport const submit = recolorOffThread;\n`,
      },
      ["agents-through-their-face"],
    ],
    [
      "infra importing the agents",
      { "src/infra/logger.ts": `import { raster } from "../agents/procedural/kit/raster.js";\nexport const log = () => raster;\n` },
      ["agents-through-their-face", "infra-imports-up"],
    ],
    [
      "a transport calling a use-case instead of the services",
      { "src/transports/rest/route.ts": `import { submit } from "../../domain/generation/submit.js";\nexport const route = [submit];\n` },
      ["transports-call-use-cases-through-services"],
    ],
    [
      "a family reaching into another's files",
      { "src/agents/procedural/sheets/rig.ts": `import { body } from "../sprites/body.js";\nexport const pose = body;\n` },
      ["procedural-sprites-through-its-entry"],
    ],
    [
      "the drawing kit importing a family",
      { "src/agents/procedural/kit/raster.ts": `import { sheet } from "../sheets/index.js";\nexport const raster = sheet;\n` },
      ["no-circles", "procedural-kit-imports-down"],
    ],
  ];
  for (const [what, change, rules] of planted) {
    it(`fails on ${what}, naming the rule`, async () => {
      lay({ ...clean, ...change });
      const verdict = await cruise();
      expect(verdict.code).not.toBe(0);
      expect(verdict.broken).toEqual(rules);
    });
  }

  it("passes again once the planted imports are removed", async () => {
    lay(clean);
    expect((await cruise()).code).toBe(0);
  });
});

describe("the layer order is written once", () => {
  /** The layers named at the start of each line of a diagram, in order (e.g. "agents, infra" is two). */
  const named = (diagram: string) =>
    diagram
      .split("\n")
      .flatMap((line) =>
        line
          .trim()
          .split(/\s{2,}/)[0]!
          .split(/\s*[,·]\s*/),
      )
      .map((word) => word.replace(/\/$/, "").replace(/\.ts$/, ""))
      .filter((word) => layers.includes(word));

  it("README's architecture section and docs/architecture.md draw the rule's layers, in its order", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Architecture"));
    const readmeDiagram = /```\n([\s\S]*?)```/.exec(section)![1]!;
    const doc = readFileSync(join(root, "docs/architecture.md"), "utf8");
    const docDiagram = /## Layers[\s\S]*?```\n([\s\S]*?)```/.exec(doc)![1]!;
    expect(layers).toEqual(["processes", "app", "transports", "services", "domain", "contract", "agents", "infra"]);
    expect(named(readmeDiagram)).toEqual(layers);
    expect(named(docDiagram)).toEqual(layers);
  });
});

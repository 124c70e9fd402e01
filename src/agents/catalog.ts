import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { AgentDefaults, AgentDriver, DriverEnvironment, DriverKind } from "./driver.js";
import { builtInCatalog } from "./procedural/agents.js";

/**
 * The agents catalog (contract section 8): the built-in procedural agents, or the JSON file named
 * by AGENTS_FILE. Checked once at start-up: a bad entry, an unknown driver or an unset secret
 * stops the service with one line naming the entry and the field. A new agent is one entry; a
 * new kind of model is one driver (registered in registry.ts) plus entries naming it.
 */
export const styles = ["none", "pixel-art", "icon", "texture"] as const;
export type Style = (typeof styles)[number];

const sizeSchema = z.strictObject({ width: z.number().int().min(1).max(4096), height: z.number().int().min(1).max(4096) });

const entrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "Must be 1–64 lowercase letters, digits, '.', '_' or '-'."),
  driver: z.string().min(1),
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(2000).optional(),
  credits: z.number().int().min(0).max(1_000_000).optional(),
  sizes: z.array(sizeSchema).min(1).max(32).optional(),
  defaultSize: sizeSchema.optional(),
  supportsTransparent: z.boolean().optional(),
  /** Post-processing that turns a model's picture into a game asset of the asked size. */
  style: z.enum(styles).optional(),
  /** pixel-art: the largest palette (default 32). */
  paletteSize: z.number().int().min(2).max(256).optional(),
  /** pixel-art on transparent assets: a 1-pixel dark outline around the subject. */
  outline: z.boolean().optional(),
  /** What a call may give besides its prompt: `["prompt", "image"]` for a model that edits the caller's picture (contract section 14). */
  inputs: z
    .union([z.tuple([z.literal("prompt")]), z.tuple([z.literal("prompt"), z.literal("image")])], {
      error: 'Must be ["prompt"] or ["prompt", "image"].',
    })
    .optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});

const fileSchema = z.strictObject({
  defaultAgentId: z.string().optional(),
  agents: z.array(entrySchema).min(1, "List at least one agent.").max(200),
});

export type CatalogFile = z.input<typeof fileSchema>;

/** An agent of the catalog, every field resolved. */
export interface AgentEntry extends AgentDefaults {
  id: string;
  driver: string;
  formats: string[];
  style: Style;
  paletteSize: number;
  outline: boolean;
  /** One attempt's time limit. */
  timeoutMs: number;
  /** Attempts after the first for rate_limited, timeout and unavailable failures. */
  maxRetries: number;
  /** Whether the driver's images are already the asset (exact size, transparency). */
  exactAssets: boolean;
  /** Whether the model makes transparent backgrounds itself (else the service removes them). */
  nativeTransparency: boolean;
  /** What a call may give (contract section 14): `image` only where the driver takes pictures (`AgentDriver.images`). */
  inputs: AgentInput[];
}

/** What a call gives an agent: every agent takes a prompt; some take the caller's picture too. */
export type AgentInput = "prompt" | "image";

export interface Catalog {
  defaultAgentId: string;
  entries: readonly AgentEntry[];
  entry(id: string): AgentEntry | undefined;
  driver(id: string): AgentDriver | undefined;
}

export class CatalogError extends Error {
  override name = "CatalogError";
}

export interface LoadCatalogOptions {
  /** Path of AGENTS_FILE; the built-in catalog when undefined. */
  file?: string;
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own options type
  kinds: readonly DriverKind<any>[];
  env: DriverEnvironment;
}

export async function loadCatalog(options: LoadCatalogOptions): Promise<Catalog> {
  const where = options.file ? `AGENTS_FILE ${options.file}` : "the built-in catalog";
  let raw: unknown = builtInCatalog;
  if (options.file) {
    let text: string;
    try {
      text = await readFile(options.file, "utf8");
    } catch (error) {
      throw new CatalogError(`${where} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new CatalogError(`${where} is not valid JSON: ${(error as Error).message}`);
    }
  }
  return buildCatalog(raw, where, options);
}

/** Validates a catalog document and builds its drivers. */
export function buildCatalog(raw: unknown, where: string, options: Omit<LoadCatalogOptions, "file">): Catalog {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) throw new CatalogError(`${where}: ${describeIssue(parsed.error, raw)}`);
  const file = parsed.data;
  const kinds = new Map(options.kinds.map((k) => [k.name, k as DriverKind<unknown>]));
  const entries: AgentEntry[] = [];
  const drivers = new Map<string, AgentDriver>();
  file.agents.forEach((entry, index) => {
    const label = `agents[${index}] (${JSON.stringify(entry.id)})`;
    const fail = (field: string, message: string): never => {
      throw new CatalogError(`${where}: ${label}.${field}: ${message}`);
    };
    if (entries.some((e) => e.id === entry.id)) fail("id", "another entry has this id.");
    const kind = kinds.get(entry.driver) ?? fail("driver", `unknown driver ${JSON.stringify(entry.driver)} (known: ${[...kinds.keys()].join(", ")}).`);
    const optionsResult = kind.options.safeParse(entry.options ?? {});
    if (!optionsResult.success) fail(`options${pathOf(optionsResult.error)}`, optionsResult.error.issues[0]!.message);
    const driverOptions = optionsResult.data as Record<string, unknown>;
    for (const name of kind.requiredSecrets?.(driverOptions) ?? []) {
      if (!options.env.secret(name)) fail("options.apiKeyEnv", `the environment variable ${name} is not set.`);
    }
    const defaults = kind.defaults;
    const required = <T>(value: T | undefined, field: string): T =>
      value ?? (defaults?.[field as keyof typeof defaults] as T) ?? fail(field, "is required for this driver.");
    const sizes = required(entry.sizes, "sizes");
    const defaultSize = required(entry.defaultSize, "defaultSize");
    if (!sizes.some((s) => s.width === defaultSize.width && s.height === defaultSize.height)) fail("defaultSize", "must be one of sizes.");
    const driver = kind.create(driverOptions, options.env);
    entries.push({
      id: entry.id,
      driver: entry.driver,
      name: required(entry.name, "name"),
      description: entry.description ?? defaults?.description ?? "",
      credits: required(entry.credits, "credits"),
      sizes,
      defaultSize,
      supportsTransparent: entry.supportsTransparent ?? defaults?.supportsTransparent ?? false,
      formats: ["image/png"],
      style: entry.style ?? "none",
      paletteSize: entry.paletteSize ?? 32,
      outline: entry.outline ?? false,
      timeoutMs: positive(driverOptions.timeoutMs) ?? 60_000,
      maxRetries: nonNegative(driverOptions.maxRetries) ?? (kind.exactAssets ? 0 : 2),
      exactAssets: kind.exactAssets ?? false,
      nativeTransparency: driverOptions.nativeTransparency === true,
      inputs: inputsOf(entry.inputs, driver, kind, fail),
    });
    drivers.set(entry.id, driver);
  });
  const defaultAgentId = file.defaultAgentId ?? entries[0]!.id;
  if (!entries.some((e) => e.id === defaultAgentId)) {
    throw new CatalogError(`${where}: defaultAgentId: no entry has the id ${JSON.stringify(defaultAgentId)}.`);
  }
  return {
    defaultAgentId,
    entries,
    entry: (id) => entries.find((e) => e.id === id),
    driver: (id) => drivers.get(id),
  };
}

/**
 * An entry's inputs: as listed (a driver that takes no pictures cannot list `image`); unlisted, a built-in drawer's
 * (`exactAssets`) follow its driver, and a model's are the prompt alone (the entry says when its model edits pictures).
 */
function inputsOf(
  listed: AgentInput[] | undefined,
  driver: AgentDriver,
  kind: DriverKind<unknown>,
  fail: (field: string, message: string) => never,
): AgentInput[] {
  if (listed?.includes("image") && !driver.images) fail("inputs", `the driver ${kind.name} takes no image; list ["prompt"] or leave inputs out.`);
  if (listed) return [...listed];
  return kind.exactAssets && driver.images ? ["prompt", "image"] : ["prompt"];
}

const positive = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);
const nonNegative = (value: unknown) => (typeof value === "number" && value >= 0 ? value : undefined);
const pathOf = (error: z.ZodError) => error.issues[0]!.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");

function describeIssue(error: z.ZodError, raw: unknown): string {
  const issue = error.issues[0]!;
  const path = [...issue.path];
  let label = "";
  if (path[0] === "agents" && typeof path[1] === "number") {
    const id = (raw as { agents?: { id?: unknown }[] }).agents?.[path[1]]?.id;
    label = `agents[${path[1]}]${typeof id === "string" ? ` (${JSON.stringify(id)})` : ""}`;
    path.splice(0, 2);
  }
  if (issue.code === "unrecognized_keys") path.push(issue.keys[0]!);
  const field = [label, ...path.map((p) => (typeof p === "number" ? `[${p}]` : String(p)))].filter(Boolean).join(".").replace(/\.\[/g, "[");
  const message = issue.code === "unrecognized_keys" ? "unknown field." : issue.message;
  return `${field || "(file)"}: ${message}`;
}

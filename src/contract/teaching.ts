/**
 * Errors that teach (contract section 1): what a newcomer, often a coding agent guessing from
 * another image API, should send instead. Used by `validation.ts` for 400 `invalid_request`:
 *
 * - an unknown field that is a common alias (`size`, `n`, `model`, `response_format`…) names what
 *   to send; one within two edits of a known field (`promt`, `widht`) asks "did you mean";
 * - a wrong type names the expected type and, for the usual slips (`"true"`, `"64"`, a bare
 *   string as a message), what the value should look like;
 * - `details.docs` links the documentation of the operation whose body was refused.
 *
 * No imports from the route table (it imports the schemas, which import validation.ts): the
 * table registers its body schemas here instead (`documentSchemas`).
 */

/** Pages of /docs that errors link to. */
export const docsPages = {
  errors: "/docs/getting-started#errors",
  keys: "/docs/getting-started#create-a-key",
  reference: "/docs",
} as const;

const schemaDocs = new WeakMap<object, string>();

/** Records, for each row's body schema, the anchor of its operation in /docs (the first row using a schema wins). */
export function documentSchemas(rows: readonly { id: string; body?: object }[]): void {
  for (const row of rows) if (row.body && !schemaDocs.has(row.body)) schemaDocs.set(row.body, `/docs#${row.id}`);
}

/** Where the body `schema` is documented: its operation's anchor, else the errors section of the guide. */
export function docsFor(schema: object | undefined): string {
  return (schema && schemaDocs.get(schema)) ?? docsPages.errors;
}

const describeValue = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;

/** A field name without case or separators: `negative_prompt`, `negativePrompt` and `NEGATIVE-PROMPT` are one. */
const normalise = (name: string): string => name.toLowerCase().replace(/[-_\s]/g, "");

// ---------------------------------------------------------------------------------------------
// Unknown fields
// ---------------------------------------------------------------------------------------------

interface Alias {
  /** The fields the hint talks about: the hint applies only to a body that has them. */
  needs: readonly string[];
  hint: (value: unknown) => string;
}

const sizeHint = (value: unknown): string => {
  let example = { width: 64, height: 64 };
  if (typeof value === "number" && Number.isInteger(value) && value > 0) example = { width: value, height: value };
  const match = typeof value === "string" ? /^\s*(\d{1,5})\s*[x×*,:]\s*(\d{1,5})\s*$/i.exec(value) : null;
  if (match) example = { width: Number(match[1]), height: Number(match[2]) };
  if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n)))
    example = { width: value[0] as number, height: value[1] as number };
  return `use width and height (e.g. "width": ${example.width}, "height": ${example.height}); GET /api/ai/agents lists each agent's sizes.`;
};
const countHint = () => "one asset per call; call again for more (a different seed gives a different one).";
const modelHint = () => "use agentId (GET /api/ai/agents lists them).";
const agentHint = () => 'use agentId (camelCase), e.g. "agentId": "icon"; GET /api/ai/agents lists them.';
const formatHint = () => "not needed: the answer always carries the PNG as assets[].b64 and assets[].url.";
const outputFormatHint = () => "PNG only: the answer always carries the PNG as assets[].b64 and assets[].url.";
const negativeHint = () => "not supported; describe what you want in prompt.";
const transparentHint = (value: unknown) =>
  typeof value === "string" && !/^(transparent|none|alpha|clear)$/i.test(value.trim())
    ? "use transparent: true for a transparent background; to colour it, say so in prompt."
    : "use transparent: true (a boolean, without quotes).";
const promptHint = () => 'use prompt (a string), e.g. "prompt": "red health potion".';
const samplerHint = () => "not supported: the agents have no sampler settings; describe what you want in prompt.";
const qualityHint = () => "not supported: each agent has one quality; pick the agent (GET /api/ai/agents) and size that fit.";
const styleHint = () => 'describe the style in prompt (e.g. "flat icon", "pixel art"), or pick the agent that fits (GET /api/ai/agents).';
const seedHint = () => "use seed (an integer from 0 to 2147483647).";

const generation = ["prompt", "agentId", "width"] as const;

/** Keys are normalised (lowercase, no `_`/`-`), so `negative_prompt`, `negativePrompt` and `NEGATIVE-PROMPT` are one entry. */
const aliases = new Map<string, Alias>(
  (
    [
      [["size", "imagesize", "dimensions", "resolution", "aspectratio", "w", "h"], { needs: ["width", "height"], hint: sizeHint }],
      [["n", "numimages", "numoutputs", "count", "batchsize", "samples", "numberofimages", "imagecount"], { needs: generation, hint: countHint }],
      [["model", "modelid", "modelname", "engine", "version"], { needs: ["agentId"], hint: modelHint }],
      [["agent", "agentname"], { needs: ["agentId"], hint: agentHint }],
      [["negativeprompt", "negative", "negprompt", "excludes", "exclude"], { needs: ["prompt"], hint: negativeHint }],
      [["responseformat", "returntype", "output", "outputtype"], { needs: generation, hint: formatHint }],
      [["outputformat", "format", "mimetype", "filetype", "extension"], { needs: generation, hint: outputFormatHint }],
      [["background", "transparency", "transparentbackground", "alpha", "bg", "removebackground"], { needs: ["transparent"], hint: transparentHint }],
      [["text", "input", "description", "caption", "query", "instructions", "positiveprompt"], { needs: ["prompt"], hint: promptHint }],
      [["steps", "numinferencesteps", "guidancescale", "cfgscale", "cfg", "sampler", "scheduler", "strength"], { needs: generation, hint: samplerHint }],
      [["quality", "detail", "hd"], { needs: generation, hint: qualityHint }],
      [["style", "stylepreset", "preset"], { needs: generation, hint: styleHint }],
      [["randomseed", "seedvalue", "noiseseed"], { needs: ["seed"], hint: seedHint }],
      [["idempotencykey"], { needs: generation, hint: () => "send it as the Idempotency-Key header, not in the body." }],
      [
        ["stream", "streaming"],
        { needs: generation, hint: () => "send Prefer: respond-async, then read GET /api/v1/generations/{id}/events (server-sent events)." },
      ],
      [
        ["async", "wait", "sync", "webhook", "callbackurl"],
        {
          needs: generation,
          hint: () => "send the header Prefer: respond-async for a 202 at once, then poll GET /api/v1/generations/{id} or stream its /events.",
        },
      ],
      [["user", "userid"], { needs: generation, hint: () => "not needed: the API key says who calls." }],
      [
        ["animations", "animation", "directions", "direction", "fps", "framerate", "frames", "spritesheet", "spritesheets", "animated", "anim"],
        {
          needs: ["sheet"],
          hint: () => 'ask for a sprite sheet with sheet: {"animations": ["idle","walk"], "directions": 4, "fps": 8} (width × height is one frame).',
        },
      ],
    ] as [string[], Alias][]
  ).flatMap(([names, alias]) => names.map((name) => [name, alias] as [string, Alias])),
);

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), so `promt`,
 * `widht` and `hieght` are each one edit away.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The known field `field` most likely meant: same name but for case or separators, else within two edits. */
export function closestField(field: string, known: readonly string[]): string | undefined {
  const wanted = normalise(field);
  const same = known.find((k) => normalise(k) === wanted);
  if (same) return same;
  if (wanted.length < 3) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(wanted, normalise(name));
    if (distance <= 2 && distance < Math.min(wanted.length, name.length) - 1 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * What to say about the unknown field `field` (holding `value`) of an object whose fields are
 * `known`: `Unknown field "size": use width and height (e.g. 64 and 64) …`.
 */
export function unknownFieldMessage(field: string, value: unknown, known: readonly string[]): string {
  const head = `Unknown field ${JSON.stringify(field)}`;
  const spelled = known.find((k) => normalise(k) === normalise(field));
  if (spelled) return `${head}: use ${spelled} (field names are camelCase and case-sensitive).`;
  // An alias applies to the body it was written for (the generation request).
  const alias = aliases.get(normalise(field));
  if (alias?.needs.every((n) => known.includes(n))) return `${head}: ${alias.hint(value)}`;
  const close = closestField(field, known);
  if (close) return `${head}: did you mean ${close}?`;
  return known.length > 0 ? `${head}. The fields are: ${known.join(", ")}.` : `${head}.`;
}

// ---------------------------------------------------------------------------------------------
// Wrong types
// ---------------------------------------------------------------------------------------------

const typeWords: Record<string, string> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  date: "a date-time string",
  bigint: "an integer",
};

/** `expected` as zod names it (`string`, `int`, `boolean`…), with its article. */
export function expectedType(expected: string): string {
  return typeWords[expected] ?? (/^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`);
}

/**
 * What to say when the field at `path` holds `input` but must be `expected`. `input` undefined
 * means the field is missing.
 */
export function wrongTypeMessage(expected: string, input: unknown, path: readonly (string | number)[]): string {
  if (input === undefined) return "This field is required.";
  const last = path.at(-1);
  const parent = path.at(-2);
  const wanted = expectedType(expected);
  const given = describeValue(input);

  if (expected === "object" && typeof last === "number" && parent === "messages") {
    return `Each message is an object {role, content}, e.g. {"role": "user", "content": "a red potion"}, not ${given}.`;
  }
  if (expected === "array" && last === "messages") {
    return `Must be an array of messages {role, content}, not ${given}; to send a single text, use prompt instead.`;
  }
  if (input === null) return `Must be ${wanted}, not null; leave the field out instead.`;
  if (expected === "boolean" && typeof input === "string") {
    const word = /^(true|yes|1|on)$/i.test(input.trim()) ? "true" : /^(false|no|0|off)$/i.test(input.trim()) ? "false" : undefined;
    return word
      ? `Must be a boolean: send ${word} without quotes, not the string ${JSON.stringify(input)}.`
      : "Must be a boolean: true or false, without quotes.";
  }
  if ((expected === "int" || expected === "number") && typeof input === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(input)) {
    return `Must be ${wanted}: send ${input.trim()} without quotes, not the string ${JSON.stringify(input)}.`;
  }
  if (expected === "int" && typeof input === "number") return `Must be an integer (a whole number), not ${input}.`;
  if (expected === "string" && (typeof input === "number" || typeof input === "boolean")) {
    return `Must be a string, not ${given}.`;
  }
  return `Must be ${wanted}, not ${given}.`;
}

/**
 * Surface features (issue 39): things scattered over a base surface, named after "with" ("grass
 * with mushrooms", "sand with seashells", "forest floor with fallen leaves", "dirt with puddles").
 * Each feature is a recipe of scattered shapes (textures/kit.ts' `scatter`, which wraps around the
 * tile edges) or of a periodic-noise patch, so the tile stays seamless. `readFeatures` is the one
 * reading both the generator and `interpretTexture` use.
 */
import { mix, rgb, type Rgb } from "../kit/color.js";
import type { PeriodicNoise } from "../kit/noise.js";
import type { Random } from "../kit/random.js";
import { dome, scatter, type Shape, shapes, stamps } from "./kit.js";
import { smoothstep, type Surface } from "./surface.js";
import { addFlowers } from "./wear.js";
import { trail } from "./marks.js";
import { FALLEN_WORDS, FEATURE_WORDS } from "../words/states.js";

const FEATURE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(FEATURE_WORDS).flatMap(([name, words]) => words.split(" ").map((w) => [w, name] as const)),
);

/** Every feature a texture can scatter (canonical). */
export const FEATURES: readonly string[] = Object.keys(FEATURE_WORDS);

/** Words after which the prompt names what lies on the surface. */
const WITH = new Set(["with", "covered", "strewn", "dotted", "among", "full"]);
/** Words after a feature that say it covers the surface ("ivy-covered", "crater-pocked", "barnacle-crusted"). */
export const LINKERS: ReadonlySet<string> = new Set(
  "covered crusted encrusted strewn littered dotted pocked pockmarked speckled riddled overgrown scarred marked".split(" "),
);
/** Features that may be named before the surface too ("kelp forest floor", "railroad tracks on gravel"). */
const BEFORE: ReadonlySet<string> = new Set(["crater", "ripple", "rails", "ruts", "shrub", "sprout", "vine", "seaweed", "petal", "streak", "lilypad"]);
/** What made the prints or tracks named after it ("hoof prints", "wagon tracks", "railroad tracks"). */
const MAKERS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    hoofprint: "hoof hooves horse horses deer cow cows cattle ox oxen goat goats sheep pig pigs boar elk moose bison buffalo camel donkey mule pony",
    pawprint: "paw paws dog dogs wolf wolves cat cats fox foxes bear bears rabbit rabbits hound hounds lion tiger coyote animal animals",
    birdprint: "bird birds chicken chickens crow crows duck ducks gull gulls seagull seagulls",
    footprint: "foot feet human bare barefoot",
    bootprint: "boot boots shoe shoes",
    ruts: "wagon wagons cart carts wheel wheels tire tires tyre tyres truck trucks car cars carriage",
    rails: "rail railroad railway train trains tram mine minecart",
  }).flatMap(([name, words]) => words.split(" ").map((w) => [w, name] as const)),
);
const MARKED = new Set(["prints", "print", "tracks", "track", "marks", "trail"]);
/** Words that name a feature with the word before them ("lily pads", "cherry blossoms"), and the feature. */
const PAIRS: ReadonlyMap<string, string> = new Map([
  ["lily pads", "lilypad"],
  ["lily pad", "lilypad"],
  ["cherry blossoms", "petal"],
  ["cherry blossom", "petal"],
]);
/** Words that may name their feature before the surface ("puddles on asphalt"; "pool" is a pool's). */
const BEFORE_WORDS: ReadonlySet<string> = new Set(["puddle", "puddles", "bubbling", "lilypads"]);

export interface FeatureReading {
  /** Features named, canonical, in order. */
  features: string[];
  /** The raw words that named them. */
  words: string[];
}

/**
 * The features a prompt names after "with" ("grass with mushrooms and fallen leaves"), before a
 * word that says they cover it ("ivy-covered"), or anywhere when they can only be marks ("kelp",
 * "hoof prints", "wagon tracks"); "fallen" (brown leaves, not green) only with leaves named.
 */
export function readFeatures(text: string): FeatureReading {
  const features: string[] = [];
  const words: string[] = [];
  const fallen: string[] = [];
  let after = false;
  const tokens = text.split(/[^a-z0-9]+/).filter(Boolean);
  const add = (feature: string, ...named: string[]): void => {
    for (const w of named) if (!words.includes(w)) words.push(w);
    if (!features.includes(feature)) features.push(feature);
  };
  for (const [k, token] of tokens.entries()) {
    const next = tokens[k + 1] ?? "";
    const maker = MAKERS.get(token);
    const pair = PAIRS.get(`${token} ${next}`);
    if (pair !== undefined) add(pair, token, next);
    else if (PAIRS.has(`${tokens[k - 1] ?? ""} ${token}`)) continue;
    else if (maker !== undefined && MARKED.has(next)) add(maker, token, next);
    else if (MARKED.has(token) && MAKERS.has(tokens[k - 1] ?? "")) continue;
    else if (WITH.has(token) && !words.includes(token)) after = true;
    else {
      if (after && FALLEN_WORDS.has(token)) fallen.push(token);
      const feature = FEATURE_OF.get(token);
      if (feature === undefined) continue;
      if (LINKERS.has(next)) add(feature, token, next);
      else if (after || BEFORE.has(feature) || BEFORE_WORDS.has(token)) add(feature, token);
    }
  }
  if (features.includes("leaf") && fallen.length > 0) {
    features.push("fallen");
    words.push(...fallen);
  }
  return { features, words };
}

const mushroom: Shape = (x, y, st) => {
  const d = Math.hypot(x, y);
  if (d >= 1) return undefined;
  // white spots on the cap
  const spot = [0, 1, 2, 3].some((k) => Math.hypot(x - Math.cos(k * 1.7 + st.id * 6) * 0.5, y - Math.sin(k * 1.7 + st.id * 6) * 0.5) < 0.16);
  return { shade: spot ? 0.6 : (dome(d) - 0.6) * 0.5 - (x + y) * 0.15 - (d > 0.85 ? 0.3 : 0), h: 0.6 + dome(d) * 0.4, alt: spot };
};

const shell: Shape = (x, y) => {
  // a scallop: a fan opening upward from its hinge, ridged
  const [u, v] = [x, y + 0.5];
  const d = Math.hypot(u, v);
  const a = Math.atan2(u, v);
  if (d >= 1 || v < 0 || Math.abs(a) > 1.2) return v >= -0.25 && v < 0 && Math.abs(u) < 0.25 ? { shade: -0.1, h: 0.5 } : undefined;
  const ridge = Math.cos(a * 14) * 0.5 + 0.5;
  return { shade: ridge * 0.22 - 0.08 - (d > 0.9 ? 0.25 : 0), h: 0.5 + ridge * 0.2, alt: ridge < 0.2 };
};

const starfish: Shape = (x, y, st) => {
  const a = Math.atan2(y, x) + st.id;
  const arm = 0.35 + 0.65 * Math.abs(Math.cos(a * 2.5)) ** 3;
  const d = Math.hypot(x, y);
  if (d >= arm) return undefined;
  return { shade: 0.12 - d * 0.3 + (Math.sin(d * 30) > 0.7 ? 0.15 : 0), h: 0.7 - d * 0.3 };
};

const clover: Shape = (x, y, st) => {
  for (let k = 0; k < 3; k++) {
    const a = (k * Math.PI * 2) / 3 + st.id;
    const d = Math.hypot(x - Math.cos(a) * 0.45, y - Math.sin(a) * 0.45);
    if (d < 0.45) return { shade: 0.1 - d * 0.4, h: 0.6, alt: d < 0.12 };
  }
  return undefined;
};

/** Thin sticks: a long straw, a little bent. */
const stick: Shape = (x, y) => {
  const yy = y - x * x * 0.08;
  if (Math.abs(x) >= 1 || Math.abs(yy) >= 0.12) return undefined;
  return { shade: 0.08 - Math.abs(yy) * 3 + x * 0.05, h: 0.6 - Math.abs(yy) * 3, alt: Math.abs(x) > 0.9 };
};

/** A wavy strand (seaweed, roots). */
const strand: Shape = (x, y, st) => {
  const yy = y - Math.sin(x * 5 + st.id * 6) * 0.12;
  if (Math.abs(x) >= 1 || Math.abs(yy) >= 0.1 + (1 - Math.abs(x)) * 0.05) return undefined;
  return { shade: 0.05 - Math.abs(yy) * 2, h: 0.55 };
};

const GREEN_LEAVES: readonly Rgb[] = [rgb(0x5aa03a), rgb(0x3a8030), rgb(0x8ac04a), rgb(0x6a9a2a)];
const LEAF_COLOURS: readonly Rgb[] = [rgb(0xd8722a), rgb(0xb8402a), rgb(0xe2b040), rgb(0x8a5a2a), rgb(0xc88a30)];
const MUSHROOM_COLOURS: readonly Rgb[] = [rgb(0xc8362a), rgb(0xa8683a), rgb(0xd89a4a)];
const SHELL_COLOURS: readonly Rgb[] = [rgb(0xfff6ee), rgb(0xf8b8b0), rgb(0xf0e0d0)];
const pick = (list: readonly Rgb[], id: number): Rgb => list[Math.floor(id * list.length) % list.length] ?? (list[0] as Rgb);

/** Water gathered in the low places of the surface: flat, dark, reflecting the sky at its rim. */
function puddles(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const k = smoothstep(0.12, 0.2, noise.fbm(u + 0.31, v + 0.47, 3, 3, 3) - ((s.height[i] ?? 0) - 0.5) * 0.3);
    if (k <= 0) return;
    const c = s.get(i);
    const water = mix(mix(c, rgb(0x3a5a70), 0.7), rgb(0xc8e0f0), k < 0.6 ? 0.35 : 0);
    s.set(i, mix(c, water, k), (s.height[i] ?? 0) * (1 - k) + 0.3 * k);
  });
}

/** Dark blotches soaked into the surface. */
function stains(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const k = smoothstep(0.05, 0.16, noise.fbm(u + 0.83, v + 0.29, 3, 3, 3));
    if (k > 0) s.blend(i, rgb(0x2e2018), k * 0.7);
  });
}

/** A boot's print: sole and heel. */
const bootPrint: Shape = (x, y) => {
  const heel = Math.hypot(x * 1.6, (y - 0.55) * 1.2) / 0.5;
  const sole = Math.hypot(x * 1.4, (y + 0.2) * 0.9) / 0.62;
  const d = Math.min(heel, sole);
  return d < 1 ? { shade: -0.05 - (1 - d) * 0.25, h: 0 } : undefined;
};

/**
 * Footprints: prints walking across the tile through its middle band, in the ground's colour,
 * darker toward their middle (pressed in), so no print's hard edge lies along a tile edge.
 */
function footprints(s: Surface, rng: Random, ground: Rgb): void {
  const n = s.size;
  // on a darker ground (mud, dust, dirt) a print shows by its pushed-up rim, as hoof and paw prints do (marks.ts)
  if (0.3 * ground.r + 0.59 * ground.g + 0.11 * ground.b < 180) {
    trail(s, rng, ground, bootPrint, 6);
    return;
  }
  const steps = 6;
  const [x0, y0] = [rng.next() * n, n * rng.range(0.3, 0.7)];
  const prints = Array.from({ length: steps }, (_, k) => ({
    x: x0 + (k * n) / steps,
    y: y0 + (k % 2 ? n * 0.07 : -n * 0.07),
    r: n * 0.055,
    angle: Math.PI / 2,
    id: rng.next(),
  }));
  scatter(s, prints, bootPrint, () => mix(ground, rgb(0x6a7080), 0.3), { extent: 1.6, base: 0.3, lift: 0 });
}

/**
 * Draws the features over a rendered surface. `ground` is the surface's main colour (pressed
 * footprints take it, darkened).
 */
export function addFeatures(s: Surface, features: readonly string[], noise: PeriodicNoise, rng: Random, ground: Rgb, sparse = false): void {
  const n = s.size;
  // counts and sizes are the tile's own (the same look at every size): a few items big enough to read; fewer when scattered
  const many = (k: number): number => (sparse ? Math.max(1, Math.round(k * 0.5)) : k);
  for (const feature of features) {
    const r = rng.fork(feature);
    if (feature === "mushroom")
      scatter(s, stamps(r, n, many(7), 0.075), mushroom, (st, alt) => (alt ? rgb(0xf4efe4) : pick(MUSHROOM_COLOURS, st.id)), { extent: 1.1 });
    else if (feature === "shell")
      scatter(s, stamps(r, n, many(7), 0.08), shell, (st, alt) => (alt ? rgb(0x8a5a4a) : pick(SHELL_COLOURS, st.id)), { extent: 1.3 });
    else if (feature === "starfish") scatter(s, stamps(r, n, many(4), 0.1), starfish, (st) => (st.id > 0.5 ? rgb(0xe8783a) : rgb(0xd85a6a)));
    else if (feature === "leaf") {
      const colours = features.includes("fallen") ? LEAF_COLOURS : GREEN_LEAVES;
      scatter(s, stamps(r, n, many(26), 0.07), shapes.leaf, (st, alt) => (alt ? rgb(0x3a2a14) : pick(colours, st.id)));
    } else if (feature === "twig") scatter(s, stamps(r, n, many(9), 0.17), stick, (_st, alt) => (alt ? rgb(0xc8a878) : rgb(0x4a2c18)));
    else if (feature === "root") scatter(s, stamps(r, n, many(5), 0.22), strand, (st) => (st.id > 0.5 ? rgb(0x3a2414) : rgb(0x5a3a22)), { extent: 1.2 });
    else if (feature === "clover") scatter(s, stamps(r, n, many(12), 0.055), clover, (_st, alt) => (alt ? rgb(0xfff8f0) : rgb(0x9ee05a)));
    else if (feature === "seaweed") scatter(s, stamps(r, n, many(7), 0.18), strand, (st) => (st.id > 0.5 ? rgb(0x2a6a3a) : rgb(0x4a7a2a)), { extent: 1.2 });
    else if (feature === "weed") scatter(s, stamps(r, n, many(24), 0.06), shapes.straw, (st) => (st.id > 0.5 ? rgb(0x1e4a14) : rgb(0xb8d85a)));
    else if (feature === "puddle") puddles(s, noise);
    else if (feature === "stain") stains(s, noise);
    else if (feature === "flower") addFlowers(s, noise, r);
    else if (feature === "footprint") footprints(s, r, ground);
  }
}

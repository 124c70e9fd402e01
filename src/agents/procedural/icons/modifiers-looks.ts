/** What each material and effect looks like on an icon: colours, surface cues and corner symbols. */
import { rgb, type Rgb } from "../kit/color.js";
import { circle, ellipse, PathBuilder, rect, star } from "../kit/geometry.js";
import type { Fill, IconShape, Part, Role } from "./parts.js";
import { bolt, droplet, flame, moon } from "./elements.js";
import { starShape } from "./symbols.js";
import { poly } from "./things/kit.js";
import type { Random } from "../kit/random.js";

export type Cue = "grain" | "speckle" | "shine" | "rivets" | "facets" | "cracks" | "stitches" | "moss" | "weave" | "nodes";

export interface MaterialLook {
  color: Rgb;
  cue: Cue;
}

export const MATERIAL_LOOKS: Readonly<Record<string, MaterialLook>> = {
  wood: { color: rgb(0x9a6636), cue: "grain" },
  stone: { color: rgb(0x8e9096), cue: "speckle" },
  iron: { color: rgb(0x8f9aa6), cue: "rivets" },
  gold: { color: rgb(0xf2b632), cue: "shine" },
  silver: { color: rgb(0xc3cad3), cue: "shine" },
  bronze: { color: rgb(0xb07a3a), cue: "shine" },
  copper: { color: rgb(0xc46a3c), cue: "shine" },
  crystal: { color: rgb(0x8fe3f2), cue: "facets" },
  ice: { color: rgb(0xbfe9f7), cue: "facets" },
  bone: { color: rgb(0xe8ddc2), cue: "cracks" },
  leather: { color: rgb(0x8b5a2b), cue: "stitches" },
  tin: { color: rgb(0xb4bcc4), cue: "rivets" },
  brass: { color: rgb(0xc9a23e), cue: "shine" },
  // surfaces named with a thing are what it is made of ("bamboo fishing rod", "straw hat", "marble statue")
  bamboo: { color: rgb(0xb7c46a), cue: "nodes" },
  wicker: { color: rgb(0xc89a5a), cue: "weave" },
  hay: { color: rgb(0xe2c56a), cue: "weave" },
  marble: { color: rgb(0xe8e4dc), cue: "cracks" },
  obsidian: { color: rgb(0x2a2433), cue: "facets" },
  clay: { color: rgb(0xb8643a), cue: "speckle" },
};

/**
 * Surface subjects an icon draws as the material of the other subjects named with them ("bamboo
 * fishing rod", "straw hat", "wicker chair"), unless the prompt names the thing the surface is
 * drawn as on its own ("wicker basket of eggs" is a basket).
 */
const SURFACE_MATERIALS: Readonly<Record<string, RegExp | undefined>> = {
  bamboo: undefined,
  wicker: /\bbaskets?\b/,
  hay: /\b(hay|haystack|haybale)s?\b/,
  marble: undefined,
  obsidian: undefined,
  clay: undefined,
};

/** The surface subject of the prompt that is the material of its other subjects, if any. */
export function surfaceMaterialOf(spec: { subjects: readonly string[]; text?: string }): string | undefined {
  if (spec.subjects.length < 2) return undefined;
  return spec.subjects.find((s) => s in SURFACE_MATERIALS && !(SURFACE_MATERIALS[s]?.test(spec.text ?? "") ?? false));
}

const plus: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build() {
    const cross = poly(
      0.36,
      0.08,
      0.64,
      0.08,
      0.64,
      0.36,
      0.92,
      0.36,
      0.92,
      0.64,
      0.64,
      0.64,
      0.64,
      0.92,
      0.36,
      0.92,
      0.36,
      0.64,
      0.08,
      0.64,
      0.08,
      0.36,
      0.36,
      0.36,
    );
    return [
      { path: [circle(0.5, 0.5, 0.48)], fill: "light" },
      { path: [cross.map(([x, y]) => [0.5 + (x - 0.5) * 0.8, 0.5 + (y - 0.5) * 0.8] as const)], fill: "primary", outline: false },
    ];
  },
};

const sparkle: IconShape = {
  primary: "blue",
  secondary: "white",
  accent: "white",
  build() {
    return [
      { path: [star(0.5, 0.5, 0.5, 0.14, 4)], fill: "primary" },
      { path: [star(0.5, 0.5, 0.3, 0.08, 4, 0)], fill: "secondary", outline: false },
      { path: [circle(0.5, 0.5, 0.08)], fill: "light", outline: false },
    ];
  },
};

/**
 * Wear: style words that mark an icon's surface ("cracked shield", "mossy rock", "rusty sword",
 * "old book", "frozen crown"), drawn over its largest parts in the wear's own colour.
 */
export const WEAR_LOOKS: Readonly<Record<string, { color: Rgb; cue: Cue }>> = {
  cracked: { color: rgb(0x2a2230), cue: "cracks" },
  mossy: { color: rgb(0x5d9a3a), cue: "moss" },
  rusty: { color: rgb(0xb0562a), cue: "speckle" },
  weathered: { color: rgb(0x6e6152), cue: "speckle" },
  icy: { color: rgb(0xd8f3ff), cue: "facets" },
};

/** The corner symbol each effect adds (coloured with the effect's colour). */
export const EFFECT_LOOKS: Readonly<Record<string, { symbol: IconShape }>> = {
  fire: { symbol: flame },
  poison: { symbol: droplet },
  healing: { symbol: plus },
  mana: { symbol: sparkle },
  stamina: { symbol: bolt },
  holy: { symbol: starShape },
  shadow: { symbol: moon },
  lightning: { symbol: bolt },
};

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const tone = (role: Role, suffix: "" | "+" | "++" | "-" | "--"): Fill => `${role}${suffix}` as Fill;

/** The cue of a material over one part's bounding box (unit coordinates; clipped by the caller). */
export function materialCue(cue: Cue, role: Role, b: Box, rng: Random): Part[] {
  const [w, h] = [b.x1 - b.x0, b.y1 - b.y0];
  const at = (u: number, v: number): [number, number] => [b.x0 + u * w, b.y0 + v * h];
  const parts: Part[] = [];
  if (cue === "grain") {
    const along = w >= h;
    const lines = rng.int(4, 6);
    for (let i = 1; i <= lines; i++) {
      const t = (i - 0.5 + rng.range(-0.2, 0.2)) / lines;
      const wave = rng.range(-0.06, 0.06);
      const pts = along ? [at(0, t), at(0.35, t + wave), at(0.7, t - wave), at(1, t)] : [at(t, 0), at(t + wave, 0.35), at(t - wave, 0.7), at(t, 1)];
      const path = new PathBuilder(pts[0]?.[0] ?? 0, pts[0]?.[1] ?? 0).cubicTo(...(pts[1] ?? [0, 0]), ...(pts[2] ?? [0, 0]), ...(pts[3] ?? [0, 0])).build();
      parts.push({ path: [path], fill: tone(role, "--"), stroke: 0.016, opacity: 0.7 });
    }
    const [kx, ky] = at(rng.range(0.25, 0.75), rng.range(0.25, 0.75));
    parts.push({ path: [ellipse(kx, ky, along ? 0.04 : 0.022, along ? 0.022 : 0.04)], fill: tone(role, "--"), stroke: 0.01, opacity: 0.6 });
  } else if (cue === "weave") {
    const step = 0.07;
    for (let y = b.y0 + step / 2, r = 0; y < b.y1; y += step, r++)
      for (let x = b.x0 + ((r % 2) * step) / 2; x < b.x1; x += step)
        parts.push({ path: [ellipse(x, y, step * 0.42, step * 0.22)], fill: tone(role, (r + Math.round(x / step)) % 2 ? "-" : "+"), opacity: 0.75 });
  } else if (cue === "nodes") {
    const along = h >= w;
    for (const t of [0.2, 0.45, 0.7, 0.92].map((v) => v + rng.range(-0.04, 0.04))) {
      const [p, q] = along ? [at(-0.1, t), at(1.1, t)] : [at(t, -0.1), at(t, 1.1)];
      parts.push(
        { path: [[p, q]], fill: tone(role, "--"), stroke: 0.022, opacity: 0.8 },
        {
          path: [
            [
              [p[0], p[1] + 0.018],
              [q[0], q[1] + 0.018],
            ],
          ],
          fill: tone(role, "+"),
          stroke: 0.01,
          opacity: 0.7,
        },
      );
    }
  } else if (cue === "moss") {
    for (let i = 0; i < rng.int(3, 5); i++) {
      const [x, y] = at(rng.range(0, 1), rng.chance(0.6) ? rng.range(0, 0.25) : rng.range(0.75, 1));
      const r = Math.max(w, h) * rng.range(0.1, 0.18);
      parts.push(
        { path: [ellipse(x, y, r, r * 0.6, rng.range(-0.5, 0.5))], fill: tone(role, "") },
        { path: [circle(x - r * 0.3, y - r * 0.2, r * 0.3)], fill: tone(role, "+") },
      );
    }
  } else if (cue === "speckle" || cue === "cracks") {
    const dots = cue === "speckle" ? rng.int(10, 16) : rng.int(3, 6);
    for (let i = 0; i < dots; i++) {
      const [x, y] = at(rng.range(0.08, 0.92), rng.range(0.08, 0.92));
      parts.push({ path: [circle(x, y, rng.range(0.012, 0.024))], fill: tone(role, i % 3 ? "-" : "+"), opacity: 0.8 });
    }
    for (let c = 0; c < (cue === "cracks" ? 2 : 1); c++) {
      let [x, y] = at(rng.range(0.2, 0.8), rng.range(0, 0.2));
      const pts: number[] = [x, y];
      for (let i = 0; i < 3; i++) {
        x += rng.range(-0.08, 0.08);
        y += rng.range(0.05, 0.1);
        pts.push(x, y);
      }
      parts.push({ path: [poly(...pts)], fill: tone(role, "--"), stroke: 0.014, opacity: 0.85 });
    }
  } else if (cue === "shine" || cue === "rivets") {
    const [x] = at(rng.range(0.2, 0.4), 0);
    parts.push({
      path: [poly(x, b.y0, x + w * 0.16, b.y0, x + w * 0.16 - h * 0.5, b.y1, x - h * 0.5, b.y1)],
      fill: "light",
      opacity: cue === "shine" ? 0.35 : 0.2,
    });
    if (cue === "shine") {
      const [sx, sy] = at(rng.range(0.2, 0.4), rng.range(0.15, 0.3));
      parts.push({ path: [star(sx, sy, 0.05, 0.012, 4)], fill: "light", opacity: 0.95 });
    } else
      for (const [u, v] of [
        [0.14, 0.14],
        [0.86, 0.14],
        [0.14, 0.86],
        [0.86, 0.86],
      ] as const) {
        const [rx, ry] = at(u, v);
        parts.push({ path: [circle(rx, ry, 0.02)], fill: tone(role, "++") }, { path: [circle(rx + 0.005, ry + 0.005, 0.01)], fill: tone(role, "--") });
      }
  } else if (cue === "facets") {
    const [cx, cy] = at(rng.range(0.35, 0.65), rng.range(0.35, 0.65));
    const spokes = rng.int(5, 7);
    for (let i = 0; i < spokes; i++) {
      const a = (i / spokes) * Math.PI * 2 + rng.range(-0.3, 0.3);
      parts.push({
        path: [
          [
            [cx, cy],
            [cx + Math.cos(a) * w, cy + Math.sin(a) * h],
          ],
        ],
        fill: tone(role, "++"),
        stroke: 0.012,
        opacity: 0.7,
      });
    }
    parts.push({ path: [poly(cx, cy, cx - w, cy - h * 0.3, cx - w * 0.3, cy - h)], fill: "light", opacity: 0.3 });
    parts.push({ path: [star(b.x0 + w * 0.3, b.y0 + h * 0.25, 0.05, 0.012, 4)], fill: "light" });
  } else {
    const inset = Math.min(w, h) * 0.14;
    const edge = rect(b.x0 + inset, b.y0 + inset, w - inset * 2, h - inset * 2);
    for (let i = 0; i < 4; i++) {
      const [p, q] = [edge[i] ?? [0, 0], edge[(i + 1) % 4] ?? [0, 0]];
      const n = Math.max(2, Math.round(Math.hypot(q[0] - p[0], q[1] - p[1]) / 0.06));
      for (let k = 0; k < n; k++) {
        const [t0, t1] = [(k + 0.2) / n, (k + 0.6) / n];
        parts.push({
          path: [
            [
              [p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0],
              [p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1],
            ],
          ],
          fill: tone(role, "++"),
          stroke: 0.012,
          opacity: 0.8,
        });
      }
    }
  }
  return parts;
}

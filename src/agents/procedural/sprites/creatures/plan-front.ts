/**
 * Front-view body plans (mirror-symmetric): upright birds (owl, penguin), squatting frogs,
 * floating things (jellyfish, octopus, eye monster), and winged beasts (eagle, phoenix, griffin,
 * wyvern). Each draws the left half, mirrors, then adds the face.
 */
import type { Random } from "../../kit/random.js";
import { chain, limb, tilted, vary } from "./kit.js";
import { drawEyes, M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export interface UprightBird {
  /** Ear tufts and a facial disc (an owl), or a white front and flippers (a penguin). */
  kind: "owl" | "penguin";
}

export function drawUprightBird(g: SpriteGrid, rng: Random, traits: SpriteTraits, b: UprightBird): void {
  const u = g.u;
  const w = vary(rng, b.kind === "owl" ? 0.26 : 0.22, 0.1);
  const h = vary(rng, b.kind === "owl" ? 0.3 : 0.34, 0.08);
  const cy = 0.88 - h;
  g.ellipse(0.5, cy, w, h, M.BODY);
  g.ellipse(0.5, cy + h * 0.2, w * 0.62, h * 0.72, M.BELLY, "paint");
  const hy = cy - h * (b.kind === "owl" ? 0.55 : 0.7);
  g.ellipse(0.5, hy, w * (b.kind === "owl" ? 0.95 : 0.75), w * 0.75, M.BODY);
  if (b.kind === "owl") {
    const tuft = rng.range(0.06, 0.12);
    g.poly(
      [
        [0.5 - w * 0.9, hy - w * 0.2],
        [0.5 - w * 0.85 - rng.range(0, 0.04), hy - w * 0.7 - tuft],
        [0.5 - w * 0.4, hy - w * 0.6],
      ],
      M.BODY,
    );
    g.ellipse(0.5 - w * 0.38, hy, w * 0.38, w * 0.4, M.BELLY, "paint");
    g.poly(
      [
        [0.5 - w, cy - h * 0.3],
        [0.5 - w - 0.04, cy + h * 0.4],
        [0.5 - w * 0.5, cy + h * 0.8],
      ],
      M.WING,
    );
    if (g.n > 16) for (let k = 0; k < 4; k++) g.line(0.5 - w * 0.4, cy + k * h * 0.18, 0.5 - w * 0.2, cy + k * h * 0.18 + u, M.BELLY, 1, "darken");
    limb(g, 0.5 - w * 0.35, cy + h * 0.95, 0.5 - w * 0.35, 0.9, u * 1.5, M.ACCENT);
  } else {
    const flap = rng.range(-0.1, 0.15);
    tilted(g, 0.5 - w - 0.02, cy + 0.02, 0.04, h * 0.55, 0.3 + flap, M.BODY);
    g.ellipse(0.5 - w * 0.45, 0.9, w * 0.4, 0.035, M.ACCENT);
    g.ellipse(0.5, hy + w * 0.25, w * 0.45, w * 0.35, M.BELLY, "paint");
  }
  g.mirror();
  drawEyes(g, hy, w * 0.75, traits, b.kind === "owl");
  g.poly(
    [
      [0.5 - u * 1.2, hy + w * 0.2],
      [0.5 + u * 1.2, hy + w * 0.2],
      [0.5, hy + w * 0.2 + u * 2.5],
    ],
    M.ACCENT,
    "paint",
  );
}

export function drawFrog(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const w = vary(rng, 0.3, 0.1);
  const h = vary(rng, 0.2, 0.12);
  const cy = 0.88 - h;
  const crouch = rng.range(-0.03, 0.03);
  g.ellipse(0.5 - w * 0.85, 0.84 + crouch, 0.1, 0.08, M.BODY);
  g.ellipse(0.5 - w * 0.95, 0.9, 0.08, 0.03, M.BODY);
  g.ellipse(0.5, cy, w, h, M.BODY);
  g.ellipse(0.5, cy + h * 0.35, w * 0.6, h * 0.5, M.BELLY, "paint");
  const ey = cy - h * 0.85;
  g.ellipse(0.5 - w * 0.55, ey, w * 0.3, w * 0.28, M.BODY);
  limb(g, 0.5 - w * 0.4, cy + h * 0.3, 0.5 - w * 0.45, 0.9, u * 1.5, M.BODY);
  g.ellipse(0.5 - w * 0.5, 0.9, 0.05, 0.025, M.BODY);
  g.mirror();
  drawEyes(g, ey, w * 1.1, traits, true);
  g.rect(0.5 - w * 0.5, cy + h * 0.05, 0.5 + w * 0.5, cy + h * 0.05 + u, M.DARK, "paint");
}

export interface Floater {
  kind: "jellyfish" | "octopus" | "beholder" | "wisp";
}

export function drawFloater(g: SpriteGrid, rng: Random, traits: SpriteTraits, f: Floater): void {
  const u = g.u;
  const r = vary(rng, f.kind === "beholder" ? 0.27 : 0.25, 0.1);
  const cy = f.kind === "beholder" ? 0.52 : 0.36;
  if (f.kind === "wisp") {
    // a floating flame of light: a round core, a flickering tip, sparks trailing below
    const sway = rng.range(-0.05, 0.05);
    g.poly(
      [
        [0.5 - r * 0.8, cy + 0.1],
        [0.5 + sway, cy - r - 0.18],
        [0.5, cy + 0.1],
      ],
      M.BODY,
    );
    g.ellipse(0.5, cy + 0.12, r * 0.85, r * 0.8, M.BODY);
    g.ellipse(0.5, cy + 0.14, r * 0.5, r * 0.5, M.BELLY, "paint");
    for (let k = 0; k < 2; k++) g.ellipse(0.5 - rng.range(0.12, 0.3), cy + r + 0.1 + k * 0.14, u * (1.2 - k * 0.3), u * (1.2 - k * 0.3), M.BODY);
  } else if (f.kind === "jellyfish") {
    const count = rng.int(3, 4);
    g.ellipse(0.5, cy, r, r * 0.8, M.BODY);
    g.rect(0.5 - r - u, cy + r * 0.2, 0.5, cy + r, M.EMPTY, "erase");
    for (let k = 0; k < count; k++) {
      const x = 0.5 - r * 0.85 + (k * r * 0.8) / count;
      const sway = rng.range(-0.05, 0.05);
      chain(
        g,
        [
          [x, cy + r * 0.15],
          [x + sway, cy + 0.25],
          [x - sway, cy + 0.42],
          [x + sway * 0.5, cy + 0.55],
        ],
        g.n <= 16 ? g.cell * 0.5 : u * 0.9,
        u * 0.5,
        M.WING,
      );
    }
    for (let k = 0; k < 3; k++) g.ellipse(0.5 - r + (k * r) / 2.5 + u, cy + r * 0.2, r * 0.22, r * 0.14, M.BELLY);
    g.ellipse(0.5, cy - r * 0.15, r * 0.5, r * 0.4, M.BELLY, "paint");
  } else if (f.kind === "octopus") {
    // on a 16-cell grid two tentacles a side, spread apart, keep from merging
    const small = g.n <= 16;
    for (let k = 0; k < 4; k += small ? 2 : 1) {
      const x = 0.5 - r * 0.2 - k * r * (small ? 0.35 : 0.25);
      const curl = rng.range(0.04, 0.1) * (k % 2 ? 1 : -1);
      chain(
        g,
        [
          [x, cy + r * 0.5],
          [x - 0.03 - k * (small ? 0.05 : 0.03), cy + r + 0.14],
          [x - 0.06 - k * (small ? 0.08 : 0.05), cy + r + 0.3],
          [x - 0.06 - k * (small ? 0.08 : 0.05) + curl, cy + r + 0.36],
        ],
        g.n <= 16 ? g.cell * 0.8 : u * 2,
        u * 0.7,
        M.BODY,
      );
    }
    g.ellipse(0.5, cy, r * 0.9, r * 1.1, M.BODY);
    if (g.n > 16) for (let k = 0; k < 3; k++) g.ellipse(0.5 - r * 0.4, cy - r * 0.5 + k * r * 0.3, u * 0.8, u * 0.8, M.BELLY, "paint");
  } else {
    const stalks = rng.int(3, 4);
    for (let k = 0; k < stalks; k++) {
      const a = Math.PI * (0.6 + (k * 0.35) / stalks);
      const x1 = 0.5 + Math.cos(a) * (r + 0.14);
      const y1 = cy - Math.sin(a) * (r + 0.16) + rng.range(-0.03, 0.03);
      chain(
        g,
        [
          [0.5 + Math.cos(a) * r * 0.8, cy - Math.sin(a) * r * 0.8],
          [x1, y1],
        ],
        u,
        u * 0.8,
        M.BODY,
      );
      g.ellipse(x1, y1, g.n <= 16 ? g.cell * 0.8 : u * 1.8, g.n <= 16 ? g.cell * 0.8 : u * 1.8, M.EYE);
      g.dot(x1, y1, M.DARK, Math.max(1, g.px), "paint");
    }
    g.ellipse(0.5, cy, r, r, M.BODY);
    g.ellipse(0.5, cy + r * 0.55, r * 0.55, r * 0.22, M.DARK, "paint");
    for (let k = 0; k < 3; k++)
      g.poly(
        [
          [0.5 - r * 0.5 + k * r * 0.18, cy + r * 0.36],
          [0.5 - r * 0.42 + k * r * 0.18, cy + r * 0.52],
          [0.5 - r * 0.34 + k * r * 0.18, cy + r * 0.36],
        ],
        M.EYE,
        "paint",
      );
  }
  g.mirror();
  if (f.kind === "beholder") {
    const er = r * 0.42;
    g.ellipse(0.5, cy - r * 0.1, er, er * 0.9, traits.scary ? M.GLOW : M.EYE, "paint");
    g.ellipse(0.5, cy - r * 0.1, er * 0.45, er * 0.7, M.ACCENT, "paint");
    g.ellipse(0.5, cy - r * 0.1, Math.max(u * 0.5, er * 0.18), er * 0.55, M.DARK, "paint");
    return;
  }
  drawEyes(g, f.kind === "octopus" ? cy + r * 0.2 : f.kind === "wisp" ? cy + 0.12 : cy, r * (f.kind === "wisp" ? 0.6 : 0.8), traits, true);
}

export interface Biped {
  /** Head size relative to the body, and whether a muzzle sticks out (a yeti's face is flat). */
  head: number;
  muzzle?: boolean;
  /** Ears on the sides of the head (a monkey's are big). */
  ears: number;
  horns?: boolean;
  /** Bat wings behind the shoulders and a pointed tail (a demon). */
  wings?: boolean;
}

/** A beast standing on two legs, arms hanging to the ground: gorilla, yeti, monkey, demon. */
export function drawBiped(g: SpriteGrid, rng: Random, traits: SpriteTraits, b: Biped): void {
  const u = g.u;
  const w = vary(rng, 0.25, 0.1) * (b.wings ? 0.82 : 1);
  const h = vary(rng, 0.25, 0.1);
  const cy = 0.6;
  const reach = rng.range(-0.05, 0.05);
  const hr = vary(rng, b.head, 0.1) * (traits.cute ? 1.25 : 1) * 1.2;
  const hy = cy - h - hr * 0.45;
  if (b.wings) {
    const lift = rng.range(-0.06, 0.06);
    g.poly(
      [
        [0.44, cy - h * 0.6],
        [0.2, 0.12 + lift],
        [0.04, 0.3 + lift],
        [0.1, 0.42],
        [0.2, 0.38],
        [0.28, 0.5],
        [0.4, cy - h * 0.1],
      ],
      M.WING,
    );
    for (const [x, y] of [
      [0.1, 0.42],
      [0.28, 0.5],
    ] as const)
      limb(g, 0.2, 0.12 + lift, x, y, u * 0.6, M.BODY);
    const sway = rng.range(-0.04, 0.04);
    chain(
      g,
      [
        [0.5, cy + h * 0.8],
        [0.72, 0.86],
        [0.84 + sway, 0.74],
      ],
      u * 1.2,
      u * 0.7,
      M.BODY,
    );
    g.poly(
      [
        [0.8 + sway, 0.72],
        [0.88 + sway, 0.66],
        [0.89 + sway, 0.76],
      ],
      M.ACCENT,
    );
  }
  // legs, arms (long, knuckles down), torso, head
  g.rect(0.5 - w * 0.75, cy + h * 0.5, 0.5 - w * 0.2, 0.88, M.BODY);
  g.ellipse(0.5 - w * 0.5, 0.89, w * 0.38, 0.035, M.BELLY);
  limb(g, 0.5 - w * 0.85, cy - h * 0.5, 0.5 - w - 0.06 + reach, 0.8, u * 3.6, M.BODY);
  g.ellipse(0.5 - w - 0.06 + reach + u, 0.84, 0.055, 0.05, M.BELLY);
  g.ellipse(0.5, cy, w, h, M.BODY);
  g.ellipse(0.5, cy + h * 0.15, w * 0.55, h * 0.6, M.BELLY, "paint");
  if (b.ears > 0) g.ellipse(0.5 - hr * 0.95, hy, hr * b.ears * 0.5, hr * b.ears * 0.55, M.BELLY);
  if (b.horns)
    g.poly(
      [
        [0.5 - hr * 0.6, hy - hr * 0.5],
        [0.5 - hr * 1.1, hy - hr * 1.5],
        [0.5 - hr * 0.2, hy - hr * 0.8],
      ],
      M.ACCENT,
    );
  g.ellipse(0.5, hy, hr, hr * 0.95, M.BODY);
  g.ellipse(0.5, hy + hr * 0.2, hr * 0.7, hr * 0.6, M.BELLY, "paint");
  if (b.muzzle) g.ellipse(0.5, hy + hr * 0.5, hr * 0.45, hr * 0.35, M.BELLY);
  if (g.n > 16)
    for (let k = 0; k < 8; k++)
      g.line(
        0.5 - w * rng.range(0.3, 0.95),
        cy + h * rng.range(-0.8, 0.6),
        0.5 - w * rng.range(0.3, 0.95),
        cy + h * rng.range(-0.8, 0.6) + u,
        M.BODY,
        1,
        "darken",
      );
  g.mirror();
  g.rect(0.5 - hr * 0.75, hy - hr * 0.3, 0.5 + hr * 0.75, hy - hr * 0.3 + u, M.DARK, "paint");
  // a demon glares
  drawEyes(g, hy, hr * 0.75, b.wings ? { ...traits, scary: true } : traits);
  g.mirroredDisc(0.5 - u, hy + hr * 0.45, u * 0.5, M.DARK);
  g.rect(0.5 - hr * 0.35, hy + hr * 0.68, 0.5 + hr * 0.35, hy + hr * 0.68 + u, M.DARK, "paint");
}

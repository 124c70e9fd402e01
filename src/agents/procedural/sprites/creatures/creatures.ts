/** Creature sprite builders (front view, mirror-symmetric), with the ships (vessels.ts) and the species drawn from data (species.ts). */
import type { Random } from "../../kit/random.js";
import { drawEyes, M, type SpriteBuilder, type SpriteGrid, type SpriteTraits } from "../grid.js";
import { drawFrontSaddle } from "./quadruped-parts.js";
import { SPECIES_BUILDERS } from "./species.js";
import { GALLEON_BUILDER, SHIP_BUILDER } from "./vessels.js";

function dragon(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  const span = rng.range(0.02, 0.08);
  const wingTop = rng.range(0.08, 0.16);
  g.poly(
    [
      [0.42, 0.46],
      [span, wingTop],
      [span + 0.02, 0.42],
      [0.1, 0.6],
      [0.22, 0.56],
      [0.3, 0.66],
      [0.42, 0.62],
    ],
    M.WING,
  );
  g.line(0.42, 0.46, span + 0.01, wingTop, M.BODY, Math.max(1, Math.round(g.n / 24)));
  g.ellipse(0.5, 0.64, rng.range(0.17, 0.2), 0.2, M.BODY);
  g.ellipse(0.5, 0.68, 0.09, 0.15, M.BELLY, "paint");
  g.rect(0.44, 0.36, 0.5, 0.5, M.BODY);
  const headY = rng.range(0.27, 0.31);
  const horn = rng.range(0.03, 0.07);
  g.poly(
    [
      [0.38, headY - 0.05],
      [0.31 - horn * 0.6, headY - 0.12 - horn],
      [0.35 - horn * 0.3, headY - 0.15 - horn],
      [0.45, headY - 0.08],
    ],
    M.ACCENT,
  );
  g.ellipse(0.5, headY, 0.13, 0.1, M.BODY);
  g.ellipse(0.5, headY + 0.075, 0.085, 0.055, M.BODY);
  g.ellipse(0.5, headY + 0.09, 0.06, 0.03, M.BELLY, "paint");
  g.poly(
    [
      [0.4, headY - 0.1],
      [0.44, headY - 0.16],
      [0.48, headY - 0.1],
    ],
    M.BODY,
  );
  g.ellipse(0.36, 0.84, 0.07, 0.06, M.BODY);
  g.rect(0.3, 0.88, 0.36, 0.9 + c, M.ACCENT);
  if (g.hires) {
    // finger bones of the wing, scales on the horn, a ridge down the neck
    for (const [x, y] of [
      [0.1, 0.6],
      [0.22, 0.56],
      [0.3, 0.66],
    ] as const)
      g.line(span + 0.012, wingTop + 0.01, x, y, M.BODY, Math.max(1, Math.round(g.px * 0.75)), "paint");
    for (let k = 1; k <= 3; k++) g.line(0.38 - k * 0.02, headY - 0.06 - k * 0.025, 0.42 - k * 0.015, headY - 0.07 - k * 0.02, M.ACCENT, 1, "darken");
  }
  g.mirror();
  if (traits.saddled) drawFrontSaddle(g, 0.47);
  drawEyes(g, headY, 0.13, { ...traits, scary: traits.scary || rng.chance(0.3) });
  if (g.hires) {
    const u = g.u;
    g.mirroredDisc(0.465, headY + 0.06, u * 0.5, M.DARK);
    // belly plates, a mouth line with fangs, claws
    for (let y = 0.5; y < 0.84; y += u * 2.2) g.rect(0.38, y, 0.62, y + u * 0.5, M.BELLY, "darken");
    g.rect(0.5 - 0.06, headY + 0.105, 0.5 + 0.06, headY + 0.105 + u * 0.5, M.DARK, "paint");
    g.mirroredDisc(0.465, headY + 0.105 + u * 0.6, u * 0.45, M.EYE);
    for (const x of [0.3, 0.33]) g.mirroredDisc(x + u * 0.5, 0.9 + u * 0.5, u * 0.5, M.SHINE);
    return;
  }
  g.dot(0.46, headY + 0.06, M.DARK, 1, "paint");
  g.dot(0.54, headY + 0.06, M.DARK, 1, "paint");
}

function slime(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  const rx = rng.range(0.34, 0.4);
  const top = rng.range(0.3, 0.42);
  g.ellipse(0.5, 0.9, rx, 0.9 - top, M.BODY);
  if (rng.chance(0.5)) g.ellipse(0.5, top, 0.05, 0.07, M.BODY);
  g.rect(0, 0.9, 1, 1, M.EMPTY, "erase");
  g.mirror();
  const eyeY = top + (0.9 - top) * 0.45;
  drawEyes(g, eyeY, 0.2 + rng.range(0, 0.06), traits, true);
  g.rect(0.44, eyeY + 0.1, 0.56, eyeY + 0.1 + c, M.DARK, "paint");
  g.ellipse(0.5 - rx * 0.55, top + (0.9 - top) * 0.28, Math.max(c, 0.04), Math.max(c, 0.05), M.SHINE, "paint");
  g.dot(0.64, 0.76, M.BELLY, Math.max(1, Math.round(g.n / 16)), "paint");
  g.dot(0.7, 0.68, M.BELLY, g.px, "paint");
  if (g.hires) {
    // bubbles inside the jelly, a second glint, a darker base
    for (const [x, y, r] of [
      [0.36, 0.74, 0.03],
      [0.6, 0.62, 0.02],
      [0.3, 0.62, 0.015],
      [0.7, 0.8, 0.022],
    ] as const) {
      g.ellipse(x, y, r, r, M.BODY, "lighten");
      g.dot(x - r * 0.5, y - r * 0.5, M.SHINE, Math.max(1, Math.round(g.px / 2)), "paint");
    }
    g.ellipse(0.5 - rx * 0.3, top + (0.9 - top) * 0.2, c * 0.6, c * 0.6, M.SHINE, "paint");
    g.rect(0, 0.86, 1, 0.9, M.BODY, "darken");
  }
}

function ghost(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  const r = rng.range(0.27, 0.31);
  g.ellipse(0.5, 0.42, r, r, M.BODY);
  g.rect(0.5 - r, 0.42, 0.5, 0.86, M.BODY);
  const wave = rng.int(2, 3);
  for (let k = 0; k < wave; k++) {
    const x = 0.5 - r + ((k + 0.5) * r) / wave;
    g.poly(
      [
        [x - 0.06, 0.87],
        [x + 0.06, 0.87],
        [x, 0.78],
      ],
      M.EMPTY,
      "erase",
    );
  }
  g.ellipse(0.5 - r - 0.02, 0.58, 0.06, 0.05, M.BODY);
  g.mirror();
  drawEyes(g, 0.42, 0.2, { ...traits, scary: false }, true);
  g.ellipse(0.5, 0.56, Math.max(c, 0.05), Math.max(c, 0.04), M.DARK, "paint");
  g.ellipse(0.36, 0.32, Math.max(c, 0.04), Math.max(c, 0.03), M.SHINE, "paint");
}

function bat(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  const lift = rng.range(-0.06, 0.06);
  g.poly(
    [
      [0.44, 0.42],
      [0.22, 0.28 + lift],
      [0.05, 0.36 + lift],
      [0.06, 0.62],
      [0.16, 0.56],
      [0.24, 0.66],
      [0.32, 0.58],
      [0.42, 0.66],
    ],
    M.WING,
  );
  g.line(0.44, 0.42, 0.22, 0.28 + lift, M.BODY, g.px);
  g.line(0.22, 0.28 + lift, 0.06, 0.37 + lift, M.BODY, g.px);
  if (g.hires)
    for (const [x, y] of [
      [0.16, 0.56],
      [0.32, 0.58],
    ] as const)
      g.line(0.22, 0.28 + lift, x, y, M.BODY, Math.max(1, Math.round(g.px * 0.75)), "paint");
  g.ellipse(0.5, 0.52, 0.11, 0.15, M.BODY);
  g.ellipse(0.5, 0.38, 0.1, 0.09, M.BODY);
  g.poly(
    [
      [0.42, 0.36],
      [0.4, 0.22],
      [0.47, 0.32],
    ],
    M.BODY,
  );
  g.ellipse(0.5, 0.56, 0.06, 0.09, M.BELLY, "paint");
  g.mirror();
  drawEyes(g, 0.38, 0.09, { ...traits, scary: true });
  if (g.hires) {
    g.mirroredDisc(0.475, 0.445, c * 0.6, M.EYE);
    return;
  }
  g.dot(0.47, 0.44, M.EYE, 1, "paint");
  g.dot(0.53 - c * 0.01, 0.44, M.EYE, 1, "paint");
}

function spider(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const t = Math.max(1, Math.round(g.n / 20));
  for (let k = 0; k < 4; k++) {
    const y = 0.44 + k * 0.06;
    const knee = 0.18 + rng.range(-0.03, 0.03);
    g.line(0.45, y, knee, y - 0.12 + k * 0.03, M.BODY, t);
    g.line(knee, y - 0.12 + k * 0.03, 0.08 + k * 0.02, y + 0.14 + k * 0.05, M.BODY, t);
  }
  g.ellipse(0.5, 0.66, rng.range(0.17, 0.21), 0.2, M.BODY);
  g.ellipse(0.5, 0.42, 0.12, 0.1, M.BODY);
  g.poly(
    [
      [0.5, 0.58],
      [0.46, 0.66],
      [0.5, 0.74],
    ],
    M.ACCENT,
    "paint",
  );
  g.mirror();
  drawEyes(g, 0.41, 0.1, { ...traits, scary: true });
  drawEyes(g, 0.46, 0.04, { ...traits, scary: true });
}

function insect(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  for (let k = 0; k < 3; k++) g.line(0.42, 0.5 + k * 0.1, 0.18, 0.44 + k * 0.16, M.DARK, g.px);
  g.line(0.46, 0.22, 0.36, 0.08, M.DARK, g.px);
  g.ellipse(0.5, 0.6, rng.range(0.2, 0.24), 0.27, M.BODY);
  g.ellipse(0.5, 0.28, 0.11, 0.08, M.BELLY);
  g.rect(0.5 - c, 0.36, 0.5, 0.86, M.DARK, "paint");
  g.mirror();
  g.ellipse(0.4, 0.55, 0.04, 0.03, M.SHINE, "paint");
  if (g.hires) for (const y of [0.5, 0.62, 0.74]) g.rect(0, y, 1, y + c * 0.5, M.BODY, "darken");
  drawEyes(g, 0.27, 0.12, traits);
}

function bird(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  g.poly(
    [
      [0.36, 0.44],
      [0.1, 0.5 - rng.range(0, 0.1)],
      [0.14, 0.62],
      [0.36, 0.7],
    ],
    M.WING,
  );
  g.ellipse(0.5, 0.6, 0.2, 0.24, M.BODY);
  g.ellipse(0.5, 0.66, 0.11, 0.15, M.BELLY, "paint");
  g.ellipse(0.5, 0.32, 0.15, 0.14, M.BODY);
  g.rect(0.5 - c, 0.14, 0.5, 0.2, M.BODY);
  g.rect(0.42, 0.84, 0.45, 0.92, M.ACCENT);
  g.mirror();
  g.poly(
    [
      [0.46, 0.36],
      [0.54, 0.36],
      [0.5, 0.43],
    ],
    M.ACCENT,
    "paint",
  );
  if (g.hires) {
    for (let y = 0.58; y < 0.8; y += c * 2) for (let x = 0.42; x < 0.6; x += c * 2.5) g.rect(x, y, x + c, y + c * 0.5, M.BELLY, "darken");
    for (const k of [0, 1, 2]) g.line(0.34 - k * 0.06, 0.47 + k * 0.04, 0.22 - k * 0.05, 0.62, M.WING, 1, "darken");
  }
  drawEyes(g, 0.31, 0.15, traits);
}

function beast(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  g.ellipse(0.5, 0.72, rng.range(0.18, 0.22), 0.2, M.BODY);
  g.ellipse(0.34, 0.88, 0.07, 0.05, M.BODY);
  g.ellipse(0.5, 0.74, 0.09, 0.13, M.BELLY, "paint");
  const hr = rng.range(0.2, 0.23) + (traits.cute ? 0.02 : 0);
  g.ellipse(0.5, 0.38, hr, hr * 0.85, M.BODY);
  const ear = rng.range(0.08, 0.14);
  g.poly(
    [
      [0.5 - hr * 0.9, 0.32],
      [0.5 - hr * 0.85, 0.38 - hr - ear],
      [0.5 - hr * 0.2, 0.24],
    ],
    M.BODY,
  );
  g.poly(
    [
      [0.5 - hr * 0.75, 0.28],
      [0.5 - hr * 0.75, 0.36 - hr - ear * 0.6],
      [0.5 - hr * 0.35, 0.26],
    ],
    M.BELLY,
    "paint",
  );
  g.ellipse(0.5, 0.46, hr * 0.45, hr * 0.32, M.BELLY, "paint");
  g.mirror();
  drawEyes(g, 0.36, hr * 0.85, traits);
  g.rect(0.5 - c, 0.42, 0.5 + c, 0.42 + c, M.DARK, "paint");
  if (g.hires) {
    g.rect(0.5 - c * 0.25, 0.42 + c, 0.5 + c * 0.25, 0.47, M.DARK, "paint");
    g.rect(0.5 - c * 1.5, 0.47, 0.5 + c * 1.5, 0.47 + c * 0.5, M.DARK, "paint");
    for (const x of [0.4, 0.44]) g.mirroredDisc(x, 0.455, c * 0.3, M.DARK);
    if (traits.scary) g.mirroredDisc(0.47, 0.49 + c * 0.5, c * 0.5, M.EYE);
    for (const x of [0.3, 0.34, 0.38]) g.rect(x, 0.86, x + c * 0.5, 0.93, M.BODY, "darken");
    return;
  }
  if (traits.scary) g.dot(0.47, 0.5, M.EYE, 1, "paint");
}

/** A random creature from the seed: body, optional horns, arms, tentacles, one or two eyes. */
function monster(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.u;
  const bw = rng.range(0.2, 0.32);
  const bh = rng.range(0.2, 0.3);
  const cy = rng.range(0.5, 0.58);
  g.ellipse(0.5, cy, bw, bh, M.BODY);
  if (rng.chance(0.6)) {
    const tip = cy - bh - rng.range(0.08, 0.16);
    g.poly(
      [
        [0.5 - bw * 0.6, cy - bh * 0.7],
        [0.5 - bw * 0.9 - 0.04, tip],
        [0.5 - bw * 0.2, cy - bh * 0.9],
      ],
      M.ACCENT,
    );
  }
  const legs = rng.int(0, 2);
  if (legs === 0) for (let k = 0; k < 2; k++) g.rect(0.5 - bw * (0.3 + k * 0.35), cy + bh * 0.6, 0.5 - bw * (0.3 + k * 0.35) + 0.05, 0.92, M.BODY);
  if (legs >= 1) g.rect(0.5 - bw * 0.6, cy + bh * 0.5, 0.5 - bw * 0.2, 0.9, M.BODY);
  if (rng.chance(0.6)) g.line(0.5 - bw * 0.9, cy, 0.5 - bw - 0.12, cy - rng.range(-0.1, 0.15), M.BODY, Math.max(1, Math.round(g.n / 16)));
  if (rng.chance(0.5)) {
    const spot = Math.max(1, Math.round(g.n / 16));
    for (let k = 0; k < 4; k++) g.dot(0.5 - bw * rng.range(0.1, 0.8), cy + bh * rng.range(-0.6, 0.6), M.BELLY, spot, "paint");
  }
  g.ellipse(0.5, cy + bh * 0.25, bw * 0.55, bh * 0.45, M.BELLY, "paint");
  g.mirror();
  const eyeY = cy - bh * 0.35;
  if (rng.chance(0.35)) {
    g.ellipse(0.5, eyeY, Math.max(c * 1.5, bw * 0.3), Math.max(c * 1.5, bw * 0.28), traits.scary ? M.GLOW : M.EYE, "paint");
    g.rect(0.5 - c, eyeY - c * 0.5, 0.5 + c, eyeY + c * 1.5, M.DARK, "paint");
  } else {
    drawEyes(g, eyeY, bw * 0.8, traits, rng.chance(0.5));
  }
  const mouthY = cy + bh * 0.2;
  g.rect(0.5 - bw * 0.4, mouthY, 0.5 + bw * 0.4, mouthY + c * (g.n > 16 ? 2 : 1), M.DARK, "paint");
  if (g.n > 16) for (let x = 0.5 - bw * 0.35; x < 0.5 + bw * 0.35; x += c * 2) g.dot(x, mouthY, M.EYE, g.px, "paint");
}

const creature = (fn: (g: SpriteGrid, rng: Random, t: SpriteTraits) => void, primary: string, secondary: string, accent: string): SpriteBuilder => ({
  kind: "creature",
  primary,
  secondary,
  accent,
  build: fn,
});

export const CREATURE_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  dragon: creature(dragon, "red", "amber", "beige"),
  slime: creature(slime, "green", "lime", "white"),
  ghost: creature(ghost, "white", "sky", "sky"),
  bat: creature(bat, "purple", "violet", "red"),
  spider: creature(spider, "black", "grey", "red"),
  insect: creature(insect, "emerald", "lime", "yellow"),
  bird: creature(bird, "blue", "yellow", "orange"),
  beast: creature(beast, "orange", "beige", "brown"),
  monster: creature(monster, "random", "random", "random"),
  ship: SHIP_BUILDER,
  galleon: GALLEON_BUILDER,
  // one drawing per species, from data (species.ts)
  ...SPECIES_BUILDERS,
};

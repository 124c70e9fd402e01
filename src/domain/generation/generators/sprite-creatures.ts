/** Creature and vehicle sprite builders (front view, mirror-symmetric). */
import type { Random } from "./random.js";
import { drawEyes, M, type SpriteBuilder, type SpriteGrid, type SpriteTraits } from "./sprite-grid.js";

function dragon(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
  const span = rng.range(0.02, 0.08);
  const wingTop = rng.range(0.08, 0.16);
  g.poly([[0.42, 0.46], [span, wingTop], [span + 0.02, 0.42], [0.1, 0.6], [0.22, 0.56], [0.3, 0.66], [0.42, 0.62]], M.WING);
  g.line(0.42, 0.46, span + 0.01, wingTop, M.BODY, Math.max(1, Math.round(g.n / 24)));
  g.ellipse(0.5, 0.64, rng.range(0.17, 0.2), 0.2, M.BODY);
  g.ellipse(0.5, 0.68, 0.09, 0.15, M.BELLY, "paint");
  g.rect(0.44, 0.36, 0.5, 0.5, M.BODY);
  const headY = rng.range(0.27, 0.31);
  const horn = rng.range(0.03, 0.07);
  g.poly([[0.38, headY - 0.05], [0.31 - horn * 0.6, headY - 0.12 - horn], [0.35 - horn * 0.3, headY - 0.15 - horn], [0.45, headY - 0.08]], M.ACCENT);
  g.ellipse(0.5, headY, 0.13, 0.1, M.BODY);
  g.ellipse(0.5, headY + 0.075, 0.085, 0.055, M.BODY);
  g.ellipse(0.5, headY + 0.09, 0.06, 0.03, M.BELLY, "paint");
  g.poly([[0.4, headY - 0.1], [0.44, headY - 0.16], [0.48, headY - 0.1]], M.BODY);
  g.ellipse(0.36, 0.84, 0.07, 0.06, M.BODY);
  g.rect(0.3, 0.88, 0.36, 0.9 + c, M.ACCENT);
  g.mirror();
  drawEyes(g, headY, 0.13, { ...traits, scary: traits.scary || rng.chance(0.3) });
  g.dot(0.46, headY + 0.06, M.DARK, 1, "paint");
  g.dot(0.54, headY + 0.06, M.DARK, 1, "paint");
}

function slime(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
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
  g.dot(0.7, 0.68, M.BELLY, 1, "paint");
}

function ghost(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
  const r = rng.range(0.27, 0.31);
  g.ellipse(0.5, 0.42, r, r, M.BODY);
  g.rect(0.5 - r, 0.42, 0.5, 0.86, M.BODY);
  const wave = rng.int(2, 3);
  for (let k = 0; k < wave; k++) {
    const x = 0.5 - r + ((k + 0.5) * r) / wave;
    g.poly([[x - 0.06, 0.87], [x + 0.06, 0.87], [x, 0.78]], M.EMPTY, "erase");
  }
  g.ellipse(0.5 - r - 0.02, 0.58, 0.06, 0.05, M.BODY);
  g.mirror();
  drawEyes(g, 0.42, 0.2, { ...traits, scary: false }, true);
  g.ellipse(0.5, 0.56, Math.max(c, 0.05), Math.max(c, 0.04), M.DARK, "paint");
  g.ellipse(0.36, 0.32, Math.max(c, 0.04), Math.max(c, 0.03), M.SHINE, "paint");
}

function bat(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
  const lift = rng.range(-0.06, 0.06);
  g.poly([[0.44, 0.42], [0.22, 0.28 + lift], [0.05, 0.36 + lift], [0.06, 0.62], [0.16, 0.56], [0.24, 0.66], [0.32, 0.58], [0.42, 0.66]], M.WING);
  g.line(0.44, 0.42, 0.22, 0.28 + lift, M.BODY);
  g.line(0.22, 0.28 + lift, 0.06, 0.37 + lift, M.BODY);
  g.ellipse(0.5, 0.52, 0.11, 0.15, M.BODY);
  g.ellipse(0.5, 0.38, 0.1, 0.09, M.BODY);
  g.poly([[0.42, 0.36], [0.4, 0.22], [0.47, 0.32]], M.BODY);
  g.ellipse(0.5, 0.56, 0.06, 0.09, M.BELLY, "paint");
  g.mirror();
  drawEyes(g, 0.38, 0.09, { ...traits, scary: true });
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
  g.poly([[0.5, 0.58], [0.46, 0.66], [0.5, 0.74]], M.ACCENT, "paint");
  g.mirror();
  drawEyes(g, 0.41, 0.1, { ...traits, scary: true });
  drawEyes(g, 0.46, 0.04, { ...traits, scary: true });
}

function insect(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
  for (let k = 0; k < 3; k++) g.line(0.42, 0.5 + k * 0.1, 0.18, 0.44 + k * 0.16, M.DARK);
  g.line(0.46, 0.22, 0.36, 0.08, M.DARK);
  g.ellipse(0.5, 0.6, rng.range(0.2, 0.24), 0.27, M.BODY);
  g.ellipse(0.5, 0.28, 0.11, 0.08, M.BELLY);
  g.rect(0.5 - c, 0.36, 0.5, 0.86, M.DARK, "paint");
  g.mirror();
  g.ellipse(0.4, 0.55, 0.04, 0.03, M.SHINE, "paint");
  drawEyes(g, 0.27, 0.12, traits);
}

function bird(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
  g.poly([[0.36, 0.44], [0.1, 0.5 - rng.range(0, 0.1)], [0.14, 0.62], [0.36, 0.7]], M.WING);
  g.ellipse(0.5, 0.6, 0.2, 0.24, M.BODY);
  g.ellipse(0.5, 0.66, 0.11, 0.15, M.BELLY, "paint");
  g.ellipse(0.5, 0.32, 0.15, 0.14, M.BODY);
  g.rect(0.5 - c, 0.14, 0.5, 0.2, M.BODY);
  g.rect(0.42, 0.84, 0.45, 0.92, M.ACCENT);
  g.mirror();
  g.poly([[0.46, 0.36], [0.54, 0.36], [0.5, 0.43]], M.ACCENT, "paint");
  drawEyes(g, 0.31, 0.15, traits);
}

function beast(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
  g.ellipse(0.5, 0.72, rng.range(0.18, 0.22), 0.2, M.BODY);
  g.ellipse(0.34, 0.88, 0.07, 0.05, M.BODY);
  g.ellipse(0.5, 0.74, 0.09, 0.13, M.BELLY, "paint");
  const hr = rng.range(0.2, 0.23) + (traits.cute ? 0.02 : 0);
  g.ellipse(0.5, 0.38, hr, hr * 0.85, M.BODY);
  const ear = rng.range(0.08, 0.14);
  g.poly([[0.5 - hr * 0.9, 0.32], [0.5 - hr * 0.85, 0.38 - hr - ear], [0.5 - hr * 0.2, 0.24]], M.BODY);
  g.poly([[0.5 - hr * 0.75, 0.28], [0.5 - hr * 0.75, 0.36 - hr - ear * 0.6], [0.5 - hr * 0.35, 0.26]], M.BELLY, "paint");
  g.ellipse(0.5, 0.46, hr * 0.45, hr * 0.32, M.BELLY, "paint");
  g.mirror();
  drawEyes(g, 0.36, hr * 0.85, traits);
  g.rect(0.5 - c, 0.42, 0.5 + c, 0.42 + c, M.DARK, "paint");
  if (traits.scary) g.dot(0.47, 0.5, M.EYE, 1, "paint");
}

/** A random creature from the seed: body, optional horns, arms, tentacles, one or two eyes. */
function monster(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const c = g.cell;
  const bw = rng.range(0.2, 0.32);
  const bh = rng.range(0.2, 0.3);
  const cy = rng.range(0.5, 0.58);
  g.ellipse(0.5, cy, bw, bh, M.BODY);
  if (rng.chance(0.6)) {
    const tip = cy - bh - rng.range(0.08, 0.16);
    g.poly([[0.5 - bw * 0.6, cy - bh * 0.7], [0.5 - bw * 0.9 - 0.04, tip], [0.5 - bw * 0.2, cy - bh * 0.9]], M.ACCENT);
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
  if (g.n > 16) for (let x = 0.5 - bw * 0.35; x < 0.5 + bw * 0.35; x += c * 2) g.dot(x, mouthY, M.EYE, 1, "paint");
}

function ship(g: SpriteGrid, rng: Random): void {
  const c = g.cell;
  const w = rng.range(0.08, 0.11);
  const sweep = rng.range(0.5, 0.62);
  g.poly([[0.5, 0.05], [0.5 + c * 0.01, 0.82], [0.5 - w, 0.82], [0.5 - w, 0.3]], M.BODY);
  g.poly([[0.5 - w, sweep - 0.12], [0.07, sweep + 0.16], [0.07, sweep + 0.26], [0.5 - w, sweep + 0.18]], M.BODY);
  g.poly([[0.5 - w, sweep + 0.04], [0.14, sweep + 0.2], [0.14, sweep + 0.24], [0.5 - w, sweep + 0.12]], M.BELLY, "paint");
  g.rect(0.07, sweep + 0.06, 0.07 + Math.max(c, 0.03), sweep + 0.26, M.METAL);
  g.rect(0.5 - w * 0.9, 0.8, 0.5 - c * 0.5, 0.86, M.METAL);
  g.rect(0.5 - w * 0.8, 0.86, 0.5 - c, 0.95, M.GLOW);
  if (rng.chance(0.5)) g.poly([[0.5 - w, 0.66], [0.5 - w - 0.08, 0.84], [0.5 - w, 0.8]], M.ACCENT);
  g.mirror();
  g.ellipse(0.5, 0.32, Math.max(c, 0.045), 0.08, M.GLASS, "paint");
  g.dot(0.5 - c, 0.28, M.SHINE, 1, "paint");
}

const creature = (fn: (g: SpriteGrid, rng: Random, t: SpriteTraits) => void, primary: string, secondary: string, accent: string): SpriteBuilder => ({
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
  ship: creature(ship, "silver", "red", "orange"),
};

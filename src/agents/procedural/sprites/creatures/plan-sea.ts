/**
 * Sea creatures with shapes of their own: a starfish (front view; five arms, or the number counted:
 * "three-armed starfish"), a seahorse (side view: a snouted head, a ridged curving body and a
 * curled tail) and a ray (from above).
 */
import type { Random } from "../../kit/random.js";
import { chain, limb, sideEye, tilted } from "./kit.js";
import { drawEyes, M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export function drawStarfish(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const arms = Math.max(1, Math.min(5, traits.parts?.arms ?? 5));
  const cx = 0.5;
  const cy = 0.54;
  const reach = rng.range(0.36, 0.42);
  const width = rng.range(0.09, 0.12);
  const turn = rng.range(-0.08, 0.08);
  for (let k = 0; k < arms; k++) {
    const a = -Math.PI / 2 + (k * Math.PI * 2) / arms + (arms === 4 ? Math.PI / 4 : 0);
    const tip: [number, number] = [cx + Math.cos(a + turn) * reach, cy + Math.sin(a + turn) * reach];
    chain(g, [[cx, cy], [cx + Math.cos(a) * reach * 0.55, cy + Math.sin(a) * reach * 0.55], tip], width, u * 0.8, M.BODY);
    // a row of bumps down each arm
    for (let s = 1; s <= 3; s++) g.dot(cx + Math.cos(a) * reach * s * 0.24, cy + Math.sin(a) * reach * s * 0.24, M.BELLY, Math.max(1, Math.round(u)), "paint");
  }
  g.ellipse(cx, cy, width * 1.3, width * 1.2, M.BODY);
  g.ellipse(cx, cy, width * 0.5, width * 0.45, M.ACCENT, "paint");
  drawEyes(g, cy - width * 0.2, width * 1.1, traits);
}

export function drawSeahorse(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const lean = rng.range(-0.03, 0.03);
  const curl = rng.range(0.06, 0.09);
  // the curled tail, the body, the dorsal fin
  chain(
    g,
    [
      [0.56, 0.56],
      [0.6 + lean, 0.72],
      [0.52 + lean, 0.86],
      [0.44 + lean, 0.84],
      [0.44 + lean, 0.86 - curl],
    ],
    0.07,
    u * 0.8,
    M.BODY,
  );
  tilted(g, 0.68 + lean, 0.46, 0.07, 0.11, 0.2, M.WING);
  tilted(g, 0.54, 0.46, 0.14, 0.19, 0.25 + lean, M.BODY);
  tilted(g, 0.5, 0.5, 0.07, 0.13, 0.25 + lean, M.BELLY, "paint");
  for (let k = 0; k < 5; k++) g.line(0.42 + k * 0.01, 0.36 + k * 0.06, 0.56 + k * 0.01, 0.37 + k * 0.06, M.BELLY, 1, "darken");
  // the neck, the head and its snout, a crown of spines
  chain(
    g,
    [
      [0.56, 0.34],
      [0.6, 0.24],
      [0.52, 0.17],
    ],
    0.08,
    0.08,
    M.BODY,
  );
  g.ellipse(0.5, 0.18, 0.1, 0.08, M.BODY);
  g.rect(0.24, 0.18, 0.44, 0.18 + Math.max(u * 2, 0.045), M.BODY);
  g.rect(0.22, 0.17, 0.26, 0.19 + Math.max(u * 2, 0.05), M.BODY);
  for (let k = 0; k < 3; k++)
    g.poly(
      [
        [0.5 + k * 0.04, 0.13],
        [0.52 + k * 0.05, 0.05],
        [0.55 + k * 0.04, 0.13],
      ],
      M.ACCENT,
    );
  sideEye(g, 0.46, 0.16, false, traits);
}

/** A ray seen from above (mirror-symmetric): a broad diamond of fins, eyes on top, a long thin tail. */
export function drawRay(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const span = rng.range(0.38, 0.44);
  const tip = rng.range(-0.04, 0.04);
  limb(g, 0.5, 0.6, 0.5, 0.95, u, M.BODY);
  g.poly(
    [
      [0.5, 0.22],
      [0.5 - span, 0.44 + tip],
      [0.5 - span * 0.3, 0.56],
      [0.5, 0.66],
    ],
    M.BODY,
  );
  g.ellipse(0.5, 0.44, 0.12, 0.16, M.BODY);
  g.poly(
    [
      [0.5 - span * 0.55, 0.46],
      [0.5 - span * 0.2, 0.4],
      [0.5 - span * 0.25, 0.5],
    ],
    M.BELLY,
    "paint",
  );
  g.mirror();
  if (g.n > 16) for (let k = 0; k < 3; k++) g.rect(0.47, 0.72 + k * 0.06, 0.53, 0.72 + k * 0.06 + u * 0.5, M.BODY, "darken");
  drawEyes(g, 0.36, 0.12, traits);
}

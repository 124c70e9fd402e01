/** Winged beasts seen from the front (mirror-symmetric): eagle, phoenix, griffin, wyvern. */
import type { Random } from "../../kit/random.js";
import { chain, limb } from "./kit.js";
import { drawFrontSaddle } from "./quadruped-parts.js";
import { drawEyes, M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export interface Winged {
  kind: "eagle" | "phoenix" | "griffin" | "wyvern";
}

/** A beast with spread wings seen from the front: bird-headed, or a dragon's head for the wyvern. */
export function drawWinged(g: SpriteGrid, rng: Random, traits: SpriteTraits, w: Winged): void {
  const u = g.u;
  const lift = rng.range(-0.1, 0.08);
  const span = rng.range(0.03, 0.08);
  const feathered = w.kind !== "wyvern";
  const wingTop = 0.2 + lift;
  g.poly(
    [
      [0.44, 0.42],
      [span + 0.06, wingTop],
      [span, wingTop + 0.1],
      [span + 0.04, 0.5],
      [0.14, 0.6],
      [0.26, 0.58],
      [0.42, 0.62],
    ],
    M.WING,
  );
  if (feathered) {
    for (let k = 0; k < 4; k++) {
      const x = span + 0.02 + k * 0.07;
      g.poly(
        [
          [x, 0.46 + k * 0.03],
          [x + 0.02, 0.6 + k * 0.03 + rng.range(0, 0.04)],
          [x + 0.07, 0.5 + k * 0.03],
        ],
        w.kind === "phoenix" && k % 2 ? M.FIRE : M.WING,
      );
    }
    if (g.n > 16) for (let k = 0; k < 3; k++) g.line(0.4 - k * 0.09, 0.44 - k * 0.02, 0.32 - k * 0.1, 0.56, M.WING, 1, "darken");
  } else {
    for (const [x, y] of [
      [0.14, 0.6],
      [0.26, 0.58],
    ] as const)
      g.line(span + 0.06, wingTop + 0.01, x, y, M.BODY, Math.max(1, Math.round(g.px * 0.75)));
  }
  if (w.kind === "phoenix") {
    for (let k = 0; k < 3; k++)
      g.poly(
        [
          [0.46, 0.7],
          [0.36 - k * 0.06, 0.92],
          [0.44 - k * 0.02, 0.8],
        ],
        k === 1 ? M.EMBER : M.FIRE,
      );
    g.poly(
      [
        [0.5, 0.06],
        [0.44, 0.14],
        [0.5, 0.18],
      ],
      M.FIRE,
    );
  }
  if (w.kind === "griffin" || w.kind === "wyvern") {
    limb(g, 0.4, 0.74, 0.36 + rng.range(-0.02, 0.02), 0.9, u * 2.2, w.kind === "griffin" ? M.BELLY : M.BODY);
    if (w.kind === "griffin")
      chain(
        g,
        [
          [0.56, 0.8],
          [0.7, 0.86],
          [0.8, 0.76],
        ],
        u * 0.8,
        u * 0.6,
        M.BELLY,
      );
  } else limb(g, 0.45, 0.76, 0.44, 0.88, u * 1.2, M.ACCENT);
  g.ellipse(0.5, 0.6, 0.13, 0.2, w.kind === "griffin" ? M.BELLY : M.BODY);
  g.ellipse(0.5, 0.64, 0.07, 0.12, w.kind === "griffin" ? M.BODY : M.BELLY, "paint");
  const hy = 0.3 + lift * 0.2;
  if (w.kind === "wyvern") {
    g.ellipse(0.5, hy, 0.1, 0.08, M.BODY);
    g.ellipse(0.5, hy + 0.06, 0.065, 0.05, M.BODY);
    g.poly(
      [
        [0.43, hy - 0.04],
        [0.36 - rng.range(0, 0.04), hy - 0.16],
        [0.46, hy - 0.07],
      ],
      M.ACCENT,
    );
    g.rect(0.47, hy, 0.5, 0.44, M.BODY);
  } else {
    g.ellipse(0.5, hy, 0.1, 0.1, M.BODY);
    if (w.kind === "eagle" || w.kind === "griffin") g.ellipse(0.5, hy - 0.01, 0.1, 0.09, M.BELLY, "paint");
    g.rect(0.45, hy, 0.5, 0.44, w.kind === "griffin" ? M.BELLY : M.BODY);
    g.poly(
      [
        [0.47, hy + 0.03],
        [0.5, hy + 0.03],
        [0.5, hy + 0.13],
      ],
      M.ACCENT,
    );
  }
  g.mirror();
  if (traits.saddled) drawFrontSaddle(g, 0.47);
  drawEyes(g, hy - 0.01, 0.1, { ...traits, scary: traits.scary || w.kind !== "phoenix" });
  if (g.hires && w.kind === "wyvern") g.mirroredDisc(0.47, hy + 0.07, u * 0.5, M.DARK);
}

/**
 * Pieces of food: "a slice of pie", "cake slice", "watermelon slice", "whole watermelon". A shape
 * that can be cut reads the words of a piece ("slice", "piece", "wedge") and then draws a wedge cut
 * from it; a watermelon, drawn as a slice, reads "whole".
 */
import { ellipse, PathBuilder } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";
import { bar, detail, line, poly, rimShade, shine, solid, steps } from "./kit.js";

export const PIECE_WORDS: readonly string[] = ["slice", "slices", "sliced", "piece", "pieces", "wedge", "wedges", "portion", "cut"];
const asksPiece = (words: ReadonlySet<string> | undefined): boolean => PIECE_WORDS.some((w) => words?.has(w));

/** A wedge cut from a round pie or cake, seen from the front and a little above. */
function wedge(rng: Random, kind: "pie" | "cake"): Part[] {
  const h = kind === "cake" ? rng.range(0.3, 0.36) : rng.range(0.16, 0.2);
  const [tipX, tipY] = [0.08, 0.66 - h * 0.3];
  const [bx, by] = [0.9, 0.52 - h * 0.3];
  const [cx, cy] = [rng.range(0.6, 0.7), 0.3 - h * 0.3];
  const top = new PathBuilder(tipX, tipY)
    .lineTo(cx, cy)
    .quadTo(bx + 0.04, cy + 0.02, bx, by)
    .build();
  const front = poly(tipX, tipY, bx, by, bx, by + h, tipX, tipY + h);
  const parts: Part[] = [detail(ellipse(0.5, tipY + h + 0.06, 0.46, 0.08), "light-", { opacity: 0.6 })];
  if (kind === "pie") {
    parts.push(solid(front, "secondary"), detail(poly(tipX, tipY + h * 0.7, bx, by + h * 0.7, bx, by + h, tipX, tipY + h), "primary-"));
    for (let i = 0; i < 4; i++)
      parts.push(detail(ellipse(rng.range(0.25, 0.8), rng.range(tipY, by) + h * 0.4, 0.03, 0.02), "secondary+", { clips: [[front]] }));
    parts.push(solid(top, "primary"));
    for (const t of steps(0.3, 0.8, 3))
      parts.push(line(poly(tipX + (cx - tipX) * t, tipY + (cy - tipY) * t, tipX + (bx - tipX) * t, tipY + (by - tipY) * t), "primary-", 0.016));
    parts.push(bar(new PathBuilder(cx, cy).quadTo(bx + 0.04, cy + 0.02, bx, by).build(), "primary+", 0.06));
  } else {
    parts.push(solid(front, "secondary"));
    for (const k of steps(0.35, 0.7, rng.int(1, 2)))
      parts.push(detail(poly(tipX, tipY + h * k, bx, by + h * k, bx, by + h * k + 0.05, tipX, tipY + h * k + 0.05), "primary", { opacity: 0.85 }));
    parts.push(detail(poly(tipX, tipY + h * 0.5, bx, by + h * 0.5, bx, by + h, tipX, tipY + h), "secondary-", { opacity: 0.25 }));
    parts.push(solid(top, "primary"), detail(poly(tipX, tipY, bx, by, bx, by + 0.05, tipX, tipY + 0.04), "primary"));
    parts.push(solid(ellipse(cx + 0.08, cy + 0.03, 0.07, 0.065), "accent"), detail(ellipse(cx + 0.06, cy + 0.01, 0.02, 0.015), "light"));
  }
  parts.push(rimShade(front, "dark", 0, -0.03), shine(0.34, tipY - 0.02, 0.06, 0.015, -25, 0.5));
  return rotateParts(parts, rng.range(-8, 8));
}

/** The whole shape, or a wedge of it when a piece is asked for. */
export function sliceable(shape: IconShape, kind: "pie" | "cake"): IconShape {
  return {
    ...shape,
    reads: [...(shape.reads ?? []), ...PIECE_WORDS],
    build: (rng, hasEmblem, words) => (asksPiece(words) ? wedge(rng, kind) : shape.build(rng, hasEmblem, words)),
  };
}

/** A whole striped watermelon. */
function wholeMelon(rng: Random): Part[] {
  const rx = rng.range(0.4, 0.44);
  const ry = rng.range(0.3, 0.36);
  const body = ellipse(0.5, 0.56, rx, ry);
  const parts: Part[] = [solid(body, "secondary")];
  for (const t of steps(-0.8, 0.8, 5)) {
    const path = new PathBuilder(0.5 + t * rx * 0.3, 0.56 - ry).quadTo(0.5 + t * rx * 1.25, 0.56, 0.5 + t * rx * 0.3, 0.56 + ry).build();
    parts.push(line(path, "secondary--", 0.045, { clips: [[body]] }));
  }
  parts.push(rimShade(body, "secondary-", -0.06, -0.06), shine(0.36, 0.42, 0.09, 0.04));
  parts.push(bar(poly(0.5 + rx * 0.92, 0.5, 0.5 + rx + 0.06, 0.44), "secondary-", 0.03));
  return rotateParts(parts, rng.range(-15, 15));
}

/** The watermelon (a slice) that reads "whole", and is whole on some seeds when no piece is asked for. */
export function melon(slice: IconShape): IconShape {
  return {
    ...slice,
    reads: [...PIECE_WORDS, "whole"],
    build(rng, hasEmblem, words) {
      const whole = words?.has("whole") || (!asksPiece(words) && rng.chance(0.3));
      return whole ? wholeMelon(rng) : slice.build(rng, hasEmblem, words);
    },
  };
}

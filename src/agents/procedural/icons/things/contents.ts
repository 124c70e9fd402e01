/**
 * What a container holds (issue 39): "sack of flour", "bag of beans", "gunpowder keg", "fuel
 * canister", "jar of plankton". A wrapped container reads the words of its contents and shows them:
 * a label on its body with the contents' sign (a heap of flour, beans, a flame for powder, a drop for
 * fuel or oil), or glowing specks all over a jar of living things.
 */
import { circle, ellipse, PathBuilder, roundRect, star } from "../../kit/geometry.js";
import { largestBodies } from "../modifiers.js";
import type { Fill, IconShape, Part } from "../parts.js";
import { detail, poly } from "./kit.js";

type Sign = "heap" | "beans" | "flame" | "drop" | "specks";
interface Contents {
  sign: Sign;
  /** The sign's fill (a fixed role: flour is light, beans wood-brown, powder and oil dark). */
  fill: Fill;
}

const group = (sign: Sign, fill: Fill, words: string): [string, Contents][] => words.split(" ").map((w) => [w, { sign, fill }]);

export const CONTENTS: Readonly<Record<string, Contents>> = Object.fromEntries([
  ...group("heap", "light", "flour sugar salt rice"),
  ...group("heap", "wood+", "grain oats cornmeal sand"),
  ...group("beans", "wood-", "beans coffee"),
  ...group("beans", "accent", "peas lentils"),
  ...group("flame", "dark", "gunpowder powder"),
  ...group("drop", "dark", "fuel oil petrol gasoline gas kerosene diesel"),
  ...group("specks", "light", "plankton fireflies glowworms"),
]);

export const contentsOf = (words: ReadonlySet<string> | undefined): Contents | undefined => {
  const word = Object.keys(CONTENTS).find((w) => words?.has(w));
  return word === undefined ? undefined : CONTENTS[word];
};

/** The parts of a contents sign centred at (x, y), `s` across. */
function signParts(sign: Sign, x: number, y: number, s: number, fill: Fill): Part[] {
  if (sign === "heap")
    return [detail(new PathBuilder(x - s, y + s * 0.5).cubicTo(x - s * 0.5, y - s * 0.9, x + s * 0.5, y - s * 0.9, x + s, y + s * 0.5).build(), fill)];
  if (sign === "beans")
    return [
      detail(ellipse(x - s * 0.4, y, s * 0.32, s * 0.22, 0.5), fill),
      detail(ellipse(x + s * 0.35, y - s * 0.15, s * 0.32, s * 0.22, -0.4), fill),
      detail(ellipse(x, y + s * 0.4, s * 0.32, s * 0.22, 0.1), fill),
    ];
  // powder: the burst of a blast
  if (sign === "flame") return [detail(star(x, y, s * 1.05, s * 0.45, 8), "accent"), detail(star(x, y, s * 0.6, s * 0.28, 8), fill)];
  return [detail([poly(x - s * 0.5, y + s * 0.1, x, y - s * 0.9, x + s * 0.5, y + s * 0.1), circle(x, y + s * 0.2, s * 0.5)], fill)];
}

/** The container, showing what it holds when a contents word is named with it. */
export function holding(shape: IconShape): IconShape {
  return {
    ...shape,
    reads: [...(shape.reads ?? []), ...Object.keys(CONTENTS)],
    build(rng, hasEmblem, words) {
      const parts = shape.build(rng, hasEmblem, words);
      const contents = contentsOf(words);
      if (contents === undefined) return parts;
      const body = largestBodies(["primary", "secondary", "wood", "metal", "glass"], parts, true)[0]?.b ?? { x0: 0.25, y0: 0.25, x1: 0.75, y1: 0.75 };
      const [cx, cy] = [(body.x0 + body.x1) / 2, body.y0 + (body.y1 - body.y0) * 0.55];
      const s = Math.min(body.x1 - body.x0, body.y1 - body.y0) * 0.22;
      if (contents.sign === "specks") {
        const specks: Part[] = [];
        for (let i = 0; i < 9; i++) {
          const [x, y] = [body.x0 + (body.x1 - body.x0) * rng.range(0.2, 0.8), body.y0 + (body.y1 - body.y0) * rng.range(0.3, 0.85)];
          specks.push(detail(circle(x, y, 0.04), "glass", { opacity: 0.5 }), detail(circle(x, y, 0.016), contents.fill));
        }
        return [...parts, ...specks];
      }
      const label = roundRect(cx - s * 1.5, cy - s * 1.2, s * 3, s * 2.4, s * 0.3);
      // a dark label under a light heap, a light one under the rest
      return [...parts, detail(label, contents.fill === "light" ? "dark" : "light", { opacity: 0.9 }), ...signParts(contents.sign, cx, cy, s, contents.fill)];
    },
  };
}

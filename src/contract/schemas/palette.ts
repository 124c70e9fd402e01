import { z } from "zod";
import {
  countMessage,
  duplicateColorMessage,
  HEX_COLOR,
  malformedColorMessage,
  MAX_PALETTE_COLORS,
  MIN_PALETTE_COLORS,
  PALETTE_FORMS,
  PALETTE_NAMES,
  resolvePalette,
  unknownNameMessage,
} from "../../agents/index.js";

/** The index of the colour an issue is about (the last number of its path). */
const colorIndex = (path: readonly PropertyKey[] | undefined): number => {
  const last = path?.at(-1);
  return typeof last === "number" ? last : 0;
};

const inputLength = (input: unknown): number => (Array.isArray(input) ? input.length : 0);

const paletteColors = z
  .array(
    z
      .string()
      .regex(HEX_COLOR, { error: (issue) => malformedColorMessage(colorIndex(issue.path), issue.input) })
      .describe('"#" and six hex digits.'),
  )
  .min(MIN_PALETTE_COLORS, { error: (issue) => countMessage(inputLength(issue.input)) })
  .max(MAX_PALETTE_COLORS, { error: (issue) => countMessage(inputLength(issue.input)) })
  .superRefine((colors, ctx) => {
    const seen = new Map<string, number>();
    for (const [index, value] of colors.entries()) {
      const hex = value.toLowerCase();
      const first = seen.get(hex);
      if (first !== undefined) {
        ctx.addIssue({ code: "custom", path: [index], message: duplicateColorMessage(index, first, hex) });
        return;
      }
      seen.set(hex, index);
    }
  });

/**
 * The palette rule without a schema id: MCP inlines it in its tools' input schemas (an id would
 * make it a $ref, which not every client follows).
 */
export const paletteValue = z.union([z.enum(PALETTE_NAMES), paletteColors], {
  // Both branches failed: a string is a name we lack; an array that also failed the name branch
  // fails here with resolvePalette's message (a colour that is not a string, too many colours).
  error: (issue) => {
    if (typeof issue.input === "string") return unknownNameMessage(issue.input);
    const resolved = Array.isArray(issue.input) ? resolvePalette(issue.input) : undefined;
    return resolved && !resolved.ok ? resolved.error.message : `Must be ${PALETTE_FORMS}.`;
  },
});

/**
 * `palette` of the generation request (contract section 12): a named palette or 2–64 `#rrggbb`
 * colours, each once. `resolvePalette` (agents/palette/parse.ts) turns an accepted value into colours.
 */
export const paletteField = paletteValue
  .describe(
    `${PALETTE_NAMES.join(", ")}, or ${MIN_PALETTE_COLORS}–${MAX_PALETTE_COLORS} colours written #rrggbb (e.g. ["#1a1c2c", "#f4f4f4"]): every pixel with alpha > 0 is then exactly one of them. Named palettes are the published lists (lospec.com).`,
  )
  .meta({ id: "Palette" });

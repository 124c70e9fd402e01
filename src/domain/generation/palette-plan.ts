import { resolvePalette, toHex } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import type { GenerateRequest } from "../../contract/schemas/generation.js";
import type { PaletteSpec } from "./store-rows.js";

/**
 * The palette a request asks for, as its colours (`#rrggbb`, lower case) and its name when named;
 * undefined without one. The contract's schema already refused a malformed one: this only turns
 * a name into its published colours (and would refuse, naming the field, what slipped through).
 */
export function planPalette(input: Pick<GenerateRequest, "palette">): PaletteSpec | undefined {
  if (input.palette === undefined) return undefined;
  const resolved = resolvePalette(input.palette);
  if (!resolved.ok) {
    const param = ["palette", ...resolved.error.path].join(".");
    throw new AppError("invalid_request", `${param}: ${resolved.error.message}`, { param });
  }
  const { name, colors } = resolved.palette;
  return { ...(name ? { name } : {}), colors: colors.map(toHex) };
}

import { z } from "zod";

/** Where Godot resources expect their PNGs: `res://<godotDir>/<slug>.png`. Relative, slash-separated safe segments. */
export const godotDirField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,7}$/, "a relative folder: 1–8 segments of letters, digits, _ or -, joined by / (e.g. art/sprites)")
  .meta({ description: "The Godot folder the resources reference: `res://<godotDir>/<slug>.png` (default `art`).", example: "art/sprites" });

/** The query of an asset's export (GET /api/v1/assets/:id/export/:format and a public link's export). */
export const exportQuery = z.object({ godotDir: godotDirField.optional() });
export type ExportQuery = z.output<typeof exportQuery>;

/** The folder when none is asked for. */
export const DEFAULT_GODOT_DIR = "art";

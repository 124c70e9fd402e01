import { DIRECTIONS, LOOPING_ANIMATIONS, type SheetLayout, type TilesetLayout, tilesetLayout } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import { sliceSheetRequest, sliceTilesetRequest } from "../../contract/schemas/uploads.js";
import { parseInput } from "../../contract/validation.js";
import { Prisma, type SqlRunner } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { exportFormatsFor } from "../exports/formats.js";
import { UPLOAD_AGENT_ID } from "./agent.js";

/**
 * Slicing (contract section 14): an uploaded sheet or tileset given its `layout`, free, so every export of section
 * 12 applies to it (exports are keyed by layout, so the old ones are never served again). Only uploads (a drawn
 * asset's layout is the drawer's); a layout that does not fit the picture is refused naming the field.
 */
export function createSlicing(deps: { sql: SqlRunner }) {
  return async function slice(viewer: AuthenticatedViewer, assetId: string, raw: unknown) {
    const body = (raw ?? {}) as Record<string, unknown>;
    const layoutOf = "tileWidth" in body || "tileset" in body ? tilesetOf : sheetOf;
    const [asset] = await deps.sql<{ width: number; height: number; agent_id: string }>(Prisma.sql`
      SELECT a."width", a."height", g."agent_id" FROM "assets" a JOIN "generations" g ON g."id" = a."generation_id"
      WHERE a."id" = ${assetId} AND a."account_id" = ${viewer.user.accountId}`);
    if (!asset) throw new AppError("not_found", "No such asset.");
    const layout = layoutOf(body, asset.width, asset.height);
    if (asset.agent_id !== UPLOAD_AGENT_ID) {
      throw new AppError(
        "invalid_request",
        "Only uploads can be sliced: a drawn asset already has its layout. Upload the picture (POST /api/v1/uploads) and slice that.",
        {
          param: "id",
        },
      );
    }
    await deps.sql(
      Prisma.sql`UPDATE "assets" SET "layout" = ${JSON.stringify(layout)}::jsonb WHERE "id" = ${assetId} AND "account_id" = ${viewer.user.accountId}`,
    );
    return {
      asset: {
        id: assetId,
        layout,
        exports: Object.fromEntries(exportFormatsFor(layout).map((format) => [format, `/api/v1/assets/${assetId}/export/${format}`])),
      },
    };
  };
}

const doesNotFit = (param: string, message: string, details: Record<string, unknown>) => new AppError("invalid_request", message, { param, details });

function sheetOf(raw: unknown, width: number, height: number): SheetLayout {
  const input = parseInput(sliceSheetRequest, raw);
  const { frameWidth, frameHeight } = input;
  const columns = Math.floor(width / frameWidth);
  const rows = Math.floor(height / frameHeight);
  if (columns < 1) throw doesNotFit("frameWidth", `frameWidth ${frameWidth} is wider than the picture (${width} pixels).`, { width, height });
  if (rows < 1) throw doesNotFit("frameHeight", `frameHeight ${frameHeight} is taller than the picture (${height} pixels).`, { width, height });
  if (!input.animations && rows > DIRECTIONS.length) {
    throw doesNotFit(
      "animations",
      `The picture has ${rows} rows of frames; name what each row is with animations (at most ${DIRECTIONS.length} rows get defaults).`,
      { rows },
    );
  }
  const given =
    input.animations ?? Array.from({ length: rows }, (_, row) => ({ name: "idle" as const, direction: DIRECTIONS[row], row, frames: columns, fps: 8 }));
  const seen = new Set<string>();
  const animations = given.map((a, i) => {
    const direction = a.direction ?? "south";
    if (a.row >= rows)
      throw doesNotFit(`animations.${i}.row`, `Row ${a.row} is past the picture's ${rows} rows of ${frameHeight} pixels (rows count from 0).`, { rows });
    if (a.frames > columns)
      throw doesNotFit(`animations.${i}.frames`, `${a.frames} frames of ${frameWidth} pixels do not fit the picture's width (${columns} at most).`, {
        columns,
      });
    const key = `${a.name}_${direction}`;
    if (seen.has(key)) throw doesNotFit(`animations.${i}`, `${key} is named twice; give each animation and direction once.`, {});
    seen.add(key);
    return { name: a.name, direction, row: a.row, frames: a.frames, fps: a.fps ?? 8, loop: LOOPING_ANIMATIONS.has(a.name) };
  });
  return { kind: "sheet", frameWidth, frameHeight, columns, rows, animations } as SheetLayout;
}

function tilesetOf(raw: unknown, width: number, height: number): TilesetLayout {
  const input = parseInput(sliceTilesetRequest, raw);
  const layout = tilesetLayout({ layout: input.tileset.layout, terrains: input.tileset.terrains ?? ["terrain"] }, input.tileWidth, input.tileHeight);
  const needW = layout.columns * input.tileWidth;
  const needH = layout.rows * input.tileHeight;
  if (needW > width || needH > height) {
    throw doesNotFit(
      needW > width ? "tileWidth" : "tileHeight",
      `A ${input.tileset.layout} tileset of ${input.tileWidth} × ${input.tileHeight} tiles is ${layout.columns} × ${layout.rows} tiles (${needW} × ${needH} pixels); the picture is ${width} × ${height}.`,
      { width, height, neededWidth: needW, neededHeight: needH },
    );
  }
  return layout;
}

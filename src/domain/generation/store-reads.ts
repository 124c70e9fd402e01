import { Prisma } from "../../infra/db/database.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import { toRecord, type GenerationRecord, type StoreContext } from "./store-rows.js";
import type { AssetRef } from "./asset-bytes.js";
import type { AssetRow } from "./view.js";

/**
 * An asset's bytes as base64 in SQL: `encode` breaks its output every 76 characters, `translate`
 * takes the breaks out (what `Buffer#toString("base64")` gives). `bytes` is the column, e.g. `s."bytes"`.
 */
const base64Of = (bytes: string) => Prisma.raw(`translate(encode(${bytes}, 'base64'), chr(10), '')`);

/** The reads of generations and their events: the runner's, the views' and the streams'. */
export function readStatements(ctx: StoreContext) {
  /**
   * A stored event's data with the `b64` of each asset whose bytes are in the blob store (the reads above leave
   * it empty, in its place in jsonb's key order, for this to fill).
   */
  async function withBytes(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!Array.isArray(data.assets) || !(data.assets as { b64?: unknown }[]).some((a) => a.b64 === "")) return data;
    const assets = await Promise.all(
      (data.assets as (AssetRef & { b64?: string })[]).map(async (asset) =>
        asset.b64 === "" ? { ...asset, b64: (await ctx.assetBytes.bytes(asset)).toString("base64") } : asset,
      ),
    );
    return { ...data, assets };
  }

  return {
    /** The pixels, layout and quality of an asset (a palette swap's source), or undefined. */
    async assetSource(id: string): Promise<{ png: Uint8Array; layout: unknown; quality: unknown } | undefined> {
      const [row] = await ctx.sql<{ sha256: string; layout: unknown; quality: unknown }>(
        Prisma.sql`SELECT "sha256", "layout", "quality" FROM "assets" WHERE "id" = ${id}`,
      );
      if (!row) return undefined;
      return { png: await ctx.assetBytes.bytes({ id, sha256: row.sha256 }), layout: row.layout ?? null, quality: row.quality ?? null };
    },

    /** A generation's row, or undefined (the runner's read when it did not start the generation itself). */
    async find(id: string): Promise<GenerationRecord | undefined> {
      const [row] = await ctx.sql<Record<string, unknown>>(Prisma.sql`SELECT * FROM "generations" WHERE "id" = ${id}`);
      return row ? toRecord(row) : undefined;
    },

    /**
     * A generation of `accountId` as its view needs it, in ONE statement: the row, its assets (with
     * their bytes in base64 when `withB64`) and the account's balance; undefined when there is no
     * such generation of that account. (Prisma would send three queries, each compiled on the
     * main thread: a GET of a generation is the read an agent polls with.)
     */
    async read(accountId: string, id: string, withB64: boolean): Promise<{ record: GenerationRecord; assets: AssetRow[]; balance: number } | undefined> {
      const [row] = await ctx.sql<Record<string, unknown> & { account_balance: number; asset_list: AssetRow[] }>(Prisma.sql`
        SELECT g.*, a."balance" AS "account_balance",
          COALESCE((SELECT json_agg(json_build_object('id', s."id", 'mimeType', s."mime_type", 'width', s."width", 'height', s."height",
              'byteLength', s."byte_length", 'sha256', s."sha256", 'layout', s."layout", 'quality', s."quality",
              'b64', CASE WHEN ${withB64}::boolean THEN COALESCE(${base64Of('s."bytes"')}, '') END) ORDER BY s."created_at", s."id")
            FROM "assets" s WHERE s."generation_id" = g."id"), '[]'::json) AS "asset_list"
        FROM "generations" g JOIN "accounts" a ON a."id" = g."account_id"
        WHERE g."id" = ${id} AND g."account_id" = ${accountId}`);
      if (!row) return undefined;
      const assets = await Promise.all(
        row.asset_list.map(async ({ b64, ...asset }) =>
          b64 === null || b64 === undefined ? asset : { ...asset, b64: b64 || (await ctx.assetBytes.bytes(asset)).toString("base64") },
        ),
      );
      return { record: toRecord(row), assets, balance: Number(row.account_balance) };
    },

    /** The last event's sequence number of each of these generations (unknown ids are left out): the streams' shared heal (heal.ts). */
    async lastSeqs(ids: string[]): Promise<Map<string, number>> {
      const rows = await ctx.sql<{ id: string; last_event_seq: number }>(Prisma.sql`
        SELECT "id", "last_event_seq" FROM "generations" WHERE "id" = ANY(${ids}::text[])`);
      return new Map(rows.map((r) => [r.id, Number(r.last_event_seq)]));
    },

    /**
     * Stored events with seq > `after`, in order. A stored `generation.completed` holds its assets
     * without `b64` (see `complete`): each gets it back here from the asset's bytes, as `||` puts
     * it in jsonb's key order, which is the order `withB64` gives the event published live.
     */
    async eventsAfter(id: string, after: number): Promise<GenerationEventMessage[]> {
      const rows = await ctx.sql<{ seq: number; type: string; data: Record<string, unknown> }>(Prisma.sql`
        SELECT e."seq", e."type",
          CASE WHEN e."type" = 'generation.completed' AND jsonb_typeof(e."data"->'assets') = 'array' THEN jsonb_set(e."data", '{assets}', COALESCE((
            SELECT jsonb_agg(CASE WHEN s."id" IS NULL THEN x.a ELSE x.a || jsonb_build_object('b64', COALESCE(${base64Of('s."bytes"')}, '')) END ORDER BY x.ord)
            FROM jsonb_array_elements(e."data"->'assets') WITH ORDINALITY AS x(a, ord) LEFT JOIN "assets" s ON s."id" = x.a->>'id'), '[]'::jsonb))
          ELSE e."data" END AS "data"
        FROM "generation_events" e WHERE e."generation_id" = ${id} AND e."seq" > ${after}::int ORDER BY e."seq"`);
      return Promise.all(rows.map(async (r) => ({ generationId: id, seq: Number(r.seq), type: r.type, data: await withBytes(r.data) })));
    },
  };
}

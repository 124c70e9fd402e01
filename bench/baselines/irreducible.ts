/**
 * Baseline (b): the irreducible work of one generation on bare node:http: read and parse the JSON
 * body, ONE SQL statement (charge an account: `UPDATE … RETURNING` of one row, as every generation
 * of one account does) and ONE PNG encode of a 64×64 RGBA image (pngjs `PNG.sync.write`), answered
 * as JSON with the PNG in base64 (what POST /api/v1/generate answers).
 *
 * DATABASE_URL=postgresql://… uses `pg` (a pool of 10, the service's default size); otherwise
 * DATA_DIR is a PGlite folder (one embedded instance, as the service).
 *
 * IRREDUCIBLE_DRAWING=service (row (b′)): the image is the service's own drawing instead of the
 * flat blob, the procedural `draw()` of a 64×64 "red slime" pixel sprite with a new seed each
 * time, in process (what the service's drawing thread runs). Nothing else changes. It is the
 * ceiling of any handler that draws what the service draws: the share of (b) left after the
 * drawing, for the service's own work.
 *
 * IRREDUCIBLE_WRITES=service (row (b″), PostgreSQL only): (b′) writing what the service writes, with
 * the service's own reservation and completion statements instead of the one UPDATE
 * (`service-writes.ts`): the ceiling of any handler over the service's storage.
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PNG } from "pngjs";
import { readBody, serve } from "./serve.js";

interface Db {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function open(): Promise<Db> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (sql, params) => (await pool.query(sql, params)).rows, close: () => pool.end() };
  }
  const lite = new PGlite(process.env.DATA_DIR ?? "memory://");
  await lite.waitReady;
  return { query: async (sql, params) => (await lite.query<Record<string, unknown>>(sql, params)).rows, close: () => lite.close() };
}

const db = await open();
await db.query(`CREATE TABLE IF NOT EXISTS bench_accounts (id text PRIMARY KEY, balance bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
await db.query(`INSERT INTO bench_accounts (id, balance) VALUES ('acc_bench', 1000000000000) ON CONFLICT (id) DO NOTHING`);

/** A 16×16 mirror-symmetric blob in three tones, scaled ×4: a sprite-like 64×64 RGBA image. */
function sprite(seed: number): Buffer {
  const size = 64;
  const data = Buffer.alloc(size * size * 4);
  const palette = [
    [0x1c, 0x14, 0x24],
    [0xc8, 0x30, 0x30],
    [0xe8, 0x60, 0x50],
    [0x90, 0x20, 0x28],
  ];
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) {
      const mx = x < 8 ? x : 15 - x;
      const inside = (mx - 7.5) ** 2 + (y - 9) ** 2 < 36;
      if (!inside) continue;
      const h = Math.imul(seed ^ (mx * 73856093) ^ (y * 19349663), 2654435761) >>> 29;
      const c = palette[h % palette.length]!;
      for (let dy = 0; dy < 4; dy++) {
        for (let dx = 0; dx < 4; dx++) {
          const i = ((y * 4 + dy) * size + x * 4 + dx) * 4;
          data[i] = c[0]!;
          data[i + 1] = c[1]!;
          data[i + 2] = c[2]!;
          data[i + 3] = 255;
        }
      }
    }
  }
  return data;
}

function flat(width: number, height: number, seed: number): Buffer {
  const png = new PNG({ width, height, colorType: 6 });
  png.data = sprite(seed);
  return PNG.sync.write(png, { colorType: 6 });
}

/** The service's drawing (IRREDUCIBLE_DRAWING=service), loaded only then. */
const drawing =
  process.env.IRREDUCIBLE_DRAWING === "service"
    ? await import("../../src/agents/procedural/draw-task.js").then(
        ({ draw }) =>
          async (width: number, height: number, seed: number) =>
            (await draw({ generator: "pixel-sprite", prompt: { prompt: "red slime" }, width, height, transparent: false, seed }, () => undefined)).png,
      )
    : undefined;

/** (b″): the service's two statements around the service's drawing, loaded only then. */
const writes =
  process.env.IRREDUCIBLE_WRITES === "service"
    ? await import("./service-writes.js").then(({ openServiceWrites }) => {
        if (!process.env.DATABASE_URL) throw new Error("IRREDUCIBLE_WRITES=service needs DATABASE_URL");
        return openServiceWrites(process.env.DATABASE_URL);
      })
    : undefined;

let counter = 0;
serve(
  (request, response) => {
    if (request.url === "/healthz") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"status":"ok"}');
      return;
    }
    void (async () => {
      try {
        const body = JSON.parse(await readBody(request)) as { width?: number; height?: number };
        if (writes) {
          const json = await writes.generate(body.width ?? 64, body.height ?? 64, counter++);
          response.writeHead(200, { "content-type": "application/json" });
          response.end(json);
          return;
        }
        const rows = await db.query(`UPDATE bench_accounts SET balance = balance - 1, updated_at = now() WHERE id = $1 AND balance >= 1 RETURNING balance`, [
          "acc_bench",
        ]);
        const [width, height] = [body.width ?? 64, body.height ?? 64];
        const bytes = drawing ? await drawing(width, height, counter++) : flat(width, height, counter++);
        const json = JSON.stringify({ id: `gen_${counter}`, status: "succeeded", balance: Number(rows[0]?.balance), b64: bytes.toString("base64") });
        response.writeHead(200, { "content-type": "application/json" });
        response.end(json);
      } catch (error) {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      }
    })();
  },
  async () => {
    await writes?.close();
    await db.close();
  },
);

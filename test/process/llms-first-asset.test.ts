import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAMED_PALETTES } from "../../src/agents/palette/named.js";
import { createEmptyPostgresDatabase } from "../support/harness.js";
import { startServer, type ServerProcess } from "../support/process.js";

const run = promisify(execFile);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * A coding agent that knows only the base URL: it reads /llms.txt and runs the shell commands it
 * shows, as they are (curl, jq, base64), against a fresh service. Its first asset must be on disk
 * within five HTTP calls, counting the read of llms.txt.
 */
let server: ServerProcess;
let dataDir: string;
let work: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "ags-llms-"));
  work = await mkdtemp(join(tmpdir(), "ags-llms-agent-"));
  const storage: Record<string, string> = process.env.TEST_DB === "postgres" ? { DATABASE_URL: await createEmptyPostgresDatabase() } : {};
  // A fixed port, as a user runs it: PUBLIC_ORIGIN (which llms.txt shows) defaults to http://localhost:<PORT>.
  server = await startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), ...storage });
});
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await rm(dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe("llms.txt alone", () => {
  it("takes a script from the base URL to its first PNG in at most five calls", async () => {
    const base = server.url;
    let calls = 0;
    const { stdout: llms } = await run("curl", ["-sf", `${base}/llms.txt`]);
    calls++;
    // The blocks of shell the file shows, in order.
    const blocks = [...llms.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
      m[1]!
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    );
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    // The origin it names is the one the server answers on (its PUBLIC_ORIGIN, here http://localhost:<port>).
    const origin = /Origin: (http:\/\/[^'"`\s]+)/.exec(llms)![1]!;
    expect(new URL(origin).port).toBe(new URL(base).port);
    // One shell, as an agent's would be: a variable exported by one block is there for the next.
    const script = blocks.join("\n");
    // The first PNG within five calls: those of the blocks up to the one that saves it (the sprite
    // sheet's block, later, is run too).
    const first = blocks.findIndex((block) => block.includes("potion.png"));
    expect(first).toBeGreaterThanOrEqual(0);
    calls += (
      blocks
        .slice(0, first + 1)
        .join("\n")
        .match(/\bcurl\b/g) ?? []
    ).length;
    expect(calls).toBeLessThanOrEqual(5);
    const { stderr } = await run("bash", ["--norc", "--noprofile", "-eo", "pipefail", "-c", script], {
      cwd: work,
      env: { PATH: process.env.PATH ?? "", HOME: work },
    });
    expect(stderr).toBe("");
    const png = await readFile(join(work, "potion.png"));
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 128, height: 128, hasAlpha: true });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the corner is background: transparent, as asked

    // The sprite sheet's example: the PNG and its Aseprite JSON agree with the layout it asked for.
    const sheet = await sharp(await readFile(join(work, "knight.png"))).metadata();
    expect(sheet).toMatchObject({ format: "png", width: 6 * 64, height: 8 * 64 });
    const aseprite = JSON.parse(await readFile(join(work, "knight.aseprite.json"), "utf8")) as {
      frames: unknown[];
      meta: { size: { w: number; h: number }; frameTags: { name: string }[] };
    };
    expect(aseprite.meta.size).toEqual({ w: 384, h: 512 });
    expect(aseprite.frames).toHaveLength(40);
    expect(aseprite.meta.frameTags.map((tag) => tag.name)).toEqual(["idle", "walk"].flatMap((a) => ["south", "east", "north", "west"].map((d) => `${a}_${d}`)));

    // The tileset's example: the dry run's price is the one the text states, the PNG is 4×4 tiles, the Tiled zip holds the .tsx.
    const estimate = JSON.parse(await readFile(join(work, "tileset-estimate.json"), "utf8")) as { dryRun: boolean; credits: { price: number } };
    expect(estimate).toMatchObject({ dryRun: true, credits: { price: 6 } });
    expect(llms).toContain(`48 tiles, 3 × 2 = ${estimate.credits.price} credits`);
    expect(await sharp(await readFile(join(work, "grass-dirt.png"))).metadata()).toMatchObject({ format: "png", width: 4 * 64, height: 4 * 64 });
    const tiled = await readFile(join(work, "grass-dirt.tiled.zip"));
    expect(tiled.subarray(0, 2).toString()).toBe("PK");
    expect(tiled.toString("latin1")).toMatch(/[a-z0-9-]+\.tsx/); // named by the prompt's slug, never only an id
    expect(tiled.toString("latin1")).not.toMatch(/ast_[A-Za-z0-9_-]+\.tsx/);

    // The palette's example: the quality it saved says every opaque pixel is in PICO-8, and the PNG agrees.
    const quality = JSON.parse(await readFile(join(work, "knight-pico8-quality.json"), "utf8")) as { paletteCompliance: number; colors: number };
    expect(quality.paletteCompliance).toBe(1);
    expect(quality.colors).toBeLessThanOrEqual(16);
    const knight = await sharp(await readFile(join(work, "knight-pico8.png")))
      .ensureAlpha()
      .raw()
      .toBuffer();
    const pico8 = new Set(NAMED_PALETTES["pico-8"]);
    const hex = (i: number) => `#${[knight[i]!, knight[i + 1]!, knight[i + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    let opaque = 0;
    for (let i = 0; i < knight.length; i += 4) {
      if (knight[i + 3] === 0) continue;
      opaque++;
      expect(pico8.has(hex(i)), hex(i)).toBe(true);
    }
    expect(opaque).toBeGreaterThan(0);

    // The palette swap's example: the knight's sheet on gameboy keeps its size and layout, every opaque pixel a gameboy colour.
    const [drawn, swapped] = await Promise.all(
      ["knight-generation.json", "knight-gameboy.json"].map(
        async (file) =>
          JSON.parse(await readFile(join(work, file), "utf8")) as {
            recolorOf?: string;
            credits: { charged: number };
            assets: { id: string; width: number; height: number; layout: unknown; quality: { paletteCompliance: number } }[];
          },
      ),
    );
    expect(swapped!.recolorOf).toBe(drawn!.assets[0]!.id);
    expect(swapped!.credits.charged).toBe(1);
    expect(swapped!.assets[0]!.layout).toEqual(drawn!.assets[0]!.layout);
    expect(swapped!.assets[0]!.quality.paletteCompliance).toBe(1);
    const gameboyPng = await readFile(join(work, "knight-gameboy.png"));
    expect(await sharp(gameboyPng).metadata()).toMatchObject({ format: "png", width: 6 * 64, height: 8 * 64 });
    const gameboy = new Set(NAMED_PALETTES.gameboy);
    const pixels = await sharp(gameboyPng).ensureAlpha().raw().toBuffer();
    let strays = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const colour = `#${[pixels[i]!, pixels[i + 1]!, pixels[i + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
      if (pixels[i + 3] !== 0 && !gameboy.has(colour)) strays++;
    }
    expect(strays).toBe(0);
  });
});

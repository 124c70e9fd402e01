import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { SheetLayout, SheetRow } from "../../agents/driver.js";
import { frameDurationMs } from "./aseprite.js";
import { EXPORT_FORMATS, type ExportSource, exportFormatsFor } from "./formats.js";
import { renderExport } from "./render.js";

// idle (4 frames, 6 fps) and walk (6 frames, 8 fps) in 4 directions, and a death facing south played once.
function sheet(): ExportSource & { layout: SheetLayout } {
  const directions = ["south", "east", "north", "west"] as const;
  const animations: SheetRow[] = [
    ...directions.map((direction, i): SheetRow => ({ name: "idle", direction, row: i, frames: 4, fps: 6, loop: true })),
    ...directions.map((direction, i): SheetRow => ({ name: "walk", direction, row: 4 + i, frames: 6, fps: 8, loop: true })),
    { name: "death", direction: "south", row: 8, frames: 5, fps: 12, loop: false },
  ];
  const layout: SheetLayout = { kind: "sheet", frameWidth: 64, frameHeight: 64, columns: 6, rows: 9, animations };
  return { assetId: "ast_hero", png: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), width: 384, height: 576, layout };
}

function image(): ExportSource {
  return { assetId: "ast_potion", png: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), width: 48, height: 32, layout: null };
}

const rect = z
  .object({ x: z.number().int().nonnegative(), y: z.number().int().nonnegative(), w: z.number().int().positive(), h: z.number().int().positive() })
  .strict();
const size = z.object({ w: z.number().int().positive(), h: z.number().int().positive() }).strict();

// What `aseprite --format json-array --list-tags` writes.
const asepriteSchema = z
  .object({
    frames: z.array(
      z
        .object({
          filename: z.string(),
          frame: rect,
          rotated: z.boolean(),
          trimmed: z.boolean(),
          spriteSourceSize: rect,
          sourceSize: size,
          duration: z.number().int().positive(),
        })
        .strict(),
    ),
    meta: z
      .object({
        app: z.literal("https://www.aseprite.org/"),
        version: z.string().regex(/^1\.3/),
        image: z.string(),
        format: z.literal("RGBA8888"),
        size,
        scale: z.literal("1"),
        frameTags: z.array(
          z
            .object({
              name: z.string(),
              from: z.number().int().nonnegative(),
              to: z.number().int().nonnegative(),
              direction: z.enum(["forward", "reverse", "pingpong", "pingpong_reverse"]),
              color: z.string().regex(/^#[0-9a-f]{8}$/),
              repeat: z
                .string()
                .regex(/^[1-9]\d*$/)
                .optional(),
            })
            .strict(),
        ),
        layers: z.array(z.object({ name: z.string(), opacity: z.number().int().min(0).max(255), blendMode: z.string() }).strict()),
        slices: z.array(z.unknown()),
      })
      .strict(),
  })
  .strict();

const texturePackerSchema = z
  .object({
    frames: z.record(
      z.string(),
      z
        .object({
          frame: rect,
          rotated: z.literal(false),
          trimmed: z.literal(false),
          spriteSourceSize: rect,
          sourceSize: size,
          pivot: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict(),
        })
        .strict(),
    ),
    animations: z.record(z.string(), z.array(z.string())).optional(),
    meta: z
      .object({
        app: z.literal("https://www.codeandweb.com/texturepacker"),
        version: z.literal("1.0"),
        image: z.string(),
        format: z.literal("RGBA8888"),
        size,
        scale: z.literal("1"),
      })
      .strict(),
  })
  .strict();

function inside(frame: { x: number; y: number; w: number; h: number }, width: number, height: number): boolean {
  return frame.x >= 0 && frame.y >= 0 && frame.x + frame.w <= width && frame.y + frame.h <= height;
}

describe("exportFormatsFor", () => {
  it("gives an image its one-frame atlas and the zip, and a sheet everything but tiled", () => {
    expect(exportFormatsFor(null)).toEqual(["texturepacker", "zip"]);
    expect(exportFormatsFor(sheet().layout)).toEqual(["aseprite", "texturepacker", "godot", "zip"]);
    for (const format of exportFormatsFor(sheet().layout)) expect(EXPORT_FORMATS).toContain(format);
  });

  it("refuses a format that does not apply", () => {
    expect(() => renderExport("aseprite", image())).toThrow(/does not apply/);
    expect(() => renderExport("godot", image())).toThrow(/does not apply/);
    expect(() => renderExport("tiled", sheet())).toThrow(/does not apply/);
  });
});

describe("renderExport", () => {
  it("names each file after the asset with its content type", () => {
    const names = exportFormatsFor(sheet().layout).map((format) => {
      const file = renderExport(format, sheet());
      return [file.fileName, file.contentType];
    });
    expect(names).toEqual([
      ["ast_hero.aseprite.json", "application/json"],
      ["ast_hero.atlas.json", "application/json"],
      ["ast_hero.tres", "text/plain; charset=utf-8"],
      ["ast_hero.zip", "application/zip"],
    ]);
  });

  it("writes the same bytes on every call", () => {
    for (const source of [sheet(), image()]) {
      for (const format of exportFormatsFor(source.layout)) {
        const a = renderExport(format, source).body;
        const b = renderExport(format, structuredClone(source)).body;
        expect(a.length).toBeGreaterThan(0);
        expect(Buffer.compare(a, b), format).toBe(0);
      }
    }
  });
});

describe("Aseprite JSON", () => {
  const source = sheet();
  const layout = source.layout!;
  const json = asepriteSchema.parse(JSON.parse(renderExport("aseprite", source).body.toString("utf8")));

  it("has a frame per used cell, inside the PNG, each as long as its row's fps says", () => {
    expect(json.frames).toHaveLength(4 * 4 + 4 * 6 + 5);
    expect(json.meta.size).toEqual({ w: 384, h: 576 });
    expect(json.meta.image).toBe("ast_hero.png");
    for (const frame of json.frames) {
      expect(inside(frame.frame, source.width, source.height), frame.filename).toBe(true);
      expect(frame.frame.w).toBe(64);
      expect(frame.frame.h).toBe(64);
    }
    expect(new Set(json.frames.map((frame) => frame.filename)).size).toBe(json.frames.length);
    expect(frameDurationMs(8)).toBe(125);
    expect(frameDurationMs(6)).toBe(167);
    expect(frameDurationMs(12)).toBe(83);
  });

  it("has a tag per row whose frames are that row's cells, in column order", () => {
    expect(json.meta.frameTags.map((tag) => tag.name)).toEqual(layout.animations.map((row) => `${row.name}_${row.direction}`));
    for (const row of layout.animations) {
      const tag = json.meta.frameTags.find((t) => t.name === `${row.name}_${row.direction}`)!;
      expect(tag.to - tag.from + 1).toBe(row.frames);
      expect(tag.direction).toBe("forward");
      expect(tag.repeat).toBe(row.loop ? undefined : "1");
      json.frames.slice(tag.from, tag.to + 1).forEach((frame, i) => {
        // Phaser's createFromAseprite finds a tag's frames by their index as text.
        expect(frame.filename).toBe(String(tag.from + i));
        expect(frame.frame).toEqual({ x: i * 64, y: row.row * 64, w: 64, h: 64 });
        expect(frame.duration).toBe(Math.round(1000 / row.fps));
      });
    }
    // the tags cover the frames exactly, one after the other
    const spans = json.meta.frameTags.map((tag) => [tag.from, tag.to]);
    expect(spans[0]![0]).toBe(0);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBe(spans[i - 1]![1]! + 1);
    expect(spans.at(-1)![1]).toBe(json.frames.length - 1);
  });

  it("lists rows by their row, whatever order the layout names them in", () => {
    const shuffled = sheet();
    shuffled.layout!.animations.reverse();
    expect(renderExport("aseprite", shuffled).body.equals(renderExport("aseprite", sheet()).body)).toBe(true);
  });
});

describe("cells of frames that are not square", () => {
  it("step by the frame width across and the frame height down in every export", () => {
    const layout: SheetLayout = {
      kind: "sheet",
      frameWidth: 32,
      frameHeight: 48,
      columns: 3,
      rows: 2,
      animations: [
        { name: "idle", direction: "south", row: 0, frames: 2, fps: 4, loop: true },
        { name: "attack", direction: "south", row: 1, frames: 3, fps: 10, loop: true },
      ],
    };
    const source: ExportSource = { assetId: "ast_tall", png: new Uint8Array(8), width: 96, height: 96, layout };
    const expected = [
      ["idle_south_0", { x: 0, y: 0, w: 32, h: 48 }],
      ["idle_south_1", { x: 32, y: 0, w: 32, h: 48 }],
      ["attack_south_0", { x: 0, y: 48, w: 32, h: 48 }],
      ["attack_south_1", { x: 32, y: 48, w: 32, h: 48 }],
      ["attack_south_2", { x: 64, y: 48, w: 32, h: 48 }],
    ];
    const aseprite = asepriteSchema.parse(JSON.parse(renderExport("aseprite", source).body.toString("utf8")));
    expect(aseprite.frames.map((frame) => [frame.filename, frame.frame])).toEqual(expected.map(([, rect], i) => [String(i), rect]));
    expect(aseprite.frames.map((frame) => frame.sourceSize)).toEqual(Array(5).fill({ w: 32, h: 48 }));
    const atlas = texturePackerSchema.parse(JSON.parse(renderExport("texturepacker", source).body.toString("utf8")));
    expect(Object.entries(atlas.frames).map(([name, frame]) => [name, frame.frame])).toEqual(expected);
    const regions = [
      ...renderExport("godot", source)
        .body.toString("utf8")
        .matchAll(/^region = Rect2\((\d+), (\d+), (\d+), (\d+)\)$/gm),
    ];
    expect(regions.map((m) => m.slice(1).map(Number))).toEqual(expected.map(([, r]) => Object.values(r as object)));
  });
});

describe("TexturePacker JSON hash", () => {
  it("names a frame per used cell, pivot at the feet, and lists each row's frames", () => {
    const source = sheet();
    const json = texturePackerSchema.parse(JSON.parse(renderExport("texturepacker", source).body.toString("utf8")));
    expect(json.meta.image).toBe("ast_hero.png");
    expect(json.meta.size).toEqual({ w: 384, h: 576 });
    expect(Object.keys(json.frames)).toHaveLength(4 * 4 + 4 * 6 + 5);
    for (const row of source.layout!.animations) {
      const names = Array.from({ length: row.frames }, (_, i) => `${row.name}_${row.direction}_${i}`);
      expect(json.animations?.[`${row.name}_${row.direction}`]).toEqual(names);
      names.forEach((name, i) => {
        const frame = json.frames[name]!;
        expect(frame.frame).toEqual({ x: i * 64, y: row.row * 64, w: 64, h: 64 });
        expect(frame.spriteSourceSize).toEqual({ x: 0, y: 0, w: 64, h: 64 });
        expect(frame.sourceSize).toEqual({ w: 64, h: 64 });
        expect(frame.pivot).toEqual({ x: 0.5, y: 1 });
        expect(inside(frame.frame, source.width, source.height)).toBe(true);
      });
    }
  });

  it("makes an image one frame named after the asset, pivot in the middle", () => {
    const json = texturePackerSchema.parse(JSON.parse(renderExport("texturepacker", image()).body.toString("utf8")));
    expect(json.frames).toEqual({
      ast_potion: {
        frame: { x: 0, y: 0, w: 48, h: 32 },
        rotated: false,
        trimmed: false,
        spriteSourceSize: { x: 0, y: 0, w: 48, h: 32 },
        sourceSize: { w: 48, h: 32 },
        pivot: { x: 0.5, y: 0.5 },
      },
    });
    expect(json.animations).toBeUndefined();
    expect(json.meta.image).toBe("ast_potion.png");
    expect(json.meta.size).toEqual({ w: 48, h: 32 });
  });
});

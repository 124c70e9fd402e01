import { describe, expect, it } from "vitest";
import type { TilesetLayout } from "../../agents/driver.js";
import { tilesetLayout } from "../../agents/tileset-layout.js";
import { AppError } from "../../contract/errors.js";
import { exportAsset } from "./export-asset.js";
import { EXPORT_FORMATS, type ExportSource, exportFormatsFor } from "./formats.js";
import { renderExport } from "./render.js";
import { tiledFiles } from "./tiled.js";

function source(): ExportSource & { layout: TilesetLayout } {
  const layout = tilesetLayout({ layout: "blob-47", terrains: ["grass", "dirt"] }, 32, 32);
  return { assetId: "ast_tiles", png: new Uint8Array([137, 80, 78, 71]), width: 224, height: 224, layout };
}

describe("tileset exports", () => {
  it("a tileset has texturepacker, godot, tiled and zip, in EXPORT_FORMATS order", () => {
    const formats = exportFormatsFor(source().layout);
    expect(formats).toEqual(["texturepacker", "godot", "tiled", "zip"]);
    expect([...formats].sort((a, b) => EXPORT_FORMATS.indexOf(a) - EXPORT_FORMATS.indexOf(b))).toEqual(formats);
    expect(() => renderExport("aseprite", source())).toThrow(/does not apply to a tileset/);
  });

  it("TexturePacker: a frame per tile named tile_<index>, pivot in the middle, no animations", () => {
    const src = source();
    const file = renderExport("texturepacker", src);
    expect(file.fileName).toBe("ast_tiles.atlas.json");
    const json = JSON.parse(file.body.toString("utf8")) as { frames: Record<string, unknown>; animations?: unknown; meta: Record<string, unknown> };
    expect(Object.keys(json.frames)).toEqual(src.layout.tiles.map((tile) => `tile_${tile.index}`));
    for (const tile of src.layout.tiles) {
      expect(json.frames[`tile_${tile.index}`]).toEqual({
        frame: { x: tile.x, y: tile.y, w: 32, h: 32 },
        rotated: false,
        trimmed: false,
        spriteSourceSize: { x: 0, y: 0, w: 32, h: 32 },
        sourceSize: { w: 32, h: 32 },
        pivot: { x: 0.5, y: 0.5 },
      });
    }
    expect(json.frames.tile_47).toMatchObject({ frame: { x: 160, y: 192, w: 32, h: 32 } });
    expect(json.animations).toBeUndefined();
    expect(json.meta).toMatchObject({ image: "ast_tiles.png", size: { w: 224, h: 224 }, format: "RGBA8888", scale: "1" });
  });

  it("an export that does not apply answers not_found naming the tileset's formats", () => {
    const src = source();
    const asset = { id: src.assetId, width: src.width, height: src.height, bytes: src.png, layout: src.layout };
    expect(exportAsset(asset, "godot").fileName).toBe("ast_tiles.tres");
    try {
      exportAsset(asset, "aseprite");
      expect.fail("no error");
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe("The aseprite export does not apply to a tileset; this asset has: texturepacker, godot, tiled, zip.");
    }
  });
});

describe("user text in tileset exports", () => {
  const hostile = ["grass\u0000\u0007\r\n<wang>&\"'", "dirt\u001b[2J\u2028\tend"];
  const layout = tilesetLayout({ layout: "wang-corner-16", terrains: hostile }, 16, 16);
  const src = { assetId: "ast_tiles", png: new Uint8Array([137, 80, 78, 71]), width: 64, height: 64, layout };
  // every control character but the newline that ends a line of the file, and the line separators
  const controls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

  it("Tiled files hold the names cleaned and escaped: one element per line, attributes closed", () => {
    for (const file of tiledFiles(src)) {
      const text = file.body.toString("utf8");
      expect(text).not.toMatch(controls);
      if (file.fileName.endsWith(".tmj")) {
        // JSON: the names cleaned, JSON's own escaping
        expect(JSON.parse(text).tilesets[0].wangsets[0].colors.map((c: { name: string }) => c.name)).toEqual(["grass <wang>&\"'", "dirt [2J end"]);
        continue;
      }
      expect(text).toMatch(/name="grass &lt;wang&gt;&amp;&quot;&apos;"|name="grass &lt;wang&gt;&amp;&quot;&apos;-dirt \[2J end"/);
      for (const line of text.split("\n")) expect(line.split('"').length % 2, line).toBe(1);
    }
  });

  it("the Godot TileSet and the zip's README hold the names cleaned", () => {
    const godot = renderExport("godot", src).body.toString("utf8");
    expect(godot).not.toMatch(controls);
    expect(godot).toContain('terrain_set_0/terrain_0/name = "grass <wang>&\\"\'"');
    expect(godot).toContain('terrain_set_0/terrain_1/name = "dirt [2J end"');
    const zip = renderExport("zip", src).body.toString("latin1");
    const readme = zip.slice(zip.indexOf("A tileset of"), zip.indexOf("README.txt\n"));
    expect(readme).not.toMatch(controls);
    expect(readme).toContain("grass <wang>&\"' (the foreground) against dirt [2J end.");
  });
});

import { describe, expect, it } from "vitest";
import type { TerrainRef, TileEntry, TilesetLayout, TilesetLayoutName } from "../../agents/driver.js";
import { tilesetLayout } from "../../agents/tileset-layout.js";
import { paintRandomMap } from "../../agents/tileset-map.js";
import type { ExportSource } from "./formats.js";
import { renderExport } from "./render.js";
import { tiledFiles, wangTiles } from "./tiled.js";

// A small XML reader: the declaration, elements with attributes (quoted, entities decoded), nesting, self-closing
// tags and text. It throws on a tag that does not close, an unknown entity or anything after the root.
interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Element[];
  text: string;
}

function decode(text: string): string {
  return text.replace(/&(\w+|#\d+);/g, (_, entity: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
    if (!(entity in named)) throw new Error(`unknown entity &${entity};`);
    return named[entity]!;
  });
}

function parseXml(text: string): Element {
  const at = { i: 0 };
  const declaration = /^<\?xml [^?]*\?>\s*/.exec(text);
  if (declaration) at.i = declaration[0].length;
  const element = (): Element => {
    const open = /^<([\w-]+)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>/.exec(text.slice(at.i));
    if (!open) throw new Error(`expected a tag at ${at.i}: ${text.slice(at.i, at.i + 30)}`);
    at.i += open[0].length;
    const attrs: Record<string, string> = {};
    for (const [, key, value] of open[2]!.matchAll(/([\w-]+)="([^"]*)"/g)) {
      if (key! in attrs) throw new Error(`repeated attribute ${key}`);
      attrs[key!] = decode(value!);
    }
    const node: Element = { name: open[1]!, attrs, children: [], text: "" };
    if (open[3] === "/") return node;
    for (;;) {
      const textRun = /^[^<]*/.exec(text.slice(at.i))![0];
      node.text += decode(textRun);
      at.i += textRun.length;
      if (text.startsWith(`</${node.name}>`, at.i)) {
        at.i += node.name.length + 3;
        return node;
      }
      if (at.i >= text.length) throw new Error(`<${node.name}> does not close`);
      node.children.push(element());
    }
  };
  const root = element();
  if (text.slice(at.i).trim() !== "") throw new Error("content after the root element");
  return root;
}

const child = (node: Element, name: string): Element => {
  const found = node.children.filter((c) => c.name === name);
  expect(found, `<${name}> in <${node.name}>`).toHaveLength(1);
  return found[0]!;
};

const TYPES: Record<TilesetLayoutName, string> = { "wang-corner-16": "corner", "wang-edge-16": "edge", "blob-47": "mixed" };

/** The wangid the layout gives a tile, spelled out per layout: top, top-right, right, … top-left; 0 = no colour. */
function expectedWangId(tile: TileEntry, background: TerrainRef): number[] {
  const colour = (ref: TerrainRef) => (ref === null ? 0 : ref + 1);
  if (tile.corners) {
    const { nw, ne, se, sw } = tile.corners;
    return [0, colour(ne), 0, colour(se), 0, colour(sw), 0, colour(nw)];
  }
  if (tile.edges) {
    const { n, e, s, w } = tile.edges;
    return [colour(n), 0, colour(e), 0, colour(s), 0, colour(w), 0];
  }
  const own = tile.terrain!;
  const other = own === 0 ? background : 0;
  return [1, 2, 4, 8, 16, 32, 64, 128].map((bit) => colour(tile.mask! & bit ? own : other));
}

function source(name: TilesetLayoutName, terrains: string[]): ExportSource & { layout: TilesetLayout } {
  const layout = tilesetLayout({ layout: name, terrains }, 16, 24);
  return { assetId: "ast_tiles", png: new Uint8Array([137, 80, 78, 71]), width: layout.columns * 16, height: layout.rows * 24, layout };
}

describe("Tiled tileset and sample map", () => {
  for (const name of ["wang-corner-16", "wang-edge-16", "blob-47"] as const) {
    for (const terrains of [["grass", "dirt & mud"], ["<ledge>"]]) {
      const src = source(name, terrains);
      const { layout } = src;
      const [tsxFile, tmxFile, tmjFile] = tiledFiles(src);
      const background = terrains.length > 1 ? 1 : null;

      it(`${name}, ${terrains.length} terrain(s): a .tsx whose Wang set gives every tile its wangid`, () => {
        expect(tsxFile!.fileName).toBe("ast_tiles.tsx");
        const tileset = parseXml(tsxFile!.body.toString("utf8"));
        expect(tileset.name).toBe("tileset");
        expect(tileset.attrs).toEqual({
          version: "1.8",
          tiledversion: "1.8.2",
          name: "ast_tiles",
          tilewidth: "16",
          tileheight: "24",
          tilecount: String(layout.columns * layout.rows),
          columns: String(layout.columns),
        });
        expect(child(tileset, "image").attrs).toEqual({ source: "ast_tiles.png", width: String(src.width), height: String(src.height) });
        const wangset = child(child(tileset, "wangsets"), "wangset");
        expect(wangset.attrs).toEqual({ name: terrains.join("-"), type: TYPES[name], tile: "-1" });
        const colours = wangset.children.filter((c) => c.name === "wangcolor");
        expect(colours.map((c) => c.attrs.name)).toEqual(terrains);
        for (const c of colours) expect(c.attrs).toMatchObject({ tile: "-1", probability: "1", color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
        const read = new Map<number, number[]>();
        for (const wangtile of wangset.children.filter((c) => c.name === "wangtile")) {
          const id = Number(wangtile.attrs.tileid);
          expect(read.has(id)).toBe(false);
          read.set(id, wangtile.attrs.wangid!.split(",").map(Number));
        }
        let blank = 0;
        let shadowed = 0;
        const last = new Map<string, number>();
        for (const tile of layout.tiles) last.set(expectedWangId(tile, background).join(","), tile.index);
        for (const tile of layout.tiles) {
          const id = (tile.y / 24) * layout.columns + tile.x / 16;
          expect(id).toBe(tile.index);
          const wangid = expectedWangId(tile, background);
          if (wangid.every((c) => c === 0)) {
            // nothing to match: Tiled drops such a tile from a Wang set, so the file leaves it out
            blank++;
            expect(read.has(id)).toBe(false);
          } else if (last.get(wangid.join(",")) !== tile.index) {
            // a blob-47 island shares the fill tile's wangid: only the fill tile keeps it
            shadowed++;
            expect(read.has(id)).toBe(false);
          } else {
            expect(read.get(id), `tile ${tile.index}`).toEqual(wangid);
          }
        }
        expect(read.size).toBe(layout.tiles.length - blank - shadowed);
        expect(blank).toBe(terrains.length === 1 ? 1 : 0);
        expect(shadowed).toBe(name === "blob-47" && terrains.length === 2 ? 1 : 0);
        // no two tiles share a wangid
        expect(new Set([...read.values()].map((w) => w.join(","))).size).toBe(read.size);
      });

      it(`${name}, ${terrains.length} terrain(s): a 24×16 sample map of the tileset's gids, painted as paintRandomMap paints`, () => {
        expect(tmxFile!.fileName).toBe("ast_tiles-sample.tmx");
        const map = parseXml(tmxFile!.body.toString("utf8"));
        expect(map.attrs).toMatchObject({ orientation: "orthogonal", width: "24", height: "16", tilewidth: "16", tileheight: "24", infinite: "0" });
        expect(child(map, "tileset").attrs).toEqual({ firstgid: "1", source: "ast_tiles.tsx" });
        const layer = child(map, "layer");
        expect(layer.attrs).toMatchObject({ width: "24", height: "16" });
        const data = child(layer, "data");
        expect(data.attrs).toEqual({ encoding: "csv" });
        const rows = data.text.trim().split("\n");
        expect(rows).toHaveLength(16);
        const gids = rows.map((row) => row.replace(/,$/, "").split(",").map(Number));
        const painted = paintRandomMap(layout, 24, 16, 1);
        for (let j = 0; j < 16; j++) {
          expect(gids[j]).toHaveLength(24);
          expect(gids[j]).toEqual(painted.cells[j]!.map((index) => index + 1));
        }
        const used = new Set(gids.flat());
        expect(used.size).toBeGreaterThan(6);
        for (const gid of used) expect(gid === 0 || layout.tiles.some((t) => t.index === gid - 1)).toBe(true);
      });

      it(`${name}, ${terrains.length} terrain(s): the sample map as Tiled JSON, the tileset embedded (what Phaser loads)`, () => {
        expect(tmjFile!.fileName).toBe("ast_tiles-sample.tmj");
        const json = JSON.parse(tmjFile!.body.toString("utf8"));
        expect(json).toMatchObject({ type: "map", orientation: "orthogonal", width: 24, height: 16, tilewidth: 16, tileheight: 24, infinite: false });
        expect(json.tilesets).toHaveLength(1);
        const tileset = json.tilesets[0];
        expect(tileset.source).toBeUndefined();
        expect(tileset).toMatchObject({ firstgid: 1, image: "ast_tiles.png", columns: layout.columns, tilecount: layout.columns * layout.rows });
        expect(tileset.wangsets[0].wangtiles.map((t: { tileid: number; wangid: number[] }) => [t.tileid, t.wangid])).toEqual(
          wangTiles(layout).map((t) => [t.tileId, t.wangId]),
        );
        const painted = paintRandomMap(layout, 24, 16, 1);
        expect(json.layers[0].data).toEqual(painted.cells.flat().map((index) => index + 1));
      });
    }
  }

  it("the tiled export is a zip of the PNG, the .tsx and the .tmx", () => {
    const src = source("blob-47", ["grass", "dirt"]);
    const file = renderExport("tiled", src);
    expect(file.fileName).toBe("ast_tiles.tiled.zip");
    expect(file.contentType).toBe("application/zip");
    // the central directory's names, from the end record
    const zip = file.body;
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    const names: string[] = [];
    for (let at = zip.readUInt32LE(end + 16), n = 0; n < zip.readUInt16LE(end + 10); n++) {
      expect(zip.readUInt32LE(at)).toBe(0x02014b50);
      const length = zip.readUInt16LE(at + 28);
      names.push(zip.subarray(at + 46, at + 46 + length).toString("utf8"));
      at += 46 + length + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    expect(names).toEqual(["ast_tiles.png", "ast_tiles.tsx", "ast_tiles-sample.tmx", "ast_tiles-sample.tmj"]);
    expect(renderExport("tiled", src).body.equals(file.body)).toBe(true);
  });

  it("has a reader that refuses broken XML", () => {
    expect(() => parseXml("<a><b></a>")).toThrow();
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow();
    expect(() => parseXml("<a>&nope;</a>")).toThrow();
    expect(parseXml('<a t="&lt;&amp;">x</a>').attrs.t).toBe("<&");
  });
});

import { describe, expect, it } from "vitest";
import type { TerrainRef, TileEntry, TilesetLayout, TilesetLayoutName } from "../../agents/driver.js";
import { tilesetLayout } from "../../agents/tileset-layout.js";
import { paintRandomMap } from "../../agents/tileset-map.js";
import type { ExportSource } from "./formats.js";
import { renderExport } from "./render.js";

// A reader for what a TileSet .tres holds: section headers with attributes and `key = value` lines whose values are
// ints, strings or constructor calls (Vector2i(…), Color(…), ExtResource(…), SubResource(…)). Keys must not repeat.
type Value = number | string | Call;
interface Call {
  name: string;
  args: Value[];
}
interface Section {
  tag: string;
  attrs: Record<string, string>;
  props: Map<string, Value>;
}

function parseValue(text: string): Value {
  const at = { i: 0 };
  const value = (): Value => {
    const rest = text.slice(at.i);
    const string = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
    if (string) {
      at.i += string[0].length;
      return string[1]!.replace(/\\(.)/g, "$1");
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number) {
      at.i += number[0].length;
      return Number(number[0]);
    }
    const call = /^([A-Za-z]\w*)\(/.exec(rest);
    if (!call) throw new Error(`unexpected value: ${rest}`);
    at.i += call[0].length;
    const args: Value[] = [];
    while (text[at.i] !== ")") {
      args.push(value());
      if (text.startsWith(", ", at.i)) at.i += 2;
      else if (text[at.i] !== ")") throw new Error(`expected , or ) in ${text}`);
    }
    at.i++;
    return { name: call[1]!, args };
  };
  const result = value();
  if (at.i !== text.length) throw new Error(`left over: ${text.slice(at.i)}`);
  return result;
}

function parseTres(text: string): Section[] {
  if (!text.endsWith("\n")) throw new Error("no final newline");
  const sections: Section[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const header = /^\[(\w+)((?: \w+=(?:"[^"]*"|\S+?))*)\]$/.exec(line);
    if (header) {
      const attrs: Record<string, string> = {};
      for (const [, key, quoted, bare] of header[2]!.matchAll(/ (\w+)=(?:"([^"]*)"|([^\s\]]+))/g)) attrs[key!] = quoted ?? bare!;
      sections.push({ tag: header[1]!, attrs, props: new Map() });
      continue;
    }
    const prop = /^([\w/:]+) = (.+)$/.exec(line);
    const section = sections.at(-1);
    if (!prop || !section) throw new Error(`not a property: ${line}`);
    if (section.props.has(prop[1]!)) throw new Error(`repeated: ${prop[1]}`);
    section.props.set(prop[1]!, parseValue(prop[2]!));
  }
  return sections;
}

/** A tile read back from the atlas source: its terrain set, centre terrain and peering bits (absent = -1). */
interface ReadTile {
  terrainSet: number;
  terrain: number;
  bits: Record<string, number>;
}

function readTiles(atlas: Section): Map<string, ReadTile> {
  const tiles = new Map<string, ReadTile>();
  for (const [key, value] of atlas.props) {
    const match = /^(\d+:\d+)\/0(?:\/(.+))?$/.exec(key);
    if (!match) continue;
    const cell = match[1]!;
    if (match[2] === undefined) {
      expect(value).toBe(0);
      tiles.set(cell, { terrainSet: -1, terrain: -1, bits: {} });
      continue;
    }
    const tile = tiles.get(cell);
    if (!tile) throw new Error(`${key} before its tile`);
    expect(typeof value).toBe("number");
    if (match[2] === "terrain_set") tile.terrainSet = value as number;
    else if (match[2] === "terrain") tile.terrain = value as number;
    else if (match[2].startsWith("terrains_peering_bit/")) tile.bits[match[2].slice("terrains_peering_bit/".length)] = value as number;
    else throw new Error(`unknown tile property ${key}`);
  }
  return tiles;
}

const CORNER_BITS = ["top_left_corner", "top_right_corner", "bottom_right_corner", "bottom_left_corner"];
const SIDE_BITS = ["top_side", "right_side", "bottom_side", "left_side"];
const MODES: Record<TilesetLayoutName, { mode: number; bits: string[] }> = {
  "wang-corner-16": { mode: 1, bits: CORNER_BITS },
  "wang-edge-16": { mode: 2, bits: SIDE_BITS },
  "blob-47": { mode: 0, bits: [...CORNER_BITS, ...SIDE_BITS] },
};

const godot = (ref: TerrainRef): number => (ref === null ? -1 : ref);

/** What the layout says each bit of a tile is, written out per layout (Godot's -1 for transparency). */
function expectedTile(layout: TilesetLayout, tile: TileEntry): ReadTile {
  const background = layout.terrains.length > 1 ? 1 : null;
  let bits: Record<string, TerrainRef>;
  let centre: TerrainRef;
  if (tile.corners) {
    const { nw, ne, se, sw } = tile.corners;
    bits = { top_left_corner: nw, top_right_corner: ne, bottom_right_corner: se, bottom_left_corner: sw };
    centre = [nw, ne, se, sw].filter((t) => t === 0).length >= 2 ? 0 : background;
  } else if (tile.edges) {
    const { n, e, s, w } = tile.edges;
    bits = { top_side: n, right_side: e, bottom_side: s, left_side: w };
    centre = [n, e, s, w].filter((t) => t === 0).length >= 2 ? 0 : background;
  } else {
    const own = tile.terrain ?? null;
    const other = own === 0 ? background : 0;
    const mask = tile.mask!;
    const on = (bit: number) => (mask & bit ? own : other);
    bits = {
      top_side: on(1),
      top_right_corner: on(2),
      right_side: on(4),
      bottom_right_corner: on(8),
      bottom_side: on(16),
      bottom_left_corner: on(32),
      left_side: on(64),
      top_left_corner: on(128),
    };
    centre = own;
  }
  const written = Object.fromEntries(
    Object.entries(bits)
      .filter(([, ref]) => ref !== null)
      .map(([bit, ref]) => [bit, godot(ref)]),
  );
  return { terrainSet: 0, terrain: godot(centre), bits: written };
}

function source(name: TilesetLayoutName, terrains: string[]): ExportSource & { layout: TilesetLayout } {
  const layout = tilesetLayout({ layout: name, terrains }, 32, 16);
  return { assetId: "ast_tiles", png: new Uint8Array([137, 80, 78, 71]), width: layout.columns * 32, height: layout.rows * 16, layout };
}

const CASES = (["wang-corner-16", "wang-edge-16", "blob-47"] as const).flatMap((name) =>
  [["grass", "dirt"], ['stone "ledge"']].map((terrains) => ({ name, terrains })),
);

describe("Godot 4 TileSet", () => {
  for (const { name, terrains } of CASES) {
    describe(`${name}, ${terrains.length} terrain${terrains.length > 1 ? "s" : ""}`, () => {
      const src = source(name, terrains);
      const { layout } = src;
      const file = renderExport("godot", src);
      const sections = parseTres(file.body.toString("utf8"));
      const tiles = readTiles(sections[2]!);

      it("is a format=3 TileSet: the PNG, one atlas source, the resource", () => {
        expect(file.fileName).toBe("ast_tiles.tres");
        expect(sections.map((s) => s.tag)).toEqual(["gd_resource", "ext_resource", "sub_resource", "resource"]);
        expect(sections[0]!.attrs).toEqual({ type: "TileSet", load_steps: "3", format: "3" });
        expect(sections[1]!.attrs).toEqual({ type: "Texture2D", path: "res://ast_tiles.png", id: "1_tex" });
        const atlas = sections[2]!;
        expect(atlas.attrs).toEqual({ type: "TileSetAtlasSource", id: "TileSetAtlasSource_1" });
        expect(atlas.props.get("texture")).toEqual({ name: "ExtResource", args: ["1_tex"] });
        expect(atlas.props.get("texture_region_size")).toEqual({ name: "Vector2i", args: [32, 16] });
      });

      it("has one terrain set in the layout's mode, a terrain per name", () => {
        const resource = sections[3]!.props;
        expect(resource.get("tile_size")).toEqual({ name: "Vector2i", args: [32, 16] });
        expect(resource.get("terrain_set_0/mode")).toBe(MODES[name].mode);
        terrains.forEach((terrain, i) => {
          expect(resource.get(`terrain_set_0/terrain_${i}/name`)).toBe(terrain);
          const color = resource.get(`terrain_set_0/terrain_${i}/color`) as Call;
          expect(color.name).toBe("Color");
          expect(color.args).toHaveLength(4);
        });
        expect(resource.has(`terrain_set_0/terrain_${terrains.length}/name`)).toBe(false);
        expect(resource.get("sources/0")).toEqual({ name: "SubResource", args: ["TileSetAtlasSource_1"] });
      });

      it("has every tile of the layout at its cell, with its centre terrain and exactly its peering bits", () => {
        expect(tiles.size).toBe(layout.tiles.length);
        for (const tile of layout.tiles) {
          const read = tiles.get(`${tile.x / 32}:${tile.y / 16}`);
          expect(read, `tile ${tile.index}`).toEqual(expectedTile(layout, tile));
          for (const bit of Object.keys(read!.bits)) expect(MODES[name].bits).toContain(bit);
        }
      });

      it("agrees with itself across every seam of a painted map (Godot's matching rule)", () => {
        const map = paintRandomMap(layout, 24, 16, 7);
        const byIndex = new Map(layout.tiles.map((tile) => [tile.index, tiles.get(`${tile.x / 32}:${tile.y / 16}`)!]));
        const bit = (i: number, j: number, name: string) => {
          const index = map.cells[j]![i]!;
          return index < 0 ? -1 : (byIndex.get(index)!.bits[name] ?? -1);
        };
        let checked = 0;
        for (let j = 0; j < 16; j++) {
          for (let i = 0; i < 24; i++) {
            if (MODES[name].bits.includes("right_side")) {
              if (i < 23) expect(bit(i, j, "right_side")).toBe(bit(i + 1, j, "left_side"));
              if (j < 15) expect(bit(i, j, "bottom_side")).toBe(bit(i, j + 1, "top_side"));
            }
            if (MODES[name].bits.includes("top_left_corner") && i < 23 && j < 15) {
              // the four corners that meet at a vertex
              const corner = bit(i, j, "bottom_right_corner");
              expect([bit(i + 1, j, "bottom_left_corner"), bit(i, j + 1, "top_right_corner"), bit(i + 1, j + 1, "top_left_corner")]).toEqual([
                corner,
                corner,
                corner,
              ]);
            }
            checked++;
          }
        }
        expect(checked).toBe(24 * 16);
      });
    });
  }

  it("writes no -1: transparency is the absence of a bit, as Godot saves it", () => {
    const text = renderExport("godot", source("blob-47", ["platform"])).body.toString("utf8");
    expect(text).not.toContain("= -1");
    // the lone blob tile (mask 0) is terrain 0 with no bits
    expect(text).toMatch(/^0:0\/0\/terrain = 0\n1:0\/0 = 0$/m);
  });

  it("has a reader that refuses a repeated key and a cut-off value", () => {
    expect(() => parseTres("[resource]\na = 1\na = 2\n")).toThrow();
    expect(() => parseTres("[resource]\na = Vector2i(1, 2\n")).toThrow();
  });
});

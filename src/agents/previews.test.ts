import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { tilesetLayout } from "./tileset-layout.js";
import { paintRandomMap } from "./tileset-map.js";
import { sampleMap, tilesetPreview } from "./previews.js";

/** A tile sheet whose every tile is one flat colour: red = its index. */
async function flatTiles(layout: ReturnType<typeof tilesetLayout>): Promise<Buffer> {
  const width = layout.columns * layout.tileWidth;
  const height = layout.rows * layout.tileHeight;
  const rgba = Buffer.alloc(width * height * 4);
  for (const tile of layout.tiles) {
    for (let y = 0; y < layout.tileHeight; y++) {
      for (let x = 0; x < layout.tileWidth; x++) rgba.set([tile.index * 5, 100, 200, 255], ((tile.y + y) * width + tile.x + x) * 4);
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

describe("tilesetPreview", () => {
  it.each([
    ["wang-corner-16", 64, { sheet: [256, 256, 1], map: [256, 192, 1 / 2] }],
    ["blob-47", 128, { sheet: [224, 224, 1 / 4], map: [256, 192, 1 / 4] }],
    ["wang-edge-16", 32, { sheet: [256, 256, 2], map: [256, 192, 1] }],
  ] as const)("%s at %i px: the sheet and a sample map painted by the layout's rule, each within 256 px", async (name, size, expected) => {
    const layout = tilesetLayout({ layout: name, terrains: ["grass", "dirt"] }, size, size);
    const preview = await tilesetPreview(await flatTiles(layout), layout);
    expect([preview.sheet.width, preview.sheet.height, preview.sheet.scale]).toEqual(expected.sheet);
    expect([preview.map!.width, preview.map!.height, preview.map!.scale]).toEqual(expected.map);
    // each cell of the shown map is the tile the painter chose for it
    const painted = paintRandomMap(layout, sampleMap.columns, sampleMap.rows, sampleMap.seed);
    const { data, info } = await sharp(preview.map!.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const cell = info.width / sampleMap.columns;
    for (let row = 0; row < sampleMap.rows; row++) {
      for (let column = 0; column < sampleMap.columns; column++) {
        const at = ((row * cell + cell / 2) * info.width + column * cell + cell / 2) * 4;
        expect(data[at], `${row},${column}`).toBe(painted.cells[row]![column]! * 5);
      }
    }
  });

  it("refuses a PNG that is not the layout's size", async () => {
    const layout = tilesetLayout({ layout: "wang-corner-16", terrains: ["grass"] }, 64, 64);
    const wrong = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#000" } })
      .png()
      .toBuffer();
    await expect(tilesetPreview(wrong, layout)).rejects.toThrow(/layout's size/);
  });
});

import { useEffect, useRef, useState } from "preact/hooks";
import type { TilesetLayout } from "../contract";
import { layoutText, type TilesetLayoutName } from "../tileset";
import { paintRandomMap } from "../tileset-map";
import { Button } from "../ui/buttons";
import { SheetImage } from "./sheet-player";

/**
 * A tileset as a result: the tile sheet, and beside it a sample map painted with it by the layout's
 * own rule (paintRandomMap, as an engine's autotiler would). The canvas is the map at 1:1 (each
 * cell a tile cut from the sheet, unsmoothed); CSS scales it by a whole factor when that fits, else
 * down to the width it has, pixelated. "New map" paints another seed.
 */

export const sampleColumns = 16;
export const sampleRows = 10;
const maxZoom = 4;

const newSeed = () => Math.floor(Math.random() * 2 ** 31);

export function TilesetView({
  src,
  layout,
  alt,
  transparent,
  width,
  height,
}: {
  src: string;
  layout: TilesetLayout;
  alt: string;
  transparent: boolean;
  width: number;
  height: number;
}) {
  const [seed, setSeed] = useState(1);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const { tileWidth, tileHeight } = layout;
  const mapWidth = sampleColumns * tileWidth;
  const mapHeight = sampleRows * tileHeight;
  // a one-terrain set is drawn against transparency
  const checker = transparent || layout.terrains.length < 2;
  const zoom = boxWidth >= mapWidth ? Math.max(1, Math.min(maxZoom, Math.floor(boxWidth / mapWidth))) : boxWidth / mapWidth;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    setBoxWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setBoxWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = src;
    return () => void (img.onload = null);
  }, [src]);

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context || !image) return;
    const byIndex = new Map(layout.tiles.map((t) => [t.index, t]));
    const map = paintRandomMap(layout, sampleColumns, sampleRows, seed);
    context.imageSmoothingEnabled = false;
    context.clearRect(0, 0, mapWidth, mapHeight);
    for (const [j, row] of map.cells.entries()) {
      for (const [i, index] of row.entries()) {
        const tile = byIndex.get(index);
        if (tile) context.drawImage(image, tile.x, tile.y, tileWidth, tileHeight, i * tileWidth, j * tileHeight, tileWidth, tileHeight);
      }
    }
    canvas.current!.dataset.painted = String(seed);
  }, [image, seed, layout]);

  const name = layoutText[layout.layout as TilesetLayoutName]?.name ?? layout.layout;
  return (
    <div class="tileset-view" data-testid="tileset-view">
      <div class="tileset-panel">
        <p class="small muted">
          Tiles · {name}, {layout.tiles.length} of {tileWidth} × {tileHeight}
        </p>
        <SheetImage src={src} alt={`The tile sheet: ${alt}`} width={width} height={height} transparent={checker} />
      </div>
      <div class="tileset-panel tileset-sample" ref={box}>
        <p class="small muted">
          A sample map painted with it · {sampleColumns} × {sampleRows} tiles
        </p>
        <div class={`tileset-map${checker ? " checker" : ""}`} style={{ width: `${mapWidth * zoom}px` }}>
          <canvas
            ref={canvas}
            width={mapWidth}
            height={mapHeight}
            style={{ width: `${mapWidth * zoom}px`, height: `${mapHeight * zoom}px` }}
            role="img"
            aria-label={`A sample map painted with the tileset: ${alt}`}
            data-testid="tileset-map"
            data-seed={seed}
            data-columns={sampleColumns}
            data-rows={sampleRows}
          />
        </div>
        <div class="player-bar">
          <Button small icon="refresh" onClick={() => setSeed(newSeed())} data-testid="tileset-new-map" title="Paint another random map with these tiles">
            New map
          </Button>
          <span class="muted small">{zoom >= 1 ? `${zoom}×` : `${Math.round(zoom * 100)} %`}</span>
        </div>
      </div>
    </div>
  );
}

import { useEffect, useRef } from "preact/hooks";
import type { Kit, TilesetLayout } from "../contract";
import { type AtlasFrame, type SceneMap, walkFrames } from "../kit";
import { paintRandomMap } from "../tileset-map";

/**
 * The kit at work before anything is downloaded: its tile set painted as a map by the layout's own
 * rule (the engine's autotiler's), its other images standing on it, and its walking character
 * crossing it, every pixel cut from the atlas pages by the frames' rectangles (what an engine draws).
 * The map's size (in tiles) and seed are the screen's.
 */

interface Cast {
  tiles: Map<number, AtlasFrame>;
  layout: TilesetLayout | null;
  walk: AtlasFrame[];
  fps: number;
  props: AtlasFrame[];
}

function castOf(kit: Kit): Cast {
  const frames = kit.atlas?.layout.frames ?? [];
  let layout: TilesetLayout | null = null;
  let tileItem = "";
  let walk: AtlasFrame[] = [];
  let fps = 8;
  const props: AtlasFrame[] = [];
  for (const item of kit.items) {
    const asset = item.generation.assets[0];
    const kind = asset?.layout?.kind;
    if (kind === "tileset" && !layout) {
      layout = asset!.layout as TilesetLayout;
      tileItem = item.name;
    } else if (kind === "sheet" && !walk.length) {
      walk = walkFrames(frames, item.name);
      const animation = (asset!.layout as { animations?: { name: string; fps?: number }[] }).animations?.find((a) => a.name === "walk");
      fps = animation?.fps ?? fps;
    } else if (!kind) {
      const frame = frames.find((f) => f.name === item.name);
      if (frame) props.push(frame);
    }
  }
  const tiles = new Map<number, AtlasFrame>();
  for (const f of frames) {
    const match = tileItem && f.name.startsWith(`${tileItem}/tile_`) ? Number(f.name.slice(tileItem.length + 6)) : NaN;
    if (Number.isInteger(match)) tiles.set(match, f);
  }
  return { tiles, layout, walk, fps, props };
}

export function KitScene({ kit, map: size }: { kit: Kit; map: SceneMap }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const cell = kit.scale;
  const { columns: sceneColumns, rows: sceneRows } = size;
  const width = sceneColumns * cell;
  const height = sceneRows * cell;

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context || !kit.atlas) return;
    const cast = castOf(kit);
    const pages = kit.atlas.layout.pages.map((p) => {
      const image = new Image();
      image.src = p.url;
      return image;
    });
    const map = cast.layout ? paintRandomMap(cast.layout, sceneColumns, sceneRows, size.seed) : null;
    const blit = (f: AtlasFrame, x: number, y: number) => {
      const page = pages[f.page];
      if (page?.complete && page.naturalWidth) context.drawImage(page, f.x, f.y, f.w, f.h, Math.round(x), Math.round(y), f.w, f.h);
    };
    let frame = 0;
    let request = 0;
    // rAF's time is the frame's start, which may come before this effect ran: count from the first frame
    let start: number | undefined;
    const draw = (now: number) => {
      start ??= now;
      context.imageSmoothingEnabled = false;
      context.fillStyle = "#1b1f2a";
      context.fillRect(0, 0, width, height);
      if (map) {
        for (const [j, row] of map.cells.entries()) {
          for (const [i, index] of row.entries()) {
            const tile = cast.tiles.get(index);
            if (tile) blit(tile, i * cell, j * cell);
          }
        }
      }
      // the other images stand along the upper rows, spaced out
      for (const [i, f] of cast.props.entries()) blit(f, ((i * 3 + 1) % sceneColumns) * cell + (cell - f.w) / 2, (1 + (i % 2) * 4) * cell + cell - f.h);
      const seconds = (now - start) / 1000;
      if (cast.walk.length) {
        const f = cast.walk[Math.floor(seconds * cast.fps) % cast.walk.length]!;
        const travel = width + f.w;
        const x = ((seconds * cell * 1.5) % travel) - f.w;
        blit(f, x, Math.floor(sceneRows / 2) * cell + cell - f.h);
      }
      element.dataset.frame = String(++frame);
      request = requestAnimationFrame(draw);
    };
    request = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(request);
  }, [kit, sceneColumns, sceneRows, size.seed]);

  return (
    <figure class="kit-scene">
      <canvas
        ref={canvas}
        width={width}
        height={height}
        class="kit-scene-canvas"
        data-testid="kit-scene"
        role="img"
        aria-label="The kit's tile set painted as a map, with its character walking across it"
        style={{ width: `${width * Math.max(1, Math.round(768 / width))}px`, maxWidth: "100%" }}
      />
      <figcaption class="hint">The tile set as a map, the character walking on it: drawn from the atlas, as an engine draws it.</figcaption>
    </figure>
  );
}

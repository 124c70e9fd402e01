import type { RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { SheetLayout } from "../contract";
import { animationsOf, capitalised } from "../sheet";
import { Button } from "../ui/buttons";

/**
 * A sprite sheet played back: one row of the sheet (an animation seen from one direction) drawn
 * cell by cell on a canvas at the row's fps, at the largest whole zoom (1×–8×) that fits, without
 * smoothing; a row that does not loop (death) stops on its last frame. It reads only the layout,
 * never what the frames look like. The whole sheet is shown below it.
 */

const maxZoom = 8;
const maxStageHeight = 320;

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The width an element's content has, followed as it resizes. */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function SheetPlayer({ src, layout, alt, transparent }: { src: string; layout: SheetLayout; alt: string; transparent: boolean }) {
  const animations = animationsOf(layout);
  const [name, setName] = useState(animations[0]?.name ?? "");
  const directions = animations.find((a) => a.name === name)?.directions ?? [];
  const [direction, setDirection] = useState(directions[0] ?? "");
  const row = layout.animations.find((r) => r.name === name && r.direction === direction) ?? layout.animations[0];
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(() => !reducedMotion());
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [stage, stageWidth] = useWidth<HTMLDivElement>();
  const { frameWidth, frameHeight } = layout;
  const zoom = Math.max(1, Math.min(maxZoom, Math.floor((stageWidth - 16) / frameWidth), Math.floor(maxStageHeight / frameHeight)));
  const frames = row?.frames ?? 1;

  useEffect(() => {
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = src;
    return () => void (img.onload = null);
  }, [src]);

  const choose = (nextName: string, nextDirection: string) => {
    const has = animations.find((a) => a.name === nextName)?.directions ?? [];
    setName(nextName);
    setDirection(has.includes(nextDirection) ? nextDirection : (has[0] ?? ""));
    setFrame(0);
    if (!reducedMotion()) setPlaying(true);
  };

  // One frame every 1/fps s; a row that does not loop holds its last frame and stops.
  useEffect(() => {
    if (!playing || !row) return;
    const timer = setInterval(() => setFrame((f) => (row.loop ? (f + 1) % row.frames : Math.min(f + 1, row.frames - 1))), 1000 / Math.max(1, row.fps));
    return () => clearInterval(timer);
  }, [playing, row?.row, row?.fps]);
  useEffect(() => {
    if (row && !row.loop && frame >= row.frames - 1) setPlaying(false);
  }, [frame, row?.row]);

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context || !image || !row) return;
    context.imageSmoothingEnabled = false;
    context.clearRect(0, 0, frameWidth * zoom, frameHeight * zoom);
    context.drawImage(image, frame * frameWidth, row.row * frameHeight, frameWidth, frameHeight, 0, 0, frameWidth * zoom, frameHeight * zoom);
  }, [image, row?.row, frame, zoom]);

  const togglePlay = () => {
    // A finished one-shot row starts over.
    if (!playing && row && !row.loop && frame >= row.frames - 1) setFrame(0);
    setPlaying(!playing);
  };

  return (
    <div class="sheet-player" data-testid="sheet-player">
      <div ref={stage} class={`stage sheet-stage${transparent ? " checker" : ""}`} style={{ height: `${frameHeight * zoom + 16}px` }}>
        <canvas
          ref={canvas}
          width={frameWidth * zoom}
          height={frameHeight * zoom}
          role="img"
          aria-label={`${alt}: ${name}, facing ${direction}`}
          data-testid="sheet-canvas"
          data-row={row?.row}
          data-frame={frame}
          data-zoom={zoom}
        />
      </div>
      <div class="player-bar">
        <Button small icon={playing ? "pause" : "play"} onClick={togglePlay} aria-pressed={playing ? "true" : "false"} data-testid="sheet-play">
          {playing ? "Pause" : "Play"}
        </Button>
        <span class="muted small" aria-live="off" data-testid="sheet-frame">
          Frame {frame + 1} / {frames} · {row?.fps ?? 0} fps{row && !row.loop ? " · plays once" : ""} · {zoom}×
        </span>
      </div>
      <div class="player-choices">
        <div class="chips" role="group" aria-label="Animation">
          {animations.map((a) => (
            <button
              type="button"
              class="chip chip-toggle"
              key={a.name}
              aria-pressed={a.name === name ? "true" : "false"}
              onClick={() => choose(a.name, direction)}
            >
              {capitalised(a.name)}
            </button>
          ))}
        </div>
        {directions.length > 1 ? (
          <div class="chips" role="group" aria-label="Direction">
            {directions.map((d) => (
              <button type="button" class="chip chip-toggle" key={d} aria-pressed={d === direction ? "true" : "false"} onClick={() => choose(name, d)}>
                {capitalised(d)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The whole sheet as an image, at the largest whole zoom (up to 4×) that fits, else shrunk to fit. */
export function SheetImage({ src, alt, width, height, transparent }: { src: string; alt: string; width: number; height: number; transparent: boolean }) {
  const [box, boxWidth] = useWidth<HTMLDivElement>();
  const zoom = Math.max(1, Math.min(4, Math.floor(boxWidth / Math.max(1, width))));
  return (
    <div ref={box} class="sheet-whole">
      <img
        src={src}
        alt={alt}
        width={width * zoom}
        height={height * zoom}
        class={`pixelated${transparent ? " checker" : ""}`}
        decoding="async"
        draggable={false}
        data-testid="sheet-image"
      />
    </div>
  );
}

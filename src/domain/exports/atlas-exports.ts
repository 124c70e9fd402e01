/**
 * The engine files of an atlas (contract section 13): Phaser 3 multi-atlas JSON with the animations
 * in `anims.fromJSON` form, TexturePacker JSON hash (one per page), libGDX `.atlas`, Godot 4
 * resources referencing the pages, and a zip of all of them with the pages. Files are named by
 * the kit's slug; Godot paths are `res://<godotDir>/<file>`.
 */
import { LOOPING_ANIMATIONS, type SheetLayout } from "../../agents/index.js";
import { type ExportFile, jsonBody, sheetTracks } from "./formats.js";
import { godotFloat } from "./godot.js";
import { godotString, plainText } from "./text.js";
import { zipArchive, type ZipEntry } from "./zip.js";

export const ATLAS_EXPORT_FORMATS = ["phaser", "texturepacker", "godot", "libgdx", "zip"] as const;
export type AtlasExportFormat = (typeof ATLAS_EXPORT_FORMATS)[number];

export interface AtlasExportFrame {
  name: string;
  page: number;
  frame: { x: number; y: number; w: number; h: number };
  trimmed: boolean;
  spriteSourceSize: { x: number; y: number; w: number; h: number };
  sourceSize: { w: number; h: number };
}

export interface AtlasExportSource {
  /** The files' base name (a slug of the kit's name). */
  slug: string;
  pages: { width: number; height: number; png: Uint8Array }[];
  frames: AtlasExportFrame[];
  /** The sheets among the items, by item name: their animations. */
  sheets: { item: string; layout: SheetLayout }[];
  /** Godot's folder for the pages and resources (`res://<godotDir>/…`). */
  godotDir: string;
}

/** A folder for Godot paths: slash-separated slugs, `art` when nothing is left. */
export function godotDirOf(value: string | null | undefined): string {
  const parts = (value ?? "art")
    .split("/")
    .map((p) =>
      p
        .toLowerCase()
        .replace(/[^a-z0-9_-]+/g, "-")
        .replace(/^-+|-+$/g, ""),
    )
    .filter((p) => p.length > 0 && p !== "." && p !== "..");
  return parts.length > 0 ? parts.join("/") : "art";
}

const pageName = (source: AtlasExportSource, page: number) => `${source.slug}-${page}.png`;
const fileSlug = (name: string) =>
  plainText(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "item";

const tpFrame = (f: AtlasExportFrame) => ({
  frame: f.frame,
  rotated: false,
  trimmed: f.trimmed,
  spriteSourceSize: f.spriteSourceSize,
  sourceSize: f.sourceSize,
});

/** Each sheet's animations as `<item>/<animation>_<direction>` with their frames' names, fps and loop. */
function animationsOf(source: AtlasExportSource) {
  return source.sheets.flatMap(({ item, layout }) =>
    sheetTracks(layout).map((track) => ({
      key: `${item}/${track.tag}`,
      frames: track.cells.map((c) => `${item}/${c.name}`),
      fps: track.row.fps,
      loop: LOOPING_ANIMATIONS.has(track.row.name),
    })),
  );
}

/** Phaser 3 multi-atlas (`this.load.multiatlas(slug, url, path)`), with `anims` for `this.anims.fromJSON`. */
export function phaserMultiAtlas(source: AtlasExportSource): ExportFile {
  const json = {
    textures: source.pages.map((page, index) => ({
      image: pageName(source, index),
      format: "RGBA8888",
      size: { w: page.width, h: page.height },
      scale: 1,
      frames: source.frames.filter((f) => f.page === index).map((f) => ({ filename: f.name, ...tpFrame(f) })),
    })),
    anims: animationsOf(source).map((a) => ({
      key: a.key,
      type: "frame",
      frames: a.frames.map((frame) => ({ key: source.slug, frame })),
      frameRate: a.fps,
      repeat: a.loop ? -1 : 0,
    })),
    meta: { app: "assetforge", version: "1.0", scale: "1", texture: source.slug },
  };
  return { fileName: `${source.slug}.json`, contentType: "application/json", body: jsonBody(json) };
}

/** TexturePacker JSON hash for one page. */
export function texturePackerPage(source: AtlasExportSource, index: number): ExportFile {
  const page = source.pages[index]!;
  const json = {
    frames: Object.fromEntries(source.frames.filter((f) => f.page === index).map((f) => [f.name, tpFrame(f)])),
    meta: { app: "assetforge", version: "1.0", image: pageName(source, index), format: "RGBA8888", size: { w: page.width, h: page.height }, scale: "1" },
  };
  return { fileName: `${source.slug}-${index}.json`, contentType: "application/json", body: jsonBody(json) };
}

/** libGDX `.atlas` (the format of libGDX 1.9.13+: `bounds`, `offsets`, `index`): a block per page, then its regions. */
export function libgdxAtlas(source: AtlasExportSource): ExportFile {
  const indexOf = new Map<string, { base: string; index: number }>();
  for (const a of animationsOf(source)) for (const [i, frame] of a.frames.entries()) indexOf.set(frame, { base: a.key, index: i });
  const blocks = source.pages.map((page, p) => {
    const lines = [pageName(source, p), `size: ${page.width}, ${page.height}`, "format: RGBA8888", "filter: Nearest, Nearest", "repeat: none"];
    for (const f of source.frames.filter((x) => x.page === p)) {
      const named = indexOf.get(f.name);
      lines.push(plainText(named?.base ?? f.name));
      lines.push(`  bounds: ${f.frame.x}, ${f.frame.y}, ${f.frame.w}, ${f.frame.h}`);
      if (f.trimmed) {
        // libGDX's offsets: x and y from the bottom-left of the original, then the original size.
        const bottom = f.sourceSize.h - f.spriteSourceSize.y - f.spriteSourceSize.h;
        lines.push(`  offsets: ${f.spriteSourceSize.x}, ${bottom}, ${f.sourceSize.w}, ${f.sourceSize.h}`);
      }
      if (named) lines.push(`  index: ${named.index}`);
    }
    return lines.join("\n");
  });
  return { fileName: `${source.slug}.atlas`, contentType: "text/plain; charset=utf-8", body: Buffer.from(`\n${blocks.join("\n\n")}\n`, "utf8") };
}

/**
 * Godot 4 resources that reference the pages at `res://<dir>/<slug>-<page>.png`: a SpriteFrames
 * `.tres` per sheet (an AtlasTexture per frame), an AtlasTexture `.tres` per image and per tile.
 */
export function godotResources(source: AtlasExportSource): ZipEntry[] {
  const dir = source.godotDir;
  const byName = new Map(source.frames.map((f) => [f.name, f]));
  const pagePath = (page: number) => `res://${dir}/${pageName(source, page)}`;
  const region = (f: AtlasExportFrame) => `region = Rect2(${f.frame.x}, ${f.frame.y}, ${f.frame.w}, ${f.frame.h})`;
  const entries: ZipEntry[] = [];
  const taken = new Set<string>();
  const unique = (base: string) => {
    let name = `${base}.tres`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.tres`;
    taken.add(name);
    return name;
  };
  const sheetItems = new Set(source.sheets.map((s) => s.item));
  for (const { item, layout } of source.sheets) {
    const tracks = sheetTracks(layout);
    const frames = tracks.flatMap((t) => t.cells.map((c) => byName.get(`${item}/${c.name}`)!));
    const pages = [...new Set(frames.map((f) => f.page))];
    const ext = (page: number) => `${pages.indexOf(page) + 1}_tex`;
    const sections = [
      `[gd_resource type="SpriteFrames" load_steps=${pages.length + frames.length + 1} format=3]`,
      ...pages.map((p) => `[ext_resource type="Texture2D" path=${godotString(pagePath(p))} id="${ext(p)}"]`),
      ...frames.map((f, i) => `[sub_resource type="AtlasTexture" id="AtlasTexture_${i}"]\natlas = ExtResource("${ext(f.page)}")\n${region(f)}`),
    ];
    let at = 0;
    const animations = tracks.map((t) => {
      const list = t.cells.map(() => `{\n"duration": 1.0,\n"texture": SubResource("AtlasTexture_${at++}")\n}`);
      return `{\n"frames": [${list.join(", ")}],\n"loop": ${LOOPING_ANIMATIONS.has(t.row.name)},\n"name": &${godotString(t.tag)},\n"speed": ${godotFloat(t.row.fps)}\n}`;
    });
    sections.push(`[resource]\nanimations = [${animations.join(", ")}]`);
    entries.push({ name: unique(fileSlug(item)), data: Buffer.from(`${sections.join("\n\n")}\n`, "utf8") });
  }
  for (const f of source.frames) {
    const item = f.name.split("/")[0]!;
    if (sheetItems.has(item)) continue;
    const text = [
      `[gd_resource type="AtlasTexture" load_steps=2 format=3]`,
      `[ext_resource type="Texture2D" path=${godotString(pagePath(f.page))} id="1_tex"]`,
      `[resource]\natlas = ExtResource("1_tex")\n${region(f)}`,
    ].join("\n\n");
    entries.push({ name: unique(fileSlug(f.name)), data: Buffer.from(`${text}\n`, "utf8") });
  }
  return entries;
}

/** The export `format` of an atlas. */
export function renderAtlasExport(format: AtlasExportFormat, source: AtlasExportSource): ExportFile {
  const pages = source.pages.map((p, i) => ({ name: pageName(source, i), data: p.png }));
  switch (format) {
    case "phaser":
      return phaserMultiAtlas(source);
    case "texturepacker": {
      if (source.pages.length === 1) return texturePackerPage(source, 0);
      const files = source.pages.map((_, i) => texturePackerPage(source, i));
      return zipFile(`${source.slug}-texturepacker.zip`, [...files.map((f) => ({ name: f.fileName, data: f.body })), ...pages]);
    }
    case "libgdx":
      return libgdxAtlas(source);
    case "godot":
      return zipFile(`${source.slug}-godot.zip`, [
        ...pages.map((p) => ({ name: `${source.godotDir}/${p.name}`, data: p.data })),
        ...godotResources(source).map((e) => ({ name: `${source.godotDir}/${e.name}`, data: e.data })),
      ]);
    case "zip": {
      const phaser = phaserMultiAtlas(source);
      const libgdx = libgdxAtlas(source);
      const tp = source.pages.map((_, i) => texturePackerPage(source, i));
      return zipFile(`${source.slug}.zip`, [
        ...pages,
        { name: phaser.fileName, data: phaser.body },
        ...tp.map((f) => ({ name: `texturepacker/${f.fileName}`, data: f.body })),
        { name: libgdx.fileName, data: libgdx.body },
        ...godotResources(source).map((e) => ({ name: `godot/${e.name}`, data: e.data })),
      ]);
    }
  }
}

const zipFile = (fileName: string, entries: ZipEntry[]): ExportFile => ({ fileName, contentType: "application/zip", body: zipArchive(entries) });

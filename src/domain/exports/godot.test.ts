import { describe, expect, it } from "vitest";
import type { SheetLayout, SheetRow } from "../../agents/driver.js";
import type { ExportSource } from "./formats.js";
import { godotFloat } from "./godot.js";
import { renderExport } from "./render.js";

// A reader for the part of Godot's text resource format the SpriteFrames export uses: section headers with
// attributes, `key = value` properties, and values made of arrays, dictionaries, strings, StringNames (&"…"),
// ints, floats (kept apart: Godot reads `8` as an int), booleans and constructor calls (Rect2(…), SubResource(…)).
type Value = number | boolean | string | Value[] | Float | StringName | Call | Dict;
interface Float {
  kind: "float";
  value: number;
}
interface StringName {
  kind: "name";
  value: string;
}
interface Call {
  kind: "call";
  name: string;
  args: Value[];
}
interface Dict {
  kind: "dict";
  entries: Record<string, Value>;
}
interface Section {
  tag: string;
  attrs: Record<string, string>;
  props: Record<string, Value>;
}

function parseValue(text: string, at: { i: number }): Value {
  const skip = () => {
    while (/\s/.test(text[at.i] ?? "")) at.i++;
  };
  const expectChar = (c: string) => {
    skip();
    if (text[at.i] !== c) throw new Error(`expected ${c} at ${at.i}: ${text.slice(at.i, at.i + 20)}`);
    at.i++;
  };
  const list = (close: string, item: () => void) => {
    skip();
    if (text[at.i] === close) return void at.i++;
    for (;;) {
      item();
      skip();
      if (text[at.i] === ",") at.i++;
      else return expectChar(close);
    }
  };
  const string = (): string => {
    expectChar('"');
    let out = "";
    while (text[at.i] !== '"') {
      if (at.i >= text.length) throw new Error("unterminated string");
      if (text[at.i] === "\\") at.i++;
      out += text[at.i++];
    }
    at.i++;
    return out;
  };
  skip();
  const c = text[at.i];
  if (c === '"') return string();
  if (c === "&") return (at.i++, { kind: "name", value: string() });
  if (c === "[") {
    at.i++;
    const items: Value[] = [];
    list("]", () => items.push(parseValue(text, at)));
    return items;
  }
  if (c === "{") {
    at.i++;
    const entries: Record<string, Value> = {};
    list("}", () => {
      const key = string();
      expectChar(":");
      entries[key] = parseValue(text, at);
    });
    return { kind: "dict", entries };
  }
  const number = /^-?\d+(\.\d+)?(e[-+]?\d+)?/.exec(text.slice(at.i));
  if (number) {
    at.i += number[0].length;
    return number[1] || number[2] ? { kind: "float", value: Number(number[0]) } : Number(number[0]);
  }
  const word = /^[A-Za-z_]\w*/.exec(text.slice(at.i));
  if (!word) throw new Error(`unexpected ${text.slice(at.i, at.i + 20)}`);
  at.i += word[0].length;
  if (word[0] === "true" || word[0] === "false") return word[0] === "true";
  expectChar("(");
  const args: Value[] = [];
  list(")", () => args.push(parseValue(text, at)));
  return { kind: "call", name: word[0], args };
}

function parseTres(text: string): Section[] {
  const sections: Section[] = [];
  const headers = [...text.matchAll(/^\[(\w+)([^\]\n]*)\]$/gm)];
  headers.forEach((header, n) => {
    const attrs: Record<string, string> = {};
    for (const [, key, quoted, bare] of header[2]!.matchAll(/\s(\w+)=(?:"([^"]*)"|(\S+))/g)) attrs[key!] = quoted ?? bare!;
    const body = text.slice(header.index + header[0].length, headers[n + 1]?.index ?? text.length);
    const props: Record<string, Value> = {};
    const at = { i: 0 };
    for (;;) {
      const key = /^\s*([\w/]+) = /.exec(body.slice(at.i));
      if (!key) break;
      at.i += key[0].length;
      props[key[1]!] = parseValue(body, at);
    }
    if (body.slice(at.i).trim() !== "") throw new Error(`left over in [${header[1]}]: ${body.slice(at.i)}`);
    sections.push({ tag: header[1]!, attrs, props });
  });
  return sections;
}

const call = (value: Value | undefined): Call => {
  if (typeof value !== "object" || Array.isArray(value) || value.kind !== "call") throw new Error("not a call");
  return value;
};
const dict = (value: Value | undefined): Record<string, Value> => {
  if (typeof value !== "object" || Array.isArray(value) || value.kind !== "dict") throw new Error("not a dictionary");
  return value.entries;
};

function sheet(): ExportSource & { layout: SheetLayout } {
  const directions = ["south", "east", "north", "west"] as const;
  const animations: SheetRow[] = [
    ...directions.map((direction, i): SheetRow => ({ name: "idle", direction, row: i, frames: 4, fps: 6, loop: true })),
    ...directions.map((direction, i): SheetRow => ({ name: "walk", direction, row: 4 + i, frames: 6, fps: 8, loop: true })),
    { name: "death", direction: "south", row: 8, frames: 5, fps: 12, loop: false },
  ];
  const layout: SheetLayout = { kind: "sheet", frameWidth: 64, frameHeight: 64, columns: 6, rows: 9, animations };
  return { assetId: "ast_hero", png: new Uint8Array([137, 80, 78, 71]), width: 384, height: 576, layout };
}

describe("Godot 4 SpriteFrames", () => {
  const source = sheet();
  const layout = source.layout!;
  const text = renderExport("godot", source).body.toString("utf8");
  const sections = parseTres(text);

  it("is a format=3 SpriteFrames whose load_steps count its resources", () => {
    const [head, ...rest] = sections;
    expect(head!.tag).toBe("gd_resource");
    expect(head!.attrs).toEqual({ type: "SpriteFrames", load_steps: String(1 + 45 + 1), format: "3" });
    expect(rest.map((s) => s.tag)).toEqual(["ext_resource", ...Array(45).fill("sub_resource"), "resource"]);
    const ext = rest[0]!;
    expect(ext.attrs).toEqual({ type: "Texture2D", path: "res://ast_hero.png", id: "1_tex" });
    expect(text.endsWith("]\n")).toBe(true);
  });

  it("has an AtlasTexture per used cell, each a region of the PNG", () => {
    const subs = sections.filter((s) => s.tag === "sub_resource");
    expect(new Set(subs.map((s) => s.attrs.id)).size).toBe(subs.length);
    for (const sub of subs) {
      expect(sub.attrs.type).toBe("AtlasTexture");
      expect(call(sub.props.atlas)).toEqual({ kind: "call", name: "ExtResource", args: ["1_tex"] });
      const region = call(sub.props.region);
      expect(region.name).toBe("Rect2");
      const [x, y, w, h] = region.args as number[];
      expect([w, h]).toEqual([64, 64]);
      expect(x! >= 0 && y! >= 0 && x! + w! <= source.width && y! + h! <= source.height).toBe(true);
    }
  });

  it("has an animation per row, with its cells in order, its fps as speed and its loop", () => {
    const resource = sections.at(-1)!;
    expect(resource.tag).toBe("resource");
    const animations = resource.props.animations as Value[];
    expect(animations).toHaveLength(layout.animations.length);
    const regions = new Map(sections.filter((s) => s.tag === "sub_resource").map((s) => [s.attrs.id, call(s.props.region).args]));
    layout.animations.forEach((row, n) => {
      const animation = dict(animations[n]);
      expect(Object.keys(animation)).toEqual(["frames", "loop", "name", "speed"]);
      expect(animation.name).toEqual({ kind: "name", value: `${row.name}_${row.direction}` });
      expect(animation.speed).toEqual({ kind: "float", value: row.fps });
      expect(animation.loop).toBe(row.loop);
      const frames = (animation.frames as Value[]).map(dict);
      expect(frames).toHaveLength(row.frames);
      frames.forEach((frame, i) => {
        expect(frame.duration).toEqual({ kind: "float", value: 1 });
        const texture = call(frame.texture);
        expect(texture.name).toBe("SubResource");
        expect(regions.get(texture.args[0] as string)).toEqual([i * 64, row.row * 64, 64, 64]);
      });
    });
    const death = dict(animations.at(-1));
    expect(death.name).toEqual({ kind: "name", value: "death_south" });
    expect(death.loop).toBe(false);
  });

  it("writes floats as Godot does", () => {
    expect(godotFloat(8)).toBe("8.0");
    expect(godotFloat(1)).toBe("1.0");
    expect(godotFloat(12.5)).toBe("12.5");
    expect(text).toContain('"speed": 8.0');
    expect(text).toContain('"duration": 1.0');
  });

  it("has a reader that refuses a cut-off file and tells ints from floats", () => {
    expect(() => parseTres('[resource]\nanimations = [{\n"loop": true\n')).toThrow();
    expect(dict(parseTres('[resource]\nx = {\n"a": 8\n}')[0]!.props.x).a).toBe(8);
  });
});

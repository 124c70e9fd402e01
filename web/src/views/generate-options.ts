import type { Agent } from "../contract";
import type { Output } from "./sheet-fields";

// The Generate form's choices, as plain functions: sizes as select values, the outputs an agent offers, and the
// form field an API error names.

export const sizeKey = (s: { width: number; height: number }) => `${s.width}x${s.height}`;
export const drawsSheets = (agent: Agent | undefined) => Boolean(agent?.outputs.includes("sheet") && agent.sheet);
export const drawsTilesets = (agent: Agent | undefined) => Boolean(agent?.outputs.includes("tileset") && agent.tileset);
/** The outputs the form offers for `agent`: an image always, a sheet or tileset when it makes them. */
export const outputsOf = (agent: Agent | undefined): Output[] => [
  "image",
  ...(drawsSheets(agent) ? (["sheet"] as const) : []),
  ...(drawsTilesets(agent) ? (["tileset"] as const) : []),
];

/** The form field an API error's `param` names. */
export const fieldOf = (p: string | undefined) =>
  p === "prompt" || p === "messages"
    ? "prompt"
    : p === "agentId"
      ? "agent"
      : p === "width" || p === "height"
        ? "size"
        : p === "seed"
          ? "seed"
          : p === "transparent"
            ? "transparent"
            : p?.startsWith("sheet")
              ? "sheet"
              : p?.startsWith("tileset")
                ? "tileset"
                : p?.startsWith("palette")
                  ? "palette"
                  : p === "badge"
                    ? "badge"
                    : p === "image"
                      ? "picture"
                      : undefined;

import { type AgentKnowledge, MAX_PALETTE_COLORS, MIN_PALETTE_COLORS, NAMED_PALETTES, PALETTE_NAMES } from "../../agents/index.js";
import { MCP_TOOL_NAMES } from "../../contract/mcp-tools.js";
import { serviceName, serviceSummary } from "../../contract/openapi/info.js";

/** A procedural agent of the catalog and what it knows. */
export interface AgentKnows {
  id: string;
  knows: AgentKnowledge;
}

/** `count` words spread over the list (a sample that is not all "a…" words). */
function sample(words: readonly string[], count: number): string[] {
  if (words.length <= count) return [...words];
  return Array.from({ length: count }, (_, i) => words[Math.floor((i * words.length) / count)] as string);
}

/** "What the built-in agents know": counts and examples per procedural agent; empty without any. */
export function renderKnowsSection(origin: string, agents: readonly AgentKnows[]): string {
  if (agents.length === 0) return "";
  const lines = agents.map(
    ({ id, knows }) =>
      `- \`${id}\`: ${knows.subjects.length} subjects (e.g. ${sample(knows.subjects, 8).join(", ")}), ` +
      `${knows.modifiers.length} modifiers (e.g. ${[...new Set([...knows.modifiers.slice(0, 2), ...knows.modifiers.slice(-3)])].join(", ")}), ` +
      `${knows.styles.length} styles (e.g. ${sample(knows.styles, 4).join(", ")}).`,
  );
  // a paragraph, not an H2: llms.txt keeps H2 sections for lists of links
  return `
**What the built-in agents know.** The built-in agents draw without a model: they read the prompt for a subject they know, then colours, materials, effects and styles; synonyms and plurals of a subject work too, and a word they have no drawing of their own for is read as the nearest word they know (\`interpretation.readAs\`: "okapi" as giraffe, "thawing" as melting). Other words are ignored, and a prompt naming no subject the agent knows gets a generic design (\`interpretation.fallback: true\`, with \`interpretation.suggestions\` of near subjects). Check a prompt for free with \`"dryRun": true\` (the answer's \`interpretation\` lists the subject, modifiers and ignored words), or send \`"strict": true\` to get a 400 instead of a generic design.

${lines.join("\n")}

The full lists: \`knows\` of each agent in \`GET ${origin}/api/ai/agents\` (and the MCP tool list_agents).
`;
}

/** "Sprite sheets": the request, the price, the layout, the exports and how engines load them, the refusals. */
export function renderSheetsSection(origin: string): string {
  // a paragraph and a list, not an H2: llms.txt keeps H2 sections for lists of links
  return `
**Sprite sheets.** An agent whose \`outputs\` (\`GET ${origin}/api/ai/agents\`) list \`"sheet"\` (the built-in \`pixel-sprite\`) draws one character or creature in several directions and animations as one PNG: add \`"sheet": {"animations": ["idle","walk"], "directions": 4, "fps": 8}\` to the same body. \`animations\`: 1–8 of \`idle\`, \`walk\`, \`run\`, \`jump\`, \`attack\`, \`cast\`, \`hurt\`, \`death\` (\`idle\`, \`walk\` and \`run\` loop; the others play once) (default \`["idle","walk"]\`); \`directions\`: 1 (south, facing the viewer), 4 (south, east, north, west) or 8 (adds the diagonals), default 4; \`fps\`: 1–30, default 8. \`width\` × \`height\` is one frame. Price: the agent's credits × ceil(frames / 8), where the agent's \`sheet.framesPerAnimation\` gives each row's frames: idle (4) and walk (6) in 4 directions are 40 frames, 5 × 1 credit with \`pixel-sprite\`; \`"dryRun": true\` answers the price and the \`layout\` for free.

The asset then carries \`layout\` (\`frameWidth\`, \`frameHeight\`, \`columns\`, \`rows\`, and \`animations\`: one \`{name, direction, row, frames, fps, loop}\` per row, animation by animation in the asked order, directions within each; cell (c, r) is at (c × frameWidth, r × frameHeight); cells past a row's frames are transparent), \`quality\` (measured: colours, baseline jitter…) and \`exports\`: paths of engine files derived from it, fetched with the same key (\`GET /api/v1/assets/{id}/export/{format}\`, no charge):

- \`aseprite\`: Aseprite JSON, a frame tag \`<animation>_<direction>\` per row. Phaser 3: \`this.load.aseprite("knight", "knight.png", "knight.aseprite.json")\` in \`preload\`, then \`this.anims.createFromAseprite("knight")\` and \`sprite.play("walk_east")\`. Pixi and Defold read it too.
- \`texturepacker\`: TexturePacker JSON hash, frames \`<animation>_<direction>_<i>\` (Phaser \`load.atlas\`, Pixi, Unity importers).
- \`godot\`: a Godot 4 \`SpriteFrames\` \`.tres\`, one animation per \`<animation>_<direction>\`; it names the PNG \`res://<asset id>.png\`, so save the PNG under that name at the project's root, then give the \`.tres\` to an \`AnimatedSprite2D\`.
- \`zip\`: the PNG, every export above and a README.
- Unity: import the PNG as a Sprite (2D), Sprite Mode Multiple, Filter Mode Point, Compression None; Sprite Editor → Slice → Grid By Cell Size, the cell being \`layout.frameWidth\` × \`layout.frameHeight\`; row \`r\` from the top is \`layout.animations[r]\`.

A knight's sheet, its PNG and its Aseprite JSON (after the calls above):

\`\`\`sh
curl -s ${origin}/api/v1/generate -H "Authorization: Bearer $AGS_KEY" -H 'Content-Type: application/json' -H 'Idempotency-Key: first-knight' -d '{"prompt":"a red knight","agentId":"pixel-sprite","transparent":true,"width":64,"height":64,"sheet":{"animations":["idle","walk"],"directions":4}}' > knight-generation.json
jq -r '.assets[0].b64' knight-generation.json | base64 -d > knight.png
curl -s "${origin}$(jq -r '.assets[0].exports.aseprite' knight-generation.json)" -H "Authorization: Bearer $AGS_KEY" > knight.aseprite.json
\`\`\`

Refusals (400, nothing charged): \`unsupported_option\` with \`param: "sheet"\` for an agent that draws no sheets (its \`outputs\` are \`["image"]\`) or a prompt whose subject is an object, not a figure (\`"chest" is an object; a sheet animates a character or a creature\`); \`invalid_request\` naming the field for a bad value (\`sheet.directions\` for 3, \`sheet.animations\` for an unknown or repeated name) and \`sheet\` for a sheet larger than the agent's \`sheet.maxSidePx\`. An export that does not apply answers 404 listing those that do.
`;
}

/** "Tilesets": the request, the price, the layout rules, the exports and how Godot and Tiled use them, the refusals. */
export function renderTilesetsSection(origin: string): string {
  // a paragraph and a list, not an H2: llms.txt keeps H2 sections for lists of links
  return `
**Tilesets.** An agent whose \`outputs\` list \`"tileset"\` (the built-in \`texture\`) draws terrain tiles that autotile: add \`"tileset": {"layout": "wang-corner-16", "terrains": ["grass","dirt"]}\` to the same body. \`layout\`: \`wang-corner-16\` (16 tiles matched by their corners), \`wang-edge-16\` (16, by their sides) or \`blob-47\` (47, by sides and corners); \`terrains\`: one or two surfaces the agent knows (\`knows.subjects\`): \`["grass","dirt"]\` draws grass (\`terrains[0]\`, the foreground) over dirt; one terrain, \`["stone"]\`, draws it against transparency (a platform). \`width\` × \`height\` is one tile (64×64 is typical; the agent's sizes apply). Price: the agent's credits × ceil(tiles / 16): a 16-tile set costs 1 × 2 = 2 credits with \`texture\`; \`blob-47\` over a background is 47 tiles plus the background's fill tile, 48 tiles, 3 × 2 = 6 credits (one terrain: 47 tiles, also 6). \`"dryRun": true\` answers the price and the \`layout\` for free.

The asset's \`layout\` gives \`tileWidth\`, \`tileHeight\`, \`columns\`, \`rows\`, \`terrains\` and \`tiles\`: one \`{index, x, y, …}\` per tile, at pixel (x, y) of the PNG. A bit is set where \`terrains[0]\` is, else \`terrains[1]\` (or transparency):

- \`wang-corner-16\`: index = NE·1 + SE·2 + SW·4 + NW·8, 4×4 tiles at (index mod 4, floor(index / 4)); each tile's \`corners\` \`{nw, ne, se, sw}\` names the terrain (0, 1 or null).
- \`wang-edge-16\`: index = N·1 + E·2 + S·4 + W·8, the same grid; \`edges\` \`{n, e, s, w}\`.
- \`blob-47\`: each tile's \`mask\` weighs its neighbours of the foreground N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128, a corner counting only with both its sides; the 47 masks in ascending order, 7 a row; tile 47 is the background's plain fill tile (\`terrain\` 1, mask 255).

\`quality.seamScore\` measures how much more the pixels change across a tile edge than inside a tile (1.0 = no visible seam). \`exports\`: \`texturepacker\` (frames \`tile_<index>\`), \`godot\`, \`tiled\` and \`zip\`, fetched with the same key:

- Godot 4 (\`godot\`): a \`TileSet\` \`.tres\` with one terrain set (match corners, sides, or corners and sides) and each tile's peering bits. It names the PNG \`res://<asset id>.png\`: save both at the project's root, give the \`.tres\` to a \`TileMapLayer\`'s Tile Set, then paint in the TileMap editor's Terrains tab with the terrain set: it picks each tile itself.
- Tiled (\`tiled\`): a zip of \`<asset id>.tsx\` (the tileset with a Wang set: corner, edge or mixed), \`<asset id>-sample.tmx\` (a map painted with it) and the PNG. Unzip it, open the \`.tsx\` (or add it to a map: Map → Add External Tileset) and paint with the Terrain Brush on its Terrain Set; open the sample \`.tmx\` to see it tiled.
- \`zip\`: the PNG, every export above and a README.

Grass over dirt: the blob-47 price first, then a corner set, its PNG and its Tiled files:

\`\`\`sh
curl -s ${origin}/api/v1/generate -H "Authorization: Bearer $AGS_KEY" -H 'Content-Type: application/json' -d '{"prompt":"tiles","agentId":"texture","width":64,"height":64,"tileset":{"layout":"blob-47","terrains":["grass","dirt"]},"dryRun":true}' > tileset-estimate.json
jq .credits.price tileset-estimate.json
curl -s ${origin}/api/v1/generate -H "Authorization: Bearer $AGS_KEY" -H 'Content-Type: application/json' -H 'Idempotency-Key: first-tileset' -d '{"prompt":"tiles","agentId":"texture","width":64,"height":64,"tileset":{"layout":"wang-corner-16","terrains":["grass","dirt"]}}' > tileset-generation.json
jq -r '.assets[0].b64' tileset-generation.json | base64 -d > grass-dirt.png
curl -s "${origin}$(jq -r '.assets[0].exports.tiled' tileset-generation.json)" -H "Authorization: Bearer $AGS_KEY" > grass-dirt.tiled.zip
\`\`\`

Refusals (400, nothing charged): \`unsupported_option\` with \`param: "tileset"\` for an agent that draws no tilesets, \`"tileset.terrains"\` for a terrain the agent draws no surface for (the message names some it knows); \`invalid_request\` naming \`tileset.layout\` for another layout, \`tileset.terrains\` for none or three terrains, and \`tileset\` for a body with both \`sheet\` and \`tileset\`.
`;
}

/** "Palettes and quality": the field, what it guarantees, the quality figures and what to do about them, the refusals. */
export function renderPalettesSection(origin: string): string {
  // a paragraph and a list, not an H2: llms.txt keeps H2 sections for lists of links
  return `
**Palettes and quality.** Every agent takes \`"palette"\` in the same body (REST, GraphQL, MCP; not the OpenAI layer), at no extra price: a named palette, as published (${PALETTE_NAMES.map((name) => `\`${name}\` (${NAMED_PALETTES[name].length})`).join(", ")}), or your own ${MIN_PALETTE_COLORS}–${MAX_PALETTE_COLORS} colours written \`#rrggbb\`, each once (\`["#1a1c2c", "#5d275d", "#b13e53", "#f4f4f4"]\`). Every pixel with alpha > 0 of the output (image, sheet or tileset) is then exactly one of its colours, for every agent: sprites and icons are drawn with shading ramps chosen from the palette (no dithering), textures and tilesets are mapped onto it with ordered dithering; the same seed gives the same bytes. Give every asset of one game the same palette and they match. The generation echoes it as \`palette: {name?, colors}\`.

Every asset carries \`quality\`, measured on the stored PNG (not asserted), so a client that cannot look at the picture can still check it. "Opaque" means alpha > 0:

- \`colors\`: distinct RGB colours of the opaque pixels.
- \`paletteCompliance\` = opaque pixels whose colour is in the palette ÷ opaque pixels (1.0 without a palette). With a palette it is always 1.0; less is a bug: report the generation id.
- \`alphaCoverage\` = opaque pixels ÷ all pixels: 1.0 = no transparency; under 0.02 on a transparent asset, it is almost empty.
- \`bbox\` = \`{x, y, width, height}\` of the opaque pixels (null when there are none): where the subject is, to trim the sprite or size a hitbox.
- \`edgeContrast\` = mean |ΔL| (OKLab lightness, 0–1) over horizontally and vertically adjacent opaque pixels: under 0.01 it is a flat fill or a blank; pixel art is usually 0.05–0.3.
- \`tileabilityScore\` (textures) = mean colour change across the wrap seam ÷ mean change between adjacent pixels inside, as tiled 2×2: 1.0 = seamless; above 1.3 a seam may show.
- Sheets add \`baselineJitterPx\` and \`bboxHeightRangePx\`, tilesets \`seamScore\` (above).

Acting on it: use the asset as it is unless a figure is off. \`edgeContrast\` < 0.01 or \`alphaCoverage\` < 0.02: generate again with another \`seed\`, or a prompt whose subject the agent knows (\`"dryRun": true\` shows its \`interpretation\`); \`tileabilityScore\` > 1.3: another seed, or a \`tileset\` for ground that must join. The MCP tool generate_asset says all this in words after each asset, with a Warning sentence when a figure is off.

A knight on PICO-8, its PNG and its quality:

\`\`\`sh
curl -s ${origin}/api/v1/generate -H "Authorization: Bearer $AGS_KEY" -H 'Content-Type: application/json' -H 'Idempotency-Key: first-palette' -d '{"prompt":"a red knight","agentId":"pixel-sprite","transparent":true,"width":64,"height":64,"palette":"pico-8"}' > knight-pico8.json
jq -r '.assets[0].b64' knight-pico8.json | base64 -d > knight-pico8.png
jq -c '.assets[0].quality' knight-pico8.json > knight-pico8-quality.json
\`\`\`

Refusals (400 \`invalid_request\`, nothing charged): \`param: "palette"\` for an unknown name (the message lists the names and suggests the nearest: \`"pico8"\` → \`Did you mean "pico-8"?\`), for fewer than ${MIN_PALETTE_COLORS} or more than ${MAX_PALETTE_COLORS} colours, or for a value that is neither a name nor a list; \`param: "palette.<i>"\` for colour i when it is not \`#rrggbb\` (\`"#fff"\`: write \`"#ffffff"\`) or repeats an earlier one.

**Palette swaps.** \`POST ${origin}/api/v1/assets/{id}/recolor\` with \`{"palette": …}\` (the same values as above) maps one of your stored assets (an image, a sheet or a tileset) onto another palette without drawing it again: a new generation of the same agent, with \`recolorOf\` naming the source asset, its size, \`layout\` and \`exports\` kept, transparent pixels still transparent, every opaque pixel one of the new palette's colours (\`quality.paletteCompliance\` 1). The quick way to a night, winter or retro variant of a whole set. It costs a small fixed price whatever the asset's size (\`RECOLOR_CREDITS\`, 1 credit unless the operator set another), waits and answers like \`/generate\` (202 with \`Prefer: respond-async\`), and takes an \`Idempotency-Key\` (a retry charges nothing more). GraphQL: \`recolorAsset(id, palette, idempotencyKey)\`; MCP: the tool recolor_asset. An asset that is not yours answers 404 \`not_found\`; a bad palette 400 naming \`palette\`, nothing charged.

The knight's sheet (above) on the Game Boy's four greens, its layout unchanged:

\`\`\`sh
curl -s ${origin}/api/v1/assets/$(jq -r '.assets[0].id' knight-generation.json)/recolor -H "Authorization: Bearer $AGS_KEY" -H 'Content-Type: application/json' -H 'Idempotency-Key: first-recolor' -d '{"palette":"gameboy"}' > knight-gameboy.json
jq -r '.assets[0].b64' knight-gameboy.json | base64 -d > knight-gameboy.png
\`\`\`
`;
}

/**
 * /llms.txt (https://llmstxt.org): an H1, a one-paragraph summary in a blockquote, a few facts,
 * then H2 sections of links to the markdown pages we serve, `## Optional` last.
 */
export function renderLlmsTxt(origin: string, agents: readonly AgentKnows[] = []): string {
  return `# ${serviceName}

> ${serviceSummary} Call \`POST ${origin}/api/v1/generate\` with \`Authorization: Bearer ags_…\` and a JSON body such as \`{"prompt": "red health potion", "agentId": "icon", "transparent": true, "width": 128, "height": 128}\`; the answer carries the PNG inline as \`assets[0].b64\` (base64) and as \`assets[0].url\` (GET it with the same key).

- A game's art in one call (a kit): \`POST ${origin}/api/v1/kits\` with \`{"name": "meadow", "scale": 32, "palette": "endesga-32", "transparent": true, "items": [{"name": "hero", "prompt": "knight with a sword", "sheet": {"animations": ["walk"]}}, {"name": "slime", "prompt": "green slime"}, {"name": "potion", "prompt": "red potion", "agentId": "icon"}, {"name": "ground", "prompt": "grass and dirt", "agentId": "texture", "tileset": {"layout": "wang-corner-16", "terrains": ["grass", "dirt"]}}]}\` (add \`"dryRun": true\` first for each item's price): every item at one pixel scale and palette, packed into one atlas with Phaser, TexturePacker, Godot and libGDX exports (\`atlas.exports\`). A map for Phaser, Tiled or Godot: \`POST /api/v1/assets/{tileset id}/map\` \`{"width": 24, "height": 16}\`. MCP: generate_kit.
- Your own art: \`POST ${origin}/api/v1/uploads\` with the image as the body (\`Content-Type: image/png\`, JPEG, WebP or GIF; up to 10 MiB and 4096 px; free) answers \`{asset: {id: "ast_…", width, height}}\`; then \`POST ${origin}/api/v1/generate\` with \`{"agentId": "pixel-fixer", "image": "ast_…"}\` (fake or blurred pixel art back at its true grid, \`interpretation.detected\` says the scale), \`"cutout"\` (background removed), or \`"pixel-sprite"\` with \`"sheet": {"animations": ["idle", "walk"], "directions": 1}\` (your sprite animated). \`image\` may also be a \`data:image/png;base64,…\` URL. Agents that take a picture list \`inputs: ["prompt", "image"]\`. MCP: upload_image; OpenAI SDKs: \`images.edit\` with \`model: "pixel-fixer"\`.
- Get a key: sign up at ${origin}/sign-up and create one under API keys, or with the calls below. The secret is shown once.
- Agents, prices and sizes: \`GET ${origin}/api/ai/agents\` (no key needed); an agent whose \`inputs\` list \`"image"\` takes your picture as \`image\` (an asset id or a \`data:image/png;base64,…\` URL). A call costs the agent's price in credits; \`GET /api/v1/credits\` is the balance.
- Long or many generations: \`Prefer: respond-async\` answers 202 at once with \`Location\`; stream \`GET /api/v1/generations/{id}/events\` (server-sent events) or poll \`GET /api/v1/generations/{id}\`.
- OpenAI clients (SDKs, LangChain, LiteLLM…): base URL \`${origin}/v1\`, the key as API key, \`model\` = an agent id; \`POST /v1/images/generations\` and \`GET /v1/models\` speak the OpenAI Images protocol (a compatibility layer; errors in OpenAI's shape).
- One look for a whole game: \`"palette": "pico-8"\` (or 2–64 \`#rrggbb\` colours) on any agent puts every opaque pixel on that palette; every asset's \`quality\` reports what was measured on it (below).
- Retries: send an \`Idempotency-Key\` header; the same key and body replay the first answer and charge nothing.
- Errors are \`{"error": {"code", "message", "param", "retryable", "details": {"docs"}}}\`: the message says what to send instead; retry only when \`retryable\` is true, after \`Retry-After\`.

**From nothing to a PNG in three calls** (curl and jq). Sign-up and key creation use a session
cookie, so they must carry \`Origin: ${origin}\` (the service refuses a cookie write from any other
origin, or none: that is its CSRF protection); every later call uses the key alone, with no Origin.

1. Create an account (an existing one: the same body to \`${origin}/api/auth/sign-in\`); new accounts get free credits:

   \`\`\`sh
   curl -s -c jar -H 'Content-Type: application/json' -H 'Origin: ${origin}' -d '{"email":"you@example.com","password":"a long password"}' ${origin}/api/auth/sign-up
   \`\`\`

2. Create an API key with that session (\`secret\` is shown only in this answer):

   \`\`\`sh
   export AGS_KEY=$(curl -s -b jar -H 'Content-Type: application/json' -H 'Origin: ${origin}' -d '{"name":"coding agent","scopes":["generate"]}' ${origin}/api/keys | jq -r .secret)
   \`\`\`

3. Generate, and save the PNG (inline as base64; also at \`assets[0].url\` with the key):

   \`\`\`sh
   curl -s ${origin}/api/v1/generate -H "Authorization: Bearer $AGS_KEY" -H 'Content-Type: application/json' -H 'Idempotency-Key: first-potion' -d '{"prompt":"red health potion","agentId":"icon","transparent":true,"width":128,"height":128}' | jq -r '.assets[0].b64' | base64 -d > potion.png
   \`\`\`
${renderSheetsSection(origin)}${renderTilesetsSection(origin)}${renderPalettesSection(origin)}${renderKnowsSection(origin, agents)}
## Docs

- [Getting started](${origin}/docs/getting-started.md): create a key, first call, save the PNG, async and streams, idempotent retries, errors and what to do, agents and prices, MCP
- [API reference](${origin}/docs/api.md): every endpoint with its auth, headers, body fields, responses, errors and a curl example

## API

- [OpenAPI 3.1 document](${origin}/openapi.json): the same reference, machine-readable, generated from the schemas that validate requests
- [MCP server](${origin}/mcp): Model Context Protocol over Streamable HTTP; authenticate with \`Authorization: Bearer ags_…\` (tools: ${MCP_TOOL_NAMES.join(", ")})
- [Agents](${origin}/api/ai/agents): the agents, their prices and sizes, as JSON

## Optional

- [Everything in one file](${origin}/llms-full.txt): the guide and the whole reference inline
- [Reference page](${origin}/docs): the same reference as a web page
- [Service index](${origin}/): name, version and links as JSON (any client that does not ask for HTML)
`;
}

export function renderLlmsFullTxt(origin: string, guide: string, reference: string): string {
  return `# ${serviceName}

> ${serviceSummary} This file holds the guide and the whole API reference; the index is ${origin}/llms.txt.

${guide.replace(/^# .*\n/, "# Getting started\n").trim()}

---

${reference.trim()}
`;
}

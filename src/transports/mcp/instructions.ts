/** What the server tells a client about itself on initialize: what it makes and the calls in order. */
export const serverInstructions =
  "Generates game and UI assets (pixel sprites, icons, textures, model images) as PNG for credits, sprite sheets " +
  "(one character in several directions and animations, with Aseprite, TexturePacker and Godot exports) from agents whose outputs list sheet, " +
  "and autotiling terrain tilesets (Wang corner or edge sets, blob-47, with Godot TileSet and Tiled exports) from agents whose outputs list tileset. " +
  "Every agent takes a palette (a name such as pico-8, or your own #rrggbb colours): every opaque pixel is then one of its colours, so a game's assets match. " +
  "Call list_agents to pick an agent and size, estimate_cost to check the price, then generate_asset; " +
  "it waits for the image and shows a small preview, an asset:// link to the full PNG and the asset's measured quality (colours, palette share, coverage, contrast) with a warning when something is off. Long generations answer " +
  "their id: follow up with get_generation. Retrying generate_asset with the same idempotencyKey never charges twice. " +
  "To move an existing asset, sheet or tileset onto another palette (a night or winter variant, a whole set made to match), call recolor_asset: it keeps the layout and costs a small fixed price.";

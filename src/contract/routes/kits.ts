import { exportQuery } from "../schemas/exports.js";
import { atlasRequest, kitEstimate, kitRequest, kitView } from "../schemas/kit.js";
import { generateErrors, generationById, json, page, type RouteSpec, stream } from "./spec.js";

/** Kits (contract section 13): several assets in one call at one pixel scale, packed into one atlas with engine exports. */
export const kitRoutes = {
  createKit: {
    method: "POST",
    path: "/api/v1/kits",
    transport: "rest",
    auth: { allow: "api_key", scope: "generate" },
    rate: "generate",
    tags: ["Kits"],
    body: kitRequest,
    headers: ["Idempotency-Key", "Prefer"],
    summary:
      "Makes 1–64 assets in one call at one pixel scale (`scale` 16|32|48|64), palette and transparency, and packs them into one atlas (Phaser, TexturePacker, Godot, libGDX exports). Priced as the sum of the items, reserved all or nothing; an item that fails is refunded and named in `failed`. dryRun: true answers the total and each item's price. Prefer: respond-async answers 202 at once (status running, Location: GET /api/v1/kits/{id}, which settles the status and shows the atlas once every item has ended).",
    responses: {
      200: json("The kit, with its items' generations and its atlas; or, for a dry run, the estimate.", kitView.or(kitEstimate)),
      202: json("Accepted (Prefer: respond-async): the kit running, its items queued; follow Location.", kitView),
    },
    errors: generateErrors,
  },
  createKitInApp: {
    method: "POST",
    path: "/api/ai/kits",
    transport: "rest",
    auth: { allow: "session" },
    rate: "generate",
    tags: ["In-app"],
    body: kitRequest,
    headers: ["Idempotency-Key"],
    summary: "A kit for the in-app client (session cookie); the same body and answer as POST /api/v1/kits.",
    responses: { 200: json("The kit, or the estimate.", kitView.or(kitEstimate)) },
    errors: generateErrors,
  },
  createAtlas: {
    method: "POST",
    path: "/api/v1/atlases",
    transport: "rest",
    auth: { allow: "api_key", scope: "generate" },
    rate: "generate",
    tags: ["Kits"],
    body: atlasRequest,
    summary:
      "Packs 1–500 of your own assets into one atlas as a kit's (same frames, pages and exports), for ATLAS_CREDITS (default 1). Answers a kit (status succeeded) whose items name the assets; GET /api/v1/kits/{id}, its pages and exports serve it. Another account's or an unknown asset: 404 naming `assets.N`; nothing charged on a refusal.",
    responses: { 200: json("The atlas, as a kit.", kitView) },
    errors: [...generateErrors, "not_found"],
  },
  getKit: {
    method: "GET",
    path: "/api/v1/kits/:id",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Kits"],
    summary: "A kit: its items' generations as they stand, the failed ones named, its atlas.",
    responses: { 200: json("The kit.", kitView) },
    errors: generationById,
  },
  getKitEvents: {
    method: "GET",
    path: "/api/v1/kits/:id/events",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Kits"],
    summary:
      "The kit's events as server-sent events: its items' generation events as they come (each event's data names its `item`), then one `kit.completed` carrying the kit (as GET /api/v1/kits/{id} answers it, status succeeded or failed, the failed items named) once every item has ended. Each connection replays from the start (event ids count from 1; Last-Event-ID is not used).",
    responses: { 200: stream("Every item's stored events, then live ones, ending with kit.completed.") },
    errors: generationById,
  },
  getKitAtlasPage: {
    method: "GET",
    path: "/api/v1/kits/:id/atlas/:page",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Kits"],
    summary: "A page of the kit's atlas as PNG (pages numbered from 0): every frame's pixels exactly its asset's.",
    ...page("The page.", "image/png"),
    errors: generationById,
  },
  getKitExport: {
    method: "GET",
    path: "/api/v1/kits/:id/export/:format",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Kits"],
    query: exportQuery,
    headers: ["If-None-Match"],
    summary:
      "An engine file of the kit's atlas: phaser (Phaser 3 multi-atlas JSON with `anims` for anims.fromJSON; load it under the kit's slug), texturepacker (JSON hash; a zip when there are several pages), godot (zip of Godot 4 SpriteFrames and AtlasTextures referencing res://<godotDir>/<page>.png; `?godotDir=` default art), libgdx (.atlas), zip (all of them with the pages). Files are named by the kit's slug.",
    responses: {
      200: { description: "The file, with Content-Disposition naming it.", contentType: "application/octet-stream" },
      304: { description: "Not modified." },
    },
    errors: [...generationById, "invalid_request"],
  },
} as const satisfies Record<string, RouteSpec>;

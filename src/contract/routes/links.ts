import { exportQuery } from "../schemas/exports.js";
import { createLinkRequest, linkResponse } from "../schemas/links.js";
import { bodyErrors, generationById, json, type RouteSpec } from "./spec.js";

/** Public links to an asset: made by its owner, read by anyone holding them until they expire. */
export const linkRoutes = {
  createAssetLink: {
    method: "POST",
    path: "/api/v1/assets/:id/links",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Links"],
    body: createLinkRequest,
    bodyOptional: true,
    summary:
      "A public link to the asset (owner only): anyone holding the URL can GET its bytes, and `<url>/export/<format>` its exports, without a key, until it expires (expiresIn 60–604800 s, default 3600; the body may be empty).",
    responses: { 201: json("The link.", linkResponse) },
    errors: [...bodyErrors, ...generationById],
  },
  getLinkedAsset: {
    method: "GET",
    path: "/api/v1/links/:token",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Links"],
    headers: ["If-None-Match"],
    summary: "The bytes of a linked asset, for anyone holding the link, until it expires; cacheable (ETag = sha256). A changed or expired link: 404.",
    responses: { 200: { description: "The PNG.", contentType: "image/png" }, 304: { description: "Not modified." } },
    errors: ["not_found", "service_unavailable"],
  },
  getLinkedAssetExport: {
    method: "GET",
    path: "/api/v1/links/:token/export/:format",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Links"],
    query: exportQuery,
    headers: ["If-None-Match"],
    summary:
      "An engine file of a linked asset (as GET /api/v1/assets/{id}/export/{format}, `?godotDir=` included), for anyone holding the link, until it expires.",
    responses: {
      200: { description: "The file, with Content-Disposition naming it.", contentType: "application/octet-stream" },
      304: { description: "Not modified." },
    },
    errors: ["invalid_request", "not_found", "service_unavailable"],
  },
} as const satisfies Record<string, RouteSpec>;

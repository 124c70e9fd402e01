import { sliceRequest, sliceResponse, uploadQuery, uploadResponse } from "../schemas/uploads.js";
import { authErrors, bodyErrors, generationById, json, type RouteSpec } from "./spec.js";

/** The caller's own art (contract section 14): uploads, and the layout of an uploaded sheet or tileset. */
export const uploadRoutes = {
  uploadImage: {
    method: "POST",
    path: "/api/v1/uploads",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "generate",
    tags: ["Uploads"],
    query: uploadQuery,
    summary:
      "Upload your own picture as an asset (free; counted against the generation rate limit and the storage quota): the body is the image (Content-Type image/png, image/jpeg, image/webp or image/gif: first frame) or multipart/form-data with one `file` part. Stored as an 8-bit sRGB PNG without metadata. Limits checked from the header before decoding: UPLOAD_MAX_BYTES (413), UPLOAD_MAX_SIDE (400 invalid_image); SVG and other types 415.",
    responses: { 201: json("The stored asset.", uploadResponse) },
    errors: [...bodyErrors, ...authErrors, "invalid_image", "storage_quota_exceeded", "rate_limited", "service_unavailable"],
  },
  sliceAsset: {
    method: "POST",
    path: "/api/v1/assets/:id/slice",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    tags: ["Uploads"],
    body: sliceRequest,
    summary:
      "Give an uploaded sheet (`frameWidth`, `frameHeight`, `animations`) or tileset (`tileWidth`, `tileHeight`, `tileset.layout`) its layout, free, so every export applies (Aseprite, TexturePacker, Godot, Tiled, zip). A layout that does not fit the picture: 400 naming the field.",
    responses: { 200: json("The asset's new layout and exports.", sliceResponse) },
    errors: [...bodyErrors, ...generationById],
  },
} as const satisfies Record<string, RouteSpec>;

import { deleteAccountRequest } from "../schemas/accounts.js";
import { storageResponse } from "../schemas/links.js";
import { authErrors, bodyErrors, generationById, json, type RouteSpec } from "./spec.js";

/** Deleting assets, generations and whole accounts (erasure), and the storage an account uses (contract section 15). */
export const deletionRoutes = {
  deleteAsset: {
    method: "DELETE",
    path: "/api/v1/assets/:id",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Deletion"],
    summary:
      "Deletes the asset (owner only; 404 otherwise): 204, then 410 gone for it (a repeated DELETE too) and its links stop working. Its generation and the ledger stay.",
    responses: { 204: { description: "Deleted." } },
    errors: [...generationById, "gone"],
  },
  deleteGeneration: {
    method: "DELETE",
    path: "/api/v1/generations/:id",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Deletion"],
    summary:
      "Deletes a finished generation with its assets and events (owner only; 404 otherwise): 204, then 410 gone. 409 generation_active while it is queued or running (cancel it first). The ledger stays.",
    responses: { 204: { description: "Deleted." } },
    errors: [...generationById, "gone", "generation_active"],
  },
  deleteAccount: {
    method: "POST",
    path: "/api/auth/delete-account",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["Deletion"],
    body: deleteAccountRequest,
    summary:
      "Erases the signed-in user's account: the user, sessions, API keys, webhooks, generations, prompts and assets go; the ledger stays with the account id only. Needs the password (403 when wrong); 409 while a generation runs.",
    responses: { 204: { description: "Erased; the session cookie is cleared." } },
    errors: [...bodyErrors, ...authErrors, "generation_active", "service_unavailable"],
  },
  getStorage: {
    method: "GET",
    path: "/api/v1/storage",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Credits"],
    summary: "The bytes the account's assets take, and its quota (STORAGE_QUOTA_MB).",
    responses: { 200: json("The storage used and the quota.", storageResponse) },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
} as const satisfies Record<string, RouteSpec>;

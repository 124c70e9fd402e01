import { sessionResponse, signInRequest, signUpRequest } from "../schemas/accounts.js";
import { agentsResponse } from "../schemas/agents.js";
import { balanceResponse } from "../schemas/credits.js";
import { createdKeyResponse, createKeyRequest, keyListResponse } from "../schemas/keys.js";
import { authErrors, bodyErrors, json, type RouteSpec } from "./spec.js";

/** Health, the agents, signing up and in, and API keys. */
export const accountRoutes = {
  health: {
    method: "GET",
    path: "/healthz",
    transport: "ops",
    auth: { allow: "public" },
    tags: ["Operations"],
    summary: "Health of the service and each dependency (database, Redis, workers); 503 while one is down, status degraded while no worker takes jobs.",
    responses: { 200: json("Every dependency answers: status ok, or degraded (with reasons) while no process takes the queue's jobs.") },
    errors: ["service_unavailable"],
  },
  listAgents: {
    method: "GET",
    path: "/api/ai/agents",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Agents"],
    summary: "The agents available to generate with, their prices and sizes.",
    responses: { 200: json("The agents.", agentsResponse) },
    errors: ["service_unavailable"],
  },
  signUp: {
    method: "POST",
    path: "/api/auth/sign-up",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Accounts"],
    body: signUpRequest,
    summary: "Creates a user and an account holding the sign-up credits; sets the session cookie.",
    responses: { 201: json("Signed up and signed in.", sessionResponse) },
    errors: [...bodyErrors, "forbidden", "rate_limited", "service_unavailable"],
  },
  signIn: {
    method: "POST",
    path: "/api/auth/sign-in",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Accounts"],
    body: signInRequest,
    summary: "Signs in; sets the session cookie.",
    responses: { 200: json("Signed in.", sessionResponse) },
    errors: [...bodyErrors, "unauthenticated", "forbidden", "rate_limited", "service_unavailable"],
  },
  signOut: {
    method: "POST",
    path: "/api/auth/sign-out",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Accounts"],
    summary: "Ends the session and clears the cookie.",
    responses: { 204: { description: "Signed out." } },
    errors: ["forbidden", "service_unavailable"],
  },
  session: {
    method: "GET",
    path: "/api/auth/session",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["Accounts"],
    summary: "The signed-in user and account.",
    responses: { 200: json("The session's user and account.", sessionResponse) },
    errors: ["unauthenticated", "service_unavailable"],
  },
  createKey: {
    method: "POST",
    path: "/api/keys",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["API keys"],
    body: createKeyRequest,
    summary: "Issues an API key; the secret is in this response only.",
    responses: { 201: json("The key and its secret.", createdKeyResponse) },
    errors: [...bodyErrors, ...authErrors, "service_unavailable"],
  },
  listKeys: {
    method: "GET",
    path: "/api/keys",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["API keys"],
    summary: "The account's live API keys (never a secret).",
    responses: { 200: json("The keys.", keyListResponse) },
    errors: [...authErrors, "service_unavailable"],
  },
  revokeKey: {
    method: "DELETE",
    path: "/api/keys/:id",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["API keys"],
    summary: "Revokes a key: it answers 401 from then on.",
    responses: { 204: { description: "Revoked." } },
    errors: [...authErrors, "not_found", "service_unavailable"],
  },
} as const satisfies Record<string, RouteSpec>;

/** The account's credits. */
export const creditRoutes = {
  getCredits: {
    method: "GET",
    path: "/api/v1/credits",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Credits"],
    summary: "The account's balance.",
    responses: { 200: json("The balance.", balanceResponse) },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
} as const satisfies Record<string, RouteSpec>;

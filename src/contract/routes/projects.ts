import { createProjectRequest, project, projectAssetPage, projectList } from "../schemas/projects.js";
import { authErrors, bodyErrors, generationById, json, type RouteSpec } from "./spec.js";

/** Projects (contract section 13): a game's defaults and the assets filed under it. */
export const projectRoutes = {
  createProject: {
    method: "POST",
    path: "/api/v1/projects",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Projects"],
    body: createProjectRequest,
    summary:
      "Creates a project: a game's defaults (palette, scale, transparent). `projectId` on a generation or a kit applies them (a field of the request wins) and files the result under the project. Free.",
    responses: { 201: json("The project.", project) },
    errors: [...bodyErrors, ...authErrors, "rate_limited", "service_unavailable"],
  },
  listProjects: {
    method: "GET",
    path: "/api/v1/projects",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Projects"],
    summary: "Your projects, newest first, each with its defaults and how many assets it holds.",
    responses: { 200: json("The projects.", projectList) },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
  getProject: {
    method: "GET",
    path: "/api/v1/projects/:id",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Projects"],
    summary: "One of your projects (404 for another account's).",
    responses: { 200: json("The project.", project) },
    errors: generationById,
  },
  listProjectAssets: {
    method: "GET",
    path: "/api/v1/projects/:id/assets",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Projects"],
    summary:
      "The assets filed under the project, newest first (query: first 1–100, default 20; after: the previous page's endCursor), each with its generation and its name (a slug of its prompt).",
    responses: { 200: json("A page of assets.", projectAssetPage) },
    errors: [...generationById, "invalid_request"],
  },
  getProjectZip: {
    method: "GET",
    path: "/api/v1/projects/:id/export/zip",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Projects"],
    headers: ["If-None-Match"],
    summary:
      "The project as one zip: each asset's PNG named by a slug of its prompt (unique in the zip: knight.png, knight-2.png), oldest first, at most the 500 newest assets, and a README naming each file.",
    responses: {
      200: { description: "The zip, with Content-Disposition naming it `<project slug>.zip`.", contentType: "application/octet-stream" },
      304: { description: "Not modified." },
    },
    errors: generationById,
  },
} as const satisfies Record<string, RouteSpec>;

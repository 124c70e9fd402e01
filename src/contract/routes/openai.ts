import { openAiErrorResponses, openAiImageEditForm, openAiImageRequest, openAiImagesResponse, openAiModel, openAiModelList } from "../schemas/openai.js";
import { authErrors, generateErrors, json, type RouteSpec } from "./spec.js";

/**
 * The OpenAI-compatible layer (OpenAI Images protocol, base URL `<service>/v1`): errors in OpenAI's
 * shape and statuses (`responses`); insufficient_credits answers 429 insufficient_quota there.
 */
export const openAiRoutes = {
  openaiImages: {
    method: "POST",
    path: "/v1/images/generations",
    transport: "openai",
    auth: { allow: "api_key", scope: "generate" },
    rate: "generate",
    tags: ["OpenAI compatibility"],
    body: openAiImageRequest,
    headers: ["Idempotency-Key"],
    summary:
      "OpenAI's images.generate: model = an agent id, n images (1–4, all reserved or none), b64_json or url, or stream: true for image_generation.* events. Any OpenAI client with base URL <service>/v1 and an ags_ key.",
    responses: {
      200: {
        description: "The images (data[].b64_json or data[].url, with the generation id in data[].id); with stream: true, server-sent events.",
        schema: openAiImagesResponse,
      },
      ...openAiErrorResponses(generateErrors),
    },
    errors: generateErrors.filter((c) => c !== "insufficient_credits" && c !== "key_budget_exceeded"),
  },
  openaiImageEdits: {
    method: "POST",
    path: "/v1/images/edits",
    transport: "openai",
    auth: { allow: "api_key", scope: "generate" },
    rate: "generate",
    tags: ["OpenAI compatibility"],
    body: openAiImageEditForm,
    bodyContentType: "multipart/form-data",
    headers: ["Idempotency-Key"],
    summary:
      'OpenAI\'s images.edit (multipart/form-data): image (or image[]; the first file) goes to model = an agent whose inputs include "image" (pixel-fixer, cutout, …), with prompt, n, size, background and response_format as in images.generate; mask is accepted and ignored. The picture is stored as an upload.',
    responses: {
      200: { description: "The images (data[].b64_json or data[].url, with the generation id in data[].id).", schema: openAiImagesResponse },
      ...openAiErrorResponses([...generateErrors, "invalid_image", "storage_quota_exceeded"]),
    },
    errors: [...generateErrors.filter((c) => c !== "insufficient_credits" && c !== "key_budget_exceeded"), "invalid_image", "storage_quota_exceeded"],
  },
  openaiModels: {
    method: "GET",
    path: "/v1/models",
    transport: "openai",
    auth: { allow: "api_key", scope: "read" },
    rate: "read",
    tags: ["OpenAI compatibility"],
    summary: "OpenAI's models.list: the enabled agents as models.",
    responses: { 200: json("The agents as OpenAI models.", openAiModelList), ...openAiErrorResponses([...authErrors, "rate_limited", "service_unavailable"]) },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
  openaiModel: {
    method: "GET",
    path: "/v1/models/:id",
    transport: "openai",
    auth: { allow: "api_key", scope: "read" },
    rate: "read",
    tags: ["OpenAI compatibility"],
    summary: "OpenAI's models.retrieve: one agent as a model (404 unknown_agent for any other id).",
    responses: {
      200: json("The agent as an OpenAI model.", openAiModel),
      ...openAiErrorResponses([...authErrors, "unknown_agent", "rate_limited", "service_unavailable"]),
    },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
} as const satisfies Record<string, RouteSpec>;

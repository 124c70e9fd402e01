import { AppError } from "../../contract/errors.js";
import type { GenerateRequest } from "../../contract/schemas/generation.js";
import { openAiImageRequest, type OpenAiImageRequest } from "../../contract/schemas/openai.js";
import { parseInput } from "../../contract/validation.js";
import type { AgentService, ResolvedAgent } from "../../domain/agents/agents.js";

/**
 * An OpenAI Images request, translated: what our submit use-case takes (`body`), how many, and how
 * to answer. Everything is checked against the agent here, in OpenAI's field names (`model`,
 * `size`, `background`), before anything is counted or charged.
 *
 * | OpenAI field | ours |
 * |---|---|
 * | `model` | `agentId` (absent: the default agent) |
 * | `prompt` | `prompt` |
 * | `n` (1–4) | n generations, reserved all or nothing |
 * | `size` `"WxH"` / `"auto"` | `width`, `height` (one of the agent's sizes) / the agent's default size |
 * | `background` | `transparent`: `transparent` → true, `opaque` → false, `auto` (default) → whether the agent supports it |
 * | `output_format` | `png` only |
 * | `response_format` | `b64_json` (default): the PNG inline; `url`: a public link to the PNG for an hour (no key needed) |
 * | `stream`, `partial_images` | server-sent events; partial images from the agent's previews |
 * | `quality`, `user` | logged under the request id; `quality` is echoed |
 * | `style`, `moderation`, `output_compression` | accepted and ignored |
 */
export interface ImagesCall {
  body: GenerateRequest;
  n: number;
  agent: ResolvedAgent;
  size: string;
  background: "transparent" | "opaque";
  quality: string;
  responseFormat: "b64_json" | "url";
  stream: boolean;
  partialImages: number;
  request: OpenAiImageRequest;
}

/** The agent an OpenAI `model` names (the default agent when absent): 404 `unknown_agent` in OpenAI's words otherwise. */
export async function resolveModel(agents: AgentService, model: string | null | undefined): Promise<ResolvedAgent> {
  try {
    return await agents.resolve(model ?? undefined);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "unknown_agent") throw error;
    throw unknownModel(String(model), (error.details?.agents as string[] | undefined) ?? []);
  }
}

export function unknownModel(model: string, models: string[]): AppError {
  return new AppError(
    "unknown_agent",
    `The model ${JSON.stringify(model)} does not exist. Use one of: ${models.join(", ") || "none is enabled"} (GET /v1/models lists them).`,
    {
      param: "model",
      details: { models },
    },
  );
}

export async function readImagesCall(agents: AgentService, raw: unknown): Promise<ImagesCall> {
  const request = parseInput(openAiImageRequest, raw);
  const agent = await resolveModel(agents, request.model);
  const sizes = agent.sizes.map((s) => `${s.width}x${s.height}`);
  let size = { ...agent.defaultSize };
  if (request.size != null && request.size !== "auto") {
    const match = /^(\d{1,5})x(\d{1,5})$/.exec(request.size);
    const asked = match ? agent.sizes.find((s) => s.width === Number(match[1]) && s.height === Number(match[2])) : undefined;
    if (!asked) {
      throw new AppError(
        "invalid_request",
        `size: The model ${agent.id} makes ${sizes.join(", ")}; send one of them, or "auto" (${agent.defaultSize.width}x${agent.defaultSize.height}).`,
        {
          param: "size",
          details: { sizes },
        },
      );
    }
    size = { ...asked };
  }
  if (request.background === "transparent" && !agent.supportsTransparent) {
    throw new AppError(
      "unsupported_option",
      `background: The model ${agent.id} cannot make transparent backgrounds; send "opaque" or "auto", or pick another model.`,
      {
        param: "background",
      },
    );
  }
  if (request.output_format != null && request.output_format !== "png") {
    throw new AppError("unsupported_option", `output_format: This service makes PNG only; leave output_format out or send "png".`, { param: "output_format" });
  }
  const transparent = request.background === "transparent" || ((request.background ?? "auto") === "auto" && agent.supportsTransparent);
  return {
    body: {
      prompt: request.prompt,
      agentId: agent.id,
      transparent,
      width: size.width,
      height: size.height,
      ...(request.palette != null ? { palette: request.palette } : {}),
    },
    n: request.n ?? 1,
    agent,
    size: `${size.width}x${size.height}`,
    background: transparent ? "transparent" : "opaque",
    quality: request.quality ?? "auto",
    responseFormat: request.response_format ?? "b64_json",
    stream: request.stream === true,
    partialImages: request.partial_images ?? 0,
    request,
  };
}

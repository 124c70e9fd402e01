import { isErrorCode, AppError } from "../../contract/errors.js";
import type { GenerationView } from "../../contract/schemas/generation.js";
import type { OpenAiImagesResponse, OpenAiUsage } from "../../contract/schemas/openai.js";
import { onAbort } from "../../domain/abort.js";
import type { AuthenticatedViewer } from "../../domain/auth/viewer.js";
import type { BatchSubmission } from "../../domain/generation/submit-many.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import type { Services } from "../../services.js";
import type { RequestState } from "../http/request-state.js";
import { sseResponse, type SseEvent } from "../http/sse.js";
import { openAiError } from "./errors.js";
import type { ImagesCall } from "./request.js";

/** OpenAI's token counts: our price is in credits (X-Credits-Charged), so they are all 0. */
export const zeroUsage = (): OpenAiUsage => ({ input_tokens: 0, input_tokens_details: { image_tokens: 0, text_tokens: 0 }, output_tokens: 0, total_tokens: 0 });

const seconds = (iso: string | number) => Math.floor((typeof iso === "number" ? iso : Date.parse(iso)) / 1000);

/** X-Credits-Charged (what this call charged: the batch's credits, 0 on a replay), X-Credits-Balance, Idempotent-Replayed. */
export function creditHeaders(s: BatchSubmission): Record<string, string> {
  return {
    "x-credits-charged": s.replayed ? "0" : String(s.generations.reduce((sum, g) => sum + g.credits.charged, 0)),
    "x-credits-balance": String(s.balance),
    ...(s.replayed ? { "idempotent-replayed": "true" } : {}),
  };
}

/** The answer of a call that waited: OpenAI's ImagesResponse, the generation ids in `data[].id`. */
export async function imagesAnswer(
  s: BatchSubmission,
  call: ImagesCall,
  deps: { services: Services; viewer: AuthenticatedViewer; publicOrigin: string },
): Promise<OpenAiImagesResponse> {
  const data = await Promise.all(
    s.generations.map(async (g) => {
      const asset = g.assets[0];
      if (!asset) throw new AppError("internal_error", `The generation ${g.id} has no asset.`);
      // A public link for an hour, as OpenAI's own URLs are: the SDKs fetch it without a key.
      if (call.responseFormat === "url") return { url: (await deps.services.links.sign(asset.id, 3600)).url, id: g.id };
      const b64 = asset.b64 ?? Buffer.from((await deps.services.generations.assetBytes(deps.viewer, asset.id)).bytes).toString("base64");
      return { b64_json: b64, id: g.id };
    }),
  );
  return {
    created: seconds(s.generations[0]!.createdAt),
    data,
    background: call.background,
    output_format: "png",
    size: call.size,
    quality: call.quality,
    usage: zeroUsage(),
  };
}

/**
 * `stream: true`: the batch's events as OpenAI's image stream, after a first `generation_ids` event
 * (ours: `{type, generation_ids, created_at}`). Generation by generation, in order
 * (each one's stored events first, then live ones): its previews become
 * `image_generation.partial_image` (at most `partial_images`, indexed from 0 per image), its end
 * `image_generation.completed`. A generation that fails (refunded) does not stop the others; the
 * stream then ends with one `error` event (`{type: "error", error: {message, type, param, code}}`,
 * which the SDKs raise). Disconnecting never cancels a generation (as our own streams).
 */
export function imagesStream(
  s: BatchSubmission,
  call: ImagesCall,
  deps: { services: Services; viewer: AuthenticatedViewer; state: RequestState; closing: AbortSignal },
): Response {
  const ids = s.generations.map((g) => g.id);
  const common = () => ({
    created_at: seconds(Date.now()),
    size: call.size,
    quality: call.quality,
    background: call.background,
    output_format: "png" as const,
  });
  let index = 0;
  let current: AsyncGenerator<GenerationEventMessage> | undefined;
  let partials = 0;
  let failure: SseEvent | undefined;
  let finished = false;
  let closed = false;
  // The first event, sent at once: the generations' ids (charged from now on), so a client that
  // leaves before the first image can still read them (GET /api/v1/generations/{id}). Its `type` is
  // none of OpenAI's: clients that switch on `type` pass over it.
  const pending: SseEvent[] = [{ event: "generation_ids", data: { type: "generation_ids", generation_ids: ids, created_at: seconds(Date.now()) } }];
  // Shutdown ends the stream with an `error` the SDKs raise (our own streams end with stream.closed,
  // which OpenAI clients do not know); the images go on, and a repeat of the Idempotency-Key gets them.
  const stopListening = onAbort(deps.closing, () => {
    if (finished) return;
    closed = true;
    void current?.return(undefined);
  });
  const interrupted = (): SseEvent => {
    const error = new AppError(
      "generator_unavailable",
      "The service is restarting. The images go on: repeat the call with the same Idempotency-Key to get them, or read them with GET /api/v1/generations/{id} (X-Generation-Ids).",
      {
        details: { reason: "interrupted" },
      },
    );
    return { event: "error", data: { type: "error", error: openAiError(error).body.error } };
  };

  const translate = (m: GenerationEventMessage): void => {
    if (m.type === "generation.preview" && partials < call.partialImages && typeof m.data.b64 === "string") {
      pending.push({
        event: "image_generation.partial_image",
        data: { type: "image_generation.partial_image", b64_json: m.data.b64, partial_image_index: partials++, ...common() },
      });
    } else if (m.type === "generation.completed") {
      const g = m.data as unknown as GenerationView;
      pending.push({
        event: "image_generation.completed",
        data: { type: "image_generation.completed", b64_json: g.assets[0]?.b64 ?? "", ...common(), usage: zeroUsage() },
      });
    } else if (m.type === "generation.failed" && failure === undefined) {
      const error = (m.data.error ?? {}) as { code?: string; message?: string; retryable?: boolean; details?: Record<string, unknown> };
      const code = isErrorCode(error.code) ? error.code : "generator_unavailable";
      const app = new AppError(code, error.message ?? "The generation failed; its credits were refunded.", {
        ...(error.retryable === undefined ? {} : { retryable: error.retryable }),
        details: { ...error.details, generationId: m.generationId },
      });
      failure = { event: "error", data: { type: "error", error: openAiError(app).body.error } };
    }
  };

  const iterator: AsyncIterableIterator<SseEvent> = {
    async next() {
      for (;;) {
        if (pending.length > 0) return { done: false, value: pending.shift()! };
        if (finished) {
          stopListening();
          return { done: true, value: undefined };
        }
        if (closed) {
          finished = true;
          pending.push(interrupted());
          continue;
        }
        if (!current) {
          if (index >= ids.length) {
            finished = true;
            if (failure) pending.push(failure);
            continue;
          }
          current = await deps.services.generations.events.open(deps.viewer, ids[index]!, 0, { checkOwner: false });
          partials = 0;
          if (finished || closed) {
            await current.return(undefined); // the client left, or the service began to stop, while it opened
            current = undefined;
          }
          continue;
        }
        const step = await current.next();
        if (finished) return { done: true, value: undefined };
        if (closed) continue;
        if (step.done || step.value.type === "generation.completed" || step.value.type === "generation.failed") {
          if (!step.done) translate(step.value);
          void current.return(undefined); // frees its stream slot at once
          current = undefined;
          index++;
          continue;
        }
        translate(step.value);
      }
    },
    async return() {
      finished = true;
      stopListening();
      await current?.return(undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };

  return sseResponse(iterator, {
    requestId: deps.state.requestId,
    logger: deps.state.logger,
    headers: { ...creditHeaders(s), "x-generation-ids": ids.join(",") },
  });
}

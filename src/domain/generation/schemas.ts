import { z } from "zod";
import { trimmed } from "../validation.js";

/** The generation request (contract section 3), the same for REST and GraphQL. */
export const messageSchema = z.strictObject({
  role: z.enum(["system", "user", "assistant"], { error: 'Must be "system", "user" or "assistant".' }),
  content: trimmed(1, 4000),
});

export const generateInput = z
  .strictObject({
    prompt: trimmed(1, 4000).optional(),
    messages: z
      .array(messageSchema)
      .min(1, "Give at least one message.")
      .max(50, "Give at most 50 messages.")
      .refine((m) => m.some((x) => x.role === "user"), "Include at least one message with role \"user\".")
      .optional(),
    agentId: z.string().min(1, "Must not be empty.").max(64, "Must be at most 64 characters.").optional(),
    transparent: z.boolean().optional(),
    seed: z.number().int("Must be an integer.").min(0, "Must be at least 0.").max(2 ** 31 - 1, "Must be at most 2147483647.").optional(),
    width: z.number().int("Must be an integer.").min(1).max(4096).optional(),
    height: z.number().int("Must be an integer.").min(1).max(4096).optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.prompt === undefined) === (input.messages === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["prompt"],
        message: input.prompt === undefined ? "Give either prompt or messages." : "Give prompt or messages, not both.",
      });
    }
  });

export type GenerateInput = z.output<typeof generateInput>;
export type Message = z.output<typeof messageSchema>;

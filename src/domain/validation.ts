import { z } from "zod";
import { AppError } from "./errors.js";

/**
 * Validates input with a zod schema shared by every transport. The first problem becomes a 400
 * invalid_request whose `param` names the field (dotted path, e.g. `messages.2.content`).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw toInvalidRequest(result.error);
}

export function toInvalidRequest(error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  let path = issue.path.map(String);
  let message = issue.message;
  if (issue.code === "unrecognized_keys") {
    path = [...path, issue.keys[0]!];
    message = `Unknown field ${JSON.stringify(issue.keys[0])}.`;
  } else if (issue.code === "invalid_type" && issue.input === undefined) {
    message = "This field is required.";
  }
  const param = path.join(".") || undefined;
  return new AppError("invalid_request", param ? `${param}: ${message}` : message, { param });
}

/** A trimmed string of `min`–`max` characters. */
export const trimmed = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? "Must not be empty." : `Must be at least ${min} characters.`)
    .max(max, `Must be at most ${max} characters.`);

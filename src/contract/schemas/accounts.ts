import { z } from "zod";
import { trimmed } from "../validation.js";
import { instant } from "./common.js";

export const emailSchema = z.string().trim().toLowerCase().max(254, "Must be at most 254 characters.").pipe(z.email("Must be an email address."));
export const passwordSchema = z.string().min(8, "Must be at least 8 characters.").max(256, "Must be at most 256 characters.");

export const signUpRequest = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: trimmed(1, 100).optional(),
});
export const signInRequest = z.strictObject({
  email: z.string().max(254, "Must be at most 254 characters."),
  password: z.string().max(256, "Must be at most 256 characters."),
});

/** POST /api/auth/delete-account (and GraphQL deleteAccount): erasure needs the password again. */
export const deleteAccountRequest = z.strictObject({
  password: z.string("Must be a string: your password.").min(1, "Must not be empty.").max(256, "Must be at most 256 characters."),
});

export const user = z
  .object({ id: z.string(), email: z.string(), name: z.string().nullable(), role: z.enum(["user", "admin"]), createdAt: instant })
  .meta({ id: "User" });
export const account = z.object({ id: z.string(), balance: z.number().int() }).meta({ id: "Account" });
export const sessionResponse = z.object({ user, account }).meta({ id: "Session" });

export type UserView = z.output<typeof user>;
export type AccountView = z.output<typeof account>;
export type SessionView = z.output<typeof sessionResponse>;

export const accountsArgs = z.strictObject({
  search: z.string().max(254, "Must be at most 254 characters.").optional(),
});

/** PATCH /api/account: the account's alert settings. */
export const updateAccountRequest = z.strictObject({
  lowBalanceThreshold: z
    .number({ error: "Must be a whole number of credits from 1 to 1,000,000,000, or null for no alert." })
    .int("Must be a whole number of credits.")
    .min(1, "Must be at least 1 (null: no alert).")
    .max(1_000_000_000, "Must be at most 1,000,000,000.")
    .nullable()
    .describe("credits.low is sent each time a charge takes the balance below this; null: never."),
});
export const accountSettingsResponse = z
  .object({ id: z.string(), balance: z.number().int(), lowBalanceThreshold: z.number().int().nullable() })
  .meta({ id: "AccountSettings" });
export type AccountSettingsView = z.output<typeof accountSettingsResponse>;

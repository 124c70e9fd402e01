import { AppError, promisedRetryAfter } from "../../contract/errors.js";
import { insufficientCredits } from "../credits/credits.js";
import { keyBudgetExceeded } from "../keys/budget.js";
import type { RefusalState } from "./store-reservation.js";
import type { GenerationStore } from "./store.js";

/** What a refused reservation asked for. */
export interface RefusedRequest {
  accountId: string;
  /** The key that made the call (null: the web app): its budget may be what refused. */
  apiKeyId?: string | null;
  agentId: string;
  /** The price of the whole call (every generation of a batch). */
  total: number;
  /** Generations asked for. */
  n: number;
  /** A batch call (`submitMany`), whose 429 says how many more do not fit, even for one. */
  batch: boolean;
  /** The account's most generations queued or running at once. */
  limit: number;
}

/** The wait promised when nothing was measured yet (a new account's first full house). */
export const unmeasuredSlotWaitSeconds = 2;
/** How many of the account's latest generations the refusal reads beyond its active limit (the measure of how long a slot is held). */
const history = 20;
/** The most of the account's latest generations a refusal reads, whatever the limit. */
const maxSample = 200 + history;

/**
 * Why a reservation wrote nothing, read in ONE statement (`store.refusalState`): the balance
 * (402 naming the call's price) or the account's active slots (429 `rate_limited`).
 *
 * The 429's Retry-After is when the slots the call needs are expected to free, from the account's
 * own generations (`slotWaitSeconds`): the limit is on generations queued or running, so a slot
 * frees when one of them ends, and how long they take is what the account's latest ended ones
 * took (queue wait included). The per-minute quota's window (consumeQuota) says nothing about
 * that; the agent's time limit is a bound, not an expectation (a 2 s drawing under a 120 s limit).
 */
export async function refusal(store: Pick<GenerationStore, "refusalState">, request: RefusedRequest): Promise<AppError> {
  const { accountId, agentId, total, n, batch, limit } = request;
  const state = await store.refusalState(accountId, Math.min(limit + history, maxSample), request.apiKeyId ?? null);
  const budget = state?.keyBudget;
  if (budget && budget.spent + total > budget.budget) return keyBudgetExceeded(budget, total, new Date(state.now));
  const balance = state?.balance ?? 0;
  if (balance < total) {
    const error = insufficientCredits(total, balance, agentId);
    return n === 1
      ? error
      : new AppError(error.code, `${error.message} (${n} images; nothing was charged.)`, { param: error.param, details: { ...error.details, images: n } });
  }
  const active = state?.active ?? limit;
  const retryAfterSeconds = state ? slotWaitSeconds(state, active + n - limit) : unmeasuredSlotWaitSeconds;
  const headers = { "retry-after": String(retryAfterSeconds) };
  if (!batch) {
    return new AppError(
      "rate_limited",
      `This account already has ${active} generations queued or running (at most ${limit}). Wait for one to finish, then retry.`,
      { headers, details: { active, limit, retryAfterSeconds } },
    );
  }
  return new AppError(
    "rate_limited",
    `This account has ${active} generations queued or running (at most ${limit}); ${n} more do not fit. Wait for some to finish, then retry.`,
    { headers, details: { active, limit, requested: n, retryAfterSeconds } },
  );
}

/**
 * Seconds until `need` more of the account's active generations are expected to have ended: the
 * `need`-th oldest active one (slots free roughly in the order they were taken) ends when it has
 * held its slot as long as the median of the account's latest ended generations. One already past
 * that is due any moment (1 s), as is a call that fits already (`need` ≤ 0: a slot freed since).
 * Nothing measured (no ended generation among the latest), or more needed than are active (a batch
 * larger than the limit): `unmeasuredSlotWaitSeconds`. Always a whole number from 1 to the
 * contract's `maxRetryAfterSeconds` (`promisedRetryAfter`).
 */
export function slotWaitSeconds(state: Pick<RefusalState, "active" | "activeSince" | "heldMs" | "now">, need: number): number {
  if (need <= 0) return 1;
  const held = median(state.heldMs);
  if (held === undefined || need > state.active) return unmeasuredSlotWaitSeconds;
  // Active generations older than the latest ones read: the first to end.
  const older = Math.max(0, state.active - state.activeSince.length);
  if (need <= older) return 1;
  const since = state.activeSince[need - older - 1]!;
  return promisedRetryAfter((since + held - state.now) / 1000);
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

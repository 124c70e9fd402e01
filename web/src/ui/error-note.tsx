import { ApiError } from "../api";
import { Icon } from "./icons";

/**
 * The API's message, plus what a 402 or 429 carries (price and balance; the wait). The machine
 * code (`unauthenticated`, …) is for programs: it stays out of the text, in `data-code`.
 */
export function ErrorNote({ error, id }: { error: unknown; id?: string }) {
  if (!error) return null;
  const e = error instanceof ApiError ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  let extra: string | undefined;
  if (e?.code === "insufficient_credits") {
    const { required, balance } = e.details as { required?: number; balance?: number };
    if (typeof required === "number" && typeof balance === "number") extra = `Price ${required} credit${required === 1 ? "" : "s"} · balance ${balance}.`;
  } else if (e?.code === "rate_limited" && e.retryAfter !== undefined) {
    extra = `You can try again in ${e.retryAfter} s.`;
  }
  return (
    <p class="error-note" role="alert" id={id} data-code={e?.code || undefined}>
      <Icon name="alert" size={16} />
      <span>
        {message}
        {extra ? <span class="error-extra"> {extra}</span> : null}
      </span>
    </p>
  );
}

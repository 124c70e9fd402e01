import { useState } from "preact/hooks";
import { api } from "../api";
import { useSession } from "../state";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";

/**
 * The account's low-balance alert: below this many credits the app shows a banner and the
 * credits.low webhook event is sent (once per crossing). Empty: no alert.
 */
export function LowBalanceSetting() {
  const session = useSession();
  const [value, setValue] = useState(session.lowBalanceThreshold === null ? "" : String(session.lowBalanceThreshold));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const trimmed = value.trim();
      const account = await api.setLowBalanceThreshold(trimmed === "" ? null : Number(trimmed));
      session.setLowBalanceThreshold(account.lowBalanceThreshold);
      session.setBalance(account.balance);
      setSaved(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="threshold-form" onSubmit={save}>
      <label>
        Warn me below
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={1_000_000_000}
          step={1}
          placeholder="no alert"
          value={value}
          onInput={(e) => {
            setValue(e.currentTarget.value);
            setSaved(false);
          }}
          aria-label="Low-balance alert (credits)"
        />
      </label>
      <Button type="submit" small busy={busy}>
        Save alert
      </Button>
      {saved ? (
        <span class="muted" role="status">
          {session.lowBalanceThreshold === null ? "No alert." : "Saved."}
        </span>
      ) : null}
      {error ? <ErrorNote error={error} /> : null}
    </form>
  );
}

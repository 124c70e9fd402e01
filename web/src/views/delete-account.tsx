import { useState } from "preact/hooks";
import { api } from "../api";
import { Button } from "../ui/buttons";
import { ConfirmDialog } from "../ui/dialog";

/**
 * "Delete my account": erasure behind the password (POST /api/auth/delete-account). Everything
 * personal goes; the session ends, so the page reloads to sign-in.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const erase = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.deleteAccount(password);
      window.location.assign("/sign-in");
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <div class="card danger-zone">
      <h2>Delete my account</h2>
      <p class="muted">
        Deletes your user, sessions, API keys, webhooks, generations, prompts and files, at once and for good. Credit records stay, with no name on them.
      </p>
      <Button
        variant="ghost"
        icon="trash"
        onClick={() => {
          setPassword("");
          setError(null);
          setOpen(true);
        }}
      >
        Delete my account…
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busy={busy}
        error={error}
        onConfirm={() => void (password ? erase() : setError(new Error("Enter your password to confirm.")))}
        onClose={() => setOpen(false)}
      >
        <p>This cannot be undone. Enter your password to confirm.</p>
        <div class="field">
          <label for="delete-account-password">Password</label>
          <input
            id="delete-account-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
      </ConfirmDialog>
    </div>
  );
}

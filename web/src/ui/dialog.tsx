import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { Button } from "./buttons";
import { ErrorNote } from "./error-note";

/** A modal confirmation built on <dialog> (focus trap, Escape, backdrop). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  busy?: boolean;
  error?: unknown;
  onConfirm(): void;
  onClose(): void;
  /**
   * Where focus goes once the dialog closed, when the control that opened it is gone (e.g. the
   * row it acted on changed); undefined: back to that control, as <dialog> does.
   */
  focusAfterClose?(): HTMLElement | null | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) {
      dialog.close();
      props.focusAfterClose?.()?.focus();
    }
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby="dialog-title"
      onClose={props.onClose}
      onClick={(e) => {
        if (e.target === ref.current) props.onClose();
      }}
    >
      {props.open ? (
        <div class="dialog-body">
          <h2 id="dialog-title">{props.title}</h2>
          <div class="dialog-text">{props.children}</div>
          <ErrorNote error={props.error} />
          <div class="dialog-actions">
            <Button variant="ghost" onClick={props.onClose}>
              Cancel
            </Button>
            <Button variant="danger" busy={props.busy} onClick={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

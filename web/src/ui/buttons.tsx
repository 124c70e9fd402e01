import type { ButtonHTMLAttributes } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { Icon, type IconName } from "./icons";

export function Spinner({ label }: { label?: string }) {
  return <span class="spinner" role={label ? "status" : undefined} aria-label={label} />;
}

export function Button(
  props: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "ghost" | "danger"; icon?: IconName; busy?: boolean; small?: boolean },
) {
  const { variant = "secondary", icon, busy, small, children, class: className, disabled, type, ...rest } = props;
  return (
    <button
      type={type ?? "button"}
      class={`btn btn-${variant}${small ? " btn-sm" : ""}${className ? ` ${String(className)}` : ""}`}
      disabled={disabled || busy}
      aria-busy={busy ? "true" : undefined}
      {...rest}
    >
      {busy ? <Spinner /> : icon ? <Icon name={icon} size={small ? 15 : 17} /> : null}
      {children}
    </button>
  );
}

/** Copies `text`; says so for a moment (and to screen readers). */
export function CopyButton({
  text,
  label,
  small,
  title,
  variant = "secondary",
}: {
  text: string;
  label: string;
  small?: boolean;
  title?: string;
  variant?: "secondary" | "ghost" | "primary";
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard refused (insecure context): select-and-copy fallback.
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      try {
        document.execCommand("copy");
      } finally {
        area.remove();
      }
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 1600);
  };
  return (
    <Button variant={variant} small={small} icon={copied ? "check" : "copy"} onClick={copy} title={title}>
      <span class="btn-label">{label}</span>
      <span class="visually-hidden" aria-live="polite">
        {copied ? " (copied)" : ""}
      </span>
    </Button>
  );
}

/** A small inline value that copies itself when clicked (e.g. a seed in a list). */
export function CopyChip({ text, display, label }: { text: string; display: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      type="button"
      class="copy-chip mono"
      aria-label={label}
      title={copied ? "Copied" : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          return;
        }
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), 1600);
      }}
    >
      {display}
      <Icon name={copied ? "check" : "copy"} size={12} />
      <span class="visually-hidden" aria-live="polite">
        {copied ? " (copied)" : ""}
      </span>
    </button>
  );
}

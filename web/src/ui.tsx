import type { ButtonHTMLAttributes, ComponentChildren, JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "./api";

// ---------------------------------------------------------------------------------------------
// Icons (drawn here: nothing is loaded from another host)

const paths: Record<string, JSX.Element> = {
  sparkles: (
    <>
      <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
      <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v4c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
      <path d="M9 14v3c0 1.7 2.7 3 6 3s6-1.3 6-3v-4c0-1.5-2.1-2.7-5-3" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2L20 3M16 7l3 3M14 9l2 2" />
    </>
  ),
  shield: <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />,
  logout: (
    <>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="M10 17l-5-5 5-5M5 12h11" />
    </>
  ),
  download: (
    <>
      <path d="M12 4v11M7 10l5 5 5-5" />
      <path d="M5 19h14" />
    </>
  ),
  copy: (
    <>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </>
  ),
  refresh: (
    <>
      <path d="M20 12a8 8 0 1 1-2.3-5.7" />
      <path d="M20 4v5h-5" />
    </>
  ),
  dice: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <circle cx="9" cy="9" r="1" fill="currentColor" />
      <circle cx="15" cy="15" r="1" fill="currentColor" />
      <circle cx="15" cy="9" r="1" fill="currentColor" />
      <circle cx="9" cy="15" r="1" fill="currentColor" />
    </>
  ),
  x: <path d="M6 6l12 12M18 6L6 18" />,
  check: <path d="M5 12.5l4.5 4.5L19 7" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  edit: <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
  alert: (
    <>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18v.01" />
    </>
  ),
  image: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 17l-5-5-9 8" />
    </>
  ),
  trash: <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />,
  play: <path d="M8 5.5v13l10-6.5z" />,
  pause: <path d="M8 5v14M16 5v14" />,
};

export type IconName = keyof typeof paths;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      class="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}

export function Logo() {
  // A 6×6 pixel gem: the product's mark.
  const cells = ["..##..", ".#bb#.", "#bccb#", "#bccb#", ".#bb#.", "..##.."];
  const color = { "#": "#7c5cff", b: "#a78bfa", c: "#e9e4ff" } as Record<string, string>;
  return (
    <svg class="logo" width="28" height="28" viewBox="0 0 6 6" shape-rendering="crispEdges" aria-hidden="true">
      {cells.flatMap((row, y) => [...row].map((c, x) => (c === "." ? null : <rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" fill={color[c]} />)))}
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------
// Errors next to their control

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

// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Time

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 86_400 * 30) return relative.format(Math.round(seconds / 86_400), "day");
  return absolute.format(new Date(iso));
}

export function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={absolute.format(new Date(iso))}>
      {timeAgo(iso)}
    </time>
  );
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function fileName(prompt: string | null, seed: number): string {
  const slug = (prompt ?? "asset")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return `${slug || "asset"}-${seed}.png`;
}

/** An image on a checkerboard (transparent) or a plain well, scaled up without smoothing. */
export function AssetImage(props: { src: string; alt: string; transparent: boolean; width: number; height: number; class?: string; lazy?: boolean }) {
  return (
    <div class={`stage${props.transparent ? " checker" : ""}${props.class ? ` ${props.class}` : ""}`}>
      <img
        src={props.src}
        alt={props.alt}
        width={props.width}
        height={props.height}
        class="pixelated"
        loading={props.lazy ? "lazy" : undefined}
        decoding="async"
        draggable={false}
      />
    </div>
  );
}

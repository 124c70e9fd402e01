/** Structured JSON logs, one object per line, to stdout (or any sink, for tests). */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Keys whose values never reach a log line, whatever the caller passes. */
const secretKey = /pass(word)?|secret|token|cookie|authorization|api_?key/i;

function serialize(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, cause: serialize(value.cause) };
  }
  return value;
}

export function createLogger(
  level: LogLevel,
  sink: (line: string) => void = (line) => process.stdout.write(line + "\n"),
  base: LogFields = {},
): Logger {
  const min = rank[level];
  const write = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields) => {
    if (rank[lvl] < min) return;
    const record: LogFields = { time: new Date().toISOString(), level: lvl, msg, ...base };
    for (const [key, value] of Object.entries(fields ?? {})) {
      record[key] = secretKey.test(key) ? "[redacted]" : serialize(value);
    }
    sink(JSON.stringify(record));
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => createLogger(level, sink, { ...base, ...fields }),
  };
}

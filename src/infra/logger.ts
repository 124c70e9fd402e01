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

export function createLogger(level: LogLevel, sink: (line: string) => void = (line) => process.stdout.write(`${line}\n`), base: LogFields = {}): Logger {
  return new JsonLogger(level, sink, base);
}

/**
 * One object per logger, its methods on the prototype: every request has a child logger (its
 * request id), and an open event stream keeps its request's, so a logger is four fields rather
 * than five closures and their scope.
 */
class JsonLogger implements Logger {
  readonly #min: number;
  constructor(
    readonly level: LogLevel,
    readonly sink: (line: string) => void,
    readonly base: LogFields,
  ) {
    this.#min = rank[level];
  }

  #write(lvl: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields): void {
    if (rank[lvl] < this.#min) return;
    const record: LogFields = { time: new Date().toISOString(), level: lvl, msg, ...this.base };
    for (const [key, value] of Object.entries(fields ?? {})) {
      record[key] = secretKey.test(key) ? "[redacted]" : serialize(value);
    }
    this.sink(JSON.stringify(record));
  }

  debug(msg: string, fields?: LogFields): void {
    this.#write("debug", msg, fields);
  }
  info(msg: string, fields?: LogFields): void {
    this.#write("info", msg, fields);
  }
  warn(msg: string, fields?: LogFields): void {
    this.#write("warn", msg, fields);
  }
  error(msg: string, fields?: LogFields): void {
    this.#write("error", msg, fields);
  }
  child(fields: LogFields): Logger {
    return new JsonLogger(this.level, this.sink, { ...this.base, ...fields });
  }
}

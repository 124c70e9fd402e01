// Operators' command line: `npm run cli -- <command> [options]`. Uses the same configuration
// (DATABASE_URL or DATA_DIR) and the same domain code as the service. Prints JSON on stdout; says
// which database it uses on stderr.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { CatalogError } from "./agents/index.js";
import { boot } from "./boot.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { AppError } from "./contract/errors.js";
import { createLogger } from "./infra/logger.js";
import { createServices } from "./services.js";

const usage = `usage: npm run cli -- <command> [options]

  user:create      --email E (--password P | --password-stdin) [--name N] [--admin]
  user:promote     --email E                 make an existing user an admin
  accounts:list    [--search PART-OF-EMAIL] [--first N] [--after CURSOR]
  credits:grant    --email E --amount N [--reason R]   (a negative N is an adjustment: --amount -10)
  credits:balance  --email E
  credits:ledger   --email E [--first N] [--after CURSOR]
  key:create       --email E --name N [--scopes generate,read] [--expires ISO-DATE]
                   prints the secret once; it cannot be shown again
  key:revoke       --id key_…
  backup FILE      a consistent copy of the embedded database (gzip tar, mode 0600), also while the
                   service runs (it makes the copy); on PostgreSQL use pg_dump (README, Operations)
  restore FILE     a backup into an empty DATA_DIR, with no service running on it

  --create-database  allow creating a new embedded database (without it, a DATA_DIR holding none
                     is refused: it is usually a forgotten DATA_DIR, not a wish for an empty one)

The database: DATABASE_URL (PostgreSQL), else the embedded one in DATA_DIR (default ./data); stop
the service first when it runs on the embedded database (one process per data folder), except for
a backup, which the running service makes.
`;

/** `--amount -10`: a negative number after an option is its value (parseArgs would take it for an option). */
function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg.startsWith("--") && !arg.includes("=") && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

const { positionals, values } = parseArgs({
  args: joinNegativeValues(process.argv.slice(2)),
  allowPositionals: true,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    "password-stdin": { type: "boolean" },
    name: { type: "string" },
    admin: { type: "boolean" },
    amount: { type: "string" },
    reason: { type: "string" },
    scopes: { type: "string" },
    expires: { type: "string" },
    id: { type: "string" },
    search: { type: "string" },
    first: { type: "string" },
    after: { type: "string" },
    "create-database": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});

function required(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new AppError("invalid_request", `--${name} is required`, { param: name });
  return value;
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
const page = () => ({ ...(values.first ? { first: Number(values.first) } : {}), ...(values.after ? { after: values.after } : {}) });

/** Which database this is, for a human (never a password). */
function describeDatabase(config: Config): string {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  }
  return `the embedded database in ${resolve(config.dataDir)}`;
}

async function run(): Promise<void> {
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(usage);
    return;
  }
  const config = loadConfig();
  if (command === "backup" || command === "restore") {
    await backupCommand(command, config);
    return;
  }
  if (!config.databaseUrl && !existsSync(resolve(config.dataDir, "pglite")) && !values["create-database"]) {
    throw new AppError(
      "invalid_request",
      `There is no embedded database in ${resolve(config.dataDir)}. Set DATA_DIR to the service's data folder (or DATABASE_URL), or pass --create-database to start a new one.`,
    );
  }
  process.stderr.write(`Using ${describeDatabase(config)}.\n`);
  const logger = createLogger(config.logLevel === "debug" ? "debug" : "warn", (line) => process.stderr.write(`${line}\n`));
  const { deps, close } = await boot(config, logger);
  try {
    const services = createServices(deps);
    const userByEmail = async () => {
      const user = await services.accounts.findUserByEmail(required("email"));
      if (!user) throw new AppError("not_found", `No user has the email ${values.email}.`);
      return user;
    };

    switch (command) {
      case "user:create": {
        const password = values["password-stdin"] ? readFileSync(0, "utf8").replace(/\r?\n$/, "") : required("password");
        const created = await services.accounts.signUp(
          { email: required("email"), password, ...(values.name ? { name: values.name } : {}) },
          { role: values.admin ? "admin" : "user" },
        );
        print(created);
        break;
      }
      case "user:promote": {
        const user = await userByEmail();
        await services.accounts.setRole(user.id, "admin");
        print({ user: { ...user, role: "admin" } });
        break;
      }
      case "accounts:list": {
        const accounts = await services.accounts.listAccounts({ ...(values.search ? { search: values.search } : {}), ...page() });
        const rows = await deps.db.prisma.account.findMany({
          where: { id: { in: accounts.nodes.map((a) => a.id) } },
          select: { id: true, balance: true, activeGenerations: true, createdAt: true, user: { select: { email: true, role: true } } },
        });
        const byId = new Map(rows.map((r) => [r.id, r]));
        print({ ...accounts, nodes: accounts.nodes.map((a) => byId.get(a.id)) });
        break;
      }
      case "credits:grant": {
        const user = await userByEmail();
        const amount = Number(required("amount"));
        // The same validation and ledger write as the admins' GraphQL mutations.
        const { balance } = await services.credits.grant(
          { accountId: user.accountId, amount, reason: values.reason ?? "granted from the command line" },
          amount > 0 ? "grant" : "adjustment",
        );
        print({ accountId: user.accountId, amount, balance });
        break;
      }
      case "credits:balance": {
        const user = await userByEmail();
        print((await services.accounts.me(user.id)).account);
        break;
      }
      case "credits:ledger": {
        const user = await userByEmail();
        print(await services.credits.ledger(user.accountId, page()));
        break;
      }
      case "key:create": {
        const user = await userByEmail();
        const created = await services.keys.create(user, {
          name: required("name"),
          ...(values.scopes ? { scopes: values.scopes.split(",").map((s) => s.trim()) } : {}),
          ...(values.expires ? { expiresAt: values.expires } : {}),
        });
        print(created);
        break;
      }
      case "key:revoke": {
        if (!(await services.keys.revokeAny(required("id")))) throw new AppError("not_found", "No live key has that id.");
        print({ revoked: values.id });
        break;
      }
      default:
        throw new AppError("invalid_request", `Unknown command ${command}.\n${usage}`);
    }
  } finally {
    await close();
  }
}

/** `backup FILE` / `restore FILE`: the embedded database only; they open the folder (or ask its holder) themselves. */
async function backupCommand(command: "backup" | "restore", config: Config): Promise<void> {
  const file = positionals[1];
  if (!file || positionals.length > 2) throw new AppError("invalid_request", `usage: npm run cli -- ${command} FILE`);
  if (config.databaseUrl) {
    throw new AppError(
      "invalid_request",
      command === "backup"
        ? `This service uses PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump --format=custom --file=${file} "$DATABASE_URL" (README, Operations).`
        : `This service uses PostgreSQL (DATABASE_URL): restore a pg_dump file with pg_restore into an empty database, e.g. pg_restore --no-owner --dbname="$DATABASE_URL" ${file} (README, Operations).`,
    );
  }
  process.stderr.write(`Using ${describeDatabase(config)}.\n`);
  const logger = createLogger(config.logLevel === "debug" ? "debug" : "warn", (line) => process.stderr.write(`${line}\n`));
  if (command === "backup") {
    const { backupToFile } = await import("./infra/db/backup.js");
    print(await backupToFile(config.dataDir, file, logger));
  } else {
    const { restoreFromFile } = await import("./infra/db/restore.js");
    const restored = await restoreFromFile(file, config.dataDir, logger, config.secret("SECRETS_KEY"));
    print(restored);
    if (restored.webhookSecrets?.notice) process.stderr.write(`warning: ${restored.webhookSecrets.notice}\n`);
  }
}

try {
  await run();
} catch (error) {
  const known =
    error instanceof AppError || error instanceof ConfigError || error instanceof CatalogError || (error as Error | undefined)?.name === "BackupError";
  const message = known ? (error as Error).message : String(error);
  process.stderr.write(`error: ${message}\n`);
  process.exitCode = 1;
}

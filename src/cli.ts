// Operators' command line: `npm run cli -- <command> [options]`. Uses the same configuration
// (DATABASE_URL or DATA_DIR) and the same domain code as the service. Prints JSON.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.js";
import { syncBuiltInAgents } from "./domain/agents/agents.js";
import { AppError } from "./domain/errors.js";
import { openInfrastructure } from "./infra/infrastructure.js";
import { createLogger } from "./infra/logger.js";
import { createServices } from "./services.js";

const usage = `usage: npm run cli -- <command> [options]

  user:create     --email E (--password P | --password-stdin) [--name N] [--admin]
  user:promote    --email E                 make an existing user an admin
  credits:grant   --email E --amount N [--reason R]   (negative N: an adjustment)
  credits:balance --email E
  key:create      --email E --name N [--scopes generate,read] [--expires ISO-DATE]
                  prints the secret once; it cannot be shown again
  key:revoke      --id key_…
`;

const { positionals, values } = parseArgs({
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
    help: { type: "boolean", short: "h" },
  },
});

function required(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new AppError("invalid_request", `--${name} is required`, { param: name });
  return value;
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

async function run(): Promise<void> {
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(usage);
    return;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel === "debug" ? "debug" : "warn", (line) => process.stderr.write(`${line}\n`));
  const infra = await openInfrastructure(config, logger);
  const { db } = infra;
  try {
    await db.migrate();
    await syncBuiltInAgents(db.prisma);
    const services = createServices({ config, logger, ...infra });
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
    await infra.close();
  }
}

try {
  await run();
} catch (error) {
  const message = error instanceof AppError || error instanceof ConfigError ? error.message : String(error);
  process.stderr.write(`error: ${message}\n`);
  process.exitCode = 1;
}

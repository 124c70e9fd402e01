import { join } from "node:path";
import { assetPreviews, type Catalog, PixelBudget } from "./agents/index.js";
import type { Config } from "./config.js";
import { createAccountService } from "./domain/accounts/accounts.js";
import { createSessionManager } from "./domain/accounts/sessions.js";
import { createAuthThrottle } from "./domain/accounts/throttle.js";
import { createBilling } from "./domain/billing/billing.js";
import { createBlobUpkeep } from "./domain/blobs/upkeep.js";
import { createAgentService } from "./domain/agents/agents.js";
import { createUsageService } from "./domain/credits/usage.js";
import { createCreditService } from "./domain/credits/credits.js";
import { createCancel } from "./domain/generation/cancel.js";
import { createGenerationEvents } from "./domain/generation/events.js";
import { createGenerationQueries } from "./domain/generation/queries.js";
import { recoverGenerations } from "./domain/generation/recovery.js";
import { createReserveAndEnqueue } from "./domain/generation/reserve-and-enqueue.js";
import { createRunner } from "./domain/generation/runner.js";
import { createGenerationStore } from "./domain/generation/store.js";
import { createSubmit } from "./domain/generation/submit.js";
import { createMaps } from "./domain/generation/map-plan.js";
import { createSubmitMany } from "./domain/generation/submit-many.js";
import { quote } from "./domain/generation/quote.js";
import { createStorageQuota } from "./domain/storage/quota.js";
import { findProject } from "./domain/projects/defaults.js";
import { createSlicing } from "./domain/uploads/slice.js";
import type { AuthenticatedViewer } from "./domain/auth/viewer.js";
import { createUploads } from "./domain/uploads/uploads.js";
import { createDeletion } from "./domain/deletion/deletion.js";
import { createKits } from "./domain/kits/kits.js";
import { createKitAtlasReader } from "./domain/kits/view.js";
import { createAtlasPacker } from "./domain/kits/pack.js";
import { createLinks } from "./domain/links/links.js";
import { createProjects } from "./domain/projects/projects.js";
import { createIdempotencyService } from "./domain/idempotency/idempotency.js";
import { createKeyCache } from "./domain/keys/key-cache.js";
import { createKeyService, type KeyViewerRow } from "./domain/keys/keys.js";
import { createWebhookDispatcher } from "./domain/webhooks/dispatcher.js";
import { createWebhookService } from "./domain/webhooks/webhooks.js";
import type { BlobStore } from "./infra/blobs/blob-store.js";
import type { Database } from "./infra/db/database.js";
import type { Health } from "./infra/infrastructure.js";
import type { EventBus } from "./infra/events/bus.js";
import type { Logger } from "./infra/logger.js";
import type { JobQueue } from "./infra/queue/queue.js";
import type { RateLimiter } from "./infra/ratelimit/limiter.js";
import type { Slots } from "./infra/ratelimit/slots.js";
import { createSecretsBox } from "./infra/secrets-box.js";
import { createStripeGateway } from "./infra/stripe.js";

/** Everything the app needs from outside; built by main (or a test) and passed to createApp. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** Asset bytes and their exports (contract section 15). */
  blobs: BlobStore;
  logger: Logger;
  bus: EventBus;
  queue: JobQueue;
  limiter: RateLimiter;
  slots: Slots;
  catalog: Catalog;
  /** Whether each dependency answers (GET /healthz). */
  health(): Promise<Health>;
}

/** The domain's use-cases, wired once over the infrastructure in `deps`. Transports only translate to and from them. */
export function createServices(deps: AppDeps) {
  const { prisma } = deps.db;
  // Verified API keys, remembered while this process hears of every change to them (key-cache.ts).
  const listen = deps.db.listen?.bind(deps.db);
  const keyCache =
    listen && deps.config.keyCacheMs > 0
      ? createKeyCache<KeyViewerRow>({
          ttlMs: deps.config.keyCacheMs,
          onFirstUse: () => listen("auth_changed", { onNotify: () => keyCache?.clear(), onLive: (live) => keyCache?.setLive(live) }),
        })
      : undefined;
  const agents = createAgentService(prisma, deps.catalog);
  // Webhooks: the statement that ends a generation writes its deliveries; the dispatcher (started by
  // the processes that run jobs) sends them, kicked at once when a generation ends in this process.
  const secretsBox = createSecretsBox({ key: deps.config.secret("SECRETS_KEY"), keyFile: join(deps.config.dataDir, "secrets.key") });
  const webhookDispatcher = createWebhookDispatcher({
    prisma,
    box: secretsBox,
    logger: deps.logger.child({ component: "webhooks" }),
    settings: deps.config.webhooks,
  });
  const store = createGenerationStore(prisma, deps.bus, deps.db.sql, deps.blobs, webhookDispatcher.kick, deps.config.inlineB64MaxBytes);
  const idempotency = createIdempotencyService(prisma);
  const events = createGenerationEvents({
    prisma,
    store,
    bus: deps.bus,
    healEveryMs: deps.config.redisUrl ? 10_000 : undefined,
    slots: deps.slots,
    maxStreamsPerAccount: deps.config.maxStreamsPerAccount,
  });
  // Where the bytes live: the move of bytes still in rows, the orphan sweep, and the release of deleted assets' bytes.
  const blobUpkeep = createBlobUpkeep({
    blobs: deps.blobs,
    sql: deps.db.sql,
    logger: deps.logger.child({ component: "blobs" }),
    sweepEveryMs: deps.config.blobSweepMs,
  });
  // Rows go here; their bytes leave the store once no asset names them (releaseBlobs, after the commit).
  const deletion = createDeletion({
    sql: deps.db.sql,
    transaction: (fn) => deps.db.transaction(fn),
    releaseBytes: (shas) => blobUpkeep.releaseBlobs(shas).then(() => undefined),
  });
  const queries = createGenerationQueries(prisma, events, store.assetBytes, deps.blobs, deletion.goneOrNotFound);
  const links = createLinks({ mac: (message) => secretsBox.mac("links", message), queries, publicOrigin: deps.config.publicOrigin });
  // The one money path of every call that makes generations: reservation, enqueue, refusal.
  const storage = createStorageQuota({ sql: deps.db.sql, quotaBytes: deps.config.storageQuotaBytes });
  // Pixels held at once by decoding, drawing and encoding in this process: generations and uploads share it.
  const pixelBudget = new PixelBudget(deps.config.pixelBudget);
  const uploads = createUploads({
    sql: deps.db.sql,
    transaction: deps.db.transaction,
    blobs: deps.blobs,
    storage,
    limiter: deps.limiter,
    generatePerMinute: deps.config.rateLimitGeneratePerMinute,
    limits: deps.config.uploads,
    budget: pixelBudget,
  });
  const reserveAndEnqueue = createReserveAndEnqueue({
    prisma,
    sql: deps.db.sql,
    store,
    queue: deps.queue,
    logger: deps.logger,
    maxActivePerAccount: deps.config.maxActiveGenerationsPerAccount,
    storage,
  });
  const { submit, estimate, planEstimate, recolor, prepare, submitRow } = createSubmit({
    prisma,
    reserveAndEnqueue,
    agents,
    idempotency,
    limiter: deps.limiter,
    events,
    generatePerMinute: deps.config.rateLimitGeneratePerMinute,
    recolorCredits: deps.config.recolorCredits,
    images: {
      assetBytes: store.assetBytes,
      takingImages: () => agents.takingImages(),
      goneOrNotFound: deletion.goneOrNotFound,
      uploadLimits: deps.config.uploads,
      // a data URL is stored as the caller's upload (same checks and quota), counted once, by the generation's own limit
      ingest: async (viewer, bytes, mimeType) => ({
        assetId: (await uploads.upload(viewer, bytes, mimeType, { param: "image", name: "image", rateLimited: false })).id,
      }),
    },
  });
  // n generations of one request, all or nothing (the OpenAI-compatible `n`), planned by `estimate`.
  const { submitMany } = createSubmitMany({
    prisma,
    store,
    reserveAndEnqueue,
    queue: deps.queue,
    idempotency,
    limiter: deps.limiter,
    events,
    planEstimate,
    generatePerMinute: deps.config.rateLimitGeneratePerMinute,
  });
  // Kits: their items planned by `prepare`, reserved in one statement by the same money path.
  const kitAtlas = createKitAtlasReader((viewer, id) => queries.assetBytes(viewer, id));
  const kits = createKits({
    prisma,
    store,
    reserveAndEnqueue,
    queue: deps.queue,
    idempotency,
    limiter: deps.limiter,
    events,
    prepare,
    atlas: kitAtlas,
    generatePerMinute: deps.config.rateLimitGeneratePerMinute,
  });
  return {
    agents,
    kits: {
      ...kits,
      atlas: kitAtlas,
      pack: createAtlasPacker({ prisma, store, reserveAndEnqueue, idempotency, atlas: kitAtlas, atlasCredits: deps.config.atlasCredits }),
    },
    accounts: createAccountService(prisma, { signupCredits: deps.config.signupCredits }),
    sessions: createSessionManager(prisma, { secure: deps.config.publicOrigin.startsWith("https:") }),
    authThrottle: createAuthThrottle(deps.limiter, {
      signinPer15Minutes: deps.config.signinAttemptsPer15Minutes,
      signupPerHour: deps.config.signupLimitPerHour,
    }),
    keys: createKeyService(prisma, deps.db.sql, keyCache),
    credits: createCreditService(prisma),
    /** Charges minus refunds by day, key or agent, from the ledger (undefined account: all, for admins). */
    usage: createUsageService(deps.db.sql),
    idempotency,
    generations: {
      submit,
      submitMany,
      estimate,
      /** A prompt-less estimate's price (MCP's estimate_cost): the same rules, no prompt read. */
      quote,
      recolor,
      /** A map painted with a tileset (contract section 13): a generation of its own. */
      map: createMaps({ prisma, submitRow, mapCredits: deps.config.mapCredits }),
      cancel: createCancel(store, events, deps.queue),
      events,
      ...queries,
    },
    /** The bytes each account stores, against STORAGE_QUOTA_MB. */
    storage,
    /** The caller's own pictures stored as assets, and the layout of an uploaded sheet or tileset (contract section 14). */
    uploads: {
      ...uploads,
      slice: createSlicing({ sql: deps.db.sql }),
      /** `projectId` of an upload: one of the caller's projects (404 otherwise). */
      ownProject: async (viewer: AuthenticatedViewer, id: string) => (await findProject(prisma, viewer.user.accountId, id)).id,
    },
    /** Deleting assets, generations and whole accounts (erasure). */
    deletion,
    /** Public, expiring links to assets and their exports (contract section 15). */
    links,
    /** A game's defaults and its assets (contract section 13). */
    projects: createProjects({ prisma, assetBytes: (viewer, id) => queries.assetBytes(viewer, id) }),
    /** Buying credits with Stripe Checkout (contract section 16); off unless configured. */
    billing: createBilling({
      prisma,
      logger: deps.logger.child({ component: "billing" }),
      gateway: stripeGateway(deps.config),
      packs: deps.config.billing.packs,
      currency: deps.config.billing.currency,
      publicOrigin: deps.config.publicOrigin,
    }),
    webhooks: createWebhookService({
      prisma,
      box: secretsBox,
      settings: deps.config.webhooks,
      dispatcher: webhookDispatcher,
      logger: deps.logger.child({ component: "webhooks" }),
    }),
    /**
     * Where the bytes live: `sweepOrphanBlobs` (blobs no asset names, e.g. after deletions), the move of bytes
     * still in rows, and `start`/`stop` of both in the processes that run jobs.
     */
    blobs: blobUpkeep,
    /** Small pictures of an asset for a model to look at (the MCP tools' answers). */
    previews: assetPreviews,
    health: deps.health,
    /** The job handler: main (or a worker) passes it to `queue.start`. */
    runGeneration: createRunner({
      store,
      bus: deps.bus,
      catalog: deps.catalog,
      logger: deps.logger,
      pixelBudget,
    }),
    recover: (options: Parameters<typeof recoverGenerations>[1]) => recoverGenerations({ prisma, store, queue: deps.queue, idempotency }, options),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The Stripe client, when the packs and both Stripe secrets are set (else buying credits is off). */
function stripeGateway(config: Config) {
  const secretKey = config.secret("STRIPE_SECRET_KEY");
  const webhookSecret = config.secret("STRIPE_WEBHOOK_SECRET");
  if (!secretKey || !webhookSecret || config.billing.packs.length === 0) return undefined;
  return createStripeGateway({ secretKey, webhookSecret, apiBase: config.billing.apiBase, timeoutMs: config.billing.timeoutMs });
}

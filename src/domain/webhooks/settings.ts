/** How webhooks are delivered (the WEBHOOKS_* settings, parsed once by config.ts and passed down). */
export interface WebhookSettings {
  /** Plain http and private, loopback and link-local targets (local development and tests). */
  allowPrivate: boolean;
  /** How often each job-running process looks for due deliveries. */
  pollMs: number;
  /** One attempt's bound: connection, request and response. */
  timeoutMs: number;
  /** Delay before retry n (the last one repeats), ±20 % jitter. */
  retryScheduleMs: number[];
  /** Failed attempts are retried until this long after the event, then the delivery is failed. */
  retryForMs: number;
  /** An endpoint that has failed every attempt for this long is disabled until its owner enables it (0: never). */
  disableAfterMs: number;
}

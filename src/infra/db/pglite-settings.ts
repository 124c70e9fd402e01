/**
 * PostgreSQL's memory settings for the embedded database (PGlite 0.5.16, one process, one connection).
 *
 * PostgreSQL's defaults are sized for a server with a hundred connections: `shared_buffers = 128MB`
 * and the shared memory sized from it and from `max_connections` (~146 MB in all) live in PGlite's
 * WASM memory, which is touched at start and never given back (a WASM memory cannot shrink): a
 * PGlite instance alone held ~785 MB resident after creating a folder and ~290 MB after opening one.
 * Ours, per use:
 *
 * | setting | default | ours | why |
 * |---|---|---|---|
 * | `shared_buffers` | 128MB | 16MB | the buffer cache: 2,048 pages of 8 KB; the hot rows of one service fit, and every miss is a read from PGlite's own file system (the OS page cache), not a disk seek |
 * | `wal_buffers` | 1/32 of shared_buffers (4MB) | 512kB | WAL written between flushes; single writer, fsync is off in PGlite |
 * | `max_connections` | 100 | 2 | PGlite is single-user: one backend. Sizes the per-backend shared arrays (PGPROC, locks' fast paths) |
 * | `superuser_reserved_connections` | 3 | 0 | must be below `max_connections` |
 * | `temp_buffers` | 8MB | 1MB | temporary tables only (we have none); allocated on demand |
 * | `work_mem` | 4MB | 4MB | per sort or hash, on demand, before spilling to temporary files: ours are small (pages of 20–100 rows); kept, and written down |
 * | `maintenance_work_mem` | 64MB | 16MB | CREATE INDEX and VACUUM during migrations, on demand; our tables are small at migration time |
 *
 * Measured (`bench/embedded-memory.ts`; docs/architecture.md, "Memory and start-up"): resident memory of a process
 * that opens a folder and migrates it, and the speed of small statements, before and after.
 *
 * They are passed on PostgreSQL's command line (`-c name=value` in PGlite's `startParams`), which
 * takes precedence over `postgresql.conf` and `postgresql.auto.conf`: they apply to every open of a
 * NEW folder, an EXISTING one (nothing to migrate, nothing written) and `memory://` alike, and a
 * change here applies at the next start. A new folder also gets them in its `postgresql.conf` (initdb
 * `-c`), and initdb's own bootstrap runs with them.
 */
export const pgliteSettings: Readonly<Record<string, string>> = {
  shared_buffers: "16MB",
  wal_buffers: "512kB",
  max_connections: "2",
  superuser_reserved_connections: "0",
  temp_buffers: "1MB",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
};

/** `-c name=value` pairs for PostgreSQL's command line (PGlite's `startParams`, initdb's arguments). */
export function settingArgs(settings: Readonly<Record<string, string>> = pgliteSettings): string[] {
  return Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}

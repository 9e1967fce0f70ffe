/**
 * How the site runs PGlite, wherever it runs (this process, or the server's worker thread,
 * which loads this module alone: it imports nothing).
 *
 * PGlite's buffer cache lives in its WebAssembly memory, which is zeroed at start and never
 * given back: PostgreSQL's default 128 MB made 230 MB of the server's resident memory. The
 * data files stay in the OS page cache anyway, so a smaller cache costs little: index reads,
 * joins and a full scan of a minute's feed data (113 MB on disk) ran as fast with 16 MB as
 * with 32 MB, and each MB here is one of the server's resident memory from its start.
 */
export const PGLITE_START_PARAMS = ['-c', 'shared_buffers=16MB'];

/** BIGINT's type oid, parsed as a JS `bigint` (type-parsers.ts). */
export const PGLITE_INT8_OID = 20;

import type { Kysely } from 'kysely';

/**
 * A fencing token for the feed lease: `feed_cursors.generation` goes up by one every time
 * the lease passes to another node (never on a renewal by its holder). The ingesting node
 * remembers the generation it took the lease at, and every batch it writes first locks the
 * provider's row and checks that the generation is still its own; a node that stalled past
 * its lease while another took over finds a newer generation and writes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('feed_cursors')
    .addColumn('generation', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feed_cursors').dropColumn('generation').execute();
}

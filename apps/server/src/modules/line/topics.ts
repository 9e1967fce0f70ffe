/**
 * The line's live topics (contracts `line.ts`):
 * - `game:{id}`: snapshot the game with every market (`GameDetail`), deltas `GameDelta`;
 * - `section:{line|live}`: snapshot the sports with their counts, deltas `SectionDelta`.
 * Both public; the section counts are everyone's (a player's hidden sports are hidden by
 * the browser).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import { LINE_GAME_FAMILY, LINE_SECTION_FAMILY, LINE_SECTIONS, type LineSection } from '@betsite/contracts';
import type { LiveApi } from '../live/index.ts';
import { UnknownTopicError } from '../live/index.ts';
import { gameDetail, NO_HIDDEN, sportCounts } from './queries.ts';

const GAME_ID = /^[1-9]\d{0,9}$/;

export function registerLineTopics(live: LiveApi, db: Kysely<Database>, clock: Clock): void {
  live.registerFamily<{ gameId: number }>({
    name: LINE_GAME_FAMILY,
    access: 'public',
    parse: ([id, ...rest]) => (rest.length === 0 && id !== undefined && GAME_ID.test(id) && Number(id) <= 2_147_483_647 ? { gameId: Number(id) } : null),
    snapshot: async ({ gameId }) => {
      const game = await gameDetail(db, gameId);
      if (!game) throw new UnknownTopicError(`No game ${gameId}`);
      return game;
    },
  });
  live.registerFamily<{ section: LineSection }>({
    name: LINE_SECTION_FAMILY,
    access: 'public',
    parse: ([section, ...rest]) => (rest.length === 0 && (LINE_SECTIONS as readonly string[]).includes(section ?? '') ? { section: section as LineSection } : null),
    snapshot: async ({ section }) => ({ sports: await sportCounts(db, section, 0, clock.now(), NO_HIDDEN) }),
  });
}

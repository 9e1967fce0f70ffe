import type { FastifyInstance } from 'fastify';
import { disallowedSportsOf } from '../modules/user-config/index.ts';
import type { PageUserFacts } from './guard-facts.ts';

/**
 * What makes a player's page of the line differ from another player's (decision 0032): the
 * guard facts the root data carries and the sports the player hides (the line API leaves
 * them out). Players with the same variant share one render of a url (page-cache.ts).
 */
export async function playerVariantOf(app: FastifyInstance, user: PageUserFacts): Promise<string | null> {
  if (user.userId === null) return null;
  const hidden = await disallowedSportsOf(app.db, user.userId);
  return JSON.stringify({ facts: user.facts, hidden });
}

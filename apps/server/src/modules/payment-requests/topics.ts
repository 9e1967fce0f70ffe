/**
 * The topics and sub-topics of payment requests (seeded by migration 0014; operators may
 * add rows or switch them off with `active`). Names are stored per language, English the
 * fallback. Read on every call: the tables are a handful of rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Payment, PaymentTopic, TopicTransaction } from '@betsite/contracts';

export interface Subtopic {
  id: number;
  code: string;
  names: Record<string, string>;
  active: boolean;
}

export interface Topic {
  id: number;
  code: string;
  names: Record<string, string>;
  transaction: TopicTransaction;
  direction: 'deposit' | 'withdrawal' | null;
  statuses: string[];
  active: boolean;
  subtopics: Subtopic[];
}

export const nameIn = (item: { code: string; names: Record<string, string> }, language: string): string =>
  item.names[language] ?? item.names.en ?? item.code;

/** Whether a payment (as the player sees it) is one the topic is about. */
export function isEligible(topic: Topic, payment: Pick<Payment, 'direction' | 'status'>): boolean {
  if (topic.transaction === 'none') return false;
  if (topic.direction !== null && payment.direction !== topic.direction) return false;
  return topic.statuses.length === 0 || topic.statuses.includes(payment.status);
}

export function toPublicTopic(topic: Topic, language: string): PaymentTopic {
  return {
    id: topic.id,
    code: topic.code,
    name: nameIn(topic, language),
    transaction: topic.transaction,
    subtopics: topic.subtopics.filter((s) => s.active).map((s) => ({ id: s.id, code: s.code, name: nameIn(s, language) })),
  };
}

export interface TopicCatalog {
  /** Every topic, active or not (old requests keep their names), in menu order. */
  all(): Promise<Topic[]>;
}

export function createTopicCatalog(db: Kysely<Database>): TopicCatalog {
  return {
    async all() {
      const [topics, subtopics] = await Promise.all([
        db.selectFrom('payment_request_topics').selectAll().orderBy('position').orderBy('id').execute(),
        db.selectFrom('payment_request_subtopics').selectAll().orderBy('position').orderBy('id').execute(),
      ]);
      return topics.map((t) => ({
        id: t.id,
        code: t.code,
        names: t.names,
        transaction: t.transaction_mode,
        direction: t.direction,
        statuses: t.statuses,
        active: t.active,
        subtopics: subtopics.filter((s) => s.topic_id === t.id).map((s) => ({ id: s.id, code: s.code, names: s.names, active: s.active })),
      }));
    },
  };
}

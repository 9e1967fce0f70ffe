/**
 * Saved bet slips (SPEC §3 isCouponLoadedFromCode; issue 11): a draft stored under a short
 * code (domain coupon/short-code.ts) that any browser can load. Visitors may save too; the
 * routes rate-limit both calls per address. A code is random (crypto), so codes say nothing
 * of each other; a collision is retried with a new code.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizeShortCode, shortCode } from '@betsite/domain';
import { CouponCodeDraftSchema, type CouponCodeDraft } from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { notFound } from '../../lib/errors.ts';

const ATTEMPTS = 5;

function randomCode(): string {
  const bytes = randomBytes(64);
  let i = 0;
  return shortCode(() => {
    if (i >= bytes.length) throw new Error('out of random bytes');
    return bytes[i++]!;
  });
}

export function createCouponCodes(db: Kysely<Database>, newCode: () => string = randomCode) {
  return {
    async save(draft: CouponCodeDraft, userId: string | null): Promise<{ code: string }> {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const code = newCode();
        const inserted = await db
          .insertInto('coupon_codes')
          .values({ code, draft: JSON.stringify(draft), user_id: userId })
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('code')
          .executeTakeFirst();
        if (inserted) return { code: inserted.code };
      }
      throw new Error(`no free coupon code in ${ATTEMPTS} attempts`);
    },

    async load(input: string): Promise<CouponCodeDraft> {
      const code = normalizeShortCode(input);
      const row = code === null ? undefined : await db.selectFrom('coupon_codes').select('draft').where('code', '=', code).executeTakeFirst();
      if (!row) throw notFound('No saved coupon with this code');
      // Stored by this contract; parsed again so the answer keeps its shape.
      return CouponCodeDraftSchema.parse(row.draft);
    },
  };
}

export type CouponCodes = ReturnType<typeof createCouponCodes>;

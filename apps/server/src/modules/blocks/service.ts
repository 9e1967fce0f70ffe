import type { BlockResponse, BlockRule, BlockRuleInput } from '@betsite/contracts';
import { announce } from '../../lib/bus.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { cachedValue } from '../../lib/cached-value.ts';
import { AppError, notFound, sqlState } from '../../lib/errors.ts';
import { compileRules, parseIpRange, type Visitor } from './rule-matcher.ts';
import { deleteBlockRule, insertBlockRule, listBlockRules } from './repository.ts';

export interface BlockCheck extends Visitor {
  /** The page asked about (SPEC §7 request). Rules are site-wide, so it does not change the answer. */
  url: string;
  /** Whether the visitor is logged in; user rules apply only then. */
  auth: boolean;
}

export interface BlockService {
  /** The block that applies to a visitor (`reason: null` when none). */
  check(input: BlockCheck): Promise<BlockResponse>;
  list(): Promise<BlockRule[]>;
  /** 400 `invalid_request` for a malformed IP range. */
  create(input: BlockRuleInput): Promise<BlockRule>;
  /** 404 `not_found` for an unknown id. */
  remove(id: string): Promise<void>;
  close(): Promise<void>;
}

const NO_BLOCK: BlockResponse = { reason: null, displayTypeId: null, templateTypeId: null };
const MAX_AGE_MS = 60_000;

export async function createBlockService(deps: ServiceDeps): Promise<BlockService> {
  const { db, bus, clock, logger } = deps;
  const matcher = cachedValue(async () => compileRules(await listBlockRules(db)), { clock, maxAgeMs: MAX_AGE_MS });
  const unsubscribe = await bus.subscribe('block-rules.changed', () => matcher.invalidate());

  const changed = async (id: string) => {
    matcher.invalidate();
    await announce(bus, logger, 'block-rules.changed', { id });
  };

  return {
    async check({ ip, country, userId, auth }) {
      const rule = (await matcher.get()).match({ ip, country, userId: auth ? userId : null });
      if (!rule) return NO_BLOCK;
      return { reason: rule.reason, displayTypeId: rule.displayTypeId, templateTypeId: rule.templateTypeId };
    },
    list: () => listBlockRules(db),
    async create(input) {
      const range = input.ipRange === undefined ? null : parseIpRange(input.ipRange);
      if (input.ipRange !== undefined && !range) throw invalidIpRange('must be an IPv4 or IPv6 address or CIDR range');
      let rule: BlockRule;
      try {
        rule = await insertBlockRule(db, {
          reason: input.reason,
          country: input.country ?? null,
          ipRange: range ? `${range.address}/${range.prefix}` : null,
          userId: input.userId ?? null,
          displayTypeId: input.displayTypeId ?? null,
          templateTypeId: input.templateTypeId ?? null,
          createdAt: new Date(clock.now()),
        });
      } catch (error) {
        // invalid_text_representation: the cidr has bits set right of the prefix (10.0.0.1/8).
        if (sqlState(error) === '22P02') throw invalidIpRange('has host bits set right of the prefix; use the network address');
        throw error;
      }
      await changed(rule.id);
      return rule;
    },
    async remove(id) {
      if (!(await deleteBlockRule(db, id))) throw notFound(`No block rule ${id}`);
      await changed(id);
    },
    close: unsubscribe,
  };
}

function invalidIpRange(message: string): AppError {
  return new AppError(400, 'invalid_request', 'Invalid request body', [{ path: 'body.ipRange', message }]);
}

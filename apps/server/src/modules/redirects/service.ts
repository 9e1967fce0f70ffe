import type { RedirectResponse, RedirectRule, RedirectRuleInput } from '@betsite/contracts';
import { announce } from '../../lib/bus.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { cachedValue } from '../../lib/cached-value.ts';
import { AppError, notFound, sqlState } from '../../lib/errors.ts';
import { insertRedirectRule, deleteRedirectRule, listRedirectRules } from './repository.ts';

export interface RedirectService {
  /**
   * The redirect for a url (absolute, or a path with optional query), matched on its
   * pathname. The query of the request is carried over when the target has none, so
   * marketing parameters survive the redirect.
   */
  lookup(url: string): Promise<RedirectResponse>;
  list(): Promise<RedirectRule[]>;
  /** 409 `conflict` when a rule for the same path exists. */
  create(input: RedirectRuleInput): Promise<RedirectRule>;
  /** 404 `not_found` for an unknown id. */
  remove(id: string): Promise<void>;
  close(): Promise<void>;
}

const NO_REDIRECT: RedirectResponse = { redirect: false };
const MAX_AGE_MS = 60_000;

export async function createRedirectService(deps: ServiceDeps): Promise<RedirectService> {
  const { db, bus, clock, logger } = deps;
  const rules = cachedValue(
    async () => new Map((await listRedirectRules(db)).map((rule) => [rule.fromPath, rule])),
    { clock, maxAgeMs: MAX_AGE_MS },
  );
  const unsubscribe = await bus.subscribe('redirect-rules.changed', () => rules.invalidate());

  const changed = async (id: string) => {
    rules.invalidate();
    await announce(bus, logger, 'redirect-rules.changed', { id });
  };

  return {
    async lookup(url) {
      const parsed = parseUrl(url);
      if (!parsed) return NO_REDIRECT;
      const rule = (await rules.get()).get(normalizePath(parsed.pathname));
      if (!rule) return NO_REDIRECT;
      const target = rule.toUrl.includes('?') ? rule.toUrl : rule.toUrl + parsed.search;
      return { redirect: true, code: rule.code, url: target, reasons: [rule.reason], breadcrumbs: [rule.fromPath] };
    },
    list: () => listRedirectRules(db),
    async create(input) {
      const fromPath = normalizePath(input.fromPath);
      const rule = await insertRedirectRule(db, { ...input, fromPath }, new Date(clock.now())).catch((error: unknown) => {
        // unique_violation on from_path
        if (sqlState(error) === '23505') throw new AppError(409, 'conflict', `A redirect from ${fromPath} exists`);
        throw error;
      });
      await changed(rule.id);
      return rule;
    },
    async remove(id) {
      if (!(await deleteRedirectRule(db, id))) throw notFound(`No redirect rule ${id}`);
      await changed(id);
    },
    close: unsubscribe,
  };
}

/** An absolute url, or a path (a leading `//` stays part of the path, never a host). */
function parseUrl(url: string): URL | null {
  // The placeholder origin only makes a path parseable; it is never used.
  return URL.parse(url.startsWith('/') ? `http://localhost${url}` : url);
}

/** Percent-encoded like request paths, without a trailing slash: `/en/old-promo/` is `/en/old-promo`. */
function normalizePath(path: string): string {
  const pathname = parseUrl(path)?.pathname ?? path;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

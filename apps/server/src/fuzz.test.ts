/**
 * Fuzzing every route (issue 10): no input may answer a 5xx.
 *
 * The routes come from the Fastify instance itself (`BuildOptions.onRoute`), so a route
 * added later is fuzzed without touching this file. Every write route (POST, PUT, PATCH,
 * DELETE) gets malformed bodies (not JSON, JSON of the wrong type, deep nesting, 1 MB,
 * broken multipart and forms, prototype keys), then each of its fields — found by asking
 * the route itself (`{}` lists the required ones; an object of every field name the
 * contracts know lists the optional ones) — gets wrong types, NUL characters, huge,
 * right-to-left and surrogate strings, emoji; nested fields the contracts know get some
 * too. Ops routes are fuzzed with the operator token (and lightly as a visitor and a
 * player), the others as a visitor and as a logged-in player (session cookie + CSRF
 * header). Path parameters, GET queries and the page paths (SSR: every method, query
 * oddities) get their share.
 *
 * Seeded (`FUZZ_SEED`), bounded: a failure prints the route and the payload, and the same
 * seed sends the same requests again.
 */
import { Writable } from 'node:stream';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import fc from 'fast-check';
import { pino } from 'pino';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as contracts from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, seededRandom, TEST_OPS_TOKEN } from './testing.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import { registerPageRoutes, ssrPlugin } from './ssr/plugin.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MB = 1024 * 1024;

// ------------------------------------------------------------------ what the contracts know

interface ZodDef {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  out?: { _zod: { def: ZodDef } };
  element?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  left?: { _zod: { def: ZodDef } };
  right?: { _zod: { def: ZodDef } };
  valueType?: { _zod: { def: ZodDef } };
}
const isZod = (value: unknown): value is { _zod: { def: ZodDef } } => typeof value === 'object' && value !== null && '_zod' in value;

/** Every object field name of every contract schema, and the field names of each object field's object(s). */
function contractFields(): { names: string[]; queryNames: string[]; children: Map<string, Set<string>> } {
  const names = new Set<string>();
  const queryNames = new Set<string>();
  const children = new Map<string, Set<string>>();
  const seen = new Set<unknown>();
  /** The field names of the object(s) a schema is, through wrappers, arrays and unions. */
  const objectKeys = (def: ZodDef, depth = 0): string[] => {
    if (depth > 8) return [];
    if (def.type === 'object' && def.shape) return Object.keys(def.shape);
    const inner = [def.innerType, def.in, def.out, def.element, def.left, def.right, ...(def.options ?? [])].filter(isZod);
    return inner.flatMap((s) => objectKeys(s._zod.def, depth + 1));
  };
  const walk = (def: ZodDef, into: Set<string>, depth = 0) => {
    if (depth > 12 || seen.has(def)) return;
    seen.add(def);
    if (def.type === 'object' && def.shape) {
      for (const [key, schema] of Object.entries(def.shape)) {
        into.add(key);
        const keys = objectKeys(schema._zod.def);
        if (keys.length > 0) {
          const set = children.get(key) ?? new Set<string>();
          for (const k of keys) set.add(k);
          children.set(key, set);
        }
        walk(schema._zod.def, into, depth + 1);
      }
      return;
    }
    for (const s of [def.innerType, def.in, def.out, def.element, def.left, def.right, def.valueType, ...(def.options ?? [])]) {
      if (isZod(s)) walk(s._zod.def, into, depth + 1);
    }
  };
  for (const [exportName, value] of Object.entries(contracts)) {
    if (!isZod(value)) continue;
    walk(value._zod.def, names);
    if (exportName.endsWith('QuerySchema')) for (const k of objectKeys(value._zod.def)) queryNames.add(k);
  }
  return { names: [...names].sort(), queryNames: [...queryNames].sort(), children };
}

// ------------------------------------------------------------------ values

const NUL = '\u0000';
const oddStrings = (base: string): string[] => [
  '',
  `${base.slice(0, 1)}${NUL}${base.slice(1)}`,
  `\u202E${base}\u202D`,
  `${base}\uD800`,
  `😀${base}`,
  'Z\u0351\u0363\u0364'.repeat(50),
  'x'.repeat(100_000),
  '9'.repeat(400),
  '9999-99-99T99:99:99Z',
  '__proto__',
];
const oddOthers: unknown[] = [null, -1, 1e308, 2 ** 63, true, [], {}, [NUL], { [NUL]: NUL, constructor: 'x', prototype: 'y' }, Array.from({ length: 3000 }, () => 'a')];

/** Values that give a route's other fields a chance to get past validation, so the odd one reaches deeper. */
const PLAUSIBLE: Record<string, unknown> = {
  email: 'fuzz.player@example.com',
  uLogin: 'fuzz.player@example.com',
  login: 'fuzz.player@example.com',
  uPassword: 'Fuzz-Password-123',
  password: 'Fuzz-Password-123!x',
  newPassword: 'Fuzz-Password-456!y',
  currentPassword: 'not-the-password',
  currency: 'EUR',
  country: 'GB',
  countryId: 'GB',
  language: 'en',
  lng: 'en',
  lang: 'en',
  bonusChoice: 0,
  choice: 1,
  phone_number: '+44 7700 900123',
  phone: '+447700900123',
  country_code: 'GB',
  phoneCode: '44',
  code: '123456',
  purpose: 'login',
  message: 'A message long enough to be accepted',
  topicId: 1,
  subTopicId: 1,
  amount: '10',
  method: 'card',
  url: '/en/',
  auth: false,
  fromPath: '/en/fuzz-from',
  toUrl: '/en/',
  reason: 13,
  token: 'a'.repeat(43),
  sign: 'b'.repeat(43),
  method_id: 'qr',
  captchaId: 'fuzz',
  answer: 'answer',
  question: 'first_pet',
  home: 'Alpha',
  away: 'Beta',
  sportId: 1,
  champName: 'Fuzz Cup',
  score: { home: 1, away: 0 },
  outcomes: [{ key: '1x2:match/home', coef: 2 }],
  markets: ['1x2:match'],
  line: [],
  live: [],
  hide: true,
  credential: 'x'.repeat(40),
  name: 'fuzz',
  data: {},
  prefix: 'fuzz',
  topics: 1,
  perSecond: 1,
  seconds: 0.1,
  save: false,
  close: false,
  cancelled: false,
  isTop: true,
  periods: [],
  referral: { promoCode: 'FUZZ' },
  companyName: 'Fuzz Bet',
  client_id: 'betsite-sandbox',
  identity: 'alice',
  action: 'pay',
  cardNumber: '4000 0000 0000 9995',
};

// ------------------------------------------------------------------ the test

interface Failure {
  who: string;
  method: string;
  url: string;
  payload: string;
  status: number;
  error: string;
}

/** A hasher that costs nothing: the fuzz registers and logs in many times. */
const cheapHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
  needsRehash: () => false,
  burn: async () => undefined,
};

const webBuildDir = process.env.WEB_BUILD_DIR ?? fileURLToPath(new URL('../../web/build', import.meta.url));
const hasWebBuild = existsSync(join(webBuildDir, 'server', 'index.js'));

/** The real pages when the web app is built; otherwise the page routes with a stand-in renderer (same methods, same 405s). */
const pages: FastifyPluginAsync = hasWebBuild
  ? ssrPlugin({ buildDir: webBuildDir, pageCacheTtlMs: 0 })
  : async (app) => {
      registerPageRoutes(app, async (request, reply) => reply.type('text/html').send(`<p>${request.url.length}</p>`));
    };

describeEachDb('fuzz: no input answers a 5xx', (t) => {
  let app: FastifyInstance;
  const routes: { method: string; url: string; websocket: boolean }[] = [];
  const failures: Failure[] = [];
  const serverErrors: string[] = [];
  const safetyNet: string[] = [];
  let sent = 0;
  let ip = 0;
  let player = { token: '' };

  beforeAll(async () => {
    // Errors the server logs (the 500s' causes, to print next to the failing request), and
    // the error plugin's safety net: a database error caused by input is a 400, but it means
    // a schema let the value through, so the fuzz counts it as a failure too.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { err?: { message?: string }; msg?: string; sqlState?: string };
          const message = entry.err?.message ?? entry.msg ?? line;
          if (entry.sqlState) safetyNet.push(`${entry.sqlState} ${message}`);
          else if (entry.err) serverErrors.push(message);
        }
        done();
      },
    });
    app = await buildTestApp(t.handle, {
      env: { FAKE_CLOCK: '1', RATE_LIMITS_SCALE: '1000000', PAYMENTS_SANDBOX: 'on', SOCIAL_SANDBOX: 'on' },
      logger: pino({ level: 'warn' }, sink),
      auth: { hasher: cheapHasher, captcha: { verify: async () => true } },
      ssr: pages,
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url, websocket: route.websocket === true });
      },
    });
    player = await newPlayer();
  });
  afterAll(async () => {
    await app.close();
  });

  async function newPlayer(): Promise<{ token: string }> {
    const res = await app.inject({
      method: 'POST',
      url: '/web-api/registration/v1/fast',
      payload: { country: 'GB', currency: 'EUR', language: 'en', bonusChoice: 0 },
      remoteAddress: '10.200.0.1',
    });
    expect(res.statusCode).toBe(201);
    return { token: (res.json() as { token: string }).token };
  }

  /** A new session when the fuzz ended the last one (logout, auto logoff, revoke …). */
  async function ensurePlayer(): Promise<void> {
    const res = await app.inject({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': player.token }, remoteAddress: '10.200.0.1' });
    if (res.statusCode !== 200) player = await newPlayer();
  }

  type Who = 'visitor' | 'player' | 'operator';
  interface Probe {
    method: string;
    url: string;
    payload?: string | Buffer;
    contentType?: string;
    headers?: Record<string, string>;
    /** A raw Cookie header (values as the browser would send them, percent-encoded or not). */
    cookie?: string;
  }
  /** Cookie names the server sets (seen in answers), and the referral cookies it reads but never sets (SPEC §9). */
  const cookieNames = new Set<string>(['refererid', 'reflinkid', 'short_reflinkid', 'subid', 'ref_partner_id']);

  async function send(who: Who, probe: Probe): Promise<LightMyRequestResponse> {
    sent++;
    ip++;
    const headers: Record<string, string> = { 'x-captcha': 'fuzz', 'idempotency-key': `fuzz-${sent}`, ...probe.headers };
    if (probe.contentType) headers['content-type'] = probe.contentType;
    const options: InjectOptions = {
      method: probe.method as InjectOptions['method'],
      url: probe.url,
      headers,
      remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    };
    if (probe.payload !== undefined) options.payload = probe.payload;
    if (probe.cookie !== undefined) headers.cookie = probe.cookie;
    if (who === 'player') {
      headers.cookie = `${probe.cookie === undefined ? '' : `${probe.cookie}; `}user_token=${player.token}`;
      headers['x-requested-with'] = 'XMLHttpRequest';
    }
    if (who === 'operator') headers.authorization = `Bearer ${TEST_OPS_TOKEN}`;
    const errorsBefore = serverErrors.length;
    const netBefore = safetyNet.length;
    const res = await app.inject(options);
    for (const cookie of res.cookies) cookieNames.add(cookie.name);
    if (process.env.FUZZ_DEBUG && probe.url.includes(process.env.FUZZ_DEBUG)) console.warn(who, probe.method, probe.url.slice(0, 100), String(probe.payload).slice(0, 150), '→', res.statusCode, res.body.slice(0, 150));
    if (res.statusCode >= 500 || safetyNet.length > netBefore) {
      const payload = probe.payload === undefined ? '(none)' : String(probe.payload);
      failures.push({
        who,
        method: probe.method,
        url: probe.url.length > 200 ? `${probe.url.slice(0, 200)}… (${probe.url.length} chars)` : probe.url,
        payload: `${probe.contentType ?? ''} ${payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload}${probe.cookie ? ` cookie: ${probe.cookie.slice(0, 200)}` : ''}`,
        status: res.statusCode,
        error: [...serverErrors.slice(errorsBefore), ...safetyNet.slice(netBefore).map((e) => `safety net: ${e}`)].join(' | ') || res.body.slice(0, 200),
      });
    }
    return res;
  }

  const json = (value: unknown) => JSON.stringify(value);
  /** Top-level field names a 400 answer names (`details[].path` = `body.field…`). */
  const fieldsOf = (res: LightMyRequestResponse, part: 'body' | 'query', missingOnly = false): string[] => {
    if (res.statusCode !== 400 || !String(res.headers['content-type']).includes('json')) return [];
    const details = (res.json() as { details?: { path?: string; message?: string }[] }).details;
    if (!Array.isArray(details)) return [];
    return details
      .filter((d) => !missingOnly || d.message?.includes('received undefined'))
      .flatMap((d) => (typeof d.path === 'string' && d.path.startsWith(`${part}.`) ? [d.path.split('.')[1] ?? ''] : []))
      .filter(Boolean);
  };

  const GENERIC_BODIES = genericBodies();
  function genericBodies(): { payload?: string | Buffer; contentType?: string }[] {
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    const boundary = 'fuzzboundary';
    return [
      {},
      { payload: '', contentType: 'application/json' },
      { payload: '{"a":', contentType: 'application/json' },
      { payload: 'not json at all', contentType: 'application/json' },
      { payload: '{"a":1}', contentType: 'text/plain' },
      { payload: '<a/>', contentType: 'application/xml' },
      { payload: 'a=b&__proto__=x&constructor=y', contentType: 'application/x-www-form-urlencoded' },
      { payload: '%%%=%ZZ&a', contentType: 'application/x-www-form-urlencoded' },
      { payload: '{bad', contentType: 'application/merge-patch+json' },
      { payload: 'garbage without any boundary', contentType: `multipart/form-data; boundary=${boundary}` },
      { payload: `--${boundary}\r\ncontent-disposition: form-data; name="a"\r\n\r\nunterminated`, contentType: `multipart/form-data; boundary=${boundary}` },
      { payload: `--${boundary}\r\ncontent-disposition: form-data; name="f"; filename="a.txt"\r\n\r\nfile\r\n--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` },
      { payload: 'x', contentType: 'multipart/form-data' },
      { payload: '[]', contentType: 'application/json' },
      { payload: '0', contentType: 'application/json' },
      { payload: 'null', contentType: 'application/json' },
      { payload: '"text"', contentType: 'application/json' },
      { payload: 'true', contentType: 'application/json' },
      { payload: '1e999', contentType: 'application/json' },
      { payload: deepArray, contentType: 'application/json' },
      { payload: deepObject, contentType: 'application/json' },
      { payload: json({ x: 'x'.repeat(MB) }), contentType: 'application/json' },
      { payload: '{"__proto__":{"polluted":1}}', contentType: 'application/json' },
      { payload: '{"constructor":{"prototype":{"polluted":1}}}', contentType: 'application/json' },
      { payload: '{"prototype":{"polluted":1}}', contentType: 'application/json' },
      { payload: json({ [NUL]: NUL }), contentType: 'application/json' },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3]), contentType: 'application/json' },
      { payload: '{"a":"\\ud800"}', contentType: 'application/json; charset=utf-16' },
    ];
  }

  const { names: allFields, queryNames, children } = contractFields();
  const rand = seededRandom(SEED);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

  /** Path parameters: a plausible value for body fuzzing, odd ones for the path itself. */
  const PLAUSIBLE_PARAMS: Record<string, string> = { provider: 'sandbox' };
  const fillParams = (url: string, value?: string) =>
    url.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => value ?? PLAUSIBLE_PARAMS[name] ?? '1').replace(/\*$/, 'fuzz');
  const oddParams = ['-1', '99999999999999999999', '00000000-0000-0000-0000-000000000000', 'a%00b', '%E2%80%AE%F0%9F%98%80', '%ED%A0%80', '%ZZ', 'x'.repeat(10_000), '__proto__'];

  /**
   * The fields a write route's body has: the required ones (`{}` names them), then the
   * optional ones (an object of every name the contracts know, each of a wrong type). The
   * base body has a plausible value for each it can, so one odd field at a time gets past
   * the others' checks.
   */
  async function discoverFields(who: Who, method: string, url: string): Promise<{ base: Record<string, unknown>; fields: string[] }> {
    const base: Record<string, unknown> = {};
    const fields = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const res = await send(who, { method, url, payload: json(base), contentType: 'application/json' });
      const missing = fieldsOf(res, 'body', true).filter((f) => !(f in base));
      if (missing.length === 0) break;
      for (const f of missing) {
        fields.add(f);
        base[f] = PLAUSIBLE[f] ?? 'fuzz';
      }
    }
    const probe = Object.fromEntries(allFields.map((f) => [f, { fuzz: [1] }]));
    for (const f of fieldsOf(await send(who, { method, url, payload: json(probe), contentType: 'application/json' }), 'body')) {
      fields.add(f);
      if (!(f in base) && f in PLAUSIBLE) base[f] = PLAUSIBLE[f];
    }
    return { base, fields: [...fields] };
  }

  async function fuzzWriteRoute(who: Who, method: string, pattern: string, depth: 'full' | 'light'): Promise<void> {
    const url = fillParams(pattern);
    for (const body of depth === 'full' ? GENERIC_BODIES : GENERIC_BODIES.slice(0, 8)) await send(who, { method, url, ...body });
    if (pattern.includes(':')) {
      for (const odd of depth === 'full' ? oddParams : oddParams.slice(0, 3)) await send(who, { method, url: fillParams(pattern, odd), payload: '{}', contentType: 'application/json' });
    }
    if (depth === 'light') return;
    // Odd credentials (the operator's token is a bearer; the sandbox provider's token endpoint takes Basic).
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    for (const authorization of [`Basic ${b64('%ZZ:%ZZ')}`, `Basic ${b64('no colon')}`, 'Basic !!!', `Bearer ${'x'.repeat(10_000)}`, 'Bearer \u00ff']) {
      await send('visitor', { method, url, payload: '{}', contentType: 'application/json', headers: { authorization } });
    }

    const { base, fields } = await discoverFields(who, method, url);
    for (const field of fields) {
      const plausible = typeof base[field] === 'string' ? (base[field] as string) : 'fuzz';
      const values: unknown[] = [...oddStrings(plausible), ...oddOthers];
      for (const child of children.get(field) ?? []) {
        for (const v of [`a${NUL}b`, 'x'.repeat(100_000), 12]) values.push(pick([{ [child]: v }, [{ [child]: v }]]));
      }
      for (const value of values) await send(who, { method, url, payload: json({ ...base, [field]: value }), contentType: 'application/json' });
    }
    if (fields.length > 0) await send(who, { method, url, payload: json({ ...base, [pick(fields)]: 'x'.repeat(MB) }), contentType: 'application/json' });
    // Queries on a write (some read `?lang=`): the base body with odd query parameters.
    for (const query of ['lang=%00', `lang=${'x'.repeat(5000)}&lang=en`, '__proto__=1&constructor[prototype]=1', 'a[b][c]=%ED%A0%80']) {
      await send(who, { method, url: `${url}?${query}`, payload: json(base), contentType: 'application/json' });
    }
    // Random bodies: the route's fields (and a few others) with random JSON and odd strings.
    const keys = [...fields, '__proto__', 'constructor', 'prototype', pick(allFields)];
    const leaf = fc.oneof(fc.constantFrom(...oddStrings('fuzz'), ...oddOthers), fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 40 }));
    const bodies = fc.sample(fc.dictionary(fc.constantFrom(...keys), leaf, { maxKeys: keys.length }), { seed: SEED + sent, numRuns: 4 });
    for (const body of bodies) await send(who, { method, url, payload: json({ ...base, ...body }), contentType: 'application/json' });
  }

  async function fuzzGetRoute(who: Who, pattern: string): Promise<void> {
    const url = fillParams(pattern);
    if (pattern.includes(':')) for (const odd of oddParams) await send(who, { method: 'GET', url: fillParams(pattern, odd) });
    const names = new Set(fieldsOf(await send(who, { method: 'GET', url }), 'query'));
    for (let i = 0; i < 3; i++) names.add(pick(queryNames));
    const queries = [
      ...[...names].flatMap((n) => [`${n}=%00`, `${n}=a%00b`, `${n}=1&${n}=2`, `${n}[a]=1`, `${n}=%ED%A0%80%E2%80%AE`, `${n}=99999999999999999999`]),
      `${pick([...names])}=${'x'.repeat(MB)}`,
      '__proto__=1&constructor=1&prototype=2',
      '%00=%00&%ZZ',
    ];
    for (const q of queries) await send(who, { method: 'GET', url: `${url}?${q}` });
  }

  it('answers every route and payload with less than 500', { timeout: 240_000 }, async () => {
    const started = Date.now();
    const writes = routes.filter((r) => WRITE_METHODS.has(r.method) && !r.websocket);
    // GET routes that read input (static files take none: the web build's assets are skipped).
    const reads = routes.filter((r) => r.method === 'GET' && !r.websocket && !r.url.startsWith('/docs/static') && (r.url.includes(':') || !/\/[^/]*\.[a-z0-9]+$/i.test(r.url) || r.url.endsWith('.json')));
    expect(writes.length).toBeGreaterThan(40);
    const isPage = (url: string) => url === '/' || url === '/*';

    for (const route of writes) {
      if (isPage(route.url)) continue;
      await ensurePlayer();
      const { method, url } = route;
      if (url.endsWith('*')) {
        // The API families' catch-alls (404): bodies only.
        await fuzzWriteRoute('visitor', method, url, 'light');
      } else if (url.startsWith('/ops-api')) {
        await fuzzWriteRoute('operator', method, url, 'full');
        await fuzzWriteRoute(pick(['visitor', 'player'] as const), method, url, 'light');
      } else {
        // Fully as whoever the route serves (a visitor unless it wants a login), lightly as the other.
        const asVisitor = await send('visitor', { method, url: fillParams(url), payload: '{}', contentType: 'application/json' });
        const visitorServed = asVisitor.statusCode !== 401 && asVisitor.statusCode !== 403;
        await fuzzWriteRoute(visitorServed ? 'visitor' : 'player', method, url, 'full');
        await fuzzWriteRoute(visitorServed ? 'player' : 'visitor', method, url, 'light');
      }
    }
    const writesDone = Date.now();
    for (const route of reads) {
      if (isPage(route.url)) continue;
      await ensurePlayer();
      await fuzzGetRoute(route.url.startsWith('/ops-api') ? 'operator' : 'player', route.url);
    }

    // Cookies: every name seen (and the referral ones) with NUL, overlong and odd values, on every route.
    for (const route of [...writes, ...reads]) {
      if (isPage(route.url) || route.url.endsWith('*')) continue;
      const url = fillParams(route.url);
      const body = WRITE_METHODS.has(route.method) ? { payload: '{}', contentType: 'application/json' } : {};
      for (const value of ['a%00b', 'x'.repeat(8000), '%ED%A0%80', '%ZZ', '__proto__', '"quoted"']) {
        const cookie = [...cookieNames].map((name) => `${name}=${value}`).join('; ');
        await send('visitor', { method: route.method, url, ...body, cookie });
      }
    }

    const readsDone = Date.now();
    // Page paths: every method with and without a body, and GET query oddities.
    const pagePaths = ['/', '/en/', '/en/line/', '/ru/office/recharge', '/xx/', '/en/%00', '/en/%ZZ', `/en/${'x'.repeat(10_000)}`, '/assets/none.js', '/en/?__proto__=1'];
    for (const path of pagePaths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        for (const body of GENERIC_BODIES.slice(0, 14)) await send(pick(['visitor', 'player'] as const), { method, url: path, ...body });
      }
    }
    for (const q of ['q=%00', 'a=%ED%A0%80', `x=${'y'.repeat(MB)}`, '__proto__=1', 'lng=%00', 'redirect=//evil.example', 'a[b][c]=1', '%ZZ']) {
      for (const path of ['/', '/en/', '/en/line/']) await send(pick(['visitor', 'player'] as const), { method: 'GET', url: `${path}?${q}` });
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const phases = `writes ${((writesDone - started) / 1000).toFixed(1)} s, reads ${((readsDone - writesDone) / 1000).toFixed(1)} s, pages ${((Date.now() - readsDone) / 1000).toFixed(1)} s`;
    console.warn(`fuzz [${t.kind}]: ${sent} requests to ${writes.length} write and ${reads.length} read routes in ${seconds} s (${phases}; seed ${SEED}, pages: ${hasWebBuild ? 'web build' : 'stand-in'}); ${failures.length} failures (5xx or a database error from input)`);
    if (failures.length > 0) console.warn(failures.slice(0, 200).map((f) => `${f.status} ${f.who} ${f.method} ${f.url} ${f.payload}\n    → ${f.error}`).join('\n'));
    expect(failures.slice(0, 20)).toEqual([]);
  });
});

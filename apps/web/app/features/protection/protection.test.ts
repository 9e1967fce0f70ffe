/**
 * Player protection in the browser, without the UI: the rows of the office section, when the
 * approval and reality-check dialogs are due, the SPEC §8 save texts, refusal texts in both
 * languages, the limit action by site config, and the tab's shared copy of the limits.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerLimit, PlayerLimits, RealityCheckState } from '@betsite/contracts';
import EN_MAIN from '../../i18n/dictionaries/en/main.json';
import EN_OFFICE from '../../i18n/dictionaries/en/office.json';
import RU_MAIN from '../../i18n/dictionaries/ru/main.json';
import RU_OFFICE from '../../i18n/dictionaries/ru/office.json';
import { getI18n } from '../../i18n/instance.ts';
import { createApiClient } from '../../shell/http.ts';
import { LIMITS_API, limitAction } from './api.ts';
import { runLimitAction } from './actions.ts';
import {
  RECHECK_MS,
  SECTIONS,
  STEP_MS,
  approvalRecheckIn,
  changeEffect,
  dueChanges,
  extraLocked,
  formatTime,
  limitRefusalOf,
  limitRefusalText,
  limitRow,
  parseLimitAmount,
  realityCheckPlan,
  saveAnswerKey,
  selfExclusionOf,
  sessionLimitApplies,
  sessionNotice,
  withoutPending,
} from './protection.ts';
import { createLimitsStore } from './store.ts';

const limit = (over: Partial<PlayerLimit> & Pick<PlayerLimit, 'limitType'>): PlayerLimit => ({
  limitValue: 100,
  limitState: 'ACTIVE',
  needApprove: false,
  startedAt: 1_700_000_000,
  endsAt: null,
  limitBalance: 60,
  measure: 'currency',
  currency: 'EUR',
  pendingValue: null,
  approveAt: null,
  selfExcludeReason: null,
  ...over,
});

const limits = (list: PlayerLimit[], flags: Partial<PlayerLimits> = {}): PlayerLimits => ({ limitsData: list, selfExcluded: false, extraLimitsLocked: false, ...flags });

const reality = (over: Partial<RealityCheckState['data']['attributes']>): RealityCheckState => ({
  data: {
    attributes: {
      interval_minutes: 5,
      popup_show_at: 1_000_300,
      do_not_show_again: false,
      session_started_at: 1_000_000,
      elapsed_seconds: 0,
      net_position: 0,
      currency: 'EUR',
      logged_out: false,
      ...over,
    },
  },
});

describe('the rows of the office section', () => {
  it('shows the value in force, what is left, and a pending raise with its due time', () => {
    expect(limitRow(20, [])).toMatchObject({ state: 'none', value: null, pending: null });
    expect(limitRow(20, [limit({ limitType: 20 })])).toMatchObject({ state: 'active', value: 100, left: 60, currency: 'EUR', pending: null });
    const raised = limitRow(20, [limit({ limitType: 20, pendingValue: 200, approveAt: 1_700_086_400 })]);
    expect(raised).toMatchObject({ state: 'active', value: 100, pending: { value: 200, approveAt: 1_700_086_400, due: false } });
    const removal = limitRow(21, [limit({ limitType: 21, pendingValue: 999_999_999, approveAt: 5, needApprove: true })]);
    expect(removal.pending).toEqual({ value: null, approveAt: 5, due: true });
    // Only a change waits, nothing in force (the server's PENDING state).
    expect(limitRow(31, [limit({ limitType: 31, limitValue: -1, limitState: 'PENDING', pendingValue: 4, currency: null, limitBalance: null })])).toMatchObject({ state: 'pending', value: null });
    // An ended one shows as not set.
    expect(limitRow(1, [limit({ limitType: 1, limitState: 'INACTIVE' })]).state).toBe('none');
  });

  it('the sections are those of SPEC §3 and every limit has a name in both languages', () => {
    expect(SECTIONS.map((s) => s.id)).toEqual(['deposit', 'extra', 'reality', 'wager', 'loss']);
    expect(SECTIONS.find((s) => s.id === 'extra')?.types).toEqual([33, 30, 31]);
    for (const { id, types } of SECTIONS) {
      for (const d of [EN_OFFICE, RU_OFFICE] as Record<string, string>[]) {
        expect(d[`responsible_section_${id}`], id).toBeTruthy();
        expect(d[`responsible_section_${id}_text`], id).toBeTruthy();
      }
      for (const type of types) for (const d of [EN_MAIN, RU_MAIN] as Record<string, string>[]) expect(d[`protection_limit_${type}`], String(type)).toBeTruthy();
    }
  });

  it('knows the self-exclusion and the extra-limits lock', () => {
    expect(selfExclusionOf(null)).toBeNull();
    expect(selfExclusionOf(limits([limit({ limitType: 20 })]))).toBeNull();
    expect(selfExclusionOf(limits([limit({ limitType: 30, limitValue: 7, endsAt: 1_700_604_800, measure: 'days' })], { selfExcluded: true }))).toEqual({ endsAt: 1_700_604_800 });
    expect(extraLocked(limits([]))).toBe(false);
    expect(extraLocked(limits([], { extraLimitsLocked: true }))).toBe(true);
    expect(extraLocked(limits([limit({ limitType: 37, limitValue: 1 })]))).toBe(true);
  });

  it('says before saving what a new value will do', () => {
    const deposit = limitRow(20, [limit({ limitType: 20 })]);
    expect(changeEffect(deposit, 50)).toBe('at_once');
    expect(changeEffect(deposit, 100)).toBe('same');
    expect(changeEffect(deposit, 150)).toBe('pending');
    expect(changeEffect(deposit, 999_999_999)).toBe('pending');
    expect(changeEffect(limitRow(20, []), 500)).toBe('at_once');
    // A 30-day exclusion with 20 days left: 30 more days from now lengthens it, 7 would shorten it.
    const nowMs = 1_800_000_000_000;
    const exclusion = limitRow(30, [limit({ limitType: 30, limitValue: 30, endsAt: nowMs / 1000 + 20 * 86_400, measure: 'days' })]);
    expect(changeEffect(exclusion, 30, nowMs)).toBe('at_once');
    expect(changeEffect(exclusion, 7, nowMs)).toBe('forbidden');
    expect(changeEffect(exclusion, 8, nowMs)).toBe('forbidden');
    // An exclusion that ended starts again at any length.
    expect(changeEffect(exclusion, 7, nowMs + 21 * 86_400_000)).toBe('at_once');
    // A value the type does not take is refused as the server would.
    expect(changeEffect(exclusion, 5, nowMs)).toBe('forbidden');
    // Asking again for the raise that waits changes nothing.
    const raising = limitRow(20, [limit({ limitType: 20, pendingValue: 300, approveAt: nowMs / 1000 + 3600 })]);
    expect(changeEffect(raising, 300, nowMs)).toBe('same');
    expect(changeEffect(raising, 400, nowMs)).toBe('pending');
    expect(changeEffect(limitRow(32, [limit({ limitType: 32, limitValue: 30, measure: 'minutes' })]), 15)).toBe('at_once');
    expect(changeEffect(limitRow(32, [limit({ limitType: 32, limitValue: 30, measure: 'minutes' })]), -1)).toBe('pending');
  });

  it('takes a whole amount from 1 to 999999998', () => {
    expect(parseLimitAmount('150')).toBe(150);
    expect(parseLimitAmount(' 1 500 ')).toBe(1500);
    expect(parseLimitAmount('999999998')).toBe(999_999_998);
    for (const bad of ['', '0', '12.5', '-3', 'abc', '999999999', '1e3']) expect(parseLimitAmount(bad), bad).toBeNull();
  });
});

describe('when the dialogs are due', () => {
  it('a due change asks now; one not yet due is looked at again at its due time, in steps of at most 5 minutes', () => {
    const now = 1_700_000_000_000;
    const waiting = limit({ limitType: 20, pendingValue: 200, approveAt: now / 1000 + 60 });
    expect(dueChanges([waiting])).toEqual([]);
    expect(approvalRecheckIn([waiting], now)).toBe(60_000);
    expect(approvalRecheckIn([{ ...waiting, approveAt: now / 1000 + 86_400 }], now)).toBe(STEP_MS);
    // The browser's clock passed it but the server does not call it due yet: ask again soon.
    expect(approvalRecheckIn([{ ...waiting, approveAt: now / 1000 - 5 }], now)).toBe(RECHECK_MS);
    expect(approvalRecheckIn([limit({ limitType: 20 })], now)).toBeNull();
    const due = { ...waiting, needApprove: true };
    expect(dueChanges([due, limit({ limitType: 21 })])).toEqual([due]);
  });

  it('the reality check is timed by the server clock and rechecked at most every 5 minutes', () => {
    // Server time = session start + elapsed = 1_000_100 s; shown at 1_000_300: 200 s to go whatever the browser clock says.
    expect(realityCheckPlan(reality({ elapsed_seconds: 100 }), 5)).toEqual({ ms: 200_000 });
    expect(realityCheckPlan(reality({ elapsed_seconds: 300 }), 5)).toBe('show');
    expect(realityCheckPlan(reality({ elapsed_seconds: 0, popup_show_at: 1_003_600 }), 5)).toEqual({ ms: STEP_MS });
    // Without a session start the browser's clock is all there is.
    expect(realityCheckPlan(reality({ session_started_at: null }), 1_000_301_000)).toBe('show');
    expect(realityCheckPlan(reality({ popup_show_at: null }), 0)).toBeNull();
    expect(realityCheckPlan(reality({ do_not_show_again: true }), 0)).toBeNull();
    expect(realityCheckPlan(reality({ interval_minutes: null }), 0)).toBeNull();
    expect(realityCheckPlan(null, 0)).toBeNull();
  });

  it('pings while a session limit applies and shows the notice when it ended', () => {
    expect(sessionLimitApplies(null)).toBe(false);
    expect(sessionLimitApplies(limits([limit({ limitType: 31, limitValue: 2, measure: 'hours' })]))).toBe(true);
    expect(sessionLimitApplies(limits([limit({ limitType: 31, limitValue: -1, limitState: 'PENDING', pendingValue: 3 })]))).toBe(false);
    const answer = { sessionEnded: false, limitHours: 1, usedSeconds: 60, remainingSeconds: 3540, nextAllowedAt: null };
    expect(sessionNotice(answer)).toBeNull();
    expect(sessionNotice({ ...answer, sessionEnded: true, nextAllowedAt: 1_700_006_400 })).toEqual({ nextAllowedAt: 1_700_006_400 });
    expect(sessionNotice(null)).toBeNull();
  });
});

describe('texts', () => {
  it('SPEC §8 save answers 200 / 204 / 400 / 401 / 403 have their own text in both languages', () => {
    const keys = [200, 204, 400, 401, 403].map((s) => saveAnswerKey(s));
    expect(new Set(keys).size).toBe(5);
    expect(saveAnswerKey(500)).toBe(saveAnswerKey(403)); // SPEC §8: default forbidden
    expect(saveAnswerKey(0, true)).toBe('main:main_network_error');
    for (const key of keys) for (const d of [EN_OFFICE, RU_OFFICE] as Record<string, string>[]) expect(d[key], key).toBeTruthy();
    for (const key of ['responsible_gaming_confirm_limit_success', 'cancel_limit_success', 'protection_confirm_error', 'protection_cancel_error'])
      for (const d of [EN_MAIN, RU_MAIN] as Record<string, string>[]) expect(d[key], key).toBeTruthy();
  });

  it('a refusal where money moves names the limit and what is left, or until when', () => {
    expect(limitRefusalOf('insufficient_funds', {})).toBeNull();
    expect(limitRefusalOf(null, null)).toBeNull();
    const en = getI18n('en', { en: { main: EN_MAIN } });
    const ru = getI18n('ru', { ru: { main: RU_MAIN } });
    const deposit = limitRefusalOf('deposit_limit_exceeded', { code: 'deposit_limit_exceeded', details: { limitType: 20, allowance: 40, allowanceMinor: '4000', currency: 'EUR' } })!;
    expect(deposit).toMatchObject({ key: 'protection_refused_deposit_limit_exceeded', limitType: 20, allowance: 40, currency: 'EUR' });
    expect(limitRefusalText(deposit, en.t.bind(en), 'en')).toBe('This deposit is above your 24-hour deposit limit. You can deposit €40 more now.');
    expect(limitRefusalText(deposit, ru.t.bind(ru), 'ru').replace(/\u00a0/g, ' ')).toBe('Депозит превышает лимит: Лимит депозита на 24 часа. Сейчас можно внести ещё 40 €.');
    const loss = limitRefusalOf('loss_limit_exceeded', { details: { limitType: 11, allowance: 2.5, currency: 'EUR' } })!;
    expect(limitRefusalText(loss, en.t.bind(en), 'en')).toBe('This stake is above what your 7-day loss limit allows: you can lose €2.50 more now.');
    const excluded = limitRefusalOf('self_excluded', { details: { endsAt: 1_800_000_000 } })!;
    expect(limitRefusalText(excluded, en.t.bind(en), 'en')).toMatch(/^You are self-excluded until .*2027.*: betting and deposits are closed\.$/);
    // Times follow the site's time-zone setting (hours from UTC) when given.
    expect(formatTime(0, 'en', 3)).toBe('Jan 1, 1970, 3:00 AM');
    expect(formatTime(0, 'en', -5)).toBe('Dec 31, 1969, 7:00 PM');
    // Every refusal code has its text in both languages.
    for (const code of ['deposit_limit_exceeded', 'wager_limit_exceeded', 'loss_limit_exceeded', 'self_excluded', 'deposit_timeout', 'session_limit_reached']) {
      const key = limitRefusalOf(code, {})!.key;
      expect((EN_MAIN as Record<string, string>)[key], key).toBeTruthy();
      expect((RU_MAIN as Record<string, string>)[key], key).toBeTruthy();
    }
  });
});

describe('confirm and reject', () => {
  const recording = (status: number, body: unknown) => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    const client = createApiClient(async (input, init) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    return { calls, client };
  };
  const answer = { status: 200, title: 'ok', limitsData: [limit({ limitType: 20, limitValue: 200 })] };

  it('confirms by POST limitaction; rejects by POST or DELETE limit as the site says (SPEC §7)', async () => {
    const { calls, client } = recording(200, answer);
    await limitAction('confirm', [20], 'delete', 'en', client);
    await limitAction('reject', [20], 'limitaction', 'en', client);
    await limitAction('reject', [21], 'delete', 'en', client);
    expect(calls).toEqual([
      { url: LIMITS_API.limitAction, method: 'POST', body: { action: 'confirm', limitTypes: [20] } },
      { url: LIMITS_API.limitAction, method: 'POST', body: { action: 'reject', limitTypes: [20] } },
      { url: `${LIMITS_API.limit}?limitType=21`, method: 'DELETE', body: null },
    ]);
  });

  it('a success updates the shared limits and says so; a failed reject drops the change locally unless 401/403 (SPEC §4)', async () => {
    const pendingRaise = limits([limit({ limitType: 20, pendingValue: 200, approveAt: 1, needApprove: true })]);
    const ok = recording(200, answer);
    const store = createLimitsStore();
    store.set(pendingRaise);
    expect(await runLimitAction('confirm', [20], 'limitaction', 'en', store, ok.client)).toEqual({ ok: true, key: 'main:responsible_gaming_confirm_limit_success' });
    expect(store.limits()?.limitsData[0]?.limitValue).toBe(200);

    store.set(pendingRaise);
    const failed = recording(500, { code: 'internal', message: 'boom' });
    expect(await runLimitAction('reject', [20], 'limitaction', 'en', store, failed.client)).toEqual({ ok: false, message: 'boom', key: 'main:protection_cancel_error' });
    expect(store.limits()?.limitsData[0]?.pendingValue).toBeNull();

    store.set(pendingRaise);
    const forbidden = recording(403, { code: 'limit_change_forbidden', message: 'Not yet' });
    expect(await runLimitAction('confirm', [20], 'limitaction', 'en', store, forbidden.client)).toEqual({ ok: false, message: 'Not yet', key: 'main:protection_confirm_error' });
    await runLimitAction('reject', [20], 'limitaction', 'en', store, forbidden.client);
    expect(store.limits()?.limitsData[0]?.pendingValue).toBe(200);
  });

  it('dropping a change locally removes a limit that was only pending', () => {
    const only = limits([limit({ limitType: 31, limitValue: -1, limitState: 'PENDING', pendingValue: 4 }), limit({ limitType: 20, pendingValue: 300 })]);
    expect(withoutPending(only, [31, 20]).limitsData).toEqual([limit({ limitType: 20 })]);
  });
});

describe('the shared copy of the limits', () => {
  it('loads once at a time, keeps the last copy on a failed reload, and derives the flags from a saved list', async () => {
    let n = 0;
    const store = createLimitsStore(async () => {
      n += 1;
      return n === 1 ? { ok: true, status: 200, body: limits([limit({ limitType: 20 })]) } : { ok: false, status: 0, code: null, message: null, body: null, network: true };
    });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().status));
    await Promise.all([store.reload(), store.reload()]);
    expect(n).toBe(1);
    expect(seen).toEqual(['loading', 'ready']);
    await store.reload();
    expect(store.get().status).toBe('ready');
    store.setList([limit({ limitType: 30, limitValue: 7, endsAt: 9 }), limit({ limitType: 37, limitValue: 1 })]);
    expect(store.limits()).toMatchObject({ selfExcluded: true, extraLimitsLocked: true });
    store.reset();
    expect(store.get()).toEqual({ status: 'idle' });
  });

  it('a read that started before a save answered does not undo the save', async () => {
    let answer: (value: { ok: true; status: number; body: PlayerLimits }) => void = () => undefined;
    const store = createLimitsStore(() => new Promise((resolve) => (answer = resolve)));
    const reading = store.reload();
    store.setList([limit({ limitType: 20, limitValue: 50 })]);
    answer({ ok: true, status: 200, body: limits([limit({ limitType: 20, pendingValue: 200 })]) });
    await reading;
    expect(store.limits()?.limitsData).toEqual([limit({ limitType: 20, limitValue: 50 })]);
  });

  it('a first load that fails says how', async () => {
    const store = createLimitsStore(async () => ({ ok: false, status: 401, code: 'unauthorized', message: null, body: null, network: false }));
    await store.reload();
    expect(store.get()).toEqual({ status: 'error', httpStatus: 401, network: false });
  });
});

import { describe, expect, it } from 'vitest';
import { parseLocation } from '../routes/locate.ts';
import { modalFromQuery, modalGuard, modalsToClose, type ModalAudience } from './modal.ts';
import { testContext, type TestContextOptions } from './test-context.ts';
import type { GuardDecision, ModalName } from './types.ts';

describe('modalsToClose', () => {
  it.each<[string | null, string, boolean, 'all' | 'none']>([
    ['/en/line', '/en/live', false, 'all'],
    ['/en/line', '/en/line?page=2', false, 'all'],
    ['/en/line', '/en/line#top', false, 'none'],
    ['/en/line#a', '/en/line#b', false, 'none'],
    ['/en/line', '/en/live?keepModals=1', false, 'none'],
    ['/en/line', '/en/live?keepModals', false, 'none'],
    ['/en/line', '/en/live', true, 'none'],
    [null, '/en/live', false, 'none'],
    ['/en/line', '/en/line', false, 'all'],
  ])('%s → %s (maintenance %s): %s', (from, to, maintenance, expected) => {
    expect(modalsToClose(from === null ? null : parseLocation(from), parseLocation(to), maintenance)).toBe(expected);
  });
});

describe('modalFromQuery', () => {
  const visitor: ModalAudience = { loggedIn: false, registrationAvailable: true };
  const player: ModalAudience = { loggedIn: true, registrationAvailable: true };
  it.each<[string, ModalAudience, ModalName | null]>([
    ['?modal=login', visitor, 'login'],
    ['?modal=login', player, null],
    ['?modal=registration', visitor, 'registration'],
    ['?modal=registration', { loggedIn: false, registrationAvailable: false }, null],
    ['?modal=forgot-password', visitor, 'forgot-password'],
    ['?modal=forgot-password', player, null],
    ['?modal=user-question', player, 'user-question'],
    ['?modal=support-history', player, 'support-history'],
    ['?modal=toString', visitor, null],
    ['?modal=nope', visitor, null],
    ['', visitor, null],
  ])('%s → %s', (search, who, modal) => expect(modalFromQuery(search, who)).toBe(modal));
});

describe('modal guard', () => {
  it.each<[string, TestContextOptions, GuardDecision]>([
    ['no modal', { url: '/en/' }, { kind: 'continue' }],
    ['forgot-password shortcut', { url: '/en/?modal=forgot-password' }, { kind: 'continue', effects: [{ kind: 'open-modal', modal: 'forgot-password' }] }],
    ['registration on a VIP domain', { url: '/en/?modal=registration', site: { isVipDomain: true } }, { kind: 'continue' }],
    ['bots get no modal', { url: '/en/?modal=login', device: { userAgent: 'Googlebot/2.1' } }, { kind: 'continue' }],
  ])('%s', (_name, options, decision) => expect(modalGuard(testContext(options))).toEqual(decision));
});

import { describe, expect, it } from 'vitest';
import { parseLocation } from '@betsite/domain';
import { hrefWithModal, modalToCarry, openModal, searchWithModal, searchWithoutModal } from './modal-url.ts';

const visitor = { loggedIn: false, registrationAvailable: true };
const at = (href: string) => parseLocation(href);

describe('route-driven modals', () => {
  it('opens the modal the query names, when the user may get it', () => {
    expect(openModal('?modal=login', visitor)).toBe('login');
    expect(openModal('?modal=forgot-password', visitor)).toBe('forgot-password');
    expect(openModal('?modal=registration', { ...visitor, registrationAvailable: false })).toBeNull();
    expect(openModal('?modal=login', { ...visitor, loggedIn: true })).toBeNull();
    expect(openModal('?modal=nope', visitor)).toBeNull();
    expect(openModal('', visitor)).toBeNull();
  });

  it('opening adds the parameter, closing removes it (and the keep flag)', () => {
    expect(searchWithModal('?a=1', 'login')).toBe('?a=1&modal=login');
    expect(searchWithModal('?modal=login', 'registration')).toBe('?modal=registration');
    expect(searchWithoutModal('?a=1&modal=login&keepModals=1')).toBe('?a=1');
    expect(searchWithoutModal('?modal=login')).toBe('');
    expect(hrefWithModal(at('/en/live?x=1#h'), 'user-question')).toBe('/en/live?x=1&modal=user-question#h');
  });

  it('navigation closes open modals (nothing carried over)', () => {
    expect(modalToCarry(at('/en/?modal=login'), at('/en/live'), false)).toBeNull();
  });

  it('keeps the modal with the keepModals flag, or while maintenance is active', () => {
    expect(modalToCarry(at('/en/?modal=login'), at('/en/live?keepModals=1'), false)).toBe('login');
    expect(modalToCarry(at('/en/?modal=login'), at('/en/live'), true)).toBe('login');
  });

  it('closing the modal itself is never undone', () => {
    expect(modalToCarry(at('/en/live?modal=login&keepModals=1'), at('/en/live'), true)).toBeNull();
    expect(modalToCarry(at('/en/live?a=1&modal=login'), at('/en/live?a=1'), false)).toBeNull();
  });

  it('nothing to carry on the first load, without an open modal, or when the target opens one', () => {
    expect(modalToCarry(null, at('/en/live'), true)).toBeNull();
    expect(modalToCarry(at('/en/'), at('/en/live'), true)).toBeNull();
    expect(modalToCarry(at('/en/?modal=login'), at('/en/?modal=registration'), true)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n/translator.ts';
import type { ApiResult } from '../../shell/http.ts';
import { errorText, groupSecret, isSecurityState, needsReauth, recoveryCodesFile, svgDataUrl } from './security.ts';

const failure = (patch: Partial<Extract<ApiResult, { ok: false }>>): Extract<ApiResult, { ok: false }> => ({
  ok: false,
  status: 400,
  code: null,
  message: null,
  body: null,
  network: false,
  ...patch,
});
const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('security page helpers', () => {
  it('recognises the re-authentication refusal only', () => {
    expect(needsReauth(failure({ status: 403, code: 'reauth_required' }))).toBe(true);
    expect(needsReauth(failure({ status: 403, code: 'csrf' }))).toBe(false);
    expect(needsReauth(failure({ status: 401, code: 'reauth_required' }))).toBe(false);
    expect(needsReauth({ ok: true, status: 200, body: {} })).toBe(false);
  });

  it('writes the recovery codes file with every code numbered', () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-DD${String(i).padStart(2, '2')}`);
    const text = recoveryCodesFile(codes, { site: 'bets.example', account: 'jane@example.com', date: '1 May 2026' });
    expect(text.split('\n')[0]).toBe('bets.example — recovery codes for two-step authentication');
    expect(text).toContain('Account: jane@example.com');
    expect(text).toContain(' 1. AAAA-BBBB-CCCC-DD20');
    expect(text).toContain('10. AAAA-BBBB-CCCC-DD29');
    expect(recoveryCodesFile(codes, { site: 's', account: null, date: 'd' })).not.toContain('Account:');
  });

  it('groups the secret by four and makes the QR an image source', () => {
    expect(groupSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
    expect(groupSecret('ABCDE')).toBe('ABCD E');
    expect(svgDataUrl('<svg a="1"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%221%22%2F%3E');
  });

  it('says what went wrong in the player’s words', () => {
    expect(errorText(failure({ network: true, status: 0 }), t)).toBe('t:main:main_network_error');
    expect(errorText(failure({ code: 'two_step_code_invalid' }), t)).toBe('t:security_error_code_invalid');
    expect(errorText(failure({ status: 429, code: 'two_step_backoff' }), t)).toBe('t:security_error_backoff');
    expect(errorText(failure({ code: 'wrong_password' }), t)).toBe('t:security_reauth_wrong_password');
    expect(errorText(failure({ code: 'invalid_request', body: { details: [{ path: 'body.newPassword', message: 'Password is too common' }] } }), t)).toBe(
      'Password is too common',
    );
    expect(errorText(failure({ code: 'something', message: 'Server words' }), t)).toBe('Server words');
    expect(errorText(failure({}), t)).toBe('t:main:main_error_generic');
  });

  it('checks the shape of the state answer', () => {
    const state = { protection_level: 40, protection_methods: {}, twoStep: {}, phone: {}, securityQuestion: {}, sessions: [] };
    expect(isSecurityState(state)).toBe(true);
    expect(isSecurityState({ ...state, protection_level: null })).toBe(true);
    expect(isSecurityState({ ...state, sessions: null })).toBe(false);
    expect(isSecurityState(null)).toBe(false);
  });
});

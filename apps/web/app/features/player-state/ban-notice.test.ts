import { describe, expect, it } from 'vitest';
import { banNoticeKey } from './ban-notice.tsx';
import { identificationState } from './identification-view.tsx';

describe('ban notice (SPEC §2, §9 codes)', () => {
  it('says withdrawal only for 53, restricted for 45, nothing for other cancels', () => {
    expect(banNoticeKey({ reason: 'banned', code: 53 })).toBe('ban_notice_text_53');
    expect(banNoticeKey({ reason: 'banned', code: 45 })).toBe('ban_notice_text_45');
    expect(banNoticeKey({ reason: 'navigation-blocked', code: null })).toBeNull();
    expect(banNoticeKey({ reason: 'recharge', code: null })).toBeNull();
  });
});

describe('identification page state', () => {
  const base = { is_verified: false, requested_additional_document: false, is_need_identification: false };
  it('asks for identity when required, for a document when one is requested, and says when nothing is needed', () => {
    expect(identificationState({ ...base, is_need_identification: true })).toBe('required');
    expect(identificationState({ ...base, is_need_identification: true, requested_additional_document: true })).toBe('document-requested');
    expect(identificationState({ ...base, is_verified: true, is_need_identification: true })).toBe('verified');
    expect(identificationState(base)).toBe('not-required');
  });
});

import { describe, expect, it } from 'vitest';
import { banNoticeKey } from './ban-notice.tsx';

describe('ban notice (SPEC §2, §9 codes)', () => {
  it('says withdrawal only for 53, restricted for 45, nothing for other cancels', () => {
    expect(banNoticeKey({ reason: 'banned', code: 53 })).toBe('ban_notice_text_53');
    expect(banNoticeKey({ reason: 'banned', code: 45 })).toBe('ban_notice_text_45');
    expect(banNoticeKey({ reason: 'navigation-blocked', code: null })).toBeNull();
    expect(banNoticeKey({ reason: 'recharge', code: null })).toBeNull();
  });
});

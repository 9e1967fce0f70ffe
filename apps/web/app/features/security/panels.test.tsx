/**
 * The panels rendered to HTML with the real English and Russian dictionaries: every text
 * resolves (no raw keys), plurals and placeholders fill in, the right controls show for
 * each two-step state.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import EN_MAIN from '../../i18n/dictionaries/en/main.json';
import EN_OFFICE from '../../i18n/dictionaries/en/office.json';
import RU_MAIN from '../../i18n/dictionaries/ru/main.json';
import RU_OFFICE from '../../i18n/dictionaries/ru/office.json';
import { getI18n } from '../../i18n/instance.ts';
import { I18nProvider } from '../../i18n/react.tsx';
import type { PanelProps } from './panel-props.ts';
import { PasswordPanel } from './password-panel.tsx';
import { PhonePanel } from './phone-panel.tsx';
import { ProtectionPanel } from './protection-panel.tsx';
import { QuestionPanel } from './question-panel.tsx';
import type { SecurityState } from './security.ts';
import { SessionsPanel } from './sessions-panel.tsx';
import { TwoStepPanel } from './two-step-panel.tsx';

const resources = { en: { main: EN_MAIN, office: EN_OFFICE }, ru: { main: RU_MAIN, office: RU_OFFICE } };
const render = (node: ReactNode, lng = 'en') => renderToStaticMarkup(<I18nProvider i18n={getI18n(lng, resources)}>{node}</I18nProvider>);

const base: SecurityState = {
  protection_level: 40,
  protection_status: 'normal',
  protection_methods: {
    is_changed_password: false,
    enable_two_factor_auth: true,
    enable_phone_binding: false,
    enable_security_question: false,
    enable_email_auth: false,
  },
  password: { changedAt: null },
  twoStep: { enabled: true, pending: false, enabledAt: '2026-05-01T10:00:00.000Z', recoveryCodesLeft: 3 },
  email: { address: null, verified: false },
  phone: { number: '+447700900123', verified: true },
  securityQuestion: { question: 'first_pet', updatedAt: '2026-05-01T10:00:00.000Z' },
  sessions: [
    { id: 'a'.repeat(32), current: true, browser: 'Chrome 124', os: 'Windows', device: 'desktop', ip: '10.0.0.1', createdAt: '2026-05-01T10:00:00.000Z', lastSeenAt: '2026-05-01T10:00:00.000Z', remember: true },
    { id: 'b'.repeat(32), current: false, browser: null, os: null, device: 'unknown', ip: null, createdAt: '2026-05-01T10:00:00.000Z', lastSeenAt: '2026-05-01T10:00:00.000Z', remember: false },
  ],
  reauthUntil: null,
  reauthByCode: true,
};
const props = (state: SecurityState = base): PanelProps => ({
  state,
  guard: (call) => call(),
  reload: async () => {},
  formatDate: (iso) => iso.slice(0, 10),
});
/** A key left untranslated shows as itself. */
const rawKey = /\b(security|main)_[a-z_]+\b/;

describe('security panels', () => {
  it('render every text in English and Russian', () => {
    for (const lng of ['en', 'ru']) {
      const html = [ProtectionPanel, PasswordPanel, TwoStepPanel, PhonePanel, QuestionPanel, SessionsPanel]
        .map((Panel) => render(<Panel {...props()} />, lng))
        .join('\n');
      expect(html, lng).not.toMatch(rawKey);
    }
  });

  it('shows the level and the methods', () => {
    const html = render(<ProtectionPanel state={base} />);
    expect(html).toContain('Protection level 40 of 100');
    expect(html).toContain('normal');
    expect(html).toMatch(/<meter[^>]*value="40"/);
  });

  it('offers turning on when off, and the codes left and turning off when on', () => {
    const off = render(<TwoStepPanel {...props({ ...base, twoStep: { enabled: false, pending: false, enabledAt: null, recoveryCodesLeft: 0 } })} />);
    expect(off).toContain('Turn on two-step authentication');
    const on = render(<TwoStepPanel {...props()} />);
    expect(on).toContain('Two-step authentication is on since 2026-05-01.');
    expect(on).toContain('3 unused recovery codes left.');
    expect(on).toContain('Turn off two-step authentication');
    expect(render(<TwoStepPanel {...props()} />, 'ru')).toContain('Осталось 3 неиспользованных резервных кода.');
  });

  it('marks the current session and offers to end the others', () => {
    const html = render(<SessionsPanel {...props()} />);
    expect(html).toContain('This device');
    expect(html).toContain('Chrome 124 · Windows (computer)');
    expect(html).toContain('aria-label="Log out unknown device"');
    expect(html).toContain('Log out all other devices');
    const alone = render(<SessionsPanel {...props({ ...base, sessions: base.sessions.slice(0, 1) })} />);
    expect(alone).toContain('You are not logged in on any other device.');
  });

  it('shows the bound phone and the chosen question', () => {
    expect(render(<PhonePanel {...props()} />)).toContain('Bound phone: +447700900123.');
    expect(render(<QuestionPanel {...props()} />)).toContain('Your question: What was the name of your first pet?');
  });
});

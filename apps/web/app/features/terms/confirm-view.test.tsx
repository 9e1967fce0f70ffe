/** The confirm-terms page in English and Russian: the terms to read, accept or log out, no raw keys. */
import { describe, expect, it } from 'vitest';
import EN_AUTH from '../../i18n/dictionaries/en/auth.json';
import EN_MAIN from '../../i18n/dictionaries/en/main.json';
import RU_AUTH from '../../i18n/dictionaries/ru/auth.json';
import RU_MAIN from '../../i18n/dictionaries/ru/main.json';
import EN_OFFICE from '../../i18n/dictionaries/en/office.json';
import RU_OFFICE from '../../i18n/dictionaries/ru/office.json';
import { renderPage, visibleText } from '../../testing/render.tsx';
import { IdentificationView } from '../player-state/index.ts';
import { ConfirmTermsView } from './confirm-view.tsx';

const resources = { en: { main: EN_MAIN, auth: EN_AUTH, office: EN_OFFICE }, ru: { main: RU_MAIN, auth: RU_AUTH, office: RU_OFFICE } };
const confirm = (lng: 'en' | 'ru') => visibleText(renderPage(<ConfirmTermsView rulesHref={`/${lng}/rules/1`} homeHref={`/${lng}/`} />, { lng, resources, route: '/:lng/confirm', url: `/${lng}/confirm` }));

describe('confirm-terms page', () => {
  it('shows the changed terms with accept and log out (en)', () => {
    const text = confirm('en');
    for (const s of ['Please review the updated terms', 'Read the terms and rules', 'I accept the new terms', 'Log out']) expect(text).toContain(s);
  });

  it('is translated (ru), without raw keys', () => {
    const text = confirm('ru');
    expect(text).toContain('Я принимаю новые правила');
    for (const lng of ['en', 'ru'] as const) expect(confirm(lng)).not.toMatch(/confirm_|header_logout/);
  });
});

describe('identification page', () => {
  it('says it is loading the status before the user config arrives (en, ru)', () => {
    expect(visibleText(renderPage(<IdentificationView />, { lng: 'en', resources }))).toContain('Loading your verification status');
    expect(visibleText(renderPage(<IdentificationView />, { lng: 'ru', resources }))).toContain('Загружаем статус проверки');
  });
});

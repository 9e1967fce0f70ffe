/**
 * The sports settings panel: list helpers, the API calls through the shared client, the
 * messages of a failed save, and the form rendered with the real English and Russian
 * dictionaries (every checkbox labelled, sport names translated, no raw keys).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n/translator.ts';
import { SPORTS } from '@betsite/domain';
import type { DisallowedSports } from '@betsite/contracts';
import EN_MAIN from '../../i18n/dictionaries/en/main.json';
import EN_OFFICE from '../../i18n/dictionaries/en/office.json';
import EN_SPORTS from '../../i18n/dictionaries/en/sports.json';
import RU_MAIN from '../../i18n/dictionaries/ru/main.json';
import RU_OFFICE from '../../i18n/dictionaries/ru/office.json';
import RU_SPORTS from '../../i18n/dictionaries/ru/sports.json';
import { getI18n } from '../../i18n/instance.ts';
import { I18nProvider } from '../../i18n/react.tsx';
import { createApiClient, type ApiResult } from '../../shell/http.ts';
import { fetchDisallowedSports, saveDisallowedSports } from './api.ts';
import { isDisallowedSports, isShown, normalise, sameLists, setAllShown, setShown, NO_HIDDEN_SPORTS } from './sports-settings.ts';
import { saveErrorText, SportsSettingsForm, type SportsSettingsFormProps } from './sports-settings-view.tsx';

const ALL = SPORTS.map((s) => s.id).sort((a, b) => a - b);

describe('sports settings lists', () => {
  it('hide and show a sport per section, sorted, each once', () => {
    let lists: DisallowedSports = NO_HIDDEN_SPORTS;
    lists = setShown(lists, 'live', 4, false);
    lists = setShown(lists, 'live', 1, false);
    lists = setShown(lists, 'live', 1, false);
    lists = setShown(lists, 'line', 56, false);
    expect(lists).toEqual({ line: [56], live: [1, 4] });
    expect(isShown(lists, 'live', 1)).toBe(false);
    expect(isShown(lists, 'line', 1)).toBe(true);
    lists = setShown(lists, 'live', 1, true);
    expect(lists).toEqual({ line: [56], live: [4] });
    expect(NO_HIDDEN_SPORTS).toEqual({ line: [], live: [] });
  });

  it('show or hide every sport of a section at once', () => {
    expect(setAllShown({ line: [2], live: [3] }, 'line', false)).toEqual({ line: ALL, live: [3] });
    expect(setAllShown({ line: [2], live: [3] }, 'live', true)).toEqual({ line: [2], live: [] });
  });

  it('compare regardless of order, and drop ids this build does not know', () => {
    expect(sameLists({ line: [3, 1], live: [] }, { line: [1, 3], live: [] })).toBe(true);
    expect(sameLists({ line: [1], live: [] }, { line: [], live: [1] })).toBe(false);
    expect(sameLists({ line: [1, 2], live: [] }, { line: [1], live: [] })).toBe(false);
    expect(normalise({ line: [999, 4, 1, 4], live: [2] })).toEqual({ line: [1, 4], live: [2] });
  });

  it('recognise an answer', () => {
    expect(isDisallowedSports({ line: [1], live: [] })).toBe(true);
    expect(isDisallowedSports({ line: [1] })).toBe(false);
    expect(isDisallowedSports({ line: ['1'], live: [] })).toBe(false);
    expect(isDisallowedSports(null)).toBe(false);
  });
});

describe('sports settings API', () => {
  const calls: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const clientAnswering = (status: number, body: unknown) =>
    createApiClient(async (input, init) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: init?.headers as Record<string, string> });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });

  it('reads the saved lists, and throws on a failure or a strange answer', async () => {
    expect(await fetchDisallowedSports(clientAnswering(200, { line: [1], live: [2] }))).toEqual({ line: [1], live: [2] });
    await expect(fetchDisallowedSports(clientAnswering(500, { code: 'internal_error', message: 'x' }))).rejects.toThrow('HTTP 500');
    await expect(fetchDisallowedSports(clientAnswering(200, { something: 'else' }))).rejects.toThrow('unexpected answer');
  });

  it('saves both lists with PUT and the CSRF header, and reports failures', async () => {
    calls.length = 0;
    const saved = await saveDisallowedSports({ line: [4], live: [1] }, clientAnswering(200, { line: [4], live: [1] }));
    expect(saved).toEqual({ ok: true, status: 200, body: { line: [4], live: [1] } });
    expect(calls[0]).toMatchObject({ url: '/web-api/office/v1/disallowed-sports', method: 'PUT', body: { line: [4], live: [1] } });
    expect(calls[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');

    const refused = await saveDisallowedSports({ line: [999], live: [] }, clientAnswering(400, { code: 'invalid_request', message: 'Invalid request body' }));
    expect(refused).toMatchObject({ ok: false, status: 400, code: 'invalid_request' });
    expect(await saveDisallowedSports(NO_HIDDEN_SPORTS, clientAnswering(200, { nonsense: true }))).toMatchObject({ ok: false, status: 200 });
  });

  it('says what to do after a failed save', () => {
    const t = ((key: string) => `t:${key}`) as unknown as TFunction;
    const failure = (patch: Partial<Extract<ApiResult, { ok: false }>>): Extract<ApiResult, { ok: false }> => ({ ok: false, status: 500, code: null, message: null, body: null, network: false, ...patch });
    expect(saveErrorText(failure({ status: 0, network: true }), t)).toBe('t:main:main_network_error');
    expect(saveErrorText(failure({ status: 401, code: 'unauthorized' }), t)).toBe('t:sports_settings_error_session');
    expect(saveErrorText(failure({ status: 400, code: 'invalid_request' }), t)).toBe('t:sports_settings_error_invalid');
    expect(saveErrorText(failure({ status: 500 }), t)).toBe('t:sports_settings_error_generic');
  });
});

describe('sports settings form', () => {
  const resources = {
    en: { main: EN_MAIN, office: EN_OFFICE, sports: EN_SPORTS },
    ru: { main: RU_MAIN, office: RU_OFFICE, sports: RU_SPORTS },
  };
  const props = (patch: Partial<SportsSettingsFormProps> = {}): SportsSettingsFormProps => ({
    draft: { line: [], live: [1] },
    dirty: false,
    pending: false,
    notice: null,
    onChange: () => {},
    onSubmit: () => {},
    ...patch,
  });
  const render = (p: SportsSettingsFormProps, lng = 'en') =>
    renderToStaticMarkup(
      <I18nProvider i18n={getI18n(lng, resources)}>
        <SportsSettingsForm {...p} />
      </I18nProvider>,
    );

  it('labels every checkbox, in two groups, with every text translated', () => {
    for (const lng of ['en', 'ru']) {
      const html = render(props(), lng);
      expect(html, lng).not.toMatch(/\b(sports_settings|sport)_[a-z_-]+\b/);
      const inputs = [...html.matchAll(/<input[^>]*id="([^"]+)"[^>]*>/g)].map((m) => m[1]);
      expect(inputs).toHaveLength(SPORTS.length * 2);
      for (const id of inputs) expect(html, id).toContain(`for="${id}"`);
      expect(html.match(/<fieldset/g)).toHaveLength(2);
    }
    const en = render(props());
    expect(en).toContain('<legend');
    expect(en).toContain('Show in line');
    expect(en).toContain('Show in live');
    expect(en).toContain('>Ice hockey</label>');
    expect(render(props(), 'ru')).toContain('Показывать в лайве');
    expect(render(props(), 'ru')).toContain('>Футбол</label>');
  });

  it('ticks the shown sports and leaves the hidden ones unticked', () => {
    const html = render(props({ draft: { line: [], live: [1] } }));
    const box = (section: string, id: number) => new RegExp(`<input[^>]*id="sports-settings-${section}-${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(box('live', 1)).not.toContain('checked');
    expect(box('line', 1)).toContain('checked');
    expect(box('live', 2)).toContain('checked');
  });

  it('shows the pending, unsaved, success and error states', () => {
    expect(render(props({ pending: true }))).toMatch(/aria-disabled="true"[^>]*>Saving…</);
    expect(render(props({ dirty: true }))).toContain('You have unsaved changes.');
    expect(render(props({ notice: { kind: 'success', text: 'Saved.' } }))).toMatch(/role="status"[^>]*>Saved\.</);
    expect(render(props({ notice: { kind: 'error', text: 'Nope.' } }))).toMatch(/role="alert"[^>]*>Nope\.</);
    expect(render(props())).not.toContain('role="alert"');
  });
});

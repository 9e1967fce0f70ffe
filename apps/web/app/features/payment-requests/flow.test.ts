import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PAYMENT_REQUEST_LIMITS, PaymentRequestErrorCode } from '@betsite/contracts';
import { canReply, existingRequestOf, failureKey, messageProblem, screenOf } from './flow.ts';

const TX = '0b8a6c1e-2f4d-4a7b-9c3e-5d6f7a8b9c0d';
const q = (query = '') => new URLSearchParams(query);

describe('screenOf', () => {
  it('shows the list, or one request, on payment/requests', () => {
    expect(screenOf('office-payment-requests', {}, q())).toEqual({ kind: 'home', requestId: null });
    expect(screenOf('office-payment-requests', {}, q(`request=${TX.toUpperCase()}`))).toEqual({ kind: 'home', requestId: TX });
    // A request id that cannot be one: the list.
    expect(screenOf('office-payment-requests', {}, q('request=<script>'))).toEqual({ kind: 'home', requestId: null });
  });

  it('shows the form of a topic, with the sub-topic and transaction from the url', () => {
    expect(screenOf('office-payment-create-request', { topicId: '1' }, q())).toEqual({ kind: 'form', topicId: 1, subTopicId: null, transactionId: null });
    expect(screenOf('office-payment-create-request', { topicId: '5' }, q(`sub=501&transaction=${TX}`))).toEqual({ kind: 'form', topicId: 5, subTopicId: 501, transactionId: TX });
    expect(screenOf('office-payment-subtopic', { topicId: '1', subTopicId: '102' }, q())).toEqual({ kind: 'form', topicId: 1, subTopicId: 102, transactionId: null });
    expect(screenOf('office-payment-transactions', { topicId: '1', transactionId: TX }, q('sub=101'))).toEqual({ kind: 'form', topicId: 1, subTopicId: 101, transactionId: TX });
  });

  it('shows the transaction picker without a transaction id', () => {
    expect(screenOf('office-payment-transactions', { topicId: '2' }, q())).toEqual({ kind: 'picker', topicId: 2, subTopicId: null });
    expect(screenOf('office-payment-transactions', { topicId: '2' }, q('sub=201'))).toEqual({ kind: 'picker', topicId: 2, subTopicId: 201 });
  });

  it('refuses ids that cannot be ids', () => {
    for (const [route, params, query] of [
      ['office-payment-create-request', { topicId: 'abc' }, ''],
      ['office-payment-create-request', { topicId: '0' }, ''],
      ['office-payment-create-request', { topicId: '01' }, ''],
      ['office-payment-create-request', { topicId: '1' }, 'sub=x'],
      ['office-payment-create-request', { topicId: '1' }, 'transaction=123'],
      ['office-payment-subtopic', { topicId: '1', subTopicId: '-4' }, ''],
      ['office-payment-transactions', { topicId: '1', transactionId: 'nope' }, ''],
      ['office-payment-transactions', {}, ''],
    ] as const) {
      expect(screenOf(route, params, q(query)), `${route} ${JSON.stringify(params)} ${query}`).toEqual({ kind: 'invalid' });
    }
  });
});

describe('messageProblem', () => {
  it('asks for the minimum length of trimmed text and refuses more than the maximum', () => {
    expect(messageProblem('')).toBe('short');
    expect(messageProblem(`   ${'x'.repeat(PAYMENT_REQUEST_LIMITS.messageMin - 1)}   `)).toBe('short');
    expect(messageProblem('x'.repeat(PAYMENT_REQUEST_LIMITS.messageMin))).toBeNull();
    expect(messageProblem('x'.repeat(PAYMENT_REQUEST_LIMITS.messageMax + 1))).toBe('long');
    expect(messageProblem('ok', 1)).toBeNull();
    expect(messageProblem('  ', 1)).toBe('short');
  });
});

describe('failures', () => {
  it('explains every error code of the API in the dictionaries (en and ru)', () => {
    const office = (lang: string) => JSON.parse(readFileSync(new URL(`../../i18n/dictionaries/${lang}/office.json`, import.meta.url), 'utf8')) as Record<string, string>;
    const [en, ru] = [office('en'), office('ru')];
    const codes = [...Object.values(PaymentRequestErrorCode), 'too_many_requests', 'idempotency_conflict'];
    for (const code of codes) {
      const key = failureKey({ status: 409, code });
      expect(key, code).toBe(`preq_error_${code}`);
      expect(en[key!], key!).toBeTruthy();
      expect(ru[key!], key!).toBeTruthy();
    }
    expect(failureKey({ status: null, code: null })).toBe('main:main_network_error');
    expect(failureKey({ status: 404, code: 'not_found' })).toBe('preq_error_not_found');
    expect(failureKey({ status: 401, code: 'unauthorized' })).toBe('preq_error_unauthorized');
    expect(failureKey({ status: 400, code: 'invalid_request' })).toBeNull();
    // Every key the feature uses exists in both languages.
    const used = new Set<string>();
    for (const file of ['home.tsx', 'request-form.tsx', 'transaction-picker.tsx', 'request-detail.tsx', 'shared.tsx', 'view.tsx']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      for (const match of source.matchAll(/t\('((?:preq|pay)_[a-z_]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    for (const key of used) {
      expect(en[key], `en ${key}`).toBeTruthy();
      expect(ru[key], `ru ${key}`).toBeTruthy();
    }
  });

  it('links to the request already open about a payment', () => {
    expect(existingRequestOf({ code: 'request_exists', details: { requestId: TX, number: 100_001 } })).toEqual({ requestId: TX, number: 100_001 });
    expect(existingRequestOf({ code: 'request_exists', details: {} })).toBeNull();
    expect(existingRequestOf({ code: 'not_found', details: { requestId: TX, number: 1 } })).toBeNull();
  });

  it('lets the player write until the request is closed', () => {
    expect([canReply('open'), canReply('answered'), canReply('closed')]).toEqual([true, true, false]);
  });
});

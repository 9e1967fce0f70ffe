import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { OutboxResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import { createDelivery, createOutboxDelivery, createSmtpDelivery, type MailTransport } from './index.ts';

describe('SMTP delivery', () => {
  const fakeTransport = () => {
    const sent: Parameters<MailTransport['sendMail']>[0][] = [];
    const transport: MailTransport = {
      sendMail: async (mail) => {
        sent.push(mail);
        return { messageId: 'x' };
      },
    };
    return { sent, transport };
  };

  it('sends e-mail through the transport with the configured From', async () => {
    const { sent, transport } = fakeTransport();
    const delivery = createSmtpDelivery(transport, { from: 'Bets <no-reply@bets.test>' });
    await delivery.send({ channel: 'email', to: 'jane@example.com', subject: 'Hello', text: 'plain', html: '<p>rich</p>' });
    await delivery.send({ channel: 'email', to: 'joe@example.com', text: 'no subject' });
    expect(sent).toEqual([
      { from: 'Bets <no-reply@bets.test>', to: 'jane@example.com', subject: 'Hello', text: 'plain', html: '<p>rich</p>' },
      { from: 'Bets <no-reply@bets.test>', to: 'joe@example.com', subject: '', text: 'no subject' },
    ]);
  });

  it('hands SMS to the SMS delivery, and refuses them without one', async () => {
    const { sent, transport } = fakeTransport();
    const sms: unknown[] = [];
    const delivery = createSmtpDelivery(transport, { from: 'a@b.test', sms: { send: async (m) => void sms.push(m) } });
    await delivery.send({ channel: 'sms', to: '+447700900123', text: 'code 123456' });
    expect(sent).toEqual([]);
    expect(sms).toEqual([{ channel: 'sms', to: '+447700900123', text: 'code 123456' }]);
    await expect(createSmtpDelivery(transport, { from: 'a@b.test' }).send({ channel: 'sms', to: '+447700900123', text: 'x' })).rejects.toThrow(/SMS/);
  });

  it('propagates transport failures to the caller', async () => {
    const delivery = createSmtpDelivery({ sendMail: async () => Promise.reject(new Error('connection refused')) }, { from: 'a@b.test' });
    await expect(delivery.send({ channel: 'email', to: 'jane@example.com', text: 'x' })).rejects.toThrow('connection refused');
  });
});

describeEachDb('notifications', (t) => {
  let app: FastifyInstance;
  const clock = createClock({ fake: true });
  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  it('stores messages in the outbox with the app clock, and lists them newest first', async () => {
    const outbox = createOutboxDelivery(t.db, clock);
    await outbox.send({ channel: 'email', to: 'first@example.com', subject: 'First <b>', text: 'one & <script>alert(1)</script>' });
    clock.advance!(1);
    await outbox.send({ channel: 'sms', to: '+447700900123', text: 'two' });
    const rows = await t.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();
    expect(rows.at(-1)).toMatchObject({ channel: 'sms', recipient: '+447700900123', subject: null, text: 'two', html: null });
    expect(rows.at(-1)!.created_at.getTime()).toBe(clock.now());

    const json = await app.inject('/dev/outbox.json');
    expect(json.statusCode).toBe(200);
    const { messages } = OutboxResponseSchema.parse(json.json());
    expect(messages.slice(0, 2).map((m) => m.to)).toEqual(['+447700900123', 'first@example.com']);

    const page = await app.inject('/dev/outbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('first@example.com');
    expect(page.body).toContain('one &#38; &#60;script&#62;');
    expect(page.body).not.toContain('<script>');
    expect(page.body.indexOf('+447700900123')).toBeLessThan(page.body.indexOf('first@example.com'));
  });

  it('sends in the background and waits for it on idle()', async () => {
    app.notifications.sendInBackground({ channel: 'email', to: 'later@example.com', text: 'later' });
    await app.notifications.idle();
    const row = await t.db.selectFrom('outbox').select('text').where('recipient', '=', 'later@example.com').executeTakeFirst();
    expect(row).toEqual({ text: 'later' });
  });

  it('uses the outbox without SMTP_URL and SMTP with it', async () => {
    const env = { MAIL_FROM: 'a@b.test' };
    const outbox = createDelivery(env, t.db, clock);
    await outbox.send({ channel: 'email', to: 'chosen@example.com', text: 'x' });
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', 'chosen@example.com').execute()).toHaveLength(1);
    // With SMTP_URL the e-mail leaves by SMTP (nothing listens on port 9: the send fails) and no row is written.
    const smtp = createDelivery({ ...env, SMTP_URL: 'smtp://127.0.0.1:9' }, t.db, clock);
    await expect(smtp.send({ channel: 'email', to: 'smtp@example.com', text: 'x' })).rejects.toThrow();
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', 'smtp@example.com').execute()).toHaveLength(0);
    await smtp.send({ channel: 'sms', to: '+447700900999', text: 'sms stays local' });
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', '+447700900999').execute()).toHaveLength(1);
  });

  it('has the dev pages in development too, and not in production', async () => {
    const dev = await buildTestApp(t.handle, { env: { NODE_ENV: 'development' } });
    const prod = await buildTestApp(t.handle, { env: { NODE_ENV: 'production' } });
    try {
      expect((await dev.inject('/dev/outbox.json')).statusCode).toBe(200);
      expect((await dev.inject('/dev/outbox')).statusCode).toBe(200);
      for (const url of ['/dev/outbox', '/dev/outbox.json']) {
        const res = await prod.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('@example.com');
      }
    } finally {
      await dev.close();
      await prod.close();
    }
  });
});

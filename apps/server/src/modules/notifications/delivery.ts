/**
 * How the site sends e-mail and SMS: one `Delivery` interface, two implementations.
 *
 * - `createOutboxDelivery`: stores every message in the `outbox` table (the embedded
 *   default, no server needed); `/dev/outbox` shows them in development.
 * - `createSmtpDelivery`: sends e-mail through an SMTP server (nodemailer, `SMTP_URL`).
 *
 * `createDelivery(env)` picks: with SMTP_URL, e-mail by SMTP and SMS to the outbox (there
 * is no SMS gateway yet); without it, everything to the outbox.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import type { DeliveryChannel } from '@betsite/contracts';

export interface OutgoingMessage {
  channel: DeliveryChannel;
  /** E-mail address, or E.164 phone for SMS. */
  to: string;
  /** E-mail only. */
  subject?: string;
  text: string;
  /** E-mail only. */
  html?: string;
}

export interface Delivery {
  send(message: OutgoingMessage): Promise<void>;
}

export function createOutboxDelivery(db: Kysely<Database>, clock: Clock): Delivery {
  return {
    async send(message) {
      await db
        .insertInto('outbox')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject ?? null,
          text: message.text,
          html: message.html ?? null,
          created_at: new Date(clock.now()),
        })
        .execute();
    },
  };
}

/** What SMTP delivery needs of a nodemailer transport (tests pass a fake). */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

/** E-mail through SMTP; SMS go to `sms` (default: refused, there is no SMS over SMTP). */
export function createSmtpDelivery(transport: MailTransport, { from, sms }: { from: string; sms?: Delivery }): Delivery {
  return {
    async send(message) {
      if (message.channel === 'sms') {
        if (!sms) throw new Error('SMTP delivery cannot send SMS');
        return sms.send(message);
      }
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html !== undefined ? { html: message.html } : {}),
      });
    },
  };
}

/**
 * nodemailer is loaded with the first e-mail, not at start: a node without SMTP_URL never
 * loads it, and its import was ~50 ms of every start's CPU.
 */
export function createNodemailerTransport(smtpUrl: string): MailTransport {
  let transport: Promise<MailTransport> | undefined;
  return {
    async sendMail(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      return (await transport).sendMail(mail);
    },
  };
}

export const DEFAULT_MAIL_FROM = 'Betsite <no-reply@localhost>';

export function createDelivery(
  env: { SMTP_URL?: string | undefined; MAIL_FROM?: string | undefined },
  db: Kysely<Database>,
  clock: Clock,
): Delivery {
  const outbox = createOutboxDelivery(db, clock);
  if (!env.SMTP_URL) return outbox;
  return createSmtpDelivery(createNodemailerTransport(env.SMTP_URL), { from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM, sms: outbox });
}

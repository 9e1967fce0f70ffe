/**
 * The notifications module: `app.notifications.delivery` (e-mail, SMS; see delivery.ts),
 * `sendInBackground` for answers that must not wait on (or reveal by their timing) a
 * delivery, and the development outbox pages.
 */
import type { FastifyInstance } from 'fastify';
import { createDelivery, type Delivery, type OutgoingMessage } from './delivery.ts';
import { outboxDevRoutes } from './dev-routes.ts';

export interface Notifications {
  delivery: Delivery;
  /** Sends without waiting; a failure is logged, never thrown. */
  sendInBackground(message: OutgoingMessage): void;
  /** Resolves when every background send started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail and SMS delivery (SMTP or the database outbox). */
    notifications: Notifications;
  }
}

export interface NotificationsOptions {
  /** Default from SMTP_URL (SMTP) or the database outbox. */
  delivery?: Delivery;
}

export async function registerNotifications(app: FastifyInstance, options: NotificationsOptions = {}): Promise<void> {
  const delivery = options.delivery ?? createDelivery(app.env, app.db, app.clock);
  if (!options.delivery && !app.env.SMTP_URL && app.env.NODE_ENV === 'production') {
    app.log.warn('SMTP_URL is not set: e-mails and SMS are only stored in the outbox table');
  }
  const pending = new Set<Promise<void>>();
  const notifications: Notifications = {
    delivery,
    sendInBackground(message) {
      const sending = delivery
        .send(message)
        .catch((error: unknown) => app.log.error({ err: error, channel: message.channel }, 'message delivery failed'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  app.decorate('notifications', notifications);
  // Before the database closes (onClose), so a message accepted in a request is not lost:
  // at preClose, and again once the last requests have finished (they may have sent more).
  app.addHook('preClose', () => notifications.idle());
  app.addHook('onClose', () => notifications.idle());
  if (app.env.NODE_ENV === 'development' || app.env.NODE_ENV === 'test') await app.register(outboxDevRoutes);
}

export { createDelivery, createOutboxDelivery, createSmtpDelivery, type Delivery, type MailTransport, type OutgoingMessage } from './delivery.ts';

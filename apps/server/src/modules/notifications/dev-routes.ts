/**
 * The development outbox: `GET /dev/outbox` (an HTML list, newest first) and
 * `GET /dev/outbox.json` (`OutboxResponse`). Registered only when NODE_ENV is development
 * or test, so a newcomer can read the codes the site "sent" on one machine; in production
 * the paths do not exist.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { OutboxMessage, OutboxResponse } from '@betsite/contracts';

const LIMIT = 200;

export const outboxDevRoutes: FastifyPluginAsync = async (app) => {
  const latest = async (): Promise<OutboxMessage[]> => {
    const rows = await app.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIMIT)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: row.created_at.toISOString(),
    }));
  };

  app.get('/dev/outbox.json', async (_request, reply): Promise<OutboxResponse> => {
    reply.header('cache-control', 'no-store');
    return { messages: await latest() };
  });

  app.get('/dev/outbox', async (_request, reply) => {
    const messages = await latest();
    const items = messages
      .map(
        (m) => `<li><p><strong>${escapeHtml(m.channel.toUpperCase())}</strong> to <strong>${escapeHtml(m.to)}</strong> at <time>${escapeHtml(m.createdAt)}</time></p>${
          m.subject !== null ? `<p>Subject: ${escapeHtml(m.subject)}</p>` : ''
        }<pre>${escapeHtml(m.text)}</pre></li>`,
      )
      .join('\n');
    const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Outbox (development)</title></head>
<body><h1>Outbox</h1><p>E-mails and SMS the site sent in development, newest first (at most ${LIMIT}). <a href="/dev/outbox.json">JSON</a></p>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<ol>\n${items}\n</ol>`}
</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  });
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

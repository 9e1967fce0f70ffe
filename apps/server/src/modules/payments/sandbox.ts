/**
 * The built-in sandbox payment provider: a stand-in for a real acquirer, with its own
 * hosted page at `/sandbox-pay/{paymentId}` (plain server-rendered HTML, no script). The
 * page takes a card (test numbers below) or an e-wallet, may ask for a 3-D Secure style
 * confirmation, then sends our callback endpoint a signed callback — in-process, the same
 * function the HTTP endpoint calls — and sends the browser to the onpay return page.
 *
 * Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 3220 asks for 3-D Secure;
 * 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 stays pending. An e-wallet payment
 * succeeds unless the wallet id contains "decline".
 *
 * The page is served with `Content-Security-Policy: sandbox allow-forms`: the browser treats
 * it as a foreign origin, like a real provider's page, so it carries no session cookie of
 * ours (and needs none: the unguessable payment id is the page's only key, as with any
 * hosted payment page). NOT FOR PRODUCTION MONEY: anyone can "pay" with a test card.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { SandboxCallbackSchema, UuidParamsSchema, type PaymentStatus } from '@betsite/contracts';
import { isCurrencyCode, minorToDecimal } from '@betsite/domain';
import type { PaymentProvider, ProviderEvent, ProviderStatus } from './provider.ts';
import type { PaymentRow, PaymentsService } from './service.ts';

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  threeDSecure: '4000000000003220',
  declined: '4000000000000002',
  pending: '4000000000009995',
} as const;

export interface SandboxProvider extends PaymentProvider {
  /** The signature of a raw callback body (hex HMAC-SHA256). */
  sign(rawBody: string): string;
  /** The signed callback body for a payment reaching `status`. */
  callback(row: Pick<PaymentRow, 'id' | 'amount' | 'currency'>, status: ProviderStatus): { rawBody: string; signature: string };
}

export function createSandboxProvider(secret: string): SandboxProvider {
  const sign = (rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');
  return {
    name: 'sandbox',
    sign,
    async createDeposit({ paymentId }) {
      return { providerRef: `sbx_${paymentId}`, redirectUrl: `/sandbox-pay/${paymentId}`, status: 'pending' };
    },
    async createWithdrawal({ paymentId }) {
      return { providerRef: `sbx_po_${paymentId}`, redirectUrl: null, status: 'succeeded' };
    },
    callback(row, status) {
      const rawBody = JSON.stringify({
        eventId: randomUUID(),
        paymentId: row.id,
        providerRef: `sbx_${row.id}`,
        status,
        amountMinor: String(row.amount),
        currency: row.currency,
      });
      return { rawBody, signature: sign(rawBody) };
    },
    verifyCallback(signature, rawBody): ProviderEvent | null {
      if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return null;
      if (!timingSafeEqual(Buffer.from(signature.toLowerCase(), 'hex'), Buffer.from(sign(rawBody), 'hex'))) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const body = SandboxCallbackSchema.safeParse(parsed);
      if (!body.success) return null;
      const { amountMinor, ...event } = body.data;
      return { ...event, amount: BigInt(amountMinor) };
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f3f4f6;color:#111;margin:0;padding:2rem}
main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}label{display:block;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #bbb;border-radius:6px}
fieldset{border:1px solid #ddd;border-radius:8px;margin:1rem 0;padding:0 1rem 1rem}
button{font:inherit;padding:.5rem 1rem;margin:.75rem .5rem 0 0;border-radius:6px;border:1px solid #888;cursor:pointer}
.pay{background:#0b6;color:#fff;border-color:#0b6}.error{color:#b00;font-weight:600}.note{color:#555;font-size:.875rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Sandbox Pay</title><style>${STYLE}</style></head>
<body><main><p class="note">Sandbox Pay — test payments only</p>${body}</main></body></html>`;
}

const amountText = (row: PaymentRow) =>
  `${isCurrencyCode(row.currency) ? minorToDecimal(row.amount as never, row.currency) : String(row.amount)} ${row.currency}`;

function payPage(row: PaymentRow, error?: string): string {
  const action = `/sandbox-pay/${encodeURIComponent(row.id)}`;
  return page(
    'Pay',
    `<h1>Pay ${escapeHtml(amountText(row))}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="method" value="card">
<fieldset><legend>Card</legend>
<label for="card-number">Card number</label><input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="off" required maxlength="23">
<label for="card-expiry">Expiry (MM/YY)</label><input id="card-expiry" name="expiry" placeholder="12/34" autocomplete="off" required maxlength="7">
<label for="card-cvc">CVC</label><input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="off" required maxlength="4">
<p class="note">Test cards: 4242 4242 4242 4242 succeeds · 4000 0000 0000 3220 asks for 3-D Secure · 4000 0000 0000 0002 is declined · 4000 0000 0000 9995 stays pending.</p>
<button class="pay" type="submit" name="action" value="pay">Pay by card</button>
</fieldset></form>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="method" value="ewallet">
<fieldset><legend>E-wallet</legend>
<label for="wallet-id">Wallet (e-mail or phone)</label><input id="wallet-id" name="wallet" autocomplete="off" required maxlength="100">
<button class="pay" type="submit" name="action" value="pay">Pay with e-wallet</button>
</fieldset></form>
<form method="post" action="${escapeHtml(action)}"><button type="submit" name="action" value="cancel">Cancel payment</button></form>`,
  );
}

function threeDsPage(row: PaymentRow): string {
  const action = `/sandbox-pay/${encodeURIComponent(row.id)}/3ds`;
  return page(
    '3-D Secure',
    `<h1>3-D Secure confirmation</h1><p>Your bank asks you to confirm the payment of <strong>${escapeHtml(amountText(row))}</strong>.</p>
<form method="post" action="${escapeHtml(action)}">
<button class="pay" type="submit" name="action" value="confirm">Confirm payment</button>
<button type="submit" name="action" value="deny">Deny</button></form>`,
  );
}

function donePage(row: PaymentRow, status: PaymentStatus): string {
  return page('Payment', `<h1>This payment is ${escapeHtml(status)}</h1><p><a href="${escapeHtml(returnUrl(row, status))}">Back to the site</a></p>`);
}

const RESULTS: Partial<Record<PaymentStatus, string>> = { succeeded: 'success', failed: 'fail', cancelled: 'cancel', pending: 'pending', expired: 'fail' };
function returnUrl(row: PaymentRow, status: PaymentStatus): string {
  return `/${encodeURIComponent(row.return_language)}/onpay/${RESULTS[status] ?? 'pending'}?payment=${encodeURIComponent(row.id)}`;
}

const formField = (body: unknown, name: string): string => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
};

/** Routes of the hosted page; its callbacks go to `service.receiveCallback` in-process (a function call). */
export function sandboxPageRoutes(
  provider: SandboxProvider,
  service: PaymentsService,
): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('content-security-policy', "sandbox allow-forms; default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
      reply.header('referrer-policy', 'no-referrer');
    });

    /** The pending page's deposit: the path's id (a UUID, else none) must name a deposit of this provider. */
    const deposit = async (params: unknown) => {
      const parsed = UuidParamsSchema.safeParse(params);
      if (!parsed.success) return null;
      const row = await service.forProvider(parsed.data.id);
      return row && row.direction === 'deposit' && row.provider === provider.name ? row : null;
    };
    const notFoundPage = page('Not found', '<h1>No such payment</h1>');

    /** Sends the signed callback to our handler, then the browser to the return page. */
    const finish = async (row: PaymentRow, status: ProviderStatus) => {
      const { rawBody, signature } = provider.callback(row, status);
      const payment = await service.receiveCallback(provider.name, signature, rawBody);
      return returnUrl(row, payment.status);
    };

    app.get('/sandbox-pay/:id', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const row = await deposit(request.params);
      if (!row) return reply.code(404).send(notFoundPage);
      if (row.status !== 'pending') return donePage(row, statusOf(row));
      return payPage(row);
    });

    app.post('/sandbox-pay/:id', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const row = await deposit(request.params);
      if (!row) return reply.code(404).send(notFoundPage);
      if (row.status !== 'pending') return reply.redirect(returnUrl(row, statusOf(row)), 303);
      const action = formField(request.body, 'action');
      if (action === 'cancel') return reply.redirect(await finish(row, 'cancelled'), 303);
      if (action !== 'pay') return reply.code(400).send(payPage(row, 'Choose how to pay.'));
      if (formField(request.body, 'method') === 'ewallet') {
        const wallet = formField(request.body, 'wallet').trim();
        if (!wallet) return reply.code(422).send(payPage(row, 'Enter your wallet.'));
        return reply.redirect(await finish(row, wallet.includes('decline') ? 'failed' : 'succeeded'), 303);
      }
      const card = formField(request.body, 'cardNumber').replace(/[\s-]/g, '');
      switch (card) {
        case SANDBOX_CARDS.success:
          return reply.redirect(await finish(row, 'succeeded'), 303);
        case SANDBOX_CARDS.threeDSecure:
          return threeDsPage(row);
        case SANDBOX_CARDS.declined:
          return reply.redirect(await finish(row, 'failed'), 303);
        case SANDBOX_CARDS.pending:
          await finish(row, 'pending');
          return reply.redirect(returnUrl(row, 'pending'), 303);
        default:
          return reply.code(422).send(payPage(row, 'Use one of the test cards listed below.'));
      }
    });

    app.post('/sandbox-pay/:id/3ds', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const row = await deposit(request.params);
      if (!row) return reply.code(404).send(notFoundPage);
      if (row.status !== 'pending') return reply.redirect(returnUrl(row, statusOf(row)), 303);
      const action = formField(request.body, 'action');
      if (action !== 'confirm' && action !== 'deny') return reply.code(400).send(threeDsPage(row));
      return reply.redirect(await finish(row, action === 'confirm' ? 'succeeded' : 'failed'), 303);
    });

    // Any other path below /sandbox-pay (an id longer than the router takes, a typo), whatever the method: the same 404 page.
    app.all('/sandbox-pay/*', async (_request, reply) => reply.code(404).type('text/html; charset=utf-8').send(notFoundPage));
  };
}

function statusOf(row: PaymentRow): PaymentStatus {
  if (row.status === 'succeeded' || row.status === 'failed' || row.status === 'cancelled' || row.status === 'expired') return row.status;
  return 'pending';
}

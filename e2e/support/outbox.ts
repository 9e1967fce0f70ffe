import { expect } from 'vitest';
import { origin } from './browser.ts';

interface OutboxMessage {
  to: string;
  subject: string | null;
  text: string;
}

/** The messages the test server "sent" (its development outbox), newest first. */
export async function outbox(): Promise<OutboxMessage[]> {
  const res = await fetch(`${origin()}/dev/outbox.json`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The newest e-mail activation link mailed to `to`, waiting for it to arrive. */
export async function activationLinkFor(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await outbox()).filter((m) => m.to === to).map((m) => /https?:\/\/\S+\/user\/activate#token=[A-Za-z0-9_-]+/.exec(m.text)?.[0])[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

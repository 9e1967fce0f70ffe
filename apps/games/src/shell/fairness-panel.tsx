/**
 * Provably fair: the hash of the server seed in use (committed before play), the client seed
 * (the player may change it), the next nonce, and rotation, which reveals the seed in use so
 * every round played with it can be recomputed (HMAC-SHA256(serverSeed, clientSeed:nonce)).
 */
import { useState } from 'react';
import { RgsError, type RgsApi } from '../api.ts';
import { useT } from '../i18n.ts';
import type { RgsFairness, RotateAnswer } from '../rgs-types.ts';
import { clientSeedError, randomClientSeed } from './fairness.ts';

interface Props {
  readonly api: RgsApi;
  readonly fairness: RgsFairness;
  readonly onFairness: (f: RgsFairness) => void;
  readonly onError: (code: string, message: string) => void;
}

export function FairnessPanel({ api, fairness, onFairness, onError }: Props): React.JSX.Element {
  const [draft, setDraft] = useState(fairness.clientSeed);
  const [revealed, setRevealed] = useState<RotateAnswer['revealed'] | null>(null);
  const [working, setWorking] = useState(false);
  const t = useT();
  const problem = clientSeedError(draft, t);
  const run = async (job: () => Promise<void>): Promise<void> => {
    setWorking(true);
    try {
      await job();
    } catch (error) {
      const e = error instanceof RgsError ? error : new RgsError(0, 'network_error', String(error));
      onError(e.code, e.message);
    } finally {
      setWorking(false);
    }
  };
  const save = (): Promise<void> =>
    run(async () => {
      onFairness(await api.setClientSeed(draft));
    });
  const rotate = (): Promise<void> =>
    run(async () => {
      const answer = await api.rotate();
      setRevealed(answer.revealed);
      setDraft(answer.next.clientSeed);
      onFairness(answer.next);
    });
  return (
    <details className="panel" data-testid="rgs-fairness">
      <summary>{t('fair.title')}</summary>
      <dl className="facts">
        <dt>{t('fair.hash')}</dt>
        <dd className="mono" data-testid="rgs-server-seed-hash">{fairness.serverSeedHash}</dd>
        <dt>{t('fair.nonce')}</dt>
        <dd className="mono">{fairness.nonce}</dd>
      </dl>
      <form
        className="seed-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem && draft !== fairness.clientSeed) void save();
        }}
      >
        <label>
          {t('fair.clientSeed')}
          <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={64} spellCheck={false} autoComplete="off" aria-invalid={problem ? true : undefined} aria-describedby="seed-help" />
        </label>
        <button type="button" onClick={() => setDraft(randomClientSeed())} disabled={working}>{t('fair.random')}</button>
        <button type="submit" disabled={working || problem !== null || draft === fairness.clientSeed}>{t('fair.save')}</button>
        <p id="seed-help" className="muted">{problem ?? t('fair.help')}</p>
      </form>
      <button type="button" onClick={() => void rotate()} disabled={working}>{t('fair.rotate')}</button>
      {revealed ? (
        <dl className="facts revealed" data-testid="rgs-revealed-seed" aria-live="polite">
          <dt>{t('fair.revealed')}</dt>
          <dd className="mono">{revealed.serverSeed}</dd>
          <dt>{t('fair.revealedHash')}</dt>
          <dd className="mono">{revealed.serverSeedHash}</dd>
          <dt>{t('fair.clientSeed')}</dt>
          <dd className="mono">{revealed.clientSeed}</dd>
          <dt>{t('fair.rounds')}</dt>
          <dd>{revealed.lastNonce < 0 ? t('fair.none') : t('fair.nonces', { last: revealed.lastNonce })}</dd>
        </dl>
      ) : null}
    </details>
  );
}

/**
 * Provably fair: the hash of the server seed in use (committed before play), the client seed
 * (the player may change it), the next nonce, and rotation, which reveals the seed in use so
 * every round played with it can be recomputed (HMAC-SHA256(serverSeed, clientSeed:nonce)).
 */
import { useState } from 'react';
import { RgsError, type RgsApi } from '../api.ts';
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
  const problem = clientSeedError(draft);
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
      <summary>Provably fair</summary>
      <dl className="facts">
        <dt>Server seed hash (SHA-256)</dt>
        <dd className="mono" data-testid="rgs-server-seed-hash">{fairness.serverSeedHash}</dd>
        <dt>Next nonce</dt>
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
          Client seed
          <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={64} spellCheck={false} autoComplete="off" aria-invalid={problem ? true : undefined} aria-describedby="seed-help" />
        </label>
        <button type="button" onClick={() => setDraft(randomClientSeed())} disabled={working}>New random seed</button>
        <button type="submit" disabled={working || problem !== null || draft === fairness.clientSeed}>Save client seed</button>
        <p id="seed-help" className="muted">{problem ?? 'Your seed is mixed into every result: HMAC-SHA256(server seed, client seed:nonce).'}</p>
      </form>
      <button type="button" onClick={() => void rotate()} disabled={working}>Reveal the server seed and start a new one</button>
      {revealed ? (
        <dl className="facts revealed" data-testid="rgs-revealed-seed" aria-live="polite">
          <dt>Revealed server seed</dt>
          <dd className="mono">{revealed.serverSeed}</dd>
          <dt>Its hash (as shown before play)</dt>
          <dd className="mono">{revealed.serverSeedHash}</dd>
          <dt>Client seed</dt>
          <dd className="mono">{revealed.clientSeed}</dd>
          <dt>Rounds on it</dt>
          <dd>{revealed.lastNonce < 0 ? 'none' : `nonces 0 to ${revealed.lastNonce}: each can now be recomputed`}</dd>
        </dl>
      ) : null}
    </details>
  );
}

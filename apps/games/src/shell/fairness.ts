/** Client seed rules shown before saving (the contract's: 1–64 printable ASCII characters, no spaces). */
import { EN, type Translate } from '../i18n.ts';

const SEED = /^[\x21-\x7e]+$/;

export function clientSeedError(seed: string, t: Translate = EN): string | null {
  if (seed.length === 0) return t('seed.empty');
  if (seed.length > 64) return t('seed.long');
  return SEED.test(seed) ? null : t('seed.chars');
}

/** 16 random hex characters from the browser's CSPRNG. */
export function randomClientSeed(bytes: (array: Uint8Array<ArrayBuffer>) => Uint8Array = (a) => crypto.getRandomValues(a)): string {
  return Array.from(bytes(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}

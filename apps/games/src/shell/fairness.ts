/** Client seed rules shown before saving (the contract's: 1–64 printable ASCII characters, no spaces). */
const SEED = /^[\x21-\x7e]+$/;

export function clientSeedError(seed: string): string | null {
  if (seed.length === 0) return 'Enter a client seed.';
  if (seed.length > 64) return 'At most 64 characters.';
  return SEED.test(seed) ? null : 'Printable characters without spaces only.';
}

/** 16 random hex characters from the browser's CSPRNG. */
export function randomClientSeed(bytes: (array: Uint8Array<ArrayBuffer>) => Uint8Array = (a) => crypto.getRandomValues(a)): string {
  return Array.from(bytes(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}

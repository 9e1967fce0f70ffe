/**
 * The sandbox identity provider's signing key: ES256 (P-256), derived from
 * LOGIN_SIGNING_SECRET, so every node that shares the secret signs and publishes the same
 * key (a load balancer may send the JWKS request to another node than the token request).
 * Without the secret the key is random per process, like the secret itself.
 */
import { createECDH, createPrivateKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';

export interface SandboxKey {
  privateKey: KeyObject;
  /** The public JWK as published at `/sandbox-idp/jwks` (kid = its RFC 7638 thumbprint). */
  publicJwk: JWK & { kid: string };
}

export async function sandboxKeyFrom(seed: Buffer): Promise<SandboxKey> {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(seed);
  const point = ecdh.getPublicKey();
  const publicPart = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const privateKey = createPrivateKey({ key: { ...publicPart, d: seed.toString('base64url') }, format: 'jwk' });
  const kid = await calculateJwkThumbprint(publicPart);
  return { privateKey, publicJwk: { ...publicPart, kid, alg: 'ES256', use: 'sig' } };
}

import { describe, expect, it } from 'vitest';
import {
  checkPassFor,
  looksLikePass,
  newPassPrivateKey,
  PASS_PROBLEM_MESSAGES,
  passKeyFromHex,
  passKeyToHex,
  passPublicKey,
  signPass,
  verifyPass,
} from './passes.ts';

describe('passes', () => {
  const key = newPassPrivateKey();
  const publicKey = passPublicKey(key);
  const claims = { eventId: 7, participantId: 12345, version: 2 };

  it('verifies a pass the key signed, in capitals of the QR alphanumeric mode', () => {
    const pass = signPass(claims, key);
    expect(pass).toMatch(/^BP1\.7\.12345\.2\.[A-Z2-7]{103}$/);
    expect(verifyPass(pass, publicKey)).toEqual(claims);
    expect(verifyPass(` ${pass.toLowerCase()}\n`, publicKey)).toEqual(claims);
    expect(looksLikePass(pass)).toBe(true);
    expect(looksLikePass('123.456.789-09')).toBe(false);
  });

  it('refuses an altered claim, a pass of another key and malformed text', () => {
    const pass = signPass(claims, key);
    expect(verifyPass(pass.replace('.12345.', '.12346.'), publicKey)).toBeNull();
    expect(verifyPass(pass.replace('.2.', '.3.'), publicKey)).toBeNull();
    expect(verifyPass(signPass(claims, newPassPrivateKey()), publicKey)).toBeNull();
    const lastChar = pass.at(-1) === 'A' ? 'Q' : 'A';
    expect(verifyPass(pass.slice(0, -1) + lastChar, publicKey)).toBeNull();
    expect(verifyPass('BP1.7.12345.2.', publicKey)).toBeNull();
    expect(verifyPass('12345678909', publicKey)).toBeNull();
  });

  it('judges a pass for a desk: forged, other event, unknown, anonymized, reissued, good', () => {
    const pass = signPass(claims, key);
    const holders = new Map([[12345, { version: 2, anonymized: false }]]);
    const current = (id: number) => holders.get(id) ?? null;
    expect(checkPassFor(pass, publicKey, 7, current)).toEqual({ participantId: 12345 });
    expect(checkPassFor(signPass(claims, newPassPrivateKey()), publicKey, 7, current)).toEqual({
      problem: 'forged',
    });
    expect(checkPassFor(pass, publicKey, 8, current)).toEqual({ problem: 'other_event' });
    expect(checkPassFor(pass, publicKey, 7, () => null)).toEqual({ problem: 'not_found' });
    holders.set(12345, { version: 3, anonymized: false });
    expect(checkPassFor(pass, publicKey, 7, current)).toEqual({ problem: 'reissued' });
    holders.set(12345, { version: 1, anonymized: false });
    expect(checkPassFor(pass, publicKey, 7, current)).toEqual({ problem: 'forged' });
    holders.set(12345, { version: 2, anonymized: true });
    expect(checkPassFor(pass, publicKey, 7, current)).toEqual({ problem: 'anonymized' });
    expect(PASS_PROBLEM_MESSAGES.reissued).toBe(
      'Este ingresso foi substituído por um novo. Use o último ingresso recebido.',
    );
  });

  it('carries the public key as hex and back', () => {
    expect(passKeyFromHex(passKeyToHex(publicKey))).toEqual(publicKey);
    expect(passKeyFromHex('zz')).toBeNull();
  });
});

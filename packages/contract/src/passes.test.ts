import { describe, expect, it } from 'vitest';
import { looksLikePass, newPassPrivateKey, passPublicKey, signPass, verifyPass } from './passes.ts';

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
});

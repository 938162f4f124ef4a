import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CODE_ALPHABET,
  certificateRuleProblems,
  newCertificateCode,
  normalizeCertificateCode,
} from './certificates.ts';
import { DEFAULT_LAYOUTS } from './layout-defaults.ts';
import { layoutProblems } from './layouts.ts';

describe('certificate codes', () => {
  it('are 20 unambiguous characters in groups of four, at least 80 bits', () => {
    const code = newCertificateCode((size) => randomBytes(size));
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}(-[2-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(20 * Math.log2(CERTIFICATE_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    expect(CERTIFICATE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('draws every character of the alphabet, never a byte past the even share', () => {
    // Bytes 240..255 would favour the first 16 characters: they are skipped.
    const bytes = [255, 240, ...Array.from({ length: 30 }, (_, index) => index)];
    const code = newCertificateCode(() => Uint8Array.from(bytes.splice(0, 20)));
    expect(code.replace(/-/g, '')).toBe(CERTIFICATE_CODE_ALPHABET.slice(0, 20));
  });

  it('are read whatever the case, spaces and dashes', () => {
    expect(normalizeCertificateCode(' k7qm 3xrt-9hwa pz4c--e2nb ')).toBe(
      'K7QM-3XRT-9HWA-PZ4C-E2NB',
    );
    expect(normalizeCertificateCode('K7QM-3XRT-9HWA-PZ4C-E2N')).toBeNull();
    expect(normalizeCertificateCode('K7QM-3XRT-9HWA-PZ4C-E2N0')).toBeNull();
    expect(normalizeCertificateCode('K7QM-3XRT-9HWA-PZ4C-E2NBX')).toBeNull();
  });
});

describe('certificate rule', () => {
  it('asks whole hours, and days only for min_days', () => {
    expect(certificateRuleProblems({ hours: 20, criterion: 'accredited', minDays: null })).toEqual(
      [],
    );
    expect(certificateRuleProblems({ hours: 20, criterion: 'min_days', minDays: 2 })).toEqual([]);
    expect(certificateRuleProblems({ hours: 2.5, criterion: 'min_days', minDays: 0 })).toHaveLength(
      2,
    );
    expect(certificateRuleProblems({ hours: 8, criterion: 'sessions' })).toHaveLength(1);
  });
});

it("the default 'Certificado' layout is a valid A4 landscape layout", () => {
  expect(layoutProblems(DEFAULT_LAYOUTS.certificate)).toEqual([]);
  expect(DEFAULT_LAYOUTS.certificate.page).toEqual({ widthMm: 297, heightMm: 210 });
});

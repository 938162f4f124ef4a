import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CPF_HIDDEN,
  anonymizedCpf,
  cpfDigits,
  cpfFits,
  formatCpf,
  hideCpfs,
  isValidCpf,
  maskCpf,
  parseCpf,
  spelledDigits,
  withCheckDigits,
} from './cpf.ts';

describe('CPF', () => {
  it('accepts known valid CPFs, masked or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('rejects a wrong check digit, wrong length and all-same digits', () => {
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('makes valid CPFs from any nine digits that are not all the same', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (nine) => {
        fc.pre(!/^(\d)\1{8}$/.test(nine));
        expect(isValidCpf(withCheckDigits(nine))).toBe(true);
      }),
    );
  });

  it('rejects any change of a check digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (nine, at, delta) => {
          fc.pre(!/^(\d)\1{8}$/.test(nine));
          const cpf = withCheckDigits(nine);
          const changed =
            cpf.slice(0, at) + String((Number(cpf[at]) + delta) % 10) + cpf.slice(at + 1);
          expect(isValidCpf(changed)).toBe(false);
        },
      ),
    );
  });

  it('masks progressively as 000.000.000-00 and keeps at most 11 digits', () => {
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('529982247251234')).toBe('529.982.247-25');
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
  });

  it('masks a CPF for receipts, showing only the middle six digits', () => {
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(maskCpf('5299822')).toBe('***.***.***-**');
    expect(maskCpf('')).toBe('***.***.***-**');
  });

  it('shows a masked CPF as it is and matches typed digits against the kept ones', () => {
    expect(formatCpf('***.982.247-**')).toBe('***.982.247-**');
    expect(cpfFits('***.982.247-**', '529')).toBe(true);
    expect(cpfFits('***.982.247-**', '5299')).toBe(true);
    expect(cpfFits('***.982.247-**', '5291')).toBe(false);
    expect(cpfFits('***.982.247-**', '52998224725')).toBe(true);
    expect(cpfFits('52998224725', '52998')).toBe(true);
    expect(cpfFits('52998224725', '52999')).toBe(false);
  });

  it('gives anonymised participants unique 11-digit CPFs that are never valid', () => {
    const seen = new Set<string>();
    for (let id = 1; id <= 2000; id++) {
      const cpf = anonymizedCpf(id);
      expect(cpf).toMatch(/^\d{11}$/);
      expect(isValidCpf(cpf)).toBe(false);
      seen.add(cpf);
    }
    expect(seen.size).toBe(2000);
  });
});

describe('reading a typed CPF and hiding one, by one rule', () => {
  const separator = fc.constantFrom('', '', ' ', '.', '..', '-', '\t', '\u00a0', '\n');
  const spelled = fc
    .tuple(
      fc.stringMatching(/^\d{9}$/).filter((nine) => !/^(\d)\1{8}$/.test(nine)),
      fc.array(separator, { minLength: 12, maxLength: 12 }),
    )
    .map(([nine, gaps]) => {
      const cpf = withCheckDigits(nine);
      return { cpf, typed: gaps.map((gap, i) => gap + (cpf[i] ?? '')).join('') };
    });

  it('reads any spelling of dots, dashes and spaces, and hides whatever it reads, in any text', () => {
    fc.assert(
      fc.property(spelled, fc.string(), fc.string(), ({ cpf, typed }, before, after) => {
        expect(parseCpf(typed)).toBe(cpf);
        const hidden = hideCpfs(`${before}/${typed}&${after}`);
        expect(hidden).toContain(CPF_HIDDEN);
        expect(hidden.replace(/\D/g, '')).not.toContain(cpf);
      }),
    );
  });

  it('refuses any other character and leaves shorter numbers in a text as they are', () => {
    expect(parseCpf('529,982,247-25')).toBeUndefined();
    expect(parseCpf('529982247-2')).toBeUndefined();
    expect(parseCpf('52998224724')).toBeUndefined();
    expect(spelledDigits('529.98')).toBe('52998');
    expect(spelledDigits('529a')).toBeUndefined();
    expect(hideCpfs('/api/events/12/orders?since=2025-03-10')).toBe(
      '/api/events/12/orders?since=2025-03-10',
    );
  });
});

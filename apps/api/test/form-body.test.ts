import { describe, expect, it } from 'vitest';
import { parseFormBody } from '../src/http/form-body.ts';

describe('form bodies', () => {
  it('keeps table editor rows keyed by their id, nested fields included', () => {
    expect(parseFormBody('action=edit&data[5][name]=N%C3%BAcleo+Sul&data[5][city][id]=3')).toEqual({
      action: 'edit',
      data: { '5': { name: 'Núcleo Sul', city: { id: '3' } } },
    });
  });

  it('reads indexed lists as arrays, as docs/table-protocol.md posts them', () => {
    expect(
      parseFormBody(
        'data[0][name]=Ana&data[0][profiles][0][id]=1&data[0][profiles][1][id]=2&data[0][centers]=',
      ),
    ).toEqual({ data: [{ name: 'Ana', profiles: [{ id: '1' }, { id: '2' }], centers: '' }] });
    expect(parseFormBody('data[12][profiles][1][id]=2&data[12][profiles][0][id]=1')).toEqual({
      data: { '12': { profiles: [{ id: '1' }, { id: '2' }] } },
    });
    expect(parseFormBody('sparse[0]=a&sparse[2]=b')).toEqual({ sparse: { '0': 'a', '2': 'b' } });
  });

  it('turns repeated name[][field] into one element each', () => {
    expect(parseFormBody('data[9][profiles][][id]=1&data[9][profiles][][id]=2')).toEqual({
      data: { '9': { profiles: [{ id: '1' }, { id: '2' }] } },
    });
    expect(parseFormBody('p[][id]=1&p[][name]=a&p[][id]=2&p[][name]=b')).toEqual({
      p: [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
    });
  });

  it('makes lists from name[] and from repeated plain names', () => {
    expect(parseFormBody('ids[]=1&ids[]=2')).toEqual({ ids: ['1', '2'] });
    expect(parseFormBody('ids=1&ids=2')).toEqual({ ids: ['1', '2'] });
  });

  it('treats names of built-in methods as ordinary fields', () => {
    expect(parseFormBody('toString=a&data[1][hasOwnProperty]=b')).toEqual({
      toString: 'a',
      data: { '1': { hasOwnProperty: 'b' } },
    });
  });

  it('refuses prototype keys, excessive nesting and mixed shapes', () => {
    expect(() => parseFormBody('a[__proto__][x]=1')).toThrow();
    expect(() => parseFormBody('a[b][c][d][e][f][g][h]=1')).toThrow(/aninhamento/);
    expect(() => parseFormBody('a=1&a[b]=2')).toThrow();
  });
});

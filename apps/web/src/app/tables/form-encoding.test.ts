import { encodeTableForm } from './form-encoding';

const decoded = (params: URLSearchParams) =>
  decodeURIComponent(params.toString().replace(/\+/g, ' '));

describe('encodeTableForm', () => {
  it('keys the fields by row id, nesting references and lists (docs/table-protocol.md)', () => {
    expect(
      decoded(
        encodeTableForm('0', {
          name: 'Ana Souza',
          center: { id: '3' },
          profiles: [{ id: '1' }, { id: '2' }],
          permissions: [],
          active: 'true',
        }),
      ),
    ).toBe(
      'data[0][name]=Ana Souza&data[0][center][id]=3&data[0][profiles][0][id]=1' +
        '&data[0][profiles][1][id]=2&data[0][permissions]=&data[0][active]=true',
    );
    expect(decoded(encodeTableForm('17', { price: '12.50' }))).toBe('data[17][price]=12.50');
  });
});

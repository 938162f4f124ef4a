import { csvFileName, toCsv } from './csv';

describe('toCsv', () => {
  it("separates with ';', starts with a BOM and neutralises formulas", () => {
    const text = toCsv(
      ['Nome', 'Preço'],
      [
        ['=SOMA(A1)', 'R$ 1,00'],
        ['+55', '-3'],
        ['@x', 'a;b'],
        ['diz "oi"', 'ok'],
      ],
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Nome;Preço',
      "'=SOMA(A1);R$ 1,00",
      "'+55;'-3",
      `'@x;"a;b"`,
      '"diz ""oi""";ok',
      '',
    ]);
  });

  it('names files .csv', () => {
    expect(csvFileName('produtos')).toBe('produtos.csv');
    expect(csvFileName('produtos.CSV')).toBe('produtos.CSV');
  });
});

import { BadRequest } from './errors';
import { csvBoolean, csvDelimiter, csvNumber, csvText, parseCsv, spreadsheetSafe } from './csv';

describe('reading a CSV file', () => {
  it('when the file is UTF-8 with or without a byte-order mark, then the text has no mark', () => {
    expect(csvText(Buffer.from('\uFEFFsku\nA\n', 'utf8'))).toBe('sku\nA\n');
    expect(csvText(Buffer.from('sku\nCafé\n', 'utf8'))).toBe('sku\nCafé\n');
  });

  it('when the file is not UTF-8 (a Latin-1 export), then it is refused rather than read as replacement characters', () => {
    expect(() => csvText(Buffer.from('sku\nCaf\xe9\n', 'latin1'))).toThrow(BadRequest);
  });

  it('when the header has more semicolons than commas outside quotes, then the separator is the semicolon', () => {
    expect(csvDelimiter('sku;description;tags\nA;b,c;d')).toBe(';');
    expect(csvDelimiter('sku,description\nA;B,C')).toBe(',');
    expect(csvDelimiter('"a;b;c",d\n')).toBe(',');
  });

  it('when a quoted cell holds the separator, quotes and a newline, then it is one cell, and rows are numbered as a spreadsheet numbers them', () => {
    const table = parseCsv('sku,description\nA,"one, ""two""\nthree"\n\nB,plain\n');
    expect(table).toEqual({
      header: ['sku', 'description'],
      rows: [
        { row: 2, cells: ['A', 'one, "two"\nthree'] },
        { row: 3, cells: ['B', 'plain'] },
      ],
    });
  });

  it('when a quote is never closed, a row has another width, or there is no header, then BadRequest says so', () => {
    expect(() => parseCsv('sku\n"open\n')).toThrow(BadRequest);
    expect(() => parseCsv('sku,description\nA\n')).toThrow(/row/);
    expect(() => parseCsv('')).toThrow(/empty/);
  });
});

describe('cells', () => {
  it.each([
    ['12', 12],
    [' 2.5 ', 2.5],
    ['2,5', 2.5],
    ['-3', -3],
    ['+4', 4],
    ['1e3', undefined],
    ['1,000.5', undefined],
    ['ten', undefined],
    ['', undefined],
  ])('when a number cell is %j, then it reads %j', (cell, value) => {
    expect(csvNumber(cell)).toBe(value);
  });

  it('when a yes/no cell is given, then true/false/yes/no/1/0 read in any case, anything else not', () => {
    expect(['TRUE', 'yes', '1', 'False', 'NO', '0', 'maybe'].map(csvBoolean)).toEqual([true, true, true, false, false, false, undefined]);
  });

  it('when a text cell starts with a formula character, then it is prefixed with a quote; otherwise it is left alone (OWASP CSV injection)', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx', 'plain', 'a=b'].map(spreadsheetSafe)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", "'\rx", 'plain', 'a=b']);
  });
});

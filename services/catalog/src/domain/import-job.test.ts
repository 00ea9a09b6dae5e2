import { readHeader, rowCells, sortErrors } from './import-job';

describe("an import file's header", () => {
  it('when columns are named in any case, order and spacing, then each is found by its canonical name', () => {
    const { columns, errors } = readHeader('stock-counts', [' SKU ', 'Counted', 'location']);
    expect(errors).toEqual([]);
    expect(Object.fromEntries(columns)).toEqual({ sku: 0, counted: 1, location: 2 });
  });

  it('when a column is unknown, given twice, or a required one is missing, then each is an error of row 1 naming it', () => {
    const { errors } = readHeader('par-levels', ['sku', 'SKU', 'minimum', 'colour']);
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [1, 'SKU', 'duplicate_column'],
      [1, 'colour', 'unknown_column'],
      [1, 'location', 'missing_column'],
    ]);
  });
});

describe('a row', () => {
  it('when a cell is empty or blank, then it is not given', () => {
    const columns = new Map([
      ['sku', 0],
      ['description', 1],
      ['quantity', 2],
    ]);
    expect(rowCells(columns, ['A-1', '  ', ''])).toEqual({ sku: 'A-1' });
  });

  it('when errors are sorted, then by row, keeping the order they were found in within a row', () => {
    const e = (row: number, code: string) => ({ row, column: null, code, message: '' });
    expect(sortErrors([e(5, 'a'), e(2, 'b'), e(5, 'c'), e(1, 'd')]).map((x) => x.code)).toEqual(['d', 'b', 'a', 'c']);
  });
});

import { openingLocation } from './opening-stock';

describe('openingLocation', () => {
  it('when the quantity is 0, then there is no opening, whatever the item', () => {
    expect(openingLocation({ trackStock: false, quantity: 0 }, 'default')).toBeUndefined();
    expect(openingLocation({ trackStock: true, quantity: 0, locationId: 'x' }, null)).toBeUndefined();
  });

  it('when a tracked item has a quantity, then it goes to the given location, else the default', () => {
    expect(openingLocation({ trackStock: true, quantity: 2, locationId: 'x' }, 'default')).toBe('x');
    expect(openingLocation({ trackStock: true, quantity: 2 }, 'default')).toBe('default');
  });

  it('when a catalog-only item has a quantity, or no location can be found, then 422', () => {
    expect(() => openingLocation({ trackStock: false, quantity: 1 }, 'default')).toThrow(expect.objectContaining({ status: 422 }));
    expect(() => openingLocation({ trackStock: true, quantity: 1 }, null)).toThrow(expect.objectContaining({ status: 422 }));
  });
});

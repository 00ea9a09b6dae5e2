import type { ItemRow, LocationRow } from '../data/projection-repository';
import type { Labels } from './stock-changes';

/** Names items by SKU and locations by name in error messages, with the id for precision. */
export function labelsFrom(items: Map<string, ItemRow>, locations: Map<string, LocationRow>): Labels {
  return {
    item: (id) => {
      const sku = items.get(id)?.sku;
      return sku ? `"${sku}" (${id})` : id;
    },
    location: (id) => {
      const name = locations.get(id)?.name;
      return name ? `"${name}" (${id})` : id;
    },
  };
}

/** Names by id alone, for changes that cannot be refused (releasing a reservation, completing what was reserved). */
export const ID_LABELS: Labels = { item: (id) => id, location: (id) => id };

import { exportRoutes } from './export-routes';
import { importRoutes } from './import-routes';
import { itemRoutes } from './item-routes';
import { supplierRoutes } from './supplier-routes';
import { tagRoutes } from './tag-routes';

/** Every catalog route, in registration order; the app mounts them and documents them from this list. */
export const catalogRoutes = [...itemRoutes, ...tagRoutes, ...supplierRoutes, ...importRoutes, ...exportRoutes];

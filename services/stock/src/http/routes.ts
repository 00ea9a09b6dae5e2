import { exportRoutes } from './export-routes';
import { inventoryRoutes } from './inventory-routes';
import { jobRoutes } from './job-routes';
import { parLevelRoutes } from './par-level-routes';
import { purchaseOrderRoutes } from './purchase-order-routes';
import { replenishmentRoutes } from './replenishment-routes';
import { settingsRoutes } from './settings-routes';
import { transferRoutes } from './transfer-routes';
import { unitRoutes } from './unit-routes';
import { valuationRoutes } from './valuation-routes';

/** Every stock route, in registration order; the app mounts them and documents them from this list. */
export const stockRoutes = [...inventoryRoutes, ...parLevelRoutes, ...replenishmentRoutes, ...settingsRoutes, ...transferRoutes, ...jobRoutes, ...purchaseOrderRoutes, ...valuationRoutes, ...unitRoutes, ...exportRoutes];

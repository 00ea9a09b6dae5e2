/**
 * Writes the public OpenAPI document, exactly as the gateway serves it at /openapi.json, without
 * a running stack: each service's fragment comes from its route list through the same
 * serviceDocument call the service makes, and the gateway's publicDocument joins them.
 * Usage: tsx scripts/openapi.ts [output file]   (stdout without one)
 */
import fs from 'node:fs';
import path from 'node:path';
import { serviceDocument } from '@inv/shared/http';
import { publicDocument } from '../gateway/src/http/openapi-document';
import { catalogRoutes } from '../services/catalog/src/http/routes';
import { locationRoutes } from '../services/locations/src/http/location-routes';
import { stockRoutes } from '../services/stock/src/http/routes';
import { notificationsDocument } from '../services/notifications/src/http/webhook-document';

export function buildPublicDocument() {
  return publicDocument([serviceDocument('catalog', catalogRoutes), serviceDocument('locations', locationRoutes), serviceDocument('stock', stockRoutes), notificationsDocument()]);
}

if (require.main === module) {
  const json = `${JSON.stringify(buildPublicDocument(), null, 2)}\n`;
  const output = process.argv[2];
  if (output) {
    fs.mkdirSync(path.dirname(output), { recursive: true });
    fs.writeFileSync(output, json);
  } else {
    process.stdout.write(json);
  }
}

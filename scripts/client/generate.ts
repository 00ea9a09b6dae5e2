/**
 * `npm run client:generate`: writes the public OpenAPI document (clients/typescript/openapi.json)
 * and the typed client's types generated from it by openapi-typescript
 * (clients/typescript/src/schema.ts). `npm run client:check` (CI) regenerates both into a
 * temporary directory and fails, showing the diff, when the committed ones differ.
 *
 * No stack is needed: each service's OpenAPI fragment is built from its route definitions and
 * served on a loopback port for the duration, and the gateway's own openApiDocument merges them
 * exactly as it does for GET /openapi.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { ApiDocs, createLogger } from '@inv/shared';
import { openApiDocument } from '../../gateway/src/http/openapi-document';
import { documentItemRoutes } from '../../services/catalog/src/http/item-routes';
import { documentSupplierRoutes } from '../../services/catalog/src/http/supplier-routes';
import { documentTagRoutes } from '../../services/catalog/src/http/tag-routes';
import { documentLocationRoutes } from '../../services/locations/src/http/location-routes';
import { documentInventoryRoutes } from '../../services/stock/src/http/inventory-routes';
import { documentTransferRoutes } from '../../services/stock/src/http/transfer-routes';

const CLIENT_DIR = path.resolve(__dirname, '../../clients/typescript');
const OUTPUTS = { document: 'openapi.json', types: 'src/schema.ts' } as const;

/** Each service's fragment, built as its main.ts builds the one it serves. */
function serviceFragments(): Record<string, unknown> {
  const fragment = (name: string, ...documentRoutes: ((docs: ApiDocs) => void)[]) => {
    const docs = new ApiDocs();
    for (const document of documentRoutes) document(docs);
    return docs.document({ title: name, version: '0.0.1' });
  };
  return {
    catalog: fragment('catalog', documentItemRoutes, documentTagRoutes, documentSupplierRoutes),
    locations: fragment('locations', documentLocationRoutes),
    stock: fragment('stock', documentInventoryRoutes, documentTransferRoutes),
  };
}

async function serve(body: unknown): Promise<http.Server> {
  const json = JSON.stringify(body);
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(json));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The document GET /openapi.json serves. */
export async function publicDocument(): Promise<unknown> {
  const servers: http.Server[] = [];
  try {
    const urls: Record<string, string> = {};
    for (const [name, fragment] of Object.entries(serviceFragments())) {
      const server = await serve(fragment);
      servers.push(server);
      urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    return await openApiDocument(urls, createLogger('client-generate', 'warn'))();
  } finally {
    for (const server of servers) server.close();
  }
}

async function generate(dir: string): Promise<void> {
  const document = await publicDocument();
  const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true }));
  fs.mkdirSync(path.join(dir, path.dirname(OUTPUTS.types)), { recursive: true });
  fs.writeFileSync(path.join(dir, OUTPUTS.document), `${JSON.stringify(document, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, OUTPUTS.types), types);
}

async function main(): Promise<void> {
  if (!process.argv.includes('--check')) {
    await generate(CLIENT_DIR);
    console.log(`wrote ${Object.values(OUTPUTS).map((f) => path.join('clients/typescript', f)).join(', ')}`);
    return;
  }
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-client-'));
  try {
    await generate(fresh);
    let stale = false;
    for (const file of Object.values(OUTPUTS)) {
      const diff = spawnSync('diff', ['-u', path.join(CLIENT_DIR, file), path.join(fresh, file)], { encoding: 'utf8' });
      if (diff.status === 0) continue;
      stale = true;
      process.stdout.write(diff.stdout.split('\n').slice(0, 60).join('\n') + '\n');
    }
    if (stale) {
      console.error('clients/typescript is stale: the OpenAPI document changed. Run `npm run client:generate` and commit the result.');
      process.exitCode = 1;
    } else {
      console.log('clients/typescript matches the OpenAPI document.');
    }
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

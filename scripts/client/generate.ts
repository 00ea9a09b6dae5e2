/**
 * `npm run client:generate`: writes the public OpenAPI document (clients/typescript/openapi.json)
 * and the typed client's types generated from it by openapi-typescript
 * (clients/typescript/src/schema.ts). `npm run client:check` (CI) regenerates both into a
 * temporary directory and fails, showing the diff, when the committed ones differ.
 *
 * No stack is needed: the document comes from scripts/openapi.ts, the same build `npm run
 * lint:openapi` lints and the gateway serves at GET /openapi.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildPublicDocument } from '../openapi';

const CLIENT_DIR = path.resolve(__dirname, '../../clients/typescript');
const OUTPUTS = { document: 'openapi.json', types: 'src/schema.ts' } as const;

async function generate(dir: string): Promise<void> {
  const json = `${JSON.stringify(buildPublicDocument(), null, 2)}\n`;
  const types = astToString(await openapiTS(json, { silent: true }));
  fs.mkdirSync(path.join(dir, path.dirname(OUTPUTS.types)), { recursive: true });
  fs.writeFileSync(path.join(dir, OUTPUTS.document), json);
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

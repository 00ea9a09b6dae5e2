/**
 * `npm run demo`: a workspace to try the API on, against the running stack (`npm start`). It is
 * created with the admin command (`workspace:create`, on the pro plan: the free plan's three
 * locations count the default one), then filled through the public API over HTTPS as any client
 * would (scripts/demo/demo-steps.ts), and the key and the workspace id are printed as
 * `export KEY=… WS=…`, with three commands to try next.
 *
 * Run again, it makes another demo workspace, saying which exist. It never leaves a half-made
 * one silently: a step that fails says what exists and prints the command that finishes it
 * (`npm run demo -- --resume <workspace>`, with KEY set), since every step takes effect once.
 *
 * Options: --name N (default "Demo Field Ops", numbered when taken), --owner-email E,
 * --resume W (finish workspace W, with its owner's key in KEY). The API is found as `npm start`
 * serves it: https://localhost:$PORT, trusting DATA_DIR/tls/cert.pem (or TLS_CERT).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createInventoryClient, type InventoryClient } from '@inv/client';
import { loadConfig } from '@inv/shared/config';
import { runAdminCli } from '../gateway/src/admin/admin-cli';
import { GatewayConfig } from '../gateway/src/config';
import { certificateFile } from '../gateway/src/http/tls';
import { DEMO_STEPS, type DemoWorld, PARTS, VANS, WAREHOUSE_NAME } from './demo/demo-steps';
import { displayedPath } from './start-banner';
import { fetchTrustingCa } from './support/ca-fetch';

const DEFAULT_NAME = 'Demo Field Ops';
const PLAN = 'pro';

const out = (text = '') => process.stdout.write(`${text}\n`);

interface Api {
  url: string;
  /** The certificate to trust, when the gateway runs on the generated one. */
  caFile: string | undefined;
  fetch: (request: Request) => Promise<Response>;
}

/** Where `npm start` serves the API, and a fetch that trusts its certificate. */
function apiOf(config: GatewayConfig): Api {
  if (config.TRUST_PROXY) return { url: `http://localhost:${config.PORT}`, caFile: undefined, fetch: (request) => fetch(request) };
  const caFile = certificateFile({ cert: config.TLS_CERT, dataDir: config.DATA_DIR });
  const ca = fs.existsSync(caFile) ? fs.readFileSync(caFile, 'utf8') : undefined;
  return { url: `https://localhost:${config.PORT}`, caFile: config.TLS_CERT ? undefined : caFile, fetch: ca ? fetchTrustingCa(ca) : (request) => fetch(request) };
}

/** Runs one admin command in this process, as `npm run -s admin -- …` would; answers its JSON or throws its error line. */
async function admin(args: string[]): Promise<any> {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(args, { env: process.env, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  if (code !== 0) throw new Error(stderr.trim() || `admin ${args[0]} exited with ${code}`);
  return JSON.parse(stdout);
}

async function reachable(api: Api): Promise<string | undefined> {
  try {
    const res = await api.fetch(new Request(`${api.url}/`, { signal: AbortSignal.timeout(5000) }));
    return res.ok ? undefined : `GET / answered ${res.status}`;
  } catch (err) {
    return (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
  }
}

/** The next name free among the demo workspaces: "Demo Field Ops", then "Demo Field Ops 2", … */
function nextName(base: string, taken: Array<{ name: string }>): string {
  const names = new Set(taken.map((w) => w.name));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} ${n}`)) return `${base} ${n}`;
}

function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The three commands to try next, with the API's URL and certificate as this stack serves them. */
function nextCommands(api: Pick<Api, 'url' | 'caFile'>): string[] {
  const ca = api.caFile ? `--cacert ${shellQuote(displayedPath(api.caFile))} ` : '';
  const curl = `curl -sS --fail-with-body ${ca}-H "Authorization: Bearer $KEY"`;
  return [
    `# What the warehouse and each van hold (CSV, with names):`,
    `${curl} "${api.url}/exports/balances?workspaceId=$WS"`,
    `# Tomorrow's job at Van 1 and the parts reserved for it:`,
    `${curl} "${api.url}/jobs?workspaceId=$WS&status=open"`,
    `# Refill the vans to par: one pending transfer per van, reserved at the warehouse:`,
    `${curl} -X POST "${api.url}/inventory/replenishment?workspaceId=$WS"`,
  ];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, 'owner-email': { type: 'string' }, resume: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    out('Usage: npm run demo [-- --name N] [--owner-email E]');
    out('       KEY=sk_… npm run demo -- --resume W     finish a demo workspace whose run stopped');
    out(`Creates a workspace on the ${PLAN} plan with a warehouse, two vans, parts, stock, par levels and a scheduled job with its parts reserved, through the running API (npm start), and prints export KEY=… WS=….`);
    return 0;
  }
  const config = loadConfig(GatewayConfig);
  const api = apiOf(config);
  const away = await reachable(api);
  if (away !== undefined) {
    process.stderr.write(`The API does not answer at ${api.url} (${away}).\nStart it with \`npm start\` in another terminal, then run \`npm run demo\` again. Nothing was created.\n`);
    return 1;
  }

  let workspace: { id: string; slug: string; name: string; defaultLocationId: string };
  let apiKey: string;
  if (values.resume !== undefined) {
    apiKey = process.env.KEY ?? '';
    if (!apiKey) {
      process.stderr.write('--resume needs the workspace owner\'s key in KEY: KEY=sk_… npm run demo -- --resume W\n');
      return 2;
    }
    const found = await createInventoryClient({ baseUrl: api.url, apiKey, fetch: api.fetch }).GET('/workspaces/{idOrSlug}', { params: { path: { idOrSlug: values.resume } } });
    if (!found.data) {
      process.stderr.write(`Workspace ${values.resume} is not one this key can reach (${found.response.status}).\n`);
      return 1;
    }
    workspace = { id: found.data.id, slug: found.data.slug, name: found.data.name, defaultLocationId: found.data.defaultLocationId! };
    out(`Finishing demo workspace "${workspace.name}" (${workspace.slug}).`);
  } else {
    const base = values.name ?? DEFAULT_NAME;
    const existing = (await admin(['workspace:list', '--search', base, '--limit', '1000'])).workspaces as Array<{ name: string; slug: string; createdAt: string }>;
    const demos = existing.filter((w) => w.name === base || w.name.startsWith(`${base} `));
    if (demos.length > 0) {
      out(`${demos.length === 1 ? 'A demo workspace exists' : `${demos.length} demo workspaces exist`} already: ${demos.map((w) => w.slug).join(', ')}. This makes another, a sandbox of its own.`);
    }
    const email = values['owner-email'] ?? 'demo@example.com';
    const created = await admin(['workspace:create', '--name', nextName(base, demos), '--owner-email', email, '--plan', PLAN]);
    workspace = created.workspace;
    apiKey = created.apiKey;
    out(`Created workspace "${workspace.name}" (${workspace.slug}) on the ${PLAN} plan, owned by ${email}.`);
  }

  const client: InventoryClient = createInventoryClient({ baseUrl: api.url, apiKey, workspaceId: workspace.id, fetch: api.fetch });
  const world: DemoWorld = { workspaceId: workspace.id, warehouseId: workspace.defaultLocationId, vanIds: [], itemIds: {} };
  const exportLine = `export KEY=${apiKey} WS=${workspace.id}`;
  for (const [index, step] of DEMO_STEPS.entries()) {
    out(`  ${index + 1}/${DEMO_STEPS.length} ${step.name}`);
    try {
      await step.run(client, world);
    } catch (err) {
      const done = DEMO_STEPS.slice(0, index).map((s) => `  - ${s.made}`);
      process.stderr.write(
        [
          '',
          `The demo stopped at step ${index + 1}, ${step.name}: ${(err as Error).message}`,
          '',
          `What exists: workspace "${workspace.name}" (${workspace.slug}, id ${workspace.id}) with its owner's key${done.length > 0 ? ', and' : '.'}`,
          ...done,
          'Each step is all or nothing, so nothing is half made. To finish it once the cause is fixed (within 24 hours: the steps\' Idempotency-Keys answer what was done):',
          `  KEY=${apiKey} npm run demo -- --resume ${workspace.id}`,
          'Or leave it: it is a sandbox of its own, and `npm run demo` makes a fresh one.',
          '',
          exportLine,
          '',
        ].join('\n'),
      );
      return 1;
    }
  }

  const belowPar = (await client.GET('/inventory/par-levels', { params: { query: { belowPar: true } } }).catch(() => undefined))?.data?.length ?? 0;
  out('');
  out(`Ready: "${WAREHOUSE_NAME}" with ${PARTS.length} parts, ${VANS.map((v) => `"${v.name}"`).join(' and ')} refilled from it, par levels on every van (${belowPar} below par).`);
  out('The owner\'s key (shown this once) and the workspace id:');
  out('');
  out(exportLine);
  out('');
  out('Then try:');
  for (const line of nextCommands(api)) out(`  ${line}`);
  out('');
  out(`The reference is ${api.url}/docs; the README's quickstart walks through the rest.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    // Only what comes before the steps can land here (the configuration, the admin command that
    // creates the workspace all or nothing); a step's failure is reported above, with what exists.
    process.stderr.write(`The demo stopped: ${err.message}\nNothing was created.\n`);
    process.exit(1);
  },
);

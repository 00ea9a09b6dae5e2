/**
 * deploy/k8s without a cluster: every document is a valid Kubernetes object (schema and field
 * names, test/deploy/k8s-schema.ts), and the set has the shape docs/kubernetes.md describes. Each
 * check returns its problems rather than asserting, so the last block can show that a broken
 * manifest (a misspelt field, a missing probe, a Service selecting nothing) makes them fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseConfig, loadConfig } from '@inv/shared/config';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { GatewayConfig } from '../../gateway/src/config';
import { FieldChecker, schemaErrors, type KubernetesObject } from './k8s-schema';

const ROOT = path.resolve(__dirname, '../..');
const MANIFESTS_DIR = path.join(ROOT, 'deploy/k8s');
const SECRET_EXAMPLE = path.join(ROOT, 'deploy/secret.example.yaml');

const PROCESSES = ['gateway', 'catalog', 'locations', 'stock', 'notifications'] as const;
type ProcessName = (typeof PROCESSES)[number];
const SERVICES = ['catalog', 'locations', 'stock', 'notifications'] as const;
const IMAGE = 'inventory-api';
const CONFIG_MAP = 'inventory-api-config';
const SECRET = 'inventory-api-secrets';
/** What each process reads from the Secret (docs/kubernetes.md); Redis is the gateway's alone, the webhook secrets' key the notifications service's. */
const SECRET_KEYS: Record<ProcessName | 'migrate', string[]> = {
  gateway: ['INTERNAL_SECRET', 'DATABASE_URL', 'AMQP_URL', 'REDIS_URL'],
  catalog: ['INTERNAL_SECRET', 'DATABASE_URL', 'AMQP_URL'],
  locations: ['INTERNAL_SECRET', 'DATABASE_URL', 'AMQP_URL'],
  stock: ['INTERNAL_SECRET', 'DATABASE_URL', 'AMQP_URL'],
  notifications: ['INTERNAL_SECRET', 'WEBHOOK_SECRETS_KEY', 'DATABASE_URL', 'AMQP_URL'],
  migrate: ['DATABASE_URL'],
};
/**
 * PostgreSQL's max_connections docs/kubernetes.md asks for, less room for the migration Job, the
 * admin CLI and a superuser session: what the processes' pools may hold at full scale. 220 since
 * the notifications service made five Deployments (5 × 4 replicas × 10 connections = 200).
 */
const POSTGRES_CONNECTION_BUDGET = 220 - 20;

interface Loaded {
  file: string;
  objects: KubernetesObject[];
  errors: string[];
}

/** Kubernetes reads manifests as YAML 1.1 (`yes` and `on` are booleans there, strings in 1.2). */
function loadYaml(file: string): Loaded {
  const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'), { version: '1.1' });
  const errors = docs.flatMap((d) => d.errors.map((e) => e.message));
  const objects = docs
    .filter((d) => d.contents !== null)
    .map((d) => d.toJS() as unknown)
    .filter((o): o is KubernetesObject => {
      const ok = typeof o === 'object' && o !== null && typeof (o as KubernetesObject).apiVersion === 'string' && typeof (o as KubernetesObject).kind === 'string';
      if (!ok) errors.push(`a document that is not a Kubernetes object: ${JSON.stringify(o)}`);
      return ok;
    });
  return { file: path.relative(ROOT, file), objects, errors };
}

const loaded = fs
  .readdirSync(MANIFESTS_DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()
  .map((f) => loadYaml(path.join(MANIFESTS_DIR, f)));
const manifests = loaded.flatMap((l) => l.objects);
const secretExample = loadYaml(SECRET_EXAMPLE);
const fields = new FieldChecker([...manifests, ...secretExample.objects]);

function nameOf(object: KubernetesObject): string {
  return object.metadata?.name ?? '(unnamed)';
}

/** Schema and field-name problems of each object, prefixed with what it is. */
function validityProblems(objects: KubernetesObject[]): string[] {
  return objects.flatMap((o) => {
    const at = `${o.kind} ${nameOf(o)}`;
    return [...schemaErrors(o).map((e) => `${at}: ${e}`), ...fields.unknownFields(o).map((f) => `${at}: unknown field ${f}`)];
  });
}

function configMap(objects: KubernetesObject[]): IConfigMap | undefined {
  return objects.filter(ConfigMap.is).find((c) => c.metadata?.name === CONFIG_MAP);
}

/** A label selector's matchLabels selects a pod when each of its labels is on the pod. */
function selects(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

/** Every workload's pod labels, to check that a selector takes one workload's pods and no other's. */
function podLabels(objects: KubernetesObject[]): Array<{ owner: string; labels: Record<string, string> | undefined }> {
  return [
    ...objects.filter(Deployment.is).map((d) => ({ owner: `Deployment ${d.metadata?.name}`, labels: d.spec?.template.metadata?.labels })),
    ...objects.filter(Job.is).map((j) => ({ owner: `Job ${j.metadata?.name}`, labels: j.spec?.template.metadata?.labels })),
  ];
}

function selectionProblems(what: string, selector: Record<string, string> | undefined, deployment: IDeployment, objects: KubernetesObject[]): string[] {
  const own = `Deployment ${deployment.metadata?.name}`;
  const selected = podLabels(objects).filter((p) => selects(selector, p.labels)).map((p) => p.owner);
  return selected.length === 1 && selected[0] === own ? [] : [`${what} selects ${JSON.stringify(selected)}, not exactly the pods of ${own}`];
}

/** The container port a probe or Service names, by number or by the container port's name. */
function containerPort(container: IContainer, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** The environment the process would parse: the ConfigMap, then the container's literal env. */
function envOf(container: IContainer, data: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...data };
  for (const e of container.env ?? []) if (e.value !== undefined) env[e.name] = e.value;
  return env;
}

/** Where the process serves /healthz and /readyz, read by its own configuration schema. */
function apiPort(name: ProcessName, env: Record<string, string>): { port: number; scheme: 'HTTP' | 'HTTPS' } {
  if (name === 'gateway') {
    const config = loadConfig(GatewayConfig, env);
    return { port: config.PORT, scheme: config.TRUST_PROXY ? 'HTTP' : 'HTTPS' };
  }
  const config = loadConfig(BaseConfig, env);
  const ports = { catalog: config.CATALOG_PORT, locations: config.LOCATIONS_PORT, stock: config.STOCK_PORT, notifications: config.NOTIFICATIONS_PORT };
  return { port: ports[name], scheme: 'HTTP' };
}

function probeProblems(kind: string, probe: IProbe | undefined, path: string, container: IContainer, expected: { port: number; scheme: string }): string[] {
  if (!probe) return [`no ${kind} probe`];
  const get = probe.httpGet;
  if (!get) return [`the ${kind} probe is not an HTTP GET`];
  const problems: string[] = [];
  if (get.path !== path) problems.push(`the ${kind} probe asks ${get.path}, not ${path}`);
  const port = containerPort(container, get.port);
  if (port !== expected.port) problems.push(`the ${kind} probe asks port ${port ?? get.port}, the process serves ${path} on ${expected.port}`);
  if ((get.scheme ?? 'HTTP') !== expected.scheme) problems.push(`the ${kind} probe uses ${get.scheme ?? 'HTTP'}, the process serves ${expected.scheme}`);
  return problems;
}

/** Non-root on a read-only root, no privilege escalation, no service links, numeric user. */
function podSecurityProblems(spec: IPodSpec | undefined, container: IContainer): string[] {
  const problems: string[] = [];
  const pod = spec?.securityContext;
  const own = container.securityContext;
  if ((own?.runAsNonRoot ?? pod?.runAsNonRoot) !== true) problems.push('runAsNonRoot is not set');
  // The image names its user (`node`); the kubelet refuses runAsNonRoot unless the user is numeric.
  const user = own?.runAsUser ?? pod?.runAsUser;
  if (typeof user !== 'number' || user === 0) problems.push(`runAsUser is ${user}, not a numeric non-root user`);
  if (own?.readOnlyRootFilesystem !== true) problems.push('the root filesystem is writable');
  if (own?.allowPrivilegeEscalation !== false) problems.push('privilege escalation is allowed');
  // Service links would inject CATALOG_PORT=tcp://… and the like, which the processes read as settings.
  if (spec?.enableServiceLinks !== false) problems.push('enableServiceLinks is not false');
  return problems;
}

function resourceProblems(container: IContainer): string[] {
  const r = container.resources;
  return ['requests', 'limits'].flatMap((kind) =>
    ['cpu', 'memory'].filter((resource) => r?.[kind as 'requests' | 'limits']?.[resource] === undefined).map((resource) => `no ${resource} ${kind}`),
  );
}

function secretRefProblems(container: IContainer, keys: string[]): string[] {
  const problems: string[] = [];
  for (const key of keys) {
    const ref = container.env?.find((e) => e.name === key)?.valueFrom?.secretKeyRef;
    if (ref?.name !== SECRET || ref.key !== key) problems.push(`${key} is not read from the ${SECRET} Secret's ${key}`);
  }
  return problems;
}

function configMapRefProblems(container: IContainer): string[] {
  return container.envFrom?.some((e) => e.configMapRef?.name === CONFIG_MAP) ? [] : [`no envFrom of the ${CONFIG_MAP} ConfigMap`];
}

function imageProblems(container: IContainer): string[] {
  return container.image?.split(':')[0] === IMAGE ? [] : [`runs ${container.image}, not the ${IMAGE} image`];
}

/** Everything one process needs from the manifests, as a list of what is missing or wrong. */
function processProblems(name: ProcessName, objects: KubernetesObject[]): string[] {
  const deployment = objects.filter(Deployment.is).find((d) => d.metadata?.name === name);
  if (!deployment) return [`no Deployment ${name}`];
  const problems: string[] = [];
  const spec = deployment.spec;
  const podSpec = spec?.template.spec;
  const container = podSpec?.containers.find((c) => c.name === name) ?? podSpec?.containers[0];
  const data = configMap(objects)?.data;
  if (!container) return [`Deployment ${name} has no container`];
  if (!data) return [`no ConfigMap ${CONFIG_MAP}`];

  problems.push(...imageProblems(container));
  const service = container.env?.find((e) => e.name === 'SERVICE');
  if (service?.value !== name) problems.push(`SERVICE is ${service?.value}, not ${name}`);
  problems.push(...configMapRefProblems(container), ...secretRefProblems(container, SECRET_KEYS[name]));
  problems.push(...podSecurityProblems(podSpec, container), ...resourceProblems(container));
  if (!selects(spec?.selector.matchLabels, spec?.template.metadata?.labels)) problems.push("the Deployment's selector does not select its own pods");
  // The HorizontalPodAutoscaler owns the count: a replicas field would be re-applied by every `kubectl apply`.
  if (spec?.replicas !== undefined) problems.push('the Deployment sets replicas, which its HorizontalPodAutoscaler owns');

  const api = apiPort(name, envOf(container, data));
  problems.push(...probeProblems('liveness', container.livenessProbe, '/healthz', container, api));
  problems.push(...probeProblems('readiness', container.readinessProbe, '/readyz', container, api));
  if (container.startupProbe) problems.push(...probeProblems('startup', container.startupProbe, '/healthz', container, api));

  const services = objects.filter(Service.is).filter((s) => s.metadata?.name === name);
  if (services.length !== 1) problems.push(`no Service ${name}`);
  for (const s of services) {
    problems.push(...selectionProblems(`Service ${name}`, s.spec?.selector, deployment, objects));
    const targets = (s.spec?.ports ?? []).map((p) => containerPort(container, p.targetPort ?? p.port));
    if (!targets.includes(api.port)) problems.push(`Service ${name} does not forward to the API port ${api.port}`);
  }

  const budgets = objects.filter(PodDisruptionBudget.is).filter((p) => selects(p.spec?.selector?.matchLabels, spec?.template.metadata?.labels));
  if (budgets.length !== 1) problems.push(`${budgets.length} PodDisruptionBudgets select the pods of ${name}, not one`);
  for (const b of budgets) {
    problems.push(...selectionProblems(`PodDisruptionBudget ${b.metadata?.name}`, b.spec?.selector?.matchLabels, deployment, objects));
    if (b.spec?.minAvailable !== 1) problems.push(`PodDisruptionBudget ${b.metadata?.name} has minAvailable ${b.spec?.minAvailable}, not 1`);
  }

  const scalers = objects.filter(HorizontalPodAutoscaler.is).filter((h) => h.spec?.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name);
  if (scalers.length !== 1) problems.push(`${scalers.length} HorizontalPodAutoscalers scale Deployment ${name}, not one`);
  for (const h of scalers) {
    if ((h.spec?.minReplicas ?? 1) < 2) problems.push(`HorizontalPodAutoscaler ${name} keeps ${h.spec?.minReplicas ?? 1} replica(s), not 2 at least`);
    const cpu = h.spec?.metrics?.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
    if (cpu?.resource?.target.type !== 'Utilization' || !cpu.resource.target.averageUtilization) problems.push(`HorizontalPodAutoscaler ${name} has no CPU utilization target`);
  }
  return problems.map((p) => `${name}: ${p}`);
}

/** The gateway's DATA_DIR is a writable emptyDir; its certificate comes from a Secret every replica mounts. */
function gatewayStorageProblems(objects: KubernetesObject[]): string[] {
  const deployment = objects.filter(Deployment.is).find((d) => d.metadata?.name === 'gateway');
  const podSpec = deployment?.spec?.template.spec;
  const container = podSpec?.containers[0];
  const data = configMap(objects)?.data;
  if (!podSpec || !container || !data) return ['no gateway Deployment or ConfigMap'];
  const config = loadConfig(GatewayConfig, envOf(container, data));
  const volumeAt = (file: string) => {
    const mount = container.volumeMounts?.find((m) => file === m.mountPath || file.startsWith(`${m.mountPath}/`));
    return podSpec.volumes?.find((v) => v.name === mount?.name);
  };
  const problems: string[] = [];
  if (!volumeAt(config.DATA_DIR)?.emptyDir) problems.push(`DATA_DIR ${config.DATA_DIR} is not on an emptyDir`);
  if (!config.TLS_CERT || !config.TLS_KEY) problems.push('TLS_CERT/TLS_KEY are not set: each replica would generate its own certificate');
  for (const file of [config.TLS_CERT, config.TLS_KEY]) {
    if (file && !volumeAt(file)?.secret?.secretName) problems.push(`${file} is not on a Secret volume`);
  }
  return problems;
}

/** The gateway's CATALOG_URL, LOCATIONS_URL, STOCK_URL and NOTIFICATIONS_URL name each service's Service and port. */
function serviceUrlProblems(objects: KubernetesObject[]): string[] {
  const data = configMap(objects)?.data ?? {};
  const keys = { catalog: 'CATALOG_URL', locations: 'LOCATIONS_URL', stock: 'STOCK_URL', notifications: 'NOTIFICATIONS_URL' } as const;
  return SERVICES.flatMap((name) => {
    const value = data[keys[name]];
    if (!value) return [`${keys[name]} is not set`];
    const url = new URL(value);
    const service = objects.filter(Service.is).find((s) => s.metadata?.name === url.hostname);
    const port = Number(url.port || 80);
    if (service?.metadata?.name !== name) return [`${keys[name]} (${value}) does not name the ${name} Service`];
    return service.spec?.ports?.some((p) => p.port === port) ? [] : [`${keys[name]} (${value}) names a port the ${name} Service does not have`];
  });
}

function migrationJobProblems(objects: KubernetesObject[]): string[] {
  const jobs = objects.filter(Job.is);
  if (jobs.length !== 1) return [`${jobs.length} Jobs, not the one migration Job`];
  const spec = jobs[0]?.spec;
  const podSpec = spec?.template.spec;
  const container = podSpec?.containers[0];
  if (!container) return ['the migration Job has no container'];
  const problems = [...imageProblems(container), ...configMapRefProblems(container), ...secretRefProblems(container, SECRET_KEYS.migrate)];
  problems.push(...podSecurityProblems(podSpec, container), ...resourceProblems(container));
  // scripts/migrate.ts, compiled into the image by scripts/image/build.sh.
  if ((container.command ?? []).join(' ') !== 'node scripts/migrate.js') problems.push(`the Job runs ${JSON.stringify(container.command)}, not node scripts/migrate.js`);
  if (!spec?.activeDeadlineSeconds) problems.push('the Job has no deadline: a database that never answers would keep it waiting');
  return problems.map((p) => `migration Job: ${p}`);
}

/** Sum over the Deployments of maxReplicas × DB_POOL_SIZE: what the pools may hold at full scale. */
function connectionsAtFullScale(objects: KubernetesObject[]): number {
  const data = configMap(objects)?.data ?? {};
  const poolSize = loadConfig(BaseConfig, data).DB_POOL_SIZE;
  return objects.filter(HorizontalPodAutoscaler.is).reduce((sum, h) => sum + (h.spec?.maxReplicas ?? 0) * poolSize, 0);
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('when the YAML is read as kubectl reads it, then every document is a namespace-free Kubernetes object', () => {
    expect(loaded.flatMap((l) => l.errors.map((e) => `${l.file}: ${e}`))).toEqual([]);
    expect(manifests.length).toBeGreaterThan(0);
    // The namespace is chosen at apply time (kubectl apply -n …).
    expect(manifests.filter((o) => o.metadata?.namespace !== undefined).map(nameOf)).toEqual([]);
    expect(manifests.filter((o) => o.kind === 'Namespace').map(nameOf)).toEqual([]);
  });

  it('when each object is checked against the Kubernetes schemas, then every value is valid and every field one Kubernetes knows', () => {
    expect(validityProblems(manifests)).toEqual([]);
  });

  it('when it is applied, then it brings one ConfigMap the processes parse, and no Secret: the Secret is referenced, never shipped', () => {
    const data = configMap(manifests)?.data;
    expect(data).toBeDefined();
    expect(() => loadConfig(GatewayConfig, data)).not.toThrow();
    expect(manifests.filter(Secret.is).map(nameOf)).toEqual([]);
  });

  describe.each(PROCESSES)('%s', (name) => {
    it('when it runs, then the one image with SERVICE set, non-root on a read-only root, probed on /healthz and /readyz, with resources, a Service, a PodDisruptionBudget and a HorizontalPodAutoscaler', () => {
      expect(processProblems(name, manifests)).toEqual([]);
    });
  });

  it('when there are several gateways, then each has a writable DATA_DIR and serves the one certificate from a Secret', () => {
    expect(gatewayStorageProblems(manifests)).toEqual([]);
  });

  it("when the gateway calls a service, then it goes through that service's Service (balanced over its ready replicas)", () => {
    expect(serviceUrlProblems(manifests)).toEqual([]);
  });

  it('when a release is applied, then a migration Job runs the compiled scripts/migrate.ts from the same image', () => {
    expect(migrationJobProblems(manifests)).toEqual([]);
    expect(fs.existsSync(path.join(ROOT, 'scripts/migrate.ts'))).toBe(true);
    // The image's build compiles what tsconfig.build.json includes (scripts/image/build.sh).
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8')).include).toContain('scripts/migrate.ts');
  });

  it("when every HorizontalPodAutoscaler is at its maximum, then the processes' pools fit PostgreSQL's connections", () => {
    expect(connectionsAtFullScale(manifests)).toBeLessThanOrEqual(POSTGRES_CONNECTION_BUDGET);
  });

  it('when the Secret is written from deploy/secret.example.yaml, then it is a valid Secret with exactly the keys the manifests read, all placeholders', () => {
    expect(secretExample.errors).toEqual([]);
    expect(validityProblems(secretExample.objects)).toEqual([]);
    const secret = secretExample.objects.find(Secret.is);
    expect(secret?.metadata?.name).toBe(SECRET);
    const keys = Object.keys(secret?.stringData ?? {}).sort();
    expect(keys).toEqual([...new Set(Object.values(SECRET_KEYS).flat())].sort());
    for (const value of Object.values(secret?.stringData ?? {})) expect(value).toMatch(/REPLACE[-_]ME/);
  });
});

describe('the manifest checks themselves', () => {
  const clone = (): KubernetesObject[] => structuredClone(manifests);
  const gatewayOf = (objects: KubernetesObject[]) => objects.filter(Deployment.is).find((d) => d.metadata?.name === 'gateway')!;

  it('when a field is misspelt or a value has the wrong type, then the validity check reports it', () => {
    const misspelt = clone();
    const container = gatewayOf(misspelt).spec!.template.spec!.containers[0]! as unknown as Record<string, unknown>;
    container.readinessProbes = container.readinessProbe;
    delete container.readinessProbe;
    expect(validityProblems(misspelt)).toEqual(['Deployment gateway: unknown field spec.template.spec.containers[0].readinessProbes']);

    const mistyped = clone();
    (gatewayOf(mistyped).spec!.template.spec!.containers[0]!.resources!.limits as Record<string, unknown>).cpu = true;
    expect(validityProblems(mistyped)).toEqual([expect.stringContaining('resources/limits/cpu')]);
  });

  it('when a probe is missing or points elsewhere, a Service selects other pods or an autoscaler targets another name, then the shape checks report it', () => {
    const noProbe = clone();
    delete gatewayOf(noProbe).spec!.template.spec!.containers[0]!.livenessProbe;
    expect(processProblems('gateway', noProbe)).toEqual(['gateway: no liveness probe']);

    const wrongPath = clone();
    gatewayOf(wrongPath).spec!.template.spec!.containers[0]!.readinessProbe!.httpGet!.path = '/healthz';
    expect(processProblems('gateway', wrongPath)).toEqual(['gateway: the readiness probe asks /healthz, not /readyz']);

    const plainHttp = clone();
    gatewayOf(plainHttp).spec!.template.spec!.containers[0]!.livenessProbe!.httpGet!.scheme = 'HTTP';
    expect(processProblems('gateway', plainHttp)).toEqual(['gateway: the liveness probe uses HTTP, the process serves HTTPS']);

    const strayService = clone();
    strayService.filter(Service.is).find((s) => s.metadata?.name === 'stock')!.spec!.selector = { 'app.kubernetes.io/name': 'inventory-api' };
    expect(processProblems('stock', strayService)).toEqual([expect.stringContaining('Service stock selects')]);

    const lostScaler = clone();
    lostScaler.filter(HorizontalPodAutoscaler.is).find((h) => h.metadata?.name === 'catalog')!.spec!.scaleTargetRef.name = 'catalogue';
    expect(processProblems('catalog', lostScaler)).toEqual(['catalog: 0 HorizontalPodAutoscalers scale Deployment catalog, not one']);
  });
});

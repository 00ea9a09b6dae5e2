import fc from 'fast-check';
import { CONTENT_ENCODINGS, CONTENT_TYPES, encodeBody, encodeComponent, HOSTILE_BODIES, headerSafe, hostileString, hostileValue, MALFORMED_ENCODINGS, toJson, URL_MAX, URL_VALUE_MAX } from './hostile';

/** The part of an OpenAPI 3.1 document the fuzzer reads. */
type Schema = { $ref?: string; oneOf?: Schema[]; type?: string | string[]; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; minLength?: number; minItems?: number; minimum?: number; maximum?: number; exclusiveMinimum?: number; pattern?: string };
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  method: string;
  /** The path template, e.g. /items/{itemId}. */
  template: string;
  parameters: Parameter[];
  body?: Schema;
}

/** Real resources of the fuzzed workspace, so some requests get past "not found" into the deeper code. */
export interface Resources {
  workspaceId: string;
  slug: string;
  items: string[];
  locations: string[];
  tags: string[];
  suppliers: string[];
  transfers: string[];
  jobs: string[];
}

/** One generated request, described for the failure summary. */
export interface FuzzCase {
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** What was hostile about it, short. */
  label: string;
}

const SELECTORS = new Set(['workspaceId', 'projectSlug']);

/** `arbitrary` about once in `oneIn` cases, null otherwise. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema: Schema | undefined): Schema | undefined => (schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema);
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      operations.push({ method: method.toUpperCase(), template, parameters, body: deepResolve(resolve(op.requestBody?.content?.['application/json']?.schema), resolve) });
    }
  }
  return operations;
}

function deepResolve(schema: Schema | undefined, resolve: (s: Schema | undefined) => Schema | undefined): Schema | undefined {
  const s = resolve(schema);
  if (!s) return undefined;
  return {
    ...s,
    ...(s.properties ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, deepResolve(v, resolve)!])) } : {}),
    ...(s.items ? { items: deepResolve(s.items, resolve) } : {}),
    ...(s.oneOf ? { oneOf: s.oneOf.map((o) => deepResolve(o, resolve)!) } : {}),
  };
}

/** Real ids a parameter or field of this name refers to. */
function idsFor(name: string, template: string, r: Resources): string[] | undefined {
  if (/^(itemId|itemIds)$/.test(name) || (name === 'id' && template.startsWith('/items'))) return r.items;
  if (/^(locationId|fromLocationId|toLocationId)$/.test(name) || (name === 'id' && template.startsWith('/locations'))) return r.locations;
  if (/^(tagId|tagIds)$/.test(name)) return r.tags;
  if (/^(supplierId|supplierIds)$/.test(name)) return r.suppliers;
  if (name === 'transferId' || (name === 'id' && template.startsWith('/inventory/transfers'))) return r.transfers;
  if (name === 'jobId' || (name === 'id' && template.startsWith('/jobs'))) return r.jobs;
  if (name === 'idOrSlug') return [r.workspaceId, r.slug];
  return undefined;
}

let serial = 0;
/** A value the schema accepts (or nearly: references to real resources where the name says so). */
function validSample(schema: Schema | undefined, name: string, template: string, r: Resources): unknown {
  if (!schema) return 'x';
  if (schema.oneOf?.length) return validSample(schema.oneOf[serial++ % schema.oneOf.length], name, template, r);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = validSample(schema.properties?.[key], key, template, r);
      return out;
    }
    case 'array':
      return [validSample(schema.items, name.replace(/s$/, ''), template, r)];
    case 'number':
    case 'integer':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    default: {
      const ids = idsFor(name, template, r);
      if (ids?.length) return ids[0];
      if (schema.pattern?.includes('\\d')) return '1';
      serial += 1;
      return `fuzz-${serial}`.padEnd(schema.minLength ?? 1, 'x');
    }
  }
}

/** Every place in a value a mutation can hit: leaves, containers, and fields the schema knows but the value lacks. */
function mutationPoints(value: unknown, schema: Schema | undefined, at: Array<string | number> = []): Array<Array<string | number>> {
  const points: Array<Array<string | number>> = [at];
  if (Array.isArray(value)) value.forEach((v, i) => points.push(...mutationPoints(v, schema?.items, [...at, i])));
  else if (value !== null && typeof value === 'object') {
    const properties: Record<string, Schema> = Object.assign({}, ...(schema?.oneOf ?? []).map((o) => o.properties), schema?.properties);
    const keys = new Set([...Object.keys(value), ...Object.keys(properties)]);
    for (const k of keys) points.push(...mutationPoints((value as Record<string, unknown>)[k], properties[k], [...at, k]));
  }
  return points;
}

function mutate(value: unknown, path: Array<string | number>, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return remove ? undefined : replacement;
  const [head, ...rest] = path;
  const container = (Array.isArray(value) ? [...value] : value !== null && typeof value === 'object' ? { ...value } : {}) as Record<string | number, unknown>;
  const next = mutate(container[head!], rest, replacement, remove);
  if (next === undefined && Array.isArray(container)) container.splice(head as number, 1);
  else if (next === undefined) delete container[head!];
  else container[head!] = next;
  return container;
}

function encodedValue(r: Resources, schema: Schema | undefined, name: string, template: string): fc.Arbitrary<string> {
  const real = idsFor(name, template, r) ?? [];
  const valid = schema?.enum?.length ? fc.constantFrom(...schema.enum.map(String)) : fc.constant(String(validSample(schema, name, template, r)));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(encodeComponent) },
    { weight: 4, arbitrary: hostileString([...real, r.workspaceId], URL_VALUE_MAX).map(encodeComponent) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS) },
  );
}

/** Requests for one operation: hostile path and query values, workspace selectors, headers and bodies. */
export function operationCases(op: Operation, r: Resources): fc.Arbitrary<FuzzCase> {
  const ids = [...r.items, ...r.locations, ...r.tags, ...r.suppliers, ...r.transfers, ...r.jobs];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query' && !SELECTORS.has(p.name));
  const idempotent = op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');

  const pathValue = (p: Parameter) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(idsFor(p.name, op.template, r) ?? ['x'])).map(encodeComponent) },
      { weight: 4, arbitrary: hostileString(ids, URL_VALUE_MAX).map(encodeComponent) },
      { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS) },
    );
  const queryValue = (p: Parameter) =>
    fc.oneof(
      { weight: 4, arbitrary: encodedValue(r, p.schema, p.name, op.template).map((v) => [v]) },
      { weight: 1, arbitrary: fc.array(encodedValue(r, p.schema, p.name, op.template), { minLength: 2, maxLength: 3 }) },
    );
  const selector = fc.oneof(
    { weight: 12, arbitrary: fc.constant([`workspaceId=${r.workspaceId}`]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        [],
        [`projectSlug=${encodeComponent(r.slug)}`],
        [`workspaceId=${r.workspaceId}`, `workspaceId=${r.workspaceId}`],
        [`workspaceId=${r.workspaceId}`, `projectSlug=other-${r.slug}`],
        [`workspaceId=${r.workspaceId.toUpperCase()}`],
        ['workspaceId='],
        ['workspaceId[]=x'],
        ['workspaceId[a]=b'],
      ),
    },
    { weight: 2, arbitrary: hostileString(ids, URL_VALUE_MAX).map((s) => [`workspaceId=${encodeComponent(s)}`]) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS).map((s) => [`projectSlug=${s}`]) },
  );
  const body = op.body
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .record({
              mutations: fc.array(fc.record({ at: fc.nat(), value: hostileValue(ids), remove: fc.boolean() }), { minLength: 1, maxLength: 3 }),
              extra: rarely(fc.tuple(hostileString(ids), hostileValue(ids)), 4),
            })
            .map(({ mutations, extra }) => {
              let value = validSample(op.body, '', op.template, r);
              for (const m of mutations) {
                const points = mutationPoints(value, op.body);
                value = mutate(value, points[m.at % points.length]!, m.value, m.remove && points.length > 1);
              }
              if (extra && value !== null && typeof value === 'object' && !Array.isArray(value)) value = { ...value, [extra[0]]: extra[1] };
              const text = toJson(value ?? {});
              return { label: `body ${text.slice(0, 160)}`, body: Buffer.from(text, 'utf8') };
            }),
        },
        { weight: 1, arbitrary: hostileValue(ids).map((v) => ({ label: `body ${toJson(v).slice(0, 160)}`, body: Buffer.from(toJson(v), 'utf8') })) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_BODIES) },
      )
    : rarely(fc.constantFrom(...HOSTILE_BODIES), 10);
  const headerValue = hostileString(ids, 2000).map(headerSafe);

  return fc
    .record({
      path: fc.tuple(...pathParams.map(pathValue)),
      query: fc.tuple(...queryParams.map((p) => rarely(queryValue(p), 2))),
      selector,
      body,
      contentType: CONTENT_TYPES,
      contentEncoding: CONTENT_ENCODINGS,
      idempotencyKey: idempotent ? rarely(fc.oneof<fc.Arbitrary<string | string[]>[]>(fc.uuid(), headerValue, fc.constant(['same', 'twice'])), 2) : fc.constant(null),
      requestId: rarely(headerValue, 6),
    })
    .map((c) => {
      let path = op.template;
      pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, c.path[i]!)));
      const query = [...c.selector, ...queryParams.flatMap((p, i) => (c.query[i] ?? []).map((v) => `${encodeComponent(p.name)}=${v}`))];
      while (path.length + query.join('&').length > URL_MAX) query.splice(query.indexOf(query.reduce((a, b) => (b.length > a.length ? b : a))), 1);
      const headers: Record<string, string | string[]> = {};
      let body: Buffer | undefined;
      if (c.body) {
        const encoded = encodeBody(c.body.body, c.contentEncoding);
        body = encoded.body;
        if (c.contentType !== '') headers['content-type'] = c.contentType;
        if (encoded.header) headers['content-encoding'] = encoded.header;
      }
      if (c.idempotencyKey !== null) headers['idempotency-key'] = c.idempotencyKey;
      if (c.requestId !== null) headers['x-request-id'] = c.requestId;
      const label = [
        c.body?.label,
        c.body && `content-type ${JSON.stringify(c.contentType)}`,
        c.body && c.contentEncoding && `content-encoding ${c.contentEncoding}`,
        c.idempotencyKey !== null && `idempotency-key ${JSON.stringify(c.idempotencyKey).slice(0, 60)}`,
      ]
        .filter(Boolean)
        .join('; ');
      return { operation: `${op.method} ${op.template}`, method: op.method, path: query.length ? `${path}?${query.join('&')}` : path, headers, body, label };
    });
}

/** Requests to no documented operation: other methods, odd paths, malformed encodings, oversized URLs. */
export function offSpecCases(r: Resources): FuzzCase[] {
  const ws = `workspaceId=${r.workspaceId}`;
  const list: Array<[string, string]> = [
    ['GET', '/'],
    ['GET', '/%'],
    ['GET', '/%00'],
    ['GET', '//items'],
    ['GET', `/items/?${ws}`],
    ['GET', `/items//x?${ws}`],
    ['GET', `/ITEMS?${ws}`],
    ['GET', `/items/../workspaces`],
    ['GET', `/items/%2e%2e/workspaces?${ws}`],
    ['GET', `/items/%ED%A0%80?${ws}`],
    ['GET', '/workspaces/%FF'],
    ['GET', '/workspaces/%'],
    ['GET', `/inventory?${ws}`],
    ['GET', `/inventory/transfers/x/revert?${ws}`],
    ['POST', `/inventory/transfers/x/revert/y?${ws}`],
    ['PUT', `/items?${ws}`],
    ['DELETE', `/items?${ws}`],
    ['PATCH', `/inventory/transfers?${ws}`],
    ['DELETE', `/workspaces/${r.workspaceId}`],
    ['TRACE', `/items?${ws}`],
    ['OPTIONS', `/items?${ws}`],
    ['HEAD', `/items?${ws}`],
    ['HEAD', '/nowhere'],
    ['PROPFIND', `/items?${ws}`],
    ['GET', '/.env'],
    ['GET', '/openapi.json/x'],
    ['POST', '/openapi.json'],
    ['GET', '/healthz/x'],
    ['GET', `/${'a'.repeat(8000)}`],
    ['GET', `/items?${ws}&search=${'a'.repeat(20_000)}`],
    ['GET', `/items?${ws}&${'a=1&'.repeat(2000)}`],
    ['GET', `/items?${ws}&__proto__[x]=1`],
    ['GET', `/items?${ws}&constructor[prototype][x]=1`],
    ['GET', `/items?${ws}&%=1`],
    ['GET', `/items?${ws}&a=%`],
    ['GET', `/locations?${ws}&page=1&page=2`],
    ['GET', `/locations?${ws}&pageSize=1e309`],
    ['GET', `/locations?${ws}&page=-0`],
    ['GET', `/workspaces?x=%ZZ`],
    ['GET', `/inventory/balances?${ws}&itemId=${r.items[0]}&itemId=%00`],
    ['GET', `/items/count?${ws}&groupBy=tagId&groupBy=tagId`],
  ];
  return list.map(([method, path]) => ({ operation: `${method} (off-spec)`, method, path, headers: {}, label: 'off-spec' }));
}

/**
 * Examples and input-side schemas, derived from a generated OpenAPI document: the JSON schemas
 * there come from the zod schemas, and every example built here is checked against the zod
 * schema it illustrates before it is published (see ApiDocs.document).
 */

type Json = unknown;
// A JSON schema as zod-to-openapi emits it; only the keywords read here are typed.
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  example?: Json;
  examples?: Json[];
  default?: Json;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  minItems?: number;
  deprecated?: boolean;
  description?: string;
  'x-tracked-only'?: boolean;
  additionalProperties?: boolean | JsonSchema;
}

export type SchemaComponents = Record<string, JsonSchema>;

const SAMPLE_BY_FORMAT: Record<string, string> = {
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  'date-time': '2026-01-15T09:30:00.000Z',
  date: '2026-01-15',
  email: 'orders@acme.example',
  uri: 'https://inventory.acme.example/',
};

function resolve(schema: JsonSchema, components: SchemaComponents): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = components[name];
  if (!target) throw new Error(`Unresolved schema reference ${schema.$ref}`);
  return resolve(target, components);
}

function isNullOnly(schema: JsonSchema): boolean {
  return schema.type === 'null' || (schema.enum?.length === 1 && schema.enum[0] === null);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  let value = 1;
  if (low !== undefined && value < low) value = low;
  if (high !== undefined && value > high) value = high;
  return integer ? Math.ceil(value) : value;
}

/**
 * A plausible value for `schema`: its own example when the zod schema gives one, else the first
 * enum value, else one built from the type, format and bounds. Optional deprecated properties are
 * left out, and so are optional fields only a tracked item takes (serials, lot: x-tracked-only),
 * which an untracked item refuses and no item takes both of.
 */
export function exampleOf(schema: JsonSchema, components: SchemaComponents, depth = 0): Json {
  if (depth > 12) throw new Error('Schema nests too deeply to build an example');
  const s = resolve(schema, components);
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  const nonNullEnum = s.enum?.filter((v) => v !== null);
  if (nonNullEnum?.length) return nonNullEnum[0];
  const branches = s.oneOf ?? s.anyOf;
  if (branches) {
    const branch = branches.find((b) => !isNullOnly(resolve(b, components))) ?? branches[0]!;
    return exampleOf(branch, components, depth + 1);
  }
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => exampleOf(part, components, depth + 1)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([name, property]) => s.required?.includes(name) || !leftOutOfExamples(property, components))
          .map(([name, property]) => [name, exampleOf(property, components, depth + 1)]),
      );
    case 'array': {
      const item = exampleOf(s.items ?? {}, components, depth + 1);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    case 'integer':
      return sampleNumber(s, true);
    case 'number':
      return sampleNumber(s, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      const sample = (s.format && SAMPLE_BY_FORMAT[s.format]) ?? 'text';
      return sample.padEnd(s.minLength ?? 0, 'x');
    }
    default:
      return {};
  }
}

function leftOutOfExamples(property: JsonSchema, components: SchemaComponents): boolean {
  const resolved = resolve(property, components);
  return Boolean(resolved.deprecated || property.deprecated || resolved['x-tracked-only'] || property['x-tracked-only']);
}

function eachSubschema(schema: JsonSchema, visit: (child: JsonSchema) => void): void {
  for (const property of Object.values(schema.properties ?? {})) visit(property);
  if (schema.items) visit(schema.items);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) visit(branch);
  if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties);
}

/** Names of the component schemas `schema` refers to, directly or through other components. */
export function referencedComponents(schema: JsonSchema, components: SchemaComponents, found = new Set<string>()): Set<string> {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (!found.has(name)) {
      found.add(name);
      referencedComponents(components[name] ?? {}, components, found);
    }
    return found;
  }
  eachSubschema(schema, (child) => referencedComponents(child, components, found));
  return found;
}

/**
 * Makes a request schema the input side: a field with a default may be left out, so the
 * `default` keyword (which generators such as openapi-typescript read as "always present") moves
 * into the description.
 */
export function asInputSchema(schema: JsonSchema): void {
  if (schema.default !== undefined) {
    if (!/default/i.test(schema.description ?? '')) {
      schema.description = [schema.description, `Default: ${JSON.stringify(schema.default)}.`].filter(Boolean).join('. ').replace(/\.\. /, '. ');
    }
    delete schema.default;
  }
  eachSubschema(schema, asInputSchema);
}

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ApiResponse } from './api';

type Json = any;

/**
 * Checks real answers against the published document: the body against the documented
 * response schema (formats included) and the presence of every header the response declares.
 * Returns one line per problem; [] when the answer is what the document promises.
 */
export function conformanceChecker(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // Component references resolve inside one schema holding the document's components.
  ajv.addSchema({ $id: 'openapi', components: { schemas: document.components.schemas } });
  const rooted = (schema: Json): Json => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/components/schemas/'));

  return (method: string, template: string, res: ApiResponse): string[] => {
    const where = `${method} ${template} → ${res.status}`;
    const operation = document.paths[template]?.[method.toLowerCase()];
    if (!operation) return [`${where}: no such operation in the document`];
    let response = operation.responses[String(res.status)];
    if (!response) return [`${where}: status not documented`];
    if (response.$ref) response = document.components.responses[response.$ref.split('/').pop()];
    // Headers marked required come with every such answer; the others (X-Total-Count, Link, Idempotent-Replayed) only when they apply.
    const problems = Object.entries((response.headers ?? {}) as Record<string, { $ref: string }>)
      .filter(([name, header]) => document.components.headers[header.$ref.split('/').pop()!].required && res.headers[name.toLowerCase()] === undefined)
      .map(([name]) => `${where}: header ${name} missing`);
    const schema = response.content?.['application/json']?.schema;
    if (schema) {
      const validate = ajv.compile(rooted(schema));
      if (!validate(res.body)) problems.push(`${where}: body ${JSON.stringify(res.body).slice(0, 200)} — ${ajv.errorsText(validate.errors)}`);
    }
    return problems;
  };
}

/**
 * Checks a Kubernetes object the way the API server would before storing it, without a cluster:
 *
 * - values: kubernetes-models validates the object against the API's OpenAPI schema (types,
 *   required fields, enums), with the model class of its apiVersion and kind;
 * - field names: that schema, like the server's, does not forbid unknown keys, so a misspelt
 *   field (`readinessProbes`) would pass it, and a server with lenient validation would drop it
 *   silently. The same package's TypeScript declarations list every field of every type, so each
 *   key of the object is looked up in them, all the way down.
 */
import path from 'node:path';
import ts from 'typescript';

/** What every object has; the model classes' type guards (`Deployment.is`) narrow it to the whole type. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; namespace?: string };
}

type ModelClass = new (data: unknown) => { validate(): void };

/** kubernetes-models lays out one module per kind: `<group>/<version>/<Kind>` (`v1/Service` for the core group). */
const MODELS_ROOT = path.dirname(require.resolve('kubernetes-models'));

function modulePath(object: KubernetesObject): string {
  return path.join(MODELS_ROOT, object.apiVersion, object.kind);
}

/**
 * Returns what the schema rejects in `object`, one line per problem (empty when none).
 * Throws when kubernetes-models has no model for its apiVersion and kind.
 */
export function schemaErrors(object: KubernetesObject): string[] {
  const model = (require(modulePath(object)) as Record<string, ModelClass | undefined>)[object.kind];
  if (!model) throw new Error(`kubernetes-models has no ${object.kind} in ${object.apiVersion}`);
  try {
    new model(object).validate();
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}

/** Finds, for many objects at once, the field names their types do not declare. */
export class FieldChecker {
  private readonly checker: ts.TypeChecker;
  private readonly program: ts.Program;

  /** Loads the declarations of every kind among `objects` (one TypeScript program for all). */
  constructor(objects: KubernetesObject[]) {
    const files = [...new Set(objects.map((o) => `${modulePath(o)}.d.ts`))];
    this.program = ts.createProgram(files, { strict: true, noEmit: true, skipLibCheck: true, types: [] });
    this.checker = this.program.getTypeChecker();
  }

  /** Paths of the keys of `object` that its kind does not declare (`spec.template.spec.containers[0].readinessProbes`). */
  unknownFields(object: KubernetesObject): string[] {
    const found: string[] = [];
    this.walk(object, this.rootType(object), '', found);
    return found;
  }

  /** The interface `I<Kind>` the model's declaration file exports. */
  private rootType(object: KubernetesObject): ts.Type {
    const file = this.program.getSourceFile(`${modulePath(object)}.d.ts`);
    const module = file && this.checker.getSymbolAtLocation(file);
    const symbol = module && this.checker.getExportsOfModule(module).find((s) => s.name === `I${object.kind}`);
    if (!symbol) throw new Error(`kubernetes-models declares no I${object.kind} for ${object.apiVersion}`);
    return this.checker.getDeclaredTypeOfSymbol(symbol);
  }

  private walk(value: unknown, type: ts.Type, at: string, found: string[]): void {
    if (value === null || typeof value !== 'object') return;
    // Optional fields are `T | undefined`, IntOrString is `number | string`: keep the object types.
    // None (any, or a scalar where an object came) leaves the value to the schema check.
    const candidates = (type.isUnion() ? type.types : [type]).filter((t) => (t.flags & ts.TypeFlags.Object) !== 0);
    if (Array.isArray(value)) {
      const arrayType = candidates.find((t) => this.checker.isArrayType(t)) as ts.TypeReference | undefined;
      const element = arrayType && this.checker.getTypeArguments(arrayType)[0];
      if (element) value.forEach((item, i) => this.walk(item, element, `${at}[${i}]`, found));
      return;
    }
    const objectType = candidates.find((t) => !this.checker.isArrayType(t));
    if (!objectType) return;
    // Maps (labels, annotations, resource quantities, ConfigMap data) declare an index signature.
    const index = this.checker.getIndexInfoOfType(objectType, ts.IndexKind.String);
    for (const [key, child] of Object.entries(value)) {
      const where = at ? `${at}.${key}` : key;
      const property = this.checker.getPropertyOfType(objectType, key);
      if (property) this.walk(child, this.checker.getTypeOfSymbol(property), where, found);
      else if (index) this.walk(child, index.type, where, found);
      else found.push(where);
    }
  }
}

// The one Ajv instance of the kit, and a cache of compiled validators (compiled once per schema value).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export type { ErrorObject, ValidateFunction };

// why: ajv-formats is CommonJS; under NodeNext its default import is the module object on some toolchains
const addFormats: (ajv: Ajv) => Ajv =
  typeof addFormatsModule === 'function' ? addFormatsModule : (addFormatsModule as unknown as { default: (ajv: Ajv) => Ajv }).default;

let instance: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction>();

/**
 * Returns the shared Ajv instance: `allErrors: true` (every reason is reported), ajv-formats, strict schema
 * checks that accept TypeBox output (TypeBox adds symbol keys only, which Ajv ignores), and `strictTypes` /
 * `strictTuples` off because TypeBox unions (`anyOf` of typed branches) are legal but trip those lint rules.
 * Validators never coerce or mutate the data.
 */
export function createAjv(): Ajv {
  if (instance !== undefined) return instance;
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    verbose: false,
    // An editor annotation (VS Code) our published schemas may carry; `examples` is already built in.
    keywords: ['markdownDescription'],
    // why: the optimising passes over generated code were a third of compile time at start-up (bench:runner's
    // whole process), and validation measured no slower without them
    code: { optimize: false },
  });
  addFormats(ajv);
  instance = ajv;
  return ajv;
}

/**
 * Compiles `schema` with the shared Ajv, once: later calls with the same schema object return the cached
 * validator. Schemas with an `$id` are also cached by Ajv itself, so recompiling a copy is harmless.
 */
export function compileSchema<T = unknown>(schema: object): ValidateFunction<T> {
  const cached = cache.get(schema);
  // why: the cache is keyed by schema object, and each object is compiled with the T of its first caller
  if (cached !== undefined) return cached as ValidateFunction<T>;
  const ajv = createAjv();
  const id = '$id' in schema && typeof schema.$id === 'string' ? schema.$id : undefined;
  const existing = id === undefined ? undefined : ajv.getSchema<T>(id);
  const validate = existing ?? ajv.compile<T>(schema);
  cache.set(schema, validate);
  return validate;
}

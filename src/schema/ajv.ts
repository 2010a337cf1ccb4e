// The one Ajv instance of the kit, and a cache of compiled validators (compiled once per schema value and process).
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export type { ErrorObject, ValidateFunction };

// why: ajv-formats is CommonJS; under NodeNext its default import is the module object on some toolchains
const addFormats: (ajv: Ajv) => Ajv =
  typeof addFormatsModule === 'function' ? addFormatsModule : (addFormatsModule as unknown as { default: (ajv: Ajv) => Ajv }).default;

/**
 * `allErrors: true` (every reason is reported), strict schema checks that accept TypeBox output (TypeBox adds
 * symbol keys only, which Ajv ignores), and `strictTypes` / `strictTuples` off because TypeBox unions (`anyOf`
 * of typed branches) are legal but trip those lint rules. Validators never coerce or mutate the data.
 */
const AJV_OPTIONS = {
  allErrors: true,
  strict: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowUnionTypes: true,
  verbose: false,
  // An editor annotation (VS Code) our published schemas may carry; `examples` is already built in.
  keywords: ['markdownDescription'],
  // why optimize: the optimising passes over generated code were a third of compile time at start-up, and
  // validation measured no slower without them
  code: { optimize: false },
} satisfies Options;

let instance: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction>();

/** Returns the shared Ajv instance (AJV_OPTIONS, with ajv-formats). */
export function createAjv(): Ajv {
  if (instance !== undefined) return instance;
  const ajv = new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  instance = ajv;
  return ajv;
}

/**
 * Compiles `schema` with the shared Ajv, once: later calls with the same schema object return the cached
 * validator. Schemas with an `$id` are
 * also cached by Ajv itself, so recompiling a copy is harmless.
 */
export function compileSchema<T = unknown>(schema: object): ValidateFunction<T> {
  const cached = cache.get(schema);
  // why: the cache is keyed by schema object, and each object is compiled with the T of its first caller
  if (cached !== undefined) return cached as ValidateFunction<T>;
  const validate = compileOnce(schema);
  cache.set(schema, validate);
  return validate as ValidateFunction<T>;
}

function compileOnce(schema: object): ValidateFunction {
  const ajv = createAjv();
  const id = '$id' in schema && typeof schema.$id === 'string' ? schema.$id : undefined;
  const existing = id === undefined ? undefined : ajv.getSchema(id);
  if (existing !== undefined) return existing;
  return ajv.compile(schema);
}

// Our own formats as TypeBox schema values (types derive from them), and the one Ajv factory.
export { compileSchema } from './ajv.ts';
export * from './case.ts';
export * from './ckan-version.ts';
export * from './profile.ts';
export * from './report.ts';
export * from './report-counts.ts';
export * from './baseline.ts';
export * from './ckan-traits/index.ts';
export * from './report-verdicts.ts';
export * from './ckan-releases.ts';

// The plain values of the extract formats (the output formats, the parallel limit, the versions of the files an
// extract writes), apart from their TypeBox schemas: an extract's start needs these, and the schemas only when a
// job file, a checkpoint or an earlier manifest is checked.

/** The output formats, in the order help texts list them. */
export const EXTRACT_FORMATS = ['csv', 'tsv', 'jsonl', 'json', 'parquet'] as const;

/** Most requests an extract keeps in flight (`parallel`). */
export const MAX_PARALLEL = 16;

/** The manifest format's version. */
export const MANIFEST_VERSION = 1;

/** The checkpoint format's version; a checkpoint of another version is not resumed (say --restart). */
export const CHECKPOINT_VERSION = 2;

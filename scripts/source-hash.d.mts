// Types of source-hash.mjs (plain JavaScript, as it runs before anything is built).
export declare const SOURCE_HASH_FILE: string;
export declare function sourceHash(root: string): string;

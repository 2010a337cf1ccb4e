import { defaultIo } from './io.ts';
import { main } from './main.ts';
// why no top-level await: the bundle of the CLI is a CommonJS script (scripts/bundle-cli.mjs); main never rejects
void main(process.argv.slice(2), defaultIo()).then((code) => {
  process.exitCode = code;
});

#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so that `npx datastore-kit` works straight after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/bin.ts');

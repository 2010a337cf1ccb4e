import { setCliHeapGrowth } from './heap.ts';
import { defaultIo } from './io.ts';
import { main } from './main.ts';

setCliHeapGrowth();
process.exitCode = await main(process.argv.slice(2), defaultIo());

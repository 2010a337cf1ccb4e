// Part 2 of the twin of the foreign implementation (foreign-twin.ts says what it proves and why in two files).
import { describeForeignTwin } from './foreign-twin.ts';

describeForeignTwin(2);

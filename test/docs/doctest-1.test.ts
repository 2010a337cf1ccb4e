// Part 1 of the doctest (test/docs/doctest.ts): every fourth document of README.md and docs/*.md.
import { describeDoctests } from './doctest.ts';

describeDoctests(0);

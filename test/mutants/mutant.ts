// What a mutant declares: the rule it breaks and the cases that must catch it.
import type { MutantHandler } from './proxy.ts';

export interface Mutant {
  /** Short kebab-case name. */
  name: string;
  /** The rule the mutant breaks: a clause id of the description or CKAN behaviour. */
  breaks: string;
  /** Case ids of the catalogue; at least one variant of one of them must fail against the mutant. */
  caughtBy: string[];
  handler: MutantHandler;
}

/** What a mutant may know about the setup (the token the reference server accepts). */
export interface MutantContext {
  token: string;
}

/**
 * README.md is what backend teams verify from: its provider-state table must be the one the pacts
 * use, and the sandbox (the reference provider) must answer every state.
 */
import { readFileSync } from 'node:fs';
import { CONTRACT_STATE_NAMES, CONTRACT_STATES } from '@matchmaker/sandbox';
import { describe, expect, it } from 'vitest';
import { renderStatesTable, tableIn, unansweredValues, unreadAnswers } from '../../src/docs/states-table';
import { ALL_PROVIDERS, pactFileName } from '../../src/names';
import { COMMITTED_PACT_DIR } from '../../src/pact-dirs';
import { readPactDir } from '../../src/pact-file';
import { ALL_STATES } from '../../src/states';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const pacts = readPactDir(COMMITTED_PACT_DIR);
const usedStates = new Set(
  [...pacts.values()].flatMap((pact) =>
    pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)),
  ),
);
const known = new Set<string>(ALL_STATES.map((state) => state.name));

describe('README.md for backend teams', () => {
  it('lists every provider state the pacts use, as the pacts use it', () => {
    expect([...usedStates].filter((name) => !known.has(name))).toEqual([]);
    expect([...known].filter((name) => !usedStates.has(name))).toEqual([]);
    expect(tableIn(readme), 'run `pnpm run readme:states`').toBe(renderStatesTable(pacts));
  });

  // A backend with ids of its own learns from "Values to answer" which values to send back; one
  // missing there is an id the verifier would leave at the pact's example, and so a failure.
  it('answers, in the states of each interaction, every value its generators read', () => {
    expect(unansweredValues(pacts)).toEqual([]);
  });

  it('lists as values to answer only values some interaction in that state reads', () => {
    expect(unreadAnswers(pacts)).toEqual([]);
  });

  it('names every pact file', () => {
    for (const provider of ALL_PROVIDERS) expect(readme).toContain(pactFileName(provider));
  });

  it('has a sandbox handler for every provider state', () => {
    const handled = new Set(Object.keys(CONTRACT_STATES));
    expect([...usedStates].filter((name) => !handled.has(name))).toEqual([]);
  });

  it('documents exactly the state names the sandbox implements', () => {
    expect(ALL_STATES.map((state) => state.name).sort()).toEqual([...CONTRACT_STATE_NAMES].sort());
  });
});

/**
 * zxcvbn-ts with its common dictionaries (leaked passwords, diceware, keyboard layouts) and the English common words,
 * first names and word sequences; imported only through loadStrengthEstimator, so it is a chunk of its own.
 * The English surnames and Wikipedia lists are left out: about 380 kB gzipped that matter little for the portal's
 * users, while the five rules and the leaked-password list do the real work.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import commonWords from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import wordSequences from '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs';
import type { StrengthEstimator, StrengthScore } from './passwordStrength';

export function createEstimator(): StrengthEstimator {
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, 'commonWords-en': commonWords, 'firstnames-en': firstnames, ...wordSequences },
    graphs: common.adjacencyGraphs,
  });
  return (password, userInputs = []) =>
    password ? (zxcvbn.check(password, userInputs.filter(Boolean)).score as StrengthScore) : 0;
}

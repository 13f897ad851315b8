/** zxcvbn-ts with the common and English dictionaries; imported only through loadStrengthEstimator (its own chunk). */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import type { StrengthEstimator, StrengthScore } from './passwordStrength';

export function createEstimator(): StrengthEstimator {
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return (password, userInputs = []) =>
    password ? (zxcvbn.check(password, userInputs.filter(Boolean)).score as StrengthScore) : 0;
}

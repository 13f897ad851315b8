// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the dictionaries are typed by ambient modules that every importer (web, server) must see
/// <reference path="./dictionaries.d.ts" />
/**
 * The one password strength rule of the portal (ASVS 2.1.7): the browser's meter and the server's refusal both score
 * with this estimator, zxcvbn-ts with its common dictionaries (leaked passwords, diceware, keyboard layouts) and
 * common words and first names in English, French and Arabic. It is a subpath of its own (@portal/shared/password-
 * strength) because its dictionaries are large: the web app loads it on first use, never with the first bundle.
 * The English surnames and Wikipedia lists are left out: about 380 kB gzipped that matter little for the portal's
 * users, while the leaked-password list does the real work.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import commonWordsEn from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import firstnamesEn from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import wordSequences from '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs';
import commonWordsFr from '@zxcvbn-ts/language-fr/dist/commonWords.json.mjs';
import firstnamesFr from '@zxcvbn-ts/language-fr/dist/firstnames.json.mjs';
import firstnamesAr from '@zxcvbn-ts/language-ar/dist/firstnames.json.esm.js';
import lastnamesAr from '@zxcvbn-ts/language-ar/dist/lastnames.json.esm.js';

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** The lowest score a new password may have: 3, the meter's "Good" (0 Worst, 1 Bad, 2 Weak, 3 Good, 4 Strong). */
export const MIN_PASSWORD_SCORE: StrengthScore = 3;

let factory: ZxcvbnFactory | undefined;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      'commonWords-en': commonWordsEn,
      'firstnames-en': firstnamesEn,
      ...wordSequences,
      'commonWords-fr': commonWordsFr,
      'firstnames-fr': firstnamesFr,
      'firstnames-ar': firstnamesAr,
      'lastnames-ar': lastnamesAr,
    },
    graphs: common.adjacencyGraphs,
  }));

/** The leaked passwords of zxcvbn's common list, lower-cased, for the exact-match refusal. */
let commonPasswords: Set<string> | undefined;

/** True for a password of the common (leaked) list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Scores a password 0–4; userInputs (the user's name, email) make passwords built from them weaker. */
export function passwordScore(password: string, userInputs: string[] = []): StrengthScore {
  if (!password) return 0;
  // zxcvbn's cost grows with the length; the rules cap a password at 128 characters, the score needs far fewer.
  const scored = password.slice(0, 100);
  return estimator().check(scored, userInputs.filter(Boolean)).score as StrengthScore;
}

const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]+/gu, '');

/**
 * True when a password's letters are one of the user inputs with at most 3 letters more ("#Kenya2026", "MyKenya!1"):
 * digits and symbols around a word the owner is known by add little for whoever knows them, whatever the estimator
 * makes of a leading symbol.
 */
export function builtOnUserInput(password: string, userInputs: string[]): boolean {
  const letters = lettersOf(password);
  return userInputs.some((input) => {
    const word = lettersOf(input);
    return word.length >= 3 && letters.includes(word) && letters.length - word.length <= 3;
  });
}

/** True when a new password is strong enough: not a common one, not built on a user input, scored at least Good. */
export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  if (isCommonPassword(password) || builtOnUserInput(password, userInputs)) return false;
  return passwordScore(password, userInputs) >= MIN_PASSWORD_SCORE;
}

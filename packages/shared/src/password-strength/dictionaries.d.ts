/** The dictionaries of the @zxcvbn-ts language packages, imported one by one (the packages type only their index). */
declare module '@zxcvbn-ts/language-en/dist/commonWords.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/firstnames.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs' {
  const sequences: Record<string, string[]>;
  export default sequences;
}
declare module '@zxcvbn-ts/language-fr/dist/commonWords.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-fr/dist/firstnames.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-ar/dist/firstnames.json.esm.js' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-ar/dist/lastnames.json.esm.js' {
  const words: string[];
  export default words;
}

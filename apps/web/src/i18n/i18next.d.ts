import 'i18next';
import type en from './en.json';

/** Translation keys are typed from en.json, the source language. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** en.json split at build time along FIRST_VISIT_GROUPS (vite.config.ts, firstVisit.ts). */
declare module '*.json?first-visit' {
  const groups: Record<string, unknown>;
  export default groups;
}
declare module '*.json?rest' {
  const groups: Record<string, unknown>;
  export default groups;
}

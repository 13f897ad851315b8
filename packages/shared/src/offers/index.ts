export * from './constants.js';
export * from './schema.js';
export * from './template.js';
export * from './rules.js';
export * from './sector-rules.js';
export * from './api-routes.js';

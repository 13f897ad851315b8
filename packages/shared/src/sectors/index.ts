export * from './types.js';
export * from './codes.js';
export * from './data.js';
export * from './groups.js';
export * from './tree.js';
export * from './filter.js';
export * from './api.js';
export * from './api-routes.js';

export * from './roles.js';
export * from './permissions.js';
export * from './constants.js';
export * from './messages.js';
export * from './password.js';
export * from './schemas.js';
export * from './csv.js';
export * from './offers/index.js';

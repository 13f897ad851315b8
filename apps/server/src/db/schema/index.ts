export * from './reference.js';
export * from './identity.js';
export * from './logs.js';
export * from './sectors.js';

export * from './reference.js';
export * from './identity.js';
export * from './logs.js';
export * from './sectors.js';
export * from './chat.js';
export * from './files.js';
export * from './notifications.js';
export * from './offers.js';

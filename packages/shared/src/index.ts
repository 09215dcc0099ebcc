export * from './constants.js';
export * from './errors.js';
export * from './auth.js';
export * from './startup-config.js';
export * from './greeting.js';
export * from './chat.js';
export * from './message-tree.js';

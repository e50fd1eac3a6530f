export * from './limits.js';
export * from './messages.js';
export * from './username.js';
export * from './mentions.js';
export * from './time.js';
export * from './errors.js';
export * from './auth.js';
export * from './users.js';

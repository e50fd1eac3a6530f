export * from './users.js';
export * from './social.js';
export * from './questions.js';
export * from './push.js';
export * from './system.js';
export * from './counters.js';
export * from './email.js';
export * from './federation.js';

export * from './errors.js';
export * from './constants.js';
export * from './permissions.js';
export * from './events.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/user.js';
export * from './schemas/settings.js';

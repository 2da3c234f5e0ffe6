export * from './feed.js';
export * from './webhooks.js';

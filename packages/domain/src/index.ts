export * from './browser.js';
export * from './i18n/index.js';

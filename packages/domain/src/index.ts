export * from './browser.js';
export * from './i18n/index.js';
export * from './mail/render.js';

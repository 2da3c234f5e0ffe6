import { readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { markRoutesPublic } from './access-control.js';

// Vite fingerprints everything under assets/, so a name never changes its content.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSETS = 'assets';

/** Where Vite's fingerprinted files are served: a missing one there is a 404, never the app shell. */
export const WEB_ASSETS_PREFIX = `/${ASSETS}/`;

/**
 * Serves the built web app's files: one wildcard route per top-level folder (assets/, static/) and
 * one route per top-level file. A route per file (about 200 files, 400 routes with their HEAD
 * twins) tripled the router's table for nothing. A path that names no file falls to the app's
 * not-found handler, as any unknown path does. Dotfiles (build stamps, Vite's manifest) are never
 * sent (docs/adr/0059-web-files-by-folder.md).
 */
export const registerWebFiles = async (app: FastifyInstance, webDist: string) => {
  const entries = readdirSync(webDist, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));
  await app.register(async (web) => {
    web.addHook('onRoute', markRoutesPublic);
    // reply.sendFile for the top-level files; the folders' registrations only serve.
    await web.register(fastifyStatic, { root: webDist, serve: false, dotfiles: 'ignore' });
    for (const folder of entries.filter((entry) => entry.isDirectory())) {
      await web.register(fastifyStatic, {
        root: path.join(webDist, folder.name),
        prefix: `/${folder.name}/`,
        wildcard: true,
        index: false,
        dotfiles: 'ignore',
        decorateReply: false,
        setHeaders: (reply) => reply.header('cache-control', folder.name === ASSETS ? IMMUTABLE : 'no-cache'),
      });
    }
    for (const file of entries.filter((entry) => entry.isFile()).map((entry) => entry.name)) {
      web.get(`/${file}`, { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile(file),
      );
    }
  });
};

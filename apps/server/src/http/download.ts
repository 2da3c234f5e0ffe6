import type { FastifyReply } from 'fastify';

/** `name-YYYY-MM-DD.extension`: an export's file name with the day it was made. */
export const datedFileName = (name: string, extension: string): string =>
  `${name}-${new Date().toISOString().slice(0, 10)}.${extension}`;

/**
 * Answers a file to save rather than show (a CSV or JSON export, a person's data), which no cache
 * keeps: it holds what only the caller may read. Without a type the route's serializer writes JSON.
 */
export const sendDownload = (reply: FastifyReply, filename: string, body: unknown, contentType?: string) => {
  if (contentType) reply.header('content-type', contentType);
  return reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
};

/** A spreadsheet export (presenters/service-csv.ts). */
export const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  sendDownload(reply, filename, csv, 'text/csv; charset=utf-8');

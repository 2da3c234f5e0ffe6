import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-unreachable.js';

/** The server's error as the driver hands it over: a message, and the SQLSTATE in `code`. */
const serverError = (code: string, message: string) => {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
};

/** What Drizzle throws for a statement that failed: the driver's error is its cause. */
const failedQuery = (cause: Error) => new DrizzleQueryError('insert into "saved_views" …', [], cause);

const refused = (address: string) =>
  Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED', address });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['an immediate stop ends the backend', serverError('57P01', 'terminating connection due to administrator command')],
    [
      'another backend crashed',
      serverError('57P02', 'terminating connection because of crash of another server process'),
    ],
    ['the server is starting up', serverError('57P03', 'the database system is starting up')],
    ['a connection failure', serverError('08006', 'connection failure')],
    ['the server refuses the connection', refused('127.0.0.1')],
    ['the connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection of the pool in time', new Error('timeout exceeded when trying to connect')],
    ['a statement whose connection ended', failedQuery(new Error('Connection terminated unexpectedly'))],
    ['a statement ended by an immediate stop', failedQuery(serverError('57P01', 'terminating connection'))],
    ['both addresses of a host refuse', new AggregateError([refused('::1'), refused('127.0.0.1')])],
  ])('%s: unreachable', (_what, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', failedQuery(serverError('23505', 'duplicate key value violates unique constraint'))],
    ['a serialization failure', serverError('40001', 'could not serialize access')],
    ['a syntax error', failedQuery(serverError('42601', 'syntax error at or near "selec"'))],
    ['a bug of the portal', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error at all', undefined],
    ['a string', 'Connection terminated unexpectedly'],
  ])('%s: not unreachable', (_what, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it('an error that is its own cause ends the search', () => {
    const error = new Error('loop', { cause: undefined as unknown });
    (error as { cause: unknown }).cause = error;
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

import type { Audience, Principal } from '../permissions.js';
import { hasAnyRole } from '../roles.js';
import { isOneOf } from '../one-of.js';

/**
 * What a personal API token may be used for (docs/adr/0113-personal-api-tokens.md). A token never
 * does more than its owner's roles allow at the time of use: a scope only narrows. Each API route
 * names the one scope a token needs (its `scope`); a route that names none refuses every token.
 */
export const TOKEN_SCOPES = [
  'services:read',
  'services:write',
  'contacts:read',
  'vos:read',
  'packages:read',
  'packages:write',
  // The event feed (docs/adr/0120-event-feed-and-signed-webhooks.md): each event's object decides who reads it.
  'events:read',
] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const isTokenScope = isOneOf(TOKEN_SCOPES);

/**
 * Who may hold each scope: checked when a token is made and again at every use, so a person who
 * loses the role loses the scope at once. The routes' permissions and the object policies still
 * decide the rest.
 */
export const TOKEN_SCOPE_HOLDERS: Record<TokenScope, Audience> = {
  'services:read': 'authenticated',
  // Through change requests, exactly as the online form proposes changes.
  'services:write': 'authenticated',
  'contacts:read': ['contactManager'],
  'vos:read': 'authenticated',
  'packages:read': 'authenticated',
  'packages:write': 'authenticated',
  'events:read': 'authenticated',
};

export const mayHoldScope = (principal: Principal, scope: TokenScope): boolean => {
  const holders = TOKEN_SCOPE_HOLDERS[scope];
  if (holders === 'public' || holders === 'authenticated') return true;
  return hasAnyRole(principal.roles, holders);
};

/** The scopes a person may give a new token. */
export const scopesFor = (principal: Principal): TokenScope[] =>
  TOKEN_SCOPES.filter((scope) => mayHoldScope(principal, scope));

/**
 * How the audit events name a change made with a token: "by token <name> of <person>". The
 * histories show it as it is stored.
 */
export const tokenActorName = (tokenName: string, username: string): string => `token "${tokenName}" of ${username}`;

export const isTokenActorName = (actorName: string): boolean => actorName.startsWith('token "');

/** Every token starts with it, so a leaked one is recognised (secret scanners, logs) for what it is. */
export const TOKEN_PREFIX = 'nubes_pat_';

/** How much of the token the lists show: the prefix and the secret's first characters. */
export const TOKEN_DISPLAY_LENGTH = TOKEN_PREFIX.length + 6;

export const isApiToken = (credential: string): boolean => credential.startsWith(TOKEN_PREFIX);

/** The longest a token may live: a year. */
export const TOKEN_MAX_DAYS = 365;

/** The choices of the profile's form, in days. */
export const TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;

/**
 * Requests per token and window (docs/adr/0113-personal-api-tokens.md): enough for a script that
 * syncs a catalogue page by page, few enough that a runaway loop cannot crowd out the people.
 */
export const TOKEN_RATE_LIMIT = { requests: 120, windowSeconds: 60 } as const;

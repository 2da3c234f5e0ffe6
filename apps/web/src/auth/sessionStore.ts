import { SESSION_STORAGE_KEY, type SessionStatus, type StoredSession } from '@nubes/domain';
import type { AuthApi } from '../api/auth';
import {
  buildSession,
  checkSession,
  clearStoredSession,
  readStoredSession,
  sameSession,
  writeStoredSession,
  type SessionCheck,
} from './session';

/** Why a session ended; the UI words its notification and decides where to go from this. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthorized';

export interface SessionStoreDeps {
  storage: Storage;
  now: () => number;
  api: AuthApi;
}

type Listener = () => void;
type EndListener = (reason: SessionEndReason) => void;

/**
 * The login state outside React: the router's loader re-checks it on every navigation (docs/domain.md#sessions),
 * the API client ends it on a 401, and components subscribe through useSyncExternalStore.
 * localStorage stays the single source of truth of the browser, so tabs and reloads agree; the
 * server's login status is what fills it (the token is in its HttpOnly cookie, ADR 0078).
 */
export class SessionStore {
  private session: StoredSession | null;
  private lastRaw: string | null;
  private renewal: Promise<void> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly endListeners = new Set<EndListener>();

  constructor(private readonly deps: SessionStoreDeps) {
    this.lastRaw = this.readRaw();
    this.session = readStoredSession(deps.storage);
  }

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): StoredSession | null => this.session;

  /** Called with the reason whenever a session ends (logout, expiry, rejected token). */
  onEnd(listener: EndListener): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /**
   * Re-reads localStorage.user and applies the session phase: valid stays, 'renew' renews in
   * the background, 'expired' logs out. Runs after every route change and on storage events.
   */
  check(): SessionCheck {
    this.syncFromStorage();
    const result = checkSession(this.session, this.deps.now());
    if (result.status === 'expired') {
      this.end('expired');
    } else if (result.status === 'loggedIn' && result.phase === 'renew') {
      void this.renew();
    }
    return result;
  }

  /** After a login set the cookie: asks the server who is logged in, and stores that. */
  async startSession(): Promise<StoredSession> {
    const session = buildSession(await this.deps.api.fetchStatus(), this.deps.now());
    this.save(session);
    return session;
  }

  async loginWithPassword(login: string, password: string): Promise<StoredSession> {
    await this.deps.api.postLogin({ login, password });
    return this.startSession();
  }

  /** The server's login status (GET /api/session), for the query that re-reads it (LoginStatusSync.tsx). */
  readonly readStatus = (): Promise<SessionStatus> => this.deps.api.fetchStatus();

  /**
   * Stores what the server says of the logged-in person now: roles and names as they are (a role
   * given or taken in User Accounts reaches the menus without a new login). A status of someone
   * else (an answer that arrived after a logout and another login) is ignored; the session clock
   * stays, only a login or a renewal restarts it; an unchanged status changes nothing, so nothing re-renders.
   */
  applyStatus(status: SessionStatus): void {
    this.syncFromStorage();
    const current = this.session;
    if (!current || current.username !== status.user.username) return;
    const fresh = buildSession(status, current.sessionCreated);
    if (sameSession(fresh, current)) return;
    this.save(fresh);
  }

  /** Background renewal; failures are only logged (docs/domain.md#the-portals-messages) and retried on the next check. */
  renew(): Promise<void> {
    this.renewal ??= this.runRenewal().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  /**
   * Logout: the server ends the session and clears its cookie; storage and SSO leftovers are
   * cleared here at once, state logged out. Navigation is the caller's.
   */
  logout(): void {
    this.deps.api.logout().catch((error: unknown) => console.warn('Logout on the server failed', error));
    this.end('logout');
  }

  /** A 401 on an authenticated call: the server no longer accepts this session. */
  unauthorized(): void {
    if (this.session) this.end('unauthorized');
  }

  private async runRenewal(): Promise<void> {
    const before = this.session;
    if (!before) return;
    try {
      await this.deps.api.renewSession();
      const status = await this.deps.api.fetchStatus();
      // Another tab's renewal, a logout or another login may have replaced the session while we
      // waited; a login status read meanwhile (applyStatus) keeps its clock, so the renewal stands.
      this.syncFromStorage();
      const now = this.session;
      if (!now || now.username !== before.username || now.sessionCreated !== before.sessionCreated) return;
      this.save(buildSession(status, this.deps.now()));
    } catch (error) {
      console.warn('Session renewal failed', error);
    }
  }

  private end(reason: SessionEndReason): void {
    const hadSession = this.session !== null || this.lastRaw !== null;
    clearStoredSession(this.deps.storage);
    this.lastRaw = null;
    this.setSession(null);
    if (hadSession || reason === 'logout') this.endListeners.forEach((listener) => listener(reason));
  }

  private save(session: StoredSession): void {
    writeStoredSession(this.deps.storage, session);
    this.lastRaw = this.readRaw();
    this.setSession(session);
  }

  private readRaw(): string | null {
    try {
      return this.deps.storage.getItem(SESSION_STORAGE_KEY);
    } catch {
      return null;
    }
  }

  /** Keeps the snapshot object stable while storage is unchanged, so subscribers do not re-render. */
  private syncFromStorage(): void {
    const raw = this.readRaw();
    if (raw === this.lastRaw) return;
    this.lastRaw = raw;
    this.setSession(readStoredSession(this.deps.storage));
  }

  private setSession(session: StoredSession | null): void {
    if (session === this.session) return;
    this.session = session;
    this.listeners.forEach((listener) => listener());
  }
}

export const createSessionStore = (deps: SessionStoreDeps): SessionStore => new SessionStore(deps);

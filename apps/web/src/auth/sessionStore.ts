import { SESSION_STORAGE_KEY, type StoredSession } from '@nubes/domain';
import type { AuthApi } from '../api/auth';
import {
  buildSession,
  checkSession,
  clearAuthCookie,
  clearStoredSession,
  decodeTokenPayload,
  readStoredSession,
  renewSession,
  setAuthCookie,
  writeStoredSession,
  type SessionCheck,
} from './session';

/** Why a session ended; the UI words its notification and decides where to go from this. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthorized';

export interface SessionStoreDeps {
  storage: Storage;
  document: Document;
  now: () => number;
  api: AuthApi;
}

type Listener = () => void;
type EndListener = (reason: SessionEndReason) => void;

/**
 * The login state outside React: the router's loader re-checks it on every navigation (docs/domain.md#sessions),
 * the API client ends it on a 401, and components subscribe through useSyncExternalStore.
 * localStorage stays the single source of truth, so tabs and reloads agree.
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

  /** Turns a fresh token into a session: read the payload, fetch the user, store both. */
  async startSession(token: string, fallbackUsername?: string): Promise<StoredSession> {
    const payload = decodeTokenPayload(token);
    if (!payload) throw new Error('The token has no readable payload.');
    const username = payload.username ?? fallbackUsername ?? payload.sub;
    const user = await this.deps.api.fetchUser(username, token);
    const session = buildSession(token, payload, user, this.deps.now());
    this.save(session);
    return session;
  }

  async loginWithPassword(login: string, password: string): Promise<StoredSession> {
    const token = await this.deps.api.postLogin({ login, password });
    return this.startSession(token, login.trim());
  }

  /** Background renewal; failures are only logged (docs/domain.md#the-portals-messages) and retried on the next check. */
  renew(): Promise<void> {
    this.renewal ??= this.runRenewal().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  /** Logout: storage, SSO leftovers and cookie cleared, state logged out. Navigation is the caller's. */
  logout(): void {
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
      const token = await this.deps.api.renewToken();
      const payload = decodeTokenPayload(token);
      if (!payload) throw new Error('The renewed token has no readable payload.');
      // Another tab or a logout may have replaced the session while we waited.
      this.syncFromStorage();
      if (this.session?.token !== before.token) return;
      this.save(renewSession(before, token, payload, this.deps.now()));
    } catch (error) {
      console.warn('Session renewal failed', error);
    }
  }

  private end(reason: SessionEndReason): void {
    const hadSession = this.session !== null || this.lastRaw !== null;
    clearStoredSession(this.deps.storage);
    clearAuthCookie(this.deps.document);
    this.lastRaw = null;
    this.setSession(null);
    if (hadSession || reason === 'logout') this.endListeners.forEach((listener) => listener(reason));
  }

  private save(session: StoredSession): void {
    writeStoredSession(this.deps.storage, session);
    setAuthCookie(this.deps.document, session.token);
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

import { Button, Group, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../routing';
import { AppModal } from './AppModal';

/**
 * Leaving a form with unsaved edits asks first (ADR 19): a tab switch, an in-app link, the
 * browser's back button, closing or reloading the page. The app's router (ADR 0025) cannot block
 * a navigation, so the guard watches the three ways out itself: in-app links by a capture-phase
 * click listener, the back button by a history entry of its own that the back button pops first,
 * and `beforeunload` for everything that leaves the app.
 */

/** 'tab': the single service view's tabs; 'route': anything that leaves the screen. */
export type LeaveKind = 'tab' | 'route';

export interface GuardedForm {
  dirty: boolean;
  /** The edits survive a tab switch (they live above the tabs), so a tab switch need not ask. */
  keptOnTabSwitch?: boolean;
  /** Drops the edits once the user chose to leave without saving. */
  discard: () => void;
}

interface LeaveGuardApi {
  register: (id: string, form: GuardedForm | null) => void;
  /** Runs `proceed` at once when nothing would be lost, else after the user chose to discard. */
  confirm: (kind: LeaveKind, proceed: () => void, stay?: () => void) => void;
}

const LeaveGuardContext = createContext<LeaveGuardApi | null>(null);

const NO_GUARD: LeaveGuardApi = { register: () => undefined, confirm: (_kind, proceed) => proceed() };

/** The guard of the surrounding screen; outside one, leaving never asks. */
export const useLeaveGuard = (): LeaveGuardApi => useContext(LeaveGuardContext) ?? NO_GUARD;

/** Tells the screen's guard whether this form holds unsaved edits; a null id: a form the guard leaves alone. */
export const useGuardedForm = (id: string | null, { dirty, keptOnTabSwitch = false, discard }: GuardedForm): void => {
  const { register } = useLeaveGuard();
  const discardRef = useRef(discard);
  useEffect(() => {
    discardRef.current = discard;
  });
  useEffect(() => {
    if (id !== null) register(id, { dirty, keptOnTabSwitch, discard: () => discardRef.current() });
  }, [register, id, dirty, keptOnTabSwitch]);
  useEffect(() => () => (id === null ? undefined : register(id, null)), [register, id]);
};

/** An in-app link's target, when a plain click on it would move to another screen. */
const inAppTarget = (event: MouseEvent): string | null => {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // The same screen with other parameters (a tab, a page) is the screen's own business.
  if (url.pathname === window.location.pathname) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** The mark of the guard's own history entries (any state already on the entry is kept beside it). */
const GUARD_ENTRY = 'nubesLeaveGuard';

const isGuardEntry = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_ENTRY] === true;

const pushGuardEntry = (): void => {
  const state: unknown = window.history.state;
  window.history.pushState(
    { ...(typeof state === 'object' && state !== null ? state : {}), [GUARD_ENTRY]: true },
    '',
    window.location.href,
  );
};

interface Pending {
  kind: LeaveKind;
  proceed: () => void;
  stay?: () => void;
}

/** Holds the guard of one screen and asks its question (a modal: stay, or discard and leave). */
export const LeaveGuard = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forms = useRef(new Map<string, GuardedForm>());
  const [dirtyIds, setDirtyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<Pending | null>(null);

  const register = useCallback((id: string, form: GuardedForm | null) => {
    if (form) forms.current.set(id, form);
    else forms.current.delete(id);
    setDirtyIds((current) => {
      const dirty = form?.dirty ?? false;
      if (current.has(id) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const atRisk = useCallback(
    (kind: LeaveKind) =>
      [...forms.current.values()].filter((form) => form.dirty && (kind === 'route' || !form.keptOnTabSwitch)),
    [],
  );

  const confirm = useCallback(
    (kind: LeaveKind, proceed: () => void, stay?: () => void) => {
      if (atRisk(kind).length === 0) proceed();
      else setPending({ kind, proceed, stay });
    },
    [atRisk],
  );

  const api = useMemo(() => ({ register, confirm }), [register, confirm]);
  const dirty = dirtyIds.size > 0;

  // Closing the window, reloading, typing another address: the browser asks in its own words.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // In-app links (header, navigation, links in the page): stopped before the router sees the click.
  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      const target = inAppTarget(event);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      confirm('route', () => navigate(target));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty, confirm, navigate]);

  // The back button: a copy of the current history entry, marked as the guard's, is popped first,
  // so the screen stays while the question is asked; leaving then goes back past it. The router
  // replaces entries without the mark (a tab switch), so a new copy goes on top after each.
  const location = useLocation();
  useEffect(() => {
    if (dirty && !isGuardEntry(window.history.state)) pushGuardEntry();
  }, [dirty, location.pathname, location.search]);
  useEffect(() => {
    if (!dirty) return;
    const onPopState = (event: PopStateEvent) => {
      if (isGuardEntry(event.state)) return;
      confirm('route', () => window.history.back(), pushGuardEntry);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [dirty, confirm]);

  const stay = () => {
    pending?.stay?.();
    setPending(null);
  };
  const leave = () => {
    if (!pending) return;
    for (const form of atRisk(pending.kind)) form.discard();
    setPending(null);
    pending.proceed();
  };

  return (
    <LeaveGuardContext.Provider value={api}>
      {children}
      <AppModal
        opened={pending !== null}
        onClose={stay}
        title={t('form.leave.title')}
        centered
        transitionProps={{ duration: 0 }}
        closeButtonProps={{ 'aria-label': t('notifications.close') }}
      >
        <Text>{t(pending?.kind === 'tab' ? 'form.leave.tabText' : 'form.leave.text')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={stay} data-autofocus>
            {t('form.leave.stay')}
          </Button>
          <Button color="red.9" onClick={leave}>
            {t('form.leave.discard')}
          </Button>
        </Group>
      </AppModal>
    </LeaveGuardContext.Provider>
  );
};

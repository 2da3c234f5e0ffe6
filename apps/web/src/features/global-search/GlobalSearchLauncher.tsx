import { UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { ScreenMessages } from '../../i18n/ScreenMessages';
import './global-search.css';

// The dialog and its search load at the first use: the shell stays small (docs/adr/0042-global-search.md).
const GlobalSearch = lazy(() => import('./GlobalSearch').then((m) => ({ default: m.GlobalSearch })));

/** Where "/" is a character being typed, not the shortcut. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const SearchIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </svg>
);

/** A plain button: Mantine's Button and Kbd would add to the shell every page loads (docs/adr/0042-global-search.md). */
const LauncherButton = ({ onOpen }: { onOpen: () => void }) => {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className="global-search-button"
      onClick={onOpen}
      aria-keyshortcuts="Control+K /"
      title={t('globalSearchButton.openHint')}
    >
      <SearchIcon />
      <span>{t('globalSearchButton.open')}</span>
      <kbd aria-hidden="true">{t('globalSearchButton.shortcut')}</kbd>
    </UnstyledButton>
  );
};

/**
 * The header's search for logged-in people: a button, Ctrl+K (⌘K) anywhere and "/" outside a text
 * field open a dialog that searches services, contacts and VOs (what the person may read).
 */
export const GlobalSearchLauncher = () => {
  const { isLoggedIn } = useSession();
  const [opened, setOpened] = useState(false);
  // The dialog unmounts as it closes, so it cannot give the focus back itself: the element that had
  // it (the button, or a field where Ctrl+K was pressed) gets it again, unless a hit was opened
  // and the new page has placed the focus already.
  const returnTo = useRef<HTMLElement | null>(null);
  const open = useCallback(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpened(true);
  }, []);
  const close = useCallback(() => {
    setOpened(false);
    const target = returnTo.current;
    window.setTimeout(() => {
      const nowFocused = document.activeElement;
      if (target?.isConnected && (!nowFocused || nowFocused === document.body)) target.focus();
    });
  }, []);

  useEffect(() => {
    if (!isLoggedIn) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const modified = event.ctrlKey || event.metaKey;
      const shortcut =
        (modified && event.key.toLowerCase() === 'k') || (!modified && event.key === '/' && !isTyping(event.target));
      if (!shortcut) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isLoggedIn, open]);

  if (!isLoggedIn) return null;
  // The button's texts are in the shell part; the dialog's load with it, from the screens part.
  return (
    <>
      <LauncherButton onOpen={open} />
      {opened && (
        <Suspense fallback={null}>
          <ScreenMessages />
          <GlobalSearch onClose={close} />
        </Suspense>
      )}
    </>
  );
};

import { Burger, Drawer, NavLink, Stack, Text, type MantineBreakpoint } from '@mantine/core';
import { navigationFor, routePath, type PublicConfig, type StoredSession } from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../routing';
import { currentLanguage } from '../i18n/i18n';
import { entryHref } from './entryHref';

/**
 * The menus where they do not fit the header's row (a phone, ADR 0046; a narrow desktop window with
 * many menu groups, ADR 0090): a burger in the header opens a drawer with every
 * menu group as a titled list of links and the profile's entries at the end, in a navigation
 * landmark of its own. The drawer traps the focus while open and closes with Escape, with its
 * close button, after a link was followed and when the page changes.
 */
export const NavigationDrawer = ({
  session,
  config,
  onLogout,
  hiddenFrom,
}: {
  session: StoredSession;
  config: PublicConfig;
  onLogout: () => void;
  /** The width from which the menus are in the header and the burger goes. */
  hiddenFrom: MantineBreakpoint;
}) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  // A page change (a link, the back button) leaves the drawer behind.
  const [shownAt, setShownAt] = useState(here);
  if (shownAt !== here) {
    setShownAt(here);
    if (opened) setOpened(false);
  }
  const close = () => setOpened(false);
  const language = currentLanguage();

  return (
    <>
      <Burger
        hiddenFrom={hiddenFrom}
        opened={opened}
        onClick={() => setOpened((open) => !open)}
        aria-label={t(opened ? 'appearance.closeMenu' : 'appearance.openMenu')}
        aria-expanded={opened}
        size="sm"
      />
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="min(20rem, 85vw)"
        title={t('appearance.menu')}
        closeButtonProps={{ 'aria-label': t('appearance.closeMenu') }}
        transitionProps={{ duration: 0 }}
      >
        <Stack gap="md" component="nav" aria-label={t('appearance.menu')}>
          {navigationFor(session.roles).map((group) => (
            <section key={group.key} aria-labelledby={`drawer-${group.key}`}>
              <Text id={`drawer-${group.key}`} component="h2" fw={700} size="sm" mb={4}>
                {t(group.labelKey)}
              </Text>
              {group.entries.map((entry) => {
                const href = entryHref(entry, config, language);
                if (href)
                  return (
                    <NavLink
                      key={entry.key}
                      href={href}
                      target="_blank"
                      rel="noopener"
                      label={
                        <>
                          {t(entry.labelKey)} <span className="visually-hidden">{t('nav.opensInNewTab')}</span>
                        </>
                      }
                    />
                  );
                if (!entry.route) return null;
                const to = routePath(entry.route);
                return (
                  <NavLink
                    key={entry.key}
                    component={Link}
                    to={to}
                    active={pathname === to}
                    aria-current={pathname === to ? 'page' : undefined}
                    label={t(entry.labelKey)}
                    onClick={close}
                  />
                );
              })}
            </section>
          ))}
          <section aria-labelledby="drawer-profile">
            <Text id="drawer-profile" component="h2" fw={700} size="sm" mb={4}>
              {session.fullname}
            </Text>
            <NavLink component={Link} to={routePath('mailSettings')} label={t('nav.mailSettings')} onClick={close} />
            <NavLink component={Link} to={routePath('sessions')} label={t('nav.sessions')} onClick={close} />
            <NavLink component={Link} to={routePath('apiTokens')} label={t('nav.apiTokens')} onClick={close} />
            <NavLink
              component="button"
              label={t('nav.logout')}
              onClick={() => {
                close();
                onLogout();
              }}
            />
          </section>
        </Stack>
      </Drawer>
    </>
  );
};

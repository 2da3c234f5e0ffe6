import { Button, Group, Menu } from '@mantine/core';
import { navigationFor, routePath, type NavEntry, type PublicConfig, type StoredSession } from '@nubes/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../routing';
import { useSession } from '../auth/SessionProvider';
import { usePublicConfig } from '../config/publicConfig';
import { currentLanguage } from '../i18n/i18n';
import { entryHref } from './entryHref';
import { NavigationDrawer } from './NavigationDrawer';
// Logged in: Mantine's whole stylesheet, for the menus and every screen after them (ADR 0086).
import '../components/MantineStyles';

/**
 * Dropdowns stay inside the nav landmark (no portal). Mantine's own focus placeholder is a
 * focusable div with role="presentation" inside role="menu", which axe reports
 * (aria-required-children); MenuItems puts a group in its place, so keyboard users get the same
 * behaviour (the menu opens focused, ArrowDown reaches the first entry) without the violation.
 */
const MENU_PROPS = {
  withinPortal: false,
  withInitialFocusPlaceholder: false,
  shadow: 'md',
  // No fade: a half-transparent menu fails contrast checks, and instant menus feel faster.
  transitionProps: { duration: 0 },
} as const;

/** The entries of one dropdown, in a group that takes the focus when the menu opens. */
const MenuItems = ({ children }: { children: ReactNode }) => (
  <div role="group" tabIndex={-1} data-autofocus className="menu-items">
    {children}
  </div>
);

/**
 * Where the menus fit one row beside the logo, the search and the switches, with German labels and
 * a long name on the profile button: three or four groups from Mantine's lg (1200 px), one or two
 * from md (992 px). Below, the drawer holds them (docs/adr/0090-one-row-header-and-compact-toolbars.md).
 */
const menusFrom = (groups: number) => (groups > 2 ? 'lg' : 'md');

const MenuEntry = ({ entry, config }: { entry: NavEntry; config: PublicConfig }) => {
  const { t } = useTranslation();
  const href = entryHref(entry, config, currentLanguage());
  if (href) {
    return (
      <Menu.Item component="a" href={href} target="_blank" rel="noopener">
        {t(entry.labelKey)} <span className="visually-hidden">{t('nav.opensInNewTab')}</span>
      </Menu.Item>
    );
  }
  if (!entry.route) return null;
  return (
    <Menu.Item component={Link} to={routePath(entry.route)}>
      {t(entry.labelKey)}
    </Menu.Item>
  );
};

/**
 * The logged-in part of the top navigation: the menu groups that hold an entry for the user
 * (ADR 21: by permission, built screens only) and the profile menu with the mail settings and logout. Mantine menus open with Enter, Space or
 * the arrow keys and close with Escape. Where they would not fit one row (menusFrom) the same
 * entries sit in a drawer behind a burger (NavigationDrawer). Its own chunk: visitors who are not
 * logged in never load the menu and popover code.
 */
export const UserMenus = ({ session }: { session: StoredSession }) => {
  const { t } = useTranslation();
  const { store } = useSession();
  const config = usePublicConfig();
  const navigate = useNavigate();

  const logout = () => {
    store.logout();
    navigate(routePath('home'));
  };

  const groups = navigationFor(session.roles);
  const from = menusFrom(groups.length);

  return (
    <>
      <NavigationDrawer session={session} config={config} onLogout={logout} hiddenFrom={from} />
      <Group gap={4} wrap="nowrap" visibleFrom={from}>
        {groups.map((group) => (
          <Menu key={group.key} {...MENU_PROPS} position="bottom-start">
            <Menu.Target>
              <Button variant="subtle" px="xs">
                {t(group.labelKey)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <MenuItems>
                {group.entries.map((entry) => (
                  <MenuEntry key={entry.key} entry={entry} config={config} />
                ))}
              </MenuItems>
            </Menu.Dropdown>
          </Menu>
        ))}
        <Menu {...MENU_PROPS} position="bottom-end">
          <Menu.Target>
            {/* A long name ends in an ellipsis rather than pushing the row apart; its title tells it whole. */}
            <Button
              variant="outline"
              ml="xs"
              maw="14rem"
              title={session.fullname}
              classNames={{ label: 'truncated-label' }}
            >
              <span>{session.fullname}</span>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <MenuItems>
              <Menu.Item component={Link} to={routePath('mailSettings')}>
                {t('nav.mailSettings')}
              </Menu.Item>
              <Menu.Item component={Link} to={routePath('sessions')}>
                {t('nav.sessions')}
              </Menu.Item>
              <Menu.Item component={Link} to={routePath('apiTokens')}>
                {t('nav.apiTokens')}
              </Menu.Item>
              <Menu.Item onClick={logout}>{t('nav.logout')}</Menu.Item>
            </MenuItems>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </>
  );
};

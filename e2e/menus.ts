import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The main navigation's four groups, as each role's menu shows some of them (English labels). */
export const MENU_GROUPS = ['Service Portfolio', 'Contact Database', 'VO Registration', 'Admin Panel'];

export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The groups the logged-in person's menu shows: exactly `visible` of the four. */
export const expectMenuGroups = async (page: Page, visible: readonly string[]) => {
  for (const group of MENU_GROUPS) {
    await expect(mainNavigation(page).getByRole('button', { name: group, exact: true }), group).toHaveCount(
      visible.includes(group) ? 1 : 0,
    );
  }
};

import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Mantine's default blue (shade 6, #228be6) is below 4.5:1 against white, and axe-core checks
 * contrast on every page; shade 8 (#1971c2, 5.0:1) is the lightest blue that passes for text,
 * buttons and links.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  // Keyboard users always see where they are (WCAG 2.4.7); mouse clicks do not leave rings behind.
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  // A page title is one long word often enough in German ("Änderungsanträge"): on a phone it
  // shrinks with the screen instead of running off its edge.
  headings: { sizes: { h1: { fontSize: 'clamp(1.625rem, 7vw, 2.125rem)' } } },
});

/** "Dimmed" text (menu labels, input descriptions) is gray-6 by default: 3.3:1. Gray-7 reads at 7:1. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantineTheme.colors.gray[7] ?? '#495057',
    // Field errors are red-6 by default (3.3:1); red-9 reads at 5.4:1.
    '--mantine-color-error': mantineTheme.colors.red[9] ?? '#c92a2a',
    // Hovered subtle/light buttons (the menu buttons while the mouse rests on them) get blue-2
    // behind blue text: 4.0:1. Blue-1 keeps 4.9:1.
    '--mantine-color-blue-light-hover': mantineTheme.colors.blue[1] ?? '#d0ebff',
    // The yellow alert's title (yellow-9 on its tint, 2.7:1) in a dark amber: 8:1.
    '--mantine-color-yellow-light-color': '#5c3c00',
    // Danger outlines (reject, delete): red-9 reads at 5.4:1 on white.
    '--nubes-color-danger': mantineTheme.colors.red[9] ?? '#c92a2a',
    // A tinted area (selected rows, the selection's bar, notices) behind blue links: blue-0 keeps
    // the links at 4.6:1; Mantine's light variant (blue-1) leaves them at 4.1:1.
    '--nubes-color-tint': mantineTheme.colors.blue[0] ?? '#e7f5ff',
    '--nubes-color-tint-border': mantineTheme.colors.blue[3] ?? '#74c0fc',
    '--nubes-color-focus-ring': mantineTheme.colors.blue[9] ?? '#1864ab',
    '--nubes-color-surface-muted': mantineTheme.colors.gray[0] ?? '#f8f9fa',
    '--nubes-color-row-stripe': mantineTheme.colors.gray[0] ?? '#f8f9fa',
    '--nubes-color-row-hover': mantineTheme.colors.gray[1] ?? '#f1f3f5',
    '--nubes-color-rule-strong': mantineTheme.colors.gray[4] ?? '#ced4da',
    '--nubes-color-notification-text': mantineTheme.colors.gray[8] ?? '#343a40',
    '--nubes-color-dropzone-border': mantineTheme.colors.gray[5] ?? '#adb5bd',
    '--nubes-color-dropzone-active': mantineTheme.colors.blue[7] ?? '#1c7ed6',
    '--nubes-color-scroll-shadow': 'rgba(0, 0, 0, 0.28)',
  },
  // The dark scheme (ADR 0047): Mantine's dark greys and reds for secondary text, errors and danger
  // outlines are below 4.5:1 on the dark body (#242424); one step lighter each reads above 6:1.
  dark: {
    '--mantine-color-dimmed': mantineTheme.colors.dark[1] ?? '#b8b8b8',
    '--mantine-color-error': mantineTheme.colors.red[4] ?? '#ff8787',
    '--nubes-color-danger': mantineTheme.colors.red[4] ?? '#ff8787',
    '--nubes-color-tint': 'var(--mantine-color-blue-light)',
    '--nubes-color-tint-border': mantineTheme.colors.blue[8] ?? '#1971c2',
    '--nubes-color-focus-ring': mantineTheme.colors.blue[3] ?? '#74c0fc',
    '--nubes-color-surface-muted': mantineTheme.colors.dark[8] ?? '#1f1f1f',
    '--nubes-color-row-stripe': mantineTheme.colors.dark[6] ?? '#2e2e2e',
    '--nubes-color-row-hover': mantineTheme.colors.dark[5] ?? '#3b3b3b',
    '--nubes-color-rule-strong': mantineTheme.colors.dark[3] ?? '#696969',
    '--nubes-color-notification-text': mantineTheme.colors.dark[0] ?? '#c9c9c9',
    '--nubes-color-dropzone-border': mantineTheme.colors.dark[2] ?? '#828282',
    '--nubes-color-dropzone-active': mantineTheme.colors.blue[4] ?? '#4dabf7',
    // Black on the dark body needs more weight to show than on white.
    '--nubes-color-scroll-shadow': 'rgba(0, 0, 0, 0.75)',
  },
});

// Mantine's whole stylesheet, in its `mantine` cascade layer like the shell's parts of it
// (app/shell-styles.ts), so the order in which the two arrive changes nothing and the app's own
// stylesheets, outside any layer, win over both. Per-component files break silently when one is
// missed (checkbox labels fell under their boxes without InlineInput.css), so every screen behind
// a login has all of it (docs/adr/0020, docs/adr/0086-public-pages-audit.md).
import '@mantine/core/styles.layer.css';

/**
 * Renders nothing: importing it, lazily, is what counts. A screen behind a login (app/RoutePage.tsx),
 * the logged-in menus and the dashboard wait for it, so none of them shows a moment unstyled.
 */
export const MantineStyles = () => null;

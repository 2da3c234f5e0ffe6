// The Mantine stylesheets of the shell and the public screens alone (header, footer, login, the
// public portfolio with its data table, a public service, instructions, not found, notifications),
// each in Mantine's `mantine` cascade layer. Mantine's whole stylesheet is the rest of 250 KB that a
// first visit never used; it comes with the first screen behind a login (components/MantineStyles.tsx).
// A missed file shows as a component without its look: e2e/tests/public-styles.spec.ts checks every
// Mantine class on the public screens against the rules loaded (docs/adr/0086-public-pages-audit.md).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
// A downtime's badges on the public portfolio's rows and a public service's page.
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

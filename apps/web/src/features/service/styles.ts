/*
 * The Mantine styles the service screens use beyond the shell's; imported by the screens' chunks
 * only, so the first load stays small (ADR 6).
 */
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/dates/styles.css';
import './service.css';

export { JsonEditor } from './JsonEditor';
export type { JsonEditorProps } from './jsonEditorProps';

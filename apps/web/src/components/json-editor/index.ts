export { JsonEditor, type JsonEditorProps } from './JsonEditor';

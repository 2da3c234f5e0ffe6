/**
 * What the JSON editor takes. Its own file: the editor loads the CodeMirror part lazily, and both
 * read these props without importing each other (an import cycle, docs/adr/0107-layers-and-cycles.md).
 */
export interface JsonEditorProps {
  /** The accessible name of the editor, shown above it. */
  label: string;
  description?: string;
  /** A translated message shown under the editor; marks it invalid for assistive technology. */
  error?: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  required?: boolean;
  /** Editor height in CSS (the editor scrolls inside it); grows with its content by default. */
  minHeight?: string;
  maxHeight?: string;
}

import type { JsonEditorProps } from '../components/json-editor';

/**
 * CodeMirror's editable element takes no typing in jsdom; tests that type JSON swap the editor
 * for a textarea with the same label, value and message (vi.mock of components/json-editor).
 */
export const FakeJsonEditor = ({ label, value, onChange, error, readOnly }: JsonEditorProps) => (
  <div>
    <textarea
      aria-label={label}
      value={value}
      readOnly={readOnly}
      aria-invalid={error ? true : undefined}
      onChange={(event) => onChange?.(event.currentTarget.value)}
    />
    {error && <span>{error}</span>}
  </div>
);

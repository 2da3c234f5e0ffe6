import { json } from '@codemirror/lang-json';
import { EditorView } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { darkTheme } from './darkTheme';
import type { JsonEditorProps } from './jsonEditorProps';
import './json-editor.css';

interface Props extends Omit<JsonEditorProps, 'label' | 'description' | 'error' | 'required'> {
  labelId: string;
  describedBy?: string;
  invalid: boolean;
}

/** CodeMirror 6 with the JSON language; loaded lazily by JsonEditor. */
export const CodeMirrorJson = ({
  value,
  onChange,
  onBlur,
  readOnly = false,
  minHeight = '12rem',
  maxHeight = '32rem',
  labelId,
  describedBy,
  invalid,
}: Props) => {
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  // The editable element is what a screen reader and axe see: it takes the label, the messages
  // and the invalid state of the field around it.
  const extensions = useMemo(
    () => [
      json(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      }),
    ],
    [labelId, describedBy, invalid, readOnly],
  );
  return (
    <CodeMirror
      className="json-editor"
      data-invalid={invalid || undefined}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      readOnly={readOnly}
      editable={!readOnly}
      minHeight={minHeight}
      maxHeight={maxHeight}
      extensions={extensions}
      theme={dark ? darkTheme : 'light'}
      basicSetup={{
        lineNumbers: true,
        foldGutter: true,
        bracketMatching: true,
        closeBrackets: !readOnly,
        highlightActiveLine: !readOnly,
        autocompletion: false,
        searchKeymap: true,
      }}
    />
  );
};

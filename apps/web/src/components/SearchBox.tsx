import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

const SEARCH_DELAY_MS = 300;

export interface SearchBoxProps {
  /** The search the list shows now (from the URL). */
  value: string;
  /** Called with the trimmed text after a pause in typing, or at once on Enter. */
  onCommit: (q: string) => void;
  label: string;
  description?: string;
}

/**
 * The search box of every list: it follows the URL (back button) but commits what is typed only
 * after a pause, so the server is asked once per word, not once per key.
 */
export const SearchBox = ({ value, onCommit, label, description }: SearchBoxProps) => {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  // The URL changed without typing (back button, reset): show its search. Adjusted during render,
  // not in an effect, so the box never shows the old text for a frame.
  if (value !== committed) {
    setCommitted(value);
    if (text.trim() !== value) setText(value);
  }
  const commit = useDebouncedCallback((next: string) => onCommit(next.trim()), SEARCH_DELAY_MS);
  return (
    <TextInput
      type="search"
      label={label}
      description={description}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      maxLength={200}
      w={{ base: '100%', sm: 300 }}
    />
  );
};

import './choices.css';
import { diffWordsWithSpace } from 'diff';
import { useMemo } from 'react';

export interface WordDiffProps {
  /** The value being replaced. */
  from: string;
  /** The value replacing it. */
  to: string;
  /** Which side this shows: the old text with its removed words marked, or the new one with its added words. */
  side: 'from' | 'to';
}

/**
 * One side of an inline diff, word by word (jsdiff): what the other side lacks is marked, struck
 * through and tinted on the old side, underlined and tinted on the new one, so the mark does not
 * rest on colour alone. Screen readers announce del and ins.
 */
export const WordDiff = ({ from, to, side }: WordDiffProps) => {
  const parts = useMemo(() => diffWordsWithSpace(from, to), [from, to]);
  return (
    <span className="word-diff">
      {parts.map((part, index) => {
        if (part.added) return side === 'to' ? <ins key={index}>{part.value}</ins> : null;
        if (part.removed) return side === 'from' ? <del key={index}>{part.value}</del> : null;
        return <span key={index}>{part.value}</span>;
      })}
    </span>
  );
};

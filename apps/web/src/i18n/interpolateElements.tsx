import { Fragment, type ReactNode } from 'react';
import type { MessageKey } from '@nubes/domain';
import type { TFunction } from 'i18next';

/**
 * Translates a message whose {{placeholders}} stand for links or other elements, so a sentence
 * can keep its word order in every language while parts of it are links.
 */
export const interpolateElements = (
  t: TFunction,
  key: MessageKey,
  elements: Record<string, ReactNode>,
): ReactNode[] => {
  // The template as it stands: its placeholders are filled with the elements below, not by i18next.
  const template = t(key, { skipInterpolation: true });
  return template.split(/(\{\{\w+\}\})/).map((part, index) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    const element = name !== undefined && name in elements ? elements[name] : part;
    return <Fragment key={index}>{element}</Fragment>;
  });
};

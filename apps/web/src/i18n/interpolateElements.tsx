import { Fragment, type ReactNode } from 'react';
import type { TFunction } from 'i18next';

/**
 * Translates a message whose {{placeholders}} stand for links or other elements, so a sentence
 * can keep its word order in every language while parts of it are links.
 */
export const interpolateElements = (t: TFunction, key: string, elements: Record<string, ReactNode>): ReactNode[] => {
  // Each placeholder is filled with itself; i18next does not interpolate inside values.
  const placeholders = Object.fromEntries(Object.keys(elements).map((name) => [name, `{{${name}}}`]));
  const template = t(key, placeholders);
  return template.split(/(\{\{\w+\}\})/).map((part, index) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    const element = name !== undefined && name in elements ? elements[name] : part;
    return <Fragment key={index}>{element}</Fragment>;
  });
};

import type { MessageKey } from '@nubes/domain';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../config/publicConfig';

/**
 * Lets a screen name itself (a service's name) in place of its route's title. React runs a
 * child's effects before its parent's, so a screen cannot simply write document.title after the
 * route did: it hands its title up, and the route writes whichever applies.
 */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

/** Document title = the screen's own title, else the translated route title, else (home) the product name. */
export const useDocumentTitle = (titleKey: MessageKey | null, pageTitle: string | null = null): void => {
  const { t, i18n } = useTranslation();
  const { productName } = usePublicConfig();
  const title = pageTitle ?? (titleKey ? t(titleKey) : productName);
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
};

/** A screen's own document title, e.g. "<service name> – <tab> – <product name>"; null keeps the route's. */
export const usePageTitle = (parts: readonly (string | null | undefined)[] | null): void => {
  const setTitle = useContext(PageTitleContext);
  const { productName } = usePublicConfig();
  const title = parts ? [...parts.filter((part): part is string => Boolean(part)), productName].join(' – ') : null;
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
};

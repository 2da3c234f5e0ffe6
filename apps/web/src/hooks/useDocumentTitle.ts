import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../config/publicConfig';

/** Document title = the translated route title; without one (home) the configured product name (SPEC §2). */
export const useDocumentTitle = (titleKey: string | null): void => {
  const { t, i18n } = useTranslation();
  const { productName } = usePublicConfig();
  const title = titleKey ? t(titleKey) : productName;
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
};

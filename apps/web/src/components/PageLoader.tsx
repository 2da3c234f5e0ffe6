import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code chunk loads. */
export const PageLoader = () => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ padding: '2rem 0' }}>
      <Loader size="sm" aria-hidden="true" />
      <span className="visually-hidden">{t('page.loading')}</span>
    </div>
  );
};

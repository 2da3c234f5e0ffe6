import type { LocalizedText } from '@nubes/domain';
import { localized } from '../../i18n/localized';

/** A quota with its type's unit, the number as the page's language writes it: "1,500 GB", "1.500 GB". */
export const formatQuota = (quota: number, unit: LocalizedText, language: string | undefined): string => {
  const number = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 3 }).format(
    quota,
  );
  const name = localized(unit, language);
  return name ? `${number} ${name}` : number;
};

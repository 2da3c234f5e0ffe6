import '../../components/ServiceStateBadge.css';
import './resource-packages.css';
import type { ResourcePackageState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';

/** A resource package's review state in words, tinted: draft gray, submitted blue, approved green, rejected red. */
export const ResourcePackageStateBadge = ({ state }: { state: ResourcePackageState }) => {
  const { t } = useTranslation();
  return (
    <span className="state-badge" data-review={state}>
      {t(`resourcePackages.states.${state}`)}
    </span>
  );
};

import { useParams } from '../routing';
import {
  CannotFindResourcePackage,
  ResourcePackageLoader,
} from '../features/resource-packages/form/ResourcePackageLoader';
import { ResourcePolicyForm } from '../features/resource-packages/form/ResourcePolicyForm';
import { usePageTitle } from '../hooks/useDocumentTitle';
import { useTranslation } from 'react-i18next';

const PageTitle = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  usePageTitle([name, t('routes.resourceForm')]);
  return null;
};

/** /sc/service/{serviceID}/policy/{id}/resource-form: one Resource Package's policy, to edit or read. */
export const ResourceFormPage = () => {
  const { serviceID, pathPolicyUID } = useParams();
  if (!serviceID || !pathPolicyUID) return <CannotFindResourcePackage />;
  return (
    <ResourcePackageLoader serviceId={serviceID} packageId={pathPolicyUID}>
      {(resourcePackage, type) => (
        <>
          <PageTitle name={resourcePackage.name} />
          <ResourcePolicyForm
            // The package, not its version: after a 409 the form keeps what was typed (ADR 0085).
            key={resourcePackage.id}
            resourcePackage={resourcePackage}
            type={type}
          />
        </>
      )}
    </ResourcePackageLoader>
  );
};

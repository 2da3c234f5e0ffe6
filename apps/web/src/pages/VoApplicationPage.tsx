import type { VoDetails } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { VoApplicationForm } from '../features/vos/application/VoApplicationForm';
import { VoLoader } from '../features/vos/VoLoader';
import { usePageTitle } from '../hooks/useDocumentTitle';
import { useParams } from '../routing';
import type { PageProps } from './PageProps';

/** The edit page's document title names the VO being edited. */
const EditTitle = ({ vo }: { vo: VoDetails }) => {
  const { t } = useTranslation();
  usePageTitle([vo.name, t('routes.voApplicationEdit')]);
  return null;
};

/** /vo/vo-application (New VO Application) and /vo/vo-application/{id} (Edit VO Application). */
export const VoApplicationPage = ({ routeId }: PageProps) => {
  const { id } = useParams();
  if (routeId === 'voApplicationEdit' && id) {
    return (
      <VoLoader id={id}>
        {(vo) => (
          <>
            <EditTitle vo={vo} />
            <VoApplicationForm key={vo.id} vo={vo} />
          </>
        )}
      </VoLoader>
    );
  }
  return <VoApplicationForm vo={null} />;
};

import type { VoDetails } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { VoView } from '../features/vos/view/VoView';
import { VoLoader } from '../features/vos/VoLoader';
import { usePageTitle } from '../hooks/useDocumentTitle';
import { useParams } from '../routing';

/** The document title names the VO. */
const Title = ({ vo }: { vo: VoDetails }) => {
  const { t } = useTranslation();
  usePageTitle([vo.name, t('routes.virtualOrganisation')]);
  return null;
};

/** /vo/virtual-organisation/{id}: one VO with its state, steps, comments and history. */
export const VirtualOrganisationPage = () => {
  const { id } = useParams();
  return (
    <VoLoader id={id ?? ''}>
      {(vo) => (
        <>
          <Title vo={vo} />
          <VoView vo={vo} />
        </>
      )}
    </VoLoader>
  );
};

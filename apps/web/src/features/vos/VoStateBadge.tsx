import '../../components/ServiceStateBadge.css';
import type { VoState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import type { ServicePhase } from '../../components/ServiceStateBadge';

/** The service phases' tints say the same for a VO: being written, under review, in use, ended. */
const TINT: Record<VoState, ServicePhase> = {
  application_draft: 'application',
  application_received: 'pipeline',
  application_approved: 'pipeline',
  vo_available: 'catalogue',
  application_withdrawn: 'withdrawn',
};

/** A VO's state in words (`vos.states.<state>`), tinted like the service states. */
export const VoStateBadge = ({ state }: { state: VoState }) => {
  const { t } = useTranslation();
  return (
    <span className="state-badge" data-phase={TINT[state]}>
      {t(`vos.states.${state}`)}
    </span>
  );
};

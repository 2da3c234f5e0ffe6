import '../../components/ServiceStateBadge.css';
import type { ReviewStatus } from '@nubes/domain';
import { useTranslation } from 'react-i18next';

/** The state badge's tints (near-black text on each), borrowed by what a status means. */
const TINT: Record<ReviewStatus, string> = {
  inactive: 'withdrawn',
  running: 'application',
  editRequired: 'offboarding',
  finishedOK: 'catalogue',
};

/** A review status in words; the tint only repeats what the words say. */
export const ReviewStatusBadge = ({ status }: { status: ReviewStatus }) => {
  const { t } = useTranslation();
  return (
    <span className="state-badge" data-phase={TINT[status]}>
      {t(`reviews.statuses.${status}`)}
    </span>
  );
};

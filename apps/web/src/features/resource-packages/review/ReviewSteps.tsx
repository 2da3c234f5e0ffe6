import { Button, Group } from '@mantine/core';
import type { ResourcePackage, ResourcePackageAction } from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RejectDialog } from './RejectDialog';
import { useResourcePackageStep, type StepTarget } from './useResourcePackageStep';

export interface ReviewStepsProps {
  target: StepTarget;
  /** Offer only these of the steps the answer gives (the review list: approve and reject). */
  only?: readonly ResourcePackageAction[];
  /** In a table row: small buttons whose names say which package they act on. */
  compact?: boolean;
  onStepped?: (next: ResourcePackage) => void;
}

// Approve in the darkest green Mantine has that keeps white text above 4.5:1 (green.9 is 4.4:1).
const VARIANT: Record<ResourcePackageAction, { variant: string; color?: string }> = {
  submit: { variant: 'filled' },
  withdraw: { variant: 'default' },
  approve: { variant: 'filled', color: 'teal.9' },
  reject: { variant: 'outline', color: 'var(--nubes-color-danger)' },
};

/**
 * The review steps the server offers for a package (its `actions`), each asked first: reject with
 * the required comment, the others with a confirmation. One place for the policy view and the
 * review list's rows.
 */
export const ReviewSteps = ({ target, only, compact = false, onStepped }: ReviewStepsProps) => {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<ResourcePackageAction | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const close = () => {
    setAsked(null);
    setCommentError(null);
  };
  const step = useResourcePackageStep({
    onStepped: (next) => {
      close();
      onStepped?.(next);
    },
    onCommentError: setCommentError,
    onFailed: close,
  });
  const actions = target.actions.filter((action) => !only || only.includes(action));
  if (actions.length === 0) return null;

  const confirming = asked && asked !== 'reject' ? asked : null;
  return (
    <>
      <Group gap="xs" wrap={compact ? 'nowrap' : 'wrap'}>
        {actions.map((action) => (
          <Button
            key={action}
            size={compact ? 'compact-sm' : 'sm'}
            {...VARIANT[action]}
            loading={step.isPending && step.variables.action === action}
            disabled={step.isPending && step.variables.action !== action}
            aria-label={
              compact
                ? t('resourcePackageReview.stepOf', {
                    step: t(`resourcePackages.actions.${action}`),
                    name: target.name,
                  })
                : undefined
            }
            onClick={() => setAsked(action)}
          >
            {t(`resourcePackages.actions.${action}`)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? t(`resourcePackageReview.confirm.${confirming}Title`, { name: target.name }) : ''}
        text={confirming ? t(`resourcePackageReview.confirm.${confirming}Text`) : ''}
        confirmLabel={confirming ? t(`resourcePackages.actions.${confirming}`) : ''}
        busy={step.isPending}
        onConfirm={() => confirming && step.mutate({ target, action: confirming })}
        onCancel={close}
      />
      <RejectDialog
        opened={asked === 'reject'}
        name={target.name}
        version={target.version}
        busy={step.isPending}
        serverError={commentError}
        onReject={(comment) => step.mutate({ target, action: 'reject', comment })}
        onCancel={close}
      />
    </>
  );
};

import '../../../components/facts.css';
import { Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, routePath, type VoDetails } from '@nubes/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';
import { CopyButton } from '../../../components/CopyButton';
import { TitledSection } from '../../../components/TitledSection';
import { userLabel } from '../../../components/UserPicker';
import { AupTemplate } from '../application/VoApplicationPages';
import { VoStateBadge } from '../VoStateBadge';
import { VoActions } from './VoActions';
import { VoHistory } from './VoHistory';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt>
      <Text span fw={600}>
        {label}
      </Text>
    </dt>
    <dd>{children}</dd>
  </>
);

/**
 * The VO view: the application's fields by page, its state, the steps this user may take now, the
 * review's comments and the history; once available, the entitlement ready to copy for the AAI.
 */
export const VoView = ({ vo }: { vo: VoDetails }) => {
  const { t } = useTranslation();
  const empty = t('serviceView.emptyValue');
  const confirmation = (done: VoDetails['termsConfirmation']) =>
    done
      ? t('voScreens.doneBy', { who: done.by ? userLabel(done.by) : empty, when: formatDateTime(done.at) })
      : t('voScreens.notYet');

  return (
    <Stack gap="xl">
      <div>
        <Group justify="space-between" align="center" gap="md">
          <Title order={1}>{vo.name}</Title>
          {vo.canEdit && (
            <Button component={Link} to={routePath('voApplicationEdit', { id: vo.id })}>
              {t('voScreens.editApplication')}
            </Button>
          )}
        </Group>
        <Group gap="sm" mt="xs">
          <Text fw={600}>{t('voScreens.state')}</Text>
          <VoStateBadge state={vo.state} />
          <Text c="dimmed">{t('voScreens.lastEditOn', { when: formatDateTime(vo.updatedAt) })}</Text>
        </Group>
      </div>

      {vo.entitlement && (
        <Paper withBorder p="md">
          <Text fw={600} mb="xs">
            {t('vos.fields.entitlement')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Code style={{ wordBreak: 'break-all' }}>{vo.entitlement}</Code>
            <CopyButton value={vo.entitlement} label={t('voScreens.copyEntitlement')} />
          </Group>
        </Paper>
      )}

      <VoActions vo={vo} />

      {vo.comments.length > 0 && (
        <TitledSection id="vo-comments" title={t('voScreens.comments')}>
          <ol className="service-comments">
            {vo.comments.map((comment) => (
              <li key={comment.id}>
                <Paper withBorder p="sm">
                  <Text size="sm" c="dimmed">
                    {t('voScreens.commentMeta', {
                      who: comment.author ? comment.author.fullname : empty,
                      when: formatDateTime(comment.createdAt),
                      step: t(`vos.actions.${comment.action}`),
                    })}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</Text>
                </Paper>
              </li>
            ))}
          </ol>
        </TitledSection>
      )}

      <TitledSection id="vo-page-general" title={t('vos.pages.general')}>
        <dl className="service-facts">
          <Fact label={t('vos.fields.name')}>{vo.name}</Fact>
          <Fact label={t('vos.fields.description')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{vo.description || empty}</Text>
          </Fact>
          <Fact label={t('vos.fields.homeInstitutionId')}>
            {vo.homeInstitution ? `${vo.homeInstitution.name} (${vo.homeInstitution.abbreviation})` : empty}
          </Fact>
          <Fact label={t('vos.fields.applicant')}>{userLabel(vo.applicant)}</Fact>
          <Fact label={t('vos.fields.deputyId')}>{vo.deputy ? userLabel(vo.deputy) : empty}</Fact>
          <Fact label={t('vos.fields.securityContactEmail')}>{vo.securityContactEmail || empty}</Fact>
          <Fact label={t('vos.fields.expectedMembers')}>{vo.expectedMembers ?? empty}</Fact>
          <Fact label={t('vos.fields.serviceIds')}>
            {vo.services.length > 0 ? (
              <List>
                {vo.services.map((service) => (
                  <List.Item key={service.id}>{service.name}</List.Item>
                ))}
              </List>
            ) : (
              empty
            )}
          </Fact>
        </dl>
      </TitledSection>

      <TitledSection id="vo-page-terms" title={t('vos.pages.termsOfUse')}>
        <dl className="service-facts">
          <Fact label={t('vos.fields.termsConfirmed')}>{confirmation(vo.termsConfirmation)}</Fact>
        </dl>
      </TitledSection>

      <TitledSection id="vo-page-policies" title={t('vos.pages.aaiPolicies')}>
        <dl className="service-facts">
          <Fact label={t('vos.fields.policiesAccepted')}>{confirmation(vo.policiesAcceptance)}</Fact>
        </dl>
      </TitledSection>

      <TitledSection id="vo-page-aup" title={t('vos.pages.aup')}>
        <Stack gap="md">
          <AupTemplate />
          <div>
            <Title order={3} size="h4" mb="xs">
              {t('vos.aup.additionsTitle')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{vo.aupAdditions || t('vos.aup.noAdditions')}</Text>
          </div>
        </Stack>
      </TitledSection>

      <TitledSection id="vo-history-title" title={t('voScreens.history')}>
        <VoHistory id={vo.id} />
      </TitledSection>
    </Stack>
  );
};

import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { instructionDocumentKeys, instructionPdfPath, type InstructionDocumentId } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../components/ExternalLink';
import { currentLanguage } from '../../i18n/i18n';
import { SectionPanel } from '../../components/SectionPanel';

/**
 * One instruction document as a page (ADR 0039): the same sections and steps as its PDF, from the
 * domain's document structure and the catalogues' `instructions` section.
 */
export const InstructionDocument = ({ id }: { id: InstructionDocumentId }) => {
  const { t } = useTranslation();
  const keys = instructionDocumentKeys(id);
  const sectionId = (key: string) => `instruction-${key}`;
  return (
    <Stack gap="lg" maw="52rem">
      <Stack gap="xs">
        <Title order={1}>{t(keys.title)}</Title>
        <Text>
          <Text span fw={600}>
            {t('instructions.audienceLabel')}:
          </Text>{' '}
          {t(keys.audience)}
        </Text>
        <Text>{t(keys.intro)}</Text>
        <Text>
          <ExternalLink href={instructionPdfPath(id, currentLanguage())}>{t('instructions.pdfLink')}</ExternalLink>
        </Text>
      </Stack>
      <SectionPanel id="instruction-contents" component="nav" title={t('instructions.contents')}>
        <List type="ordered">
          {keys.sections.map((section) => (
            <List.Item key={section.key}>
              <Anchor href={`#${sectionId(section.key)}`}>{t(section.title)}</Anchor>
            </List.Item>
          ))}
        </List>
      </SectionPanel>
      {keys.sections.map((section, index) => (
        <section key={section.key} aria-labelledby={sectionId(section.key)}>
          <Title order={2} size="h3" id={sectionId(section.key)} mb="xs">
            {`${index + 1}. ${t(section.title)}`}
          </Title>
          <List type="ordered" spacing="xs">
            {section.steps.map((step) => (
              <List.Item key={step}>{t(step)}</List.Item>
            ))}
          </List>
        </section>
      ))}
    </Stack>
  );
};

import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { instructionDocumentKeys, instructionPdfPath, type InstructionDocumentId } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../components/ExternalLink';
import { currentLanguage } from '../../i18n/i18n';

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
      <Paper withBorder p="md" component="nav" aria-labelledby="instruction-contents">
        <Title order={2} size="h4" id="instruction-contents" mb="xs">
          {t('instructions.contents')}
        </Title>
        <List type="ordered">
          {keys.sections.map((section) => (
            <List.Item key={section.key}>
              <Anchor href={`#${sectionId(section.key)}`}>{t(section.title)}</Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
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

import { INSTRUCTION_DOCUMENT_IDS, INSTRUCTION_DOCUMENTS } from '@nubes/domain';
import { Suspense } from 'react';
import { PageLoader } from '../components/PageLoader';
import { InstructionDocument } from '../features/instructions/InstructionDocument';
import { ScreenMessages } from '../i18n/ScreenMessages';
import type { PageProps } from './PageProps';

/**
 * The instruction pages: public like their PDFs, yet their texts are in the catalogues' screens
 * part, so the page waits for it itself (ADR 0026) and the public portfolio's first visit stays small.
 */
export const InstructionPage = ({ routeId }: PageProps) => {
  const id = INSTRUCTION_DOCUMENT_IDS.find((document) => INSTRUCTION_DOCUMENTS[document].route === routeId);
  if (!id) return null;
  return (
    <Suspense fallback={<PageLoader />}>
      <ScreenMessages />
      <InstructionDocument id={id} />
    </Suspense>
  );
};

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTRUCTION_DOCUMENT_IDS, instructionPdfFile, LANGUAGES } from '@nubes/domain';
import { renderInstructionPdf } from './instruction-pdf.js';

/** Where the built web app serves /static/instructions/ from. */
const DEFAULT_TARGET = fileURLToPath(new URL('../../../web/dist/static/instructions', import.meta.url));

/** Writes every instruction document in every language into `dir`; answers the files written. */
export const writeInstructionPdfs = async (dir: string): Promise<string[]> => {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const id of INSTRUCTION_DOCUMENT_IDS)
    for (const language of LANGUAGES) {
      const file = path.join(dir, instructionPdfFile(id, language));
      writeFileSync(file, await renderInstructionPdf(id, language));
      written.push(file);
    }
  return written;
};

// Run by `npm run build` after the web app's build (ADR 0039): node apps/server/dist/instructions/write-instruction-pdfs.js [dir]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await writeInstructionPdfs(process.argv[2] ?? DEFAULT_TARGET);
  console.log(`instruction PDFs: ${written.map((file) => path.basename(file)).join(', ')}`);
}

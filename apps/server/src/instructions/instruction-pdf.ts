import {
  instructionDocumentKeys,
  translate,
  type InstructionDocumentId,
  type Language,
  type MessageKey,
} from '@nubes/domain';
import PDFDocument from 'pdfkit';

const MARGIN = 64;
const BLUE = '#1c4e80';
const GREY = '#555555';

/**
 * An instruction document as a PDF (ADR 0039), from the same structure and texts as its page.
 * pdfkit's standard fonts (Helvetica) take WinAnsi text, which covers German umlauts, ß, dashes
 * and typographic quotes; the build needs no font files.
 */
export const renderInstructionPdf = (
  id: InstructionDocumentId,
  language: Language,
  productName = 'Nubes',
): Promise<Buffer> => {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(language, key, params);
  const keys = instructionDocumentKeys(id);
  const title = t(keys.title);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // Tagged (headings, paragraphs, lists), so screen readers read the PDF in order like the page.
    pdfVersion: '1.7',
    tagged: true,
    lang: language,
    displayTitle: true,
    info: { Title: title, Author: productName, Subject: t(keys.audience) },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const root = pdf.struct('Document');
  pdf.addStructure(root);
  root.add(
    pdf.struct('H1', {}, () => {
      pdf.font('Helvetica-Bold').fontSize(20).fillColor(BLUE).text(title);
    }),
  );
  pdf.moveDown(0.5);
  root.add(
    pdf.struct('P', {}, () => {
      pdf
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('black')
        .text(`${t('instructions.audienceLabel')}: `, { continued: true })
        .font('Helvetica')
        .text(t(keys.audience));
    }),
  );
  pdf.moveDown(0.5);
  root.add(pdf.struct('P', {}, () => pdf.text(t(keys.intro), { lineGap: 2 })));

  keys.sections.forEach((section, index) => {
    pdf.moveDown(1);
    // A heading never stands alone at the foot of a page.
    if (pdf.y > pdf.page.height - MARGIN - 90) pdf.addPage();
    const part = pdf.struct('Sect');
    root.add(part);
    part.add(
      pdf.struct('H2', {}, () => {
        pdf
          .font('Helvetica-Bold')
          .fontSize(14)
          .fillColor(BLUE)
          .text(`${index + 1}. ${t(section.title)}`);
      }),
    );
    pdf.moveDown(0.3);
    pdf.font('Helvetica').fontSize(11).fillColor('black');
    const list = pdf.struct('L');
    part.add(list);
    section.steps.forEach((step, stepIndex) => {
      const top = pdf.y;
      const item = pdf.struct('LI');
      list.add(item);
      item.add(pdf.struct('Lbl', {}, () => pdf.text(`${stepIndex + 1}.`, MARGIN, top, { width: 18 })));
      item.add(pdf.struct('LBody', {}, () => pdf.text(t(step), MARGIN + 20, top, { lineGap: 2 })));
      item.end();
      pdf.moveDown(0.4);
      pdf.x = MARGIN;
    });
    list.end();
    part.end();
  });
  root.end();

  const range = pdf.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    pdf.switchToPage(page);
    // Inside the bottom margin: writing there must not open a new page.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    // The footer repeats on every page: an artifact, which screen readers skip.
    pdf.markContent('Artifact', { type: 'Pagination' });
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(
        t('instructions.pdfFooter', { product: productName, title, page: page + 1 }),
        MARGIN,
        pdf.page.height - MARGIN / 2,
        { width: pdf.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
      );
    pdf.endMarkedContent();
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
};

// The one PDF writer of the exports (the Reports screen's PDF, the owner reports): an A4 pdfkit
// document in memory with the house style (a title, muted header lines, section headings, label/value
// rows, small tables) and page breaks. pdfkit's standard Helvetica (WinAnsi) covers Portuguese and
// Spanish accents. pdfkit is loaded on first use: it is most of an export function's code.

const MARGIN = 50;
const BRAND = '#2547e0';
const MUTED = '#6b7585';

export interface PdfWriter {
  title(text: string): void;
  /** A muted line under the title (company, period, generation time). */
  meta(text: string): void;
  heading(text: string): void;
  row(label: string, value: string | number, bold?: boolean): void;
  /** Column widths are fractions of the page width; the first column is left-aligned, the others right. */
  table(headers: string[], rows: Array<Array<string | number>>, widths: number[]): void;
  /** A muted paragraph (a note under a figure). */
  note(text: string): void;
  /** Vertical space, in lines. */
  gap(lines: number): void;
  end(): Promise<Buffer>;
}

export async function createPdfWriter(info: { title: string; compress?: boolean }): Promise<PdfWriter> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: info.compress ?? true, info: { Title: info.title, Author: 'RentalOps' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  let metaStarted = false;

  return {
    title(text) {
      doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(text, { width });
    },
    meta(text) {
      if (!metaStarted) doc.moveDown(0.3);
      metaStarted = true;
      doc.font('Helvetica').fontSize(10.5).fillColor(MUTED).text(text, MARGIN, doc.y, { width });
    },
    heading(text) {
      ensureSpace(60);
      doc.moveDown(0.8);
      doc.font('Helvetica-Bold').fontSize(14).fillColor(BRAND).text(text, MARGIN, doc.y, { width });
      doc.moveTo(MARGIN, doc.y + 2).lineTo(MARGIN + width, doc.y + 2).strokeColor('#dbe5fe').stroke();
      doc.moveDown(0.5);
    },
    row(label, value, bold = false) {
      ensureSpace(18);
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10.5).fillColor('#12161d');
      doc.text(label, MARGIN, y, { width: width * 0.65 });
      doc.text(String(value), MARGIN + width * 0.65, y, { width: width * 0.35, align: 'right' });
      doc.y = Math.max(doc.y, y + 15);
    },
    table(headers, rows, widths) {
      const cell = (values: Array<string | number>, bold: boolean) => {
        ensureSpace(18);
        const y = doc.y;
        let x = MARGIN;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(bold ? '#12161d' : '#222833');
        values.forEach((value, i) => {
          const w = width * widths[i];
          doc.text(String(value), x, y, { width: w - 6, align: i === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
          x += w;
        });
        doc.y = y + 15;
      };
      cell(headers, true);
      rows.forEach((values) => cell(values, false));
      doc.moveDown(0.4);
    },
    note(text) {
      ensureSpace(18);
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    },
    gap(lines) {
      doc.moveDown(lines);
    },
    end() {
      doc.end();
      return finished;
    },
  };
}

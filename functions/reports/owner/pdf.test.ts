// The PDF renders the report's data: uncompressed, pdfkit writes each text run as TJ arrays of hex
// WinAnsi codes (split where it kerns), so the runs read back give the title (in the owner's
// language) and the figures.
import { buildOwnerReport } from './data';
import { ownerReportToPdf } from './pdf';

/** The text runs of an uncompressed PDF, one per TJ operator. */
function textRuns(pdf: string): string[] {
  return [...pdf.matchAll(/\[([^\]]*)\] TJ/g)].map((run) => [...run[1].matchAll(/<([0-9a-f]*)>/g)].map((part) => Buffer.from(part[1], 'hex').toString('latin1')).join(''));
}

describe('the owner report PDF', () => {
  it('holds the title in the owner language and the figures of the data', async () => {
    const report = buildOwnerReport({
      month: '2026-02',
      timeZone: 'Europe/Lisbon',
      companyName: 'Atlântico Stays',
      owner: { name: 'Rosa', email: 'rosa@example.com', language: 'es' },
      now: new Date('2026-03-01T10:00:00Z'),
      properties: [
        {
          property: { id: 'p1', name: 'Casa Azul', address: 'Rua 1' },
          reservations: [{ id: 'r1', guestName: 'Ana', checkinDate: '2026-02-10', checkoutDate: '2026-02-17', checkinDay: '2026-02-10', checkoutDay: '2026-02-17', status: 'confirmed', kind: 'booking' }],
          tasks: [],
          expenses: [{ id: 'e1', date: '2026-02-03', category: 'supplies', description: 'Toallas', amountCents: 12345, propertyId: 'p1' }],
          invoices: [],
        },
      ],
    });
    expect(report.totals).toMatchObject({ stays: 1, nights: 7, nightsAvailable: 28, occupancyPercent: 25, expensesCents: 12345 });
    const pdf = (await ownerReportToPdf(report, { compress: false })).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    const runs = textRuns(pdf);
    for (const text of ['Informe del propietario', 'Ocupación', '25%', '7 / 28', '123,45\u00a0US$', 'Toallas', 'Casa Azul · Rua 1', 'Ana']) expect(runs).toContain(text);
  });
});

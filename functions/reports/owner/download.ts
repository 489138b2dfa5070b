// The owner report as a file for the CEO and managers (any time): one property's, or one owner's
// over all their properties of the company. In the owner's language; a property without an owner
// gets the caller's language.
import type { UiLanguage } from '#shared/enums';
import { NotFoundError } from '#functions/lib/errors';
import { loadOwnerReport, propertiesOfOwner, requireOwnProperty } from './load';
import { ownerReportFilename, ownerReportToPdf } from './pdf';

export interface OwnerReportFile {
  filename: string;
  body: Buffer;
}

export async function propertyOwnerReport(companyId: string, propertyId: string, month: string, language: UiLanguage, now = new Date()): Promise<OwnerReportFile> {
  const property = await requireOwnProperty(companyId, propertyId);
  const owner = property.owner ?? { name: '', email: '', language };
  const report = await loadOwnerReport(companyId, [property], month, owner, now);
  return { filename: ownerReportFilename(report, property.name), body: await ownerReportToPdf(report) };
}

export async function ownerReportOf(companyId: string, ownerEmail: string, month: string, now = new Date()): Promise<OwnerReportFile> {
  const properties = await propertiesOfOwner(companyId, ownerEmail);
  // Another company's owner, or nobody: the same answer (nothing tells which e-mails exist elsewhere).
  if (properties.length === 0) throw new NotFoundError('ownerReport.noProperties');
  const owner = { ...properties[0].owner!, email: ownerEmail.toLowerCase() };
  const report = await loadOwnerReport(companyId, properties, month, owner, now);
  return { filename: ownerReportFilename(report, owner.name), body: await ownerReportToPdf(report) };
}

/** The API Gateway answer of a PDF (binary bodies are base64). */
export function pdfResponse(file: OwnerReportFile) {
  return {
    statusCode: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
    body: file.body.toString('base64'),
    isBase64Encoded: true,
  };
}

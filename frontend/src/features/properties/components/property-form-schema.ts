// The property dialog's form: propertyBody's fields as typed, the owner-approval limit (issue 41
// point 4) as an amount a person writes ("1.250,00"; empty: never ask the owner), sent in cents.
import { propertyBody, type Property } from '#shared/schemas';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import type { SchemaForm } from '../../../lib/forms/use-schema-form';
import { centsText, typedCents } from '../../owner-portal/utils/typed-cents';

export interface PropertyFormValues {
  name: string;
  address: string;
  accessNotes: string;
  doorCode: string;
  inspectionRequired: boolean;
  inspectorId: string;
  /** The text of the amount; '' = never ask the owner. */
  ownerApprovalLimit: string;
}

export const propertyFormSchema = mappedSchema(propertyBody, (values: PropertyFormValues) => values, {
  ownerApprovalLimit: typedCents('property.approvalLimitInvalid'),
});

export type PropertyForm = SchemaForm<typeof propertyFormSchema>;

export function initialPropertyForm(property?: Property): PropertyFormValues {
  return {
    name: property?.name ?? '',
    address: property?.address ?? '',
    accessNotes: property?.accessNotes ?? '',
    doorCode: property?.doorCode ?? '',
    inspectionRequired: property?.inspectionRequired ?? false,
    inspectorId: property?.inspectorId ?? '',
    ownerApprovalLimit: centsText(property?.ownerApprovalLimit),
  };
}

// The resolver every form validates with: zod's resolver for react-hook-form on a schema of
// shared/schemas.ts (the one the server validates the request with), so the client and the server
// refuse the same input with the same message. Pure (no React, no i18n): unit-tested in node.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import * as zm from 'zod/mini';
import { genericIssueMessage } from '#shared/schemas';

/** A zod (or zod/mini) v4 schema whose input is a form's values. */
export type FormSchema = z.ZodMiniType<unknown, FieldValues>;

/**
 * zodResolver on `schema`, parsed with genericIssueMessage as the error map: every field error's
 * `message` is a key of shared/messages.ts (the schema's own key, or a generic one by the issue's
 * kind for an issue whose schema names none), translated where it is shown (see fieldErrorText).
 * The values handed to the submit handler are the schema's output (trimmed, lower-cased, defaults
 * filled in), i.e. the request body as the server would parse it.
 */
export function schemaResolver<S extends FormSchema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, { error: genericIssueMessage }) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
}

/**
 * A shared schema fed from a form whose fields are not the body's as they are (an empty select
 * meaning null, an amount typed "1.250,50"): `toBody` turns the form's values into the body the
 * schema checks. Keep the fields named as the body's, so an issue's path names the field it is about.
 * `typed` replaces some fields of the body's (object) schema by ones that read what a person types
 * first and then check it as the body's field (typedMoneyAmount of shared/schemas.ts for every
 * amount): a field typed wrong gets its own message, and the other fields are still checked.
 */
export function mappedSchema<V extends FieldValues, S extends FormSchema>(
  schema: S,
  toBody: (values: V) => unknown,
  typed?: { [K in keyof z.output<S>]?: z.ZodMiniType<z.output<S>[K], string> },
): z.ZodMiniType<z.output<S>, V> {
  const body = typed ? zm.extend(schema as unknown as zm.ZodMiniObject, typed as zm.core.$ZodLooseShape) : schema;
  return zm.pipe(zm.transform((values: V) => toBody(values)), body) as unknown as z.ZodMiniType<z.output<S>, V>;
}

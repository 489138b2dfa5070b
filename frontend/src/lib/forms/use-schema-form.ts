// The one form hook: react-hook-form validated by a shared/ schema (see schema-resolver.ts).
import { useMemo } from 'react';
import { useForm, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';
import { schemaResolver, type FormSchema } from './schema-resolver';

export type SchemaFormOptions<S extends FormSchema> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;
export type SchemaForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * `useForm` with the schema's resolver. As the dialogs always did: a form is checked when it is
 * submitted (not while typing), a field's error goes away as soon as the field changes (the Form*
 * fields clear it) and focus stays where it is. `form.formState.isSubmitting` is the pending flag;
 * `form.handleSubmit(fn)` hands `fn` the schema's output (the request body).
 */
export function useSchemaForm<S extends FormSchema>(schema: S, options: SchemaFormOptions<S> = {}): SchemaForm<S> {
  // The resolver is read on every submit: a schema that changes (e.g. once the user is known) applies.
  const resolver = useMemo(() => schemaResolver(schema), [schema]);
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
    resolver,
  });
}

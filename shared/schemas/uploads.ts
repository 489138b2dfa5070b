// Uploaded files: task photos (POST /api/objects/upload) and the company logo.
import * as z from 'zod/mini';
import { requiredIdOf, photoUrl } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** POST /api/objects/upload: SPEC sends an empty body; the task and the file's type and size make the URL safe. */
export const uploadRequestBody = schema(() => z.object({
  taskId: requiredIdOf('validation.required'),
  contentType: z.enum(PHOTO_CONTENT_TYPES, { error: 'photos.notImage' }),
  size: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PHOTO_BYTES, { error: 'photos.tooLarge' }))),
}));
export type UploadRequestBody = z.infer<typeof uploadRequestBody>;

export const taskPhotoBody = schema(() => z.object({
  photoURL: photoUrl,
  taskId: requiredIdOf('validation.required'),
}));
export type TaskPhotoBody = z.infer<typeof taskPhotoBody>;

/**
 * The company logo (SPEC's "Alterar Logotipo", whose action it leaves open): PNG, JPEG or WebP up
 * to 2 MB. No SVG: it can carry script, and the logo shows on every screen.
 */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** POST /api/companies/{id}/logo/upload: the file's type and size (the URL is signed for that type). */
export const logoUploadBody = schema(() => z.object({
  contentType: z.enum(LOGO_CONTENT_TYPES, { error: 'logo.notImage' }),
  size: z
    .int({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
    .check(z.minimum(1, { error: 'logo.empty' }), z.maximum(MAX_LOGO_BYTES, { error: 'logo.tooLarge' })),
}));
export type LogoUploadBody = z.infer<typeof logoUploadBody>;

/** PUT /api/companies/{id}/logo: the uploaded object's URL (the presigned PUT without its query). */
export const companyLogoBody = schema(() => z.object({
  logoURL: photoUrl,
}));
export type CompanyLogoBody = z.infer<typeof companyLogoBody>;
